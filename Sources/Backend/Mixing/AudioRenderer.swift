import Compiler
import EDLParser

/// The output's sound, block by block: each input's samples times its gain
/// envelope (sample-accurate), summed per track, ducked, summed, then limited
/// so the mix never clips (SPEC 12). Inputs are opened when they start and
/// closed when they end, so memory stays flat however long the project.
final class AudioRenderer {
    let format: AudioFormat
    private let plan: RenderPlan
    /// For the sources' decoders.
    private let threads: ThreadBudget
    private var producers: [Int: SampleProducer] = [:]
    private var duckers: [Ducker]
    private var limiter: PeakLimiter
    /// Next sample to mix; the limiter delays by its look-ahead, so mixing runs ahead of output.
    private var mixPosition: Int64
    private var gains: [Float] = []
    private var scratch: [Float] = []
    /// The loudness normalisation's gain on the whole mix, before the limiter.
    private let gain: Float
    private var primed = false

    /// Renders from output sample `position` on, the mix times `gain`.
    init(plan: RenderPlan, format: AudioFormat, from position: Int64, gain: Float = 1, threads: ThreadBudget) throws {
        self.gain = gain
        self.plan = plan
        self.threads = threads
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
            lookahead: limit.lookahead.approximateDouble, release: limit.release.approximateDouble,
            truePeak: limit.truePeak)
        mixPosition = position
    }

    /// The next `count` output samples.
    func render(count: Int) throws -> AudioBlock {
        if !primed {
            // The limiter's look-ahead: its first `latency` outputs are discarded.
            var primer = try mix(count: limiter.latency)
            if gain != 1 { primer.apply(gain: gain) }
            limiter.process(&primer)
            primed = true
        }
        var block = try mix(count: count)
        if gain != 1 { block.apply(gain: gain) }
        limiter.process(&block)
        return block
    }

    /// A loudness target's gain in dB, as every render applies it: the whole
    /// output's `normalisingGain` rounded to `gainQuantum`, so a render in
    /// sound segments, one in one pass and one of a part (`--range`) gain the
    /// sound alike. 0 without a target.
    static func loudnessGain(plan: RenderPlan, format: AudioFormat, threads: ThreadBudget) throws -> Double {
        let wanted = GainCurve.decibels(
            linear: Double(try normalisingGain(plan: plan, format: format, threads: threads)))
        return (wanted / gainQuantum).rounded() * gainQuantum
    }

    /// 0.25 dB: at most 0.125 LU off the target (a quarter of EBU R128's
    /// ±0.5 LU), and an edit that moves the whole mix's loudness by hundredths
    /// of a dB rarely changes the gain, so rarely re-encodes every sound segment.
    static let gainQuantum = 0.25

    /// The gain that brings the whole output's sound to `plan.audio.loudness`
    /// (ITU-R BS.1770); 1 for silence. Measured on the mix, then again as the
    /// limiter leaves it: where the limiter lowers the peaks a mix's loudness
    /// rides on, the gain is raised to make up (secant steps on the decibels the
    /// limiter lets through, at most four).
    static func normalisingGain(plan: RenderPlan, format: AudioFormat, threads: ThreadBudget) throws -> Float {
        guard let target = plan.audio.loudness, let raw = try loudness(plan, format, limitedAt: nil, threads: threads)
        else { return 1 }
        var previous = (gain: 0.0, loudness: raw)
        var gain = target - raw
        for _ in 0..<4 {
            guard
                let limited = try loudness(
                    plan, format, limitedAt: Float(GainCurve.linear(decibels: gain)), threads: threads),
                abs(target - limited) > 0.1
            else { break }
            // dB of loudness per dB of gain: 1 where nothing is limited, less where peaks are.
            let slope = gain == previous.gain ? 1 : min(max((limited - previous.loudness) / (gain - previous.gain), 0.1), 1)
            previous = (gain, limited)
            gain += (target - limited) / slope
        }
        return Float(GainCurve.linear(decibels: gain))
    }

    /// The integrated loudness of the whole output's mix, or (with a gain) of
    /// what the limiter makes of the mix times that gain.
    private static func loudness(_ plan: RenderPlan, _ format: AudioFormat, limitedAt gain: Float?, threads: ThreadBudget)
        throws -> Double?
    {
        let renderer = try AudioRenderer(plan: plan, format: format, from: 0, gain: gain ?? 1, threads: threads)
        var meter = LoudnessMeter(sampleRate: format.sampleRate, channels: format.channels)
        var done: Int64 = 0
        while done < format.sampleCount {
            let count = Int(min(Int64(format.sampleRate), format.sampleCount - done))
            meter.feed(gain == nil ? try renderer.mix(count: count) : try renderer.render(count: count))
            done += Int64(count)
        }
        return meter.integrated
    }

    /// The next `count` samples of the mix, before the loudness gain and the limiter.
    func mix(count: Int) throws -> AudioBlock {
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
                return try AudioInputStream.make(
                    input, source: source, format: format, position: part.lowerBound, threads: threads)
            }()
        producers[input.id] = producer
        var sound = try producer.read(part.count).converted(toChannels: format.channels)
        let rate = Int64(format.sampleRate)
        if !input.gain.factors.isEmpty, !part.isEmpty,
            let first = Rational(part.lowerBound, rate), let last = Rational(part.upperBound - 1, rate)
        {
            // Between fades and ramps the gain holds still: one multiply, not an
            // exact evaluation per sample.
            if let gain = input.gain.constantValue(over: first...last) {
                sound.apply(gain: Float(gain))
            } else {
                GainCurve.fill(&gains, start: part.lowerBound, count: part.count) { index in
                    input.gain.value(at: Rational(index, rate) ?? .zero)
                }
                sound.apply(gains: gains)
            }
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
