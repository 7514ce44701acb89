import Compiler
import EDLParser

/// The output's sound, block by block: each input's samples times its gain
/// envelope (sample-accurate), summed per track, ducked, summed, then limited
/// so the mix never clips (SPEC 12). Inputs are opened when they start and
/// closed when they end, so memory stays flat however long the project.
final class AudioRenderer {
    let format: AudioFormat
    private let plan: RenderPlan
    private var producers: [Int: SampleProducer] = [:]
    private var duckers: [Ducker]
    private var limiter: PeakLimiter
    /// Next sample to mix; the limiter delays by its look-ahead, so mixing runs ahead of output.
    private var mixPosition: Int64
    private var gains: [Float] = []
    private var scratch: [Float] = []

    /// Renders from output sample `position` on.
    init(plan: RenderPlan, format: AudioFormat, from position: Int64) throws {
        self.plan = plan
        self.format = format
        duckers = plan.audio.ducking.map {
            Ducker(
                sampleRate: format.sampleRate, gain: min(max($0.gain, 0), 1),
                attack: $0.attack.approximateDouble, release: $0.release.approximateDouble)
        }
        let limit = plan.audio.limiter
        limiter = PeakLimiter(
            sampleRate: format.sampleRate, channels: format.channels,
            ceilingDecibels: GainCurve.decibels(linear: limit.ceiling),
            lookahead: limit.lookahead.approximateDouble, release: limit.release.approximateDouble)
        mixPosition = position
        // Prime the limiter's look-ahead: its first `latency` outputs are discarded.
        var primer = try mix(count: limiter.latency)
        limiter.process(&primer)
    }

    /// The next `count` output samples.
    func render(count: Int) throws -> AudioBlock {
        var block = try mix(count: count)
        limiter.process(&block)
        return block
    }

    private func mix(count: Int) throws -> AudioBlock {
        let span = mixPosition..<(mixPosition + Int64(count))
        defer { mixPosition = span.upperBound }
        var tracks: [Int: AudioBlock] = [:]
        var triggers: [Int: AudioBlock] = [:]
        for input in plan.audio.inputs where input.samples.overlaps(span) {
            let part = max(span.lowerBound, input.samples.lowerBound)..<min(span.upperBound, input.samples.upperBound)
            let sound = try samples(of: input, part, within: span)
            tracks[input.track, default: AudioBlock(channels: format.channels, frameCount: count)].add(sound)
            for (index, duck) in plan.audio.ducking.enumerated() where duck.triggers.contains(input.id) {
                triggers[index, default: AudioBlock(channels: format.channels, frameCount: count)].add(sound)
            }
            if input.samples.upperBound <= span.upperBound { producers[input.id] = nil }
        }
        for (index, duck) in plan.audio.ducking.enumerated() {
            guard var ducked = tracks[duck.track] else {
                // Keep the side-chain's state moving through the track's silence.
                var silent = AudioBlock(channels: format.channels, frameCount: count)
                duckers[index].process(&silent, trigger: triggers[index], scratch: &scratch)
                continue
            }
            duckers[index].process(&ducked, trigger: triggers[index], scratch: &scratch)
            tracks[duck.track] = ducked
        }
        var total = AudioBlock(channels: format.channels, frameCount: count)
        for track in tracks.keys.sorted() { if let block = tracks[track] { total.add(block) } }
        return total
    }

    /// One input's samples over `part`, with its gain, placed in a block covering `span`.
    private func samples(of input: AudioInput, _ part: Range<Int64>, within span: Range<Int64>) throws -> AudioBlock {
        let producer =
            try producers[input.id]
            ?? {
                guard let source = plan.source(input.source) else { return SilenceProducer(channels: format.channels) }
                return try AudioInputStream.make(input, source: source, format: format, position: part.lowerBound)
            }()
        producers[input.id] = producer
        var sound = try producer.read(part.count).converted(toChannels: format.channels)
        if !input.gain.factors.isEmpty {
            let rate = Int64(format.sampleRate)
            GainCurve.fill(&gains, start: part.lowerBound, count: part.count) { index in
                input.gain.value(at: Rational(index, rate) ?? .zero)
            }
            sound.apply(gains: gains)
        }
        var placed = AudioBlock(channels: format.channels, frameCount: span.count)
        placed.add(sound, at: Int(part.lowerBound - span.lowerBound))
        return placed
    }
}

extension AudioBlock {
    /// Adds `other` into this block starting at frame `offset`.
    mutating func add(_ other: AudioBlock, at offset: Int) {
        let count = Swift.min(other.frameCount, frameCount - offset)
        guard count > 0 else { return }
        for channel in 0..<Swift.min(channels, other.channels) {
            other.withChannel(channel) { source in
                withMutableChannel(channel) { destination in
                    for i in 0..<count { destination[offset + i] += source[i] }
                }
            }
        }
    }
}
