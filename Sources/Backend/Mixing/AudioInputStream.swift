import Compiler
import EDLParser

/// Produces one audio input's samples in output order, before its gain.
protocol SampleProducer: AnyObject {
    func read(_ count: Int) throws -> AudioBlock
}

enum AudioInputStream {
    /// The producer for `input`, starting at output sample `position`: a tone; a
    /// file read forward (looping back to `from` when the item loops),
    /// or backwards when it is reversed; time-stretched when the speed is not 1,
    /// or resampled with `pitch: shift`;
    /// or silence (a still picture, a freeze frame, a file without sound).
    static func make(_ input: AudioInput, source: SourcePlan, format: AudioFormat, position: Int64, threads: ThreadBudget)
        throws -> SampleProducer
    {
        let plain = try unprocessed(input, source: source, format: format, position: position, threads: threads)
        guard let effects = input.effects else { return plain }
        return EffectedProducer(plain, SoundEffectChain(effects, sampleRate: format.sampleRate, channels: format.channels))
    }

    /// The input's samples before its effects.
    private static func unprocessed(
        _ input: AudioInput, source: SourcePlan, format: AudioFormat, position: Int64, threads: ThreadBudget
    ) throws -> SampleProducer {
        let speed = input.timeMap.speed
        switch source.kind {
        case .tone(let frequency):
            return ToneProducer(
                ToneGenerator(frequency: frequency, sampleRate: format.sampleRate),
                channels: format.channels, first: position - input.samples.lowerBound)
        case .file(let file) where file.audioStream != nil && !speed.isZero:
            let reader = try AudioReader(
                path: file.path, streamIndex: file.audioStream, sampleRate: format.sampleRate, channels: format.channels,
                threads: threads)
            return played(reader, input, format: format, position: position)
        case .composition(_, let nested) where nested.audio.format != nil && !speed.isZero:
            return played(CompositionSound(plan: nested, threads: threads), input, format: format, position: position)
        default:
            return SilenceProducer(channels: format.channels)
        }
    }

    /// A source's samples from the output sample `position` on, at the input's speed.
    private static func played(_ reader: any SampleReader, _ input: AudioInput, format: AudioFormat, position: Int64)
        -> SampleProducer
    {
        if input.timeMap.curve != nil {
            return CurvedProducer(reader: reader, input: input, format: format, position: position)
        }
        let speed = input.timeMap.speed
        let start = input.timeMap.sourceTime(sample: position, rate: format.sampleRate)
        let cursor: SampleProducer =
            input.timeMap.isReversed
            ? ReversedCursor(reader: reader, timeMap: input.timeMap, start: start, format: format)
            : SourceCursor(reader: reader, timeMap: input.timeMap, start: start, format: format)
        if speed == .one { return cursor }
        if input.pitch == .shift {
            return ResampledProducer(cursor, step: speed.approximateDouble, channels: format.channels)
        }
        return StretchedProducer(
            cursor,
            TimeStretcher(
                ratio: speed.approximateDouble, sampleRate: format.sampleRate,
                channels: format.channels))
    }
}

/// An item whose rate changes: each run of its curve in one direction (a
/// `time` key going back starts a new one) stretched or resampled along the
/// curve's own clock by one producer, so the pitch and phase run on smoothly
/// through the keys; a frozen stretch is silent.
final class CurvedProducer: SampleProducer {
    private let reader: any SampleReader
    private let input: AudioInput
    private let format: AudioFormat
    private var position: Int64
    private var run: (producer: SampleProducer, end: Int64)?

    init(reader: any SampleReader, input: AudioInput, format: AudioFormat, position: Int64) {
        self.reader = reader
        self.input = input
        self.format = format
        self.position = position
    }

    func read(_ count: Int) throws -> AudioBlock {
        var channels = [[Float]](repeating: [], count: format.channels)
        while channels[0].count < count {
            if run.map({ position >= $0.end }) ?? true { run = makeRun() }
            guard let run else { break }
            let taken = Int(min(Int64(count - channels[0].count), run.end - position))
            let block = try run.producer.read(taken)
            for channel in channels.indices { channels[channel] += block.samples(channel: channel).prefix(taken) }
            position += Int64(taken)
        }
        return AudioBlock(channelData: channels)
    }

    /// The producer of the run that holds output sample `position`, and where the run ends.
    private func makeRun() -> (SampleProducer, Int64)? {
        let map = input.timeMap
        guard let curve = map.curve else { return nil }
        let rate = Rational(Int64(format.sampleRate))
        let local = Rational(position) / rate - map.start
        let index = curve.index(at: local)
        let motion = curve.pieces[index].motion
        var last = index
        while motion != .still, last + 1 < curve.pieces.count, curve.pieces[last + 1].motion == motion { last += 1 }
        let piece = curve.pieces[last]
        let end = piece.length.map { ((map.start + piece.start + $0) * rate).ceil } ?? .max
        guard motion != .still else { return (SilenceProducer(channels: format.channels), end) }
        let start = map.sourceTime(sample: position, rate: format.sampleRate)
        let cursor: SampleProducer =
            (motion == .backwards) != map.isReversed
            ? ReversedCursor(reader: reader, timeMap: TimeMap(start: .zero, from: start), start: start, format: format)
            : SourceCursor(reader: reader, timeMap: TimeMap(start: .zero, from: start), start: start, format: format)
        // The source position of the run's n-th output sample, from where it starts.
        let (first, sampleRate) = (position, format.sampleRate)
        let clock: @Sendable (Int64) -> Double = { n in
            abs((map.sourceTime(sample: first + n, rate: sampleRate) - start).approximateDouble) * Double(sampleRate)
        }
        if input.pitch == .shift {
            return (ResampledProducer(cursor, clock: clock, channels: format.channels), end)
        }
        return (
            StretchedProducer(cursor, TimeStretcher(clock: clock, sampleRate: sampleRate, channels: format.channels)), end
        )
    }

}

/// An input through its sound effects. A limiter delays its output by its
/// look-ahead: the first read takes that much more and drops it, so the
/// samples stay where the timeline puts them.
final class EffectedProducer: SampleProducer {
    private let source: SampleProducer
    private var chain: SoundEffectChain
    private var primed = false

    init(_ source: SampleProducer, _ chain: SoundEffectChain) {
        self.source = source
        self.chain = chain
    }

    func read(_ count: Int) throws -> AudioBlock {
        let ahead = primed ? 0 : chain.limiter?.latency ?? 0
        primed = true
        var block = try source.read(count + ahead).converted(toChannels: chain.channels)
        chain.process(&block)
        guard ahead > 0 else { return block }
        return AudioBlock(channelData: (0..<chain.channels).map { Array(block.samples(channel: $0).dropFirst(ahead)) })
    }
}

final class SilenceProducer: SampleProducer {
    let channels: Int
    init(channels: Int) { self.channels = channels }
    func read(_ count: Int) -> AudioBlock { AudioBlock(channels: channels, frameCount: count) }
}

final class ToneProducer: SampleProducer {
    private let tone: ToneGenerator
    private let channels: Int
    /// Sample index from the item's start; the phase is exact at any index.
    private var next: Int64

    init(_ tone: ToneGenerator, channels: Int, first: Int64) {
        self.tone = tone
        self.channels = channels
        next = first
    }

    func read(_ count: Int) -> AudioBlock {
        var block = AudioBlock(channels: channels, frameCount: count)
        tone.render(into: &block, startingAt: next)
        next += Int64(count)
        return block
    }
}

/// A source's sound at the output rate, read at any sample position.
protocol SampleReader: AnyObject {
    func samples(from position: Int64, count: Int) throws -> [[Float]]
}

extension AudioReader: SampleReader {}

/// A composition's sound: its own mix, before any limiter, read forward
/// (a jump, as a loop's, starts the mix again at the new position).
final class CompositionSound: SampleReader {
    private let plan: RenderPlan
    private let threads: ThreadBudget
    private var renderer: AudioRenderer?
    private var next: Int64 = 0

    init(plan: RenderPlan, threads: ThreadBudget) {
        self.plan = plan
        self.threads = threads
    }

    func samples(from position: Int64, count: Int) throws -> [[Float]] {
        guard let format = plan.audio.format else { return [] }
        if renderer == nil || position != next {
            renderer = try AudioRenderer(plan: plan, format: format, from: position, threads: threads)
        }
        guard let renderer else { return [] }
        let block = try renderer.mix(count: count)
        next = position + Int64(count)
        return (0..<block.channels).map { Array(block.samples(channel: $0)) }
    }
}

/// Reads a source's samples at the output rate, forward from a position, wrapping
/// from the loop's end back to `from` when the item loops.
final class SourceCursor: SampleProducer {
    private let reader: any SampleReader
    private var position: Int64
    private let loop: Range<Int64>?

    init(reader: any SampleReader, timeMap: TimeMap, start: Rational, format: AudioFormat) {
        self.reader = reader
        position = (start * Rational(Int64(format.sampleRate))).rounded
        loop = Self.loopSamples(timeMap, rate: format.sampleRate)
    }

    /// The source samples a looping item repeats, at least one: `from` on, or,
    /// played backwards, up to `from` (the loop's end); nil when it does not loop.
    static func loopSamples(_ timeMap: TimeMap, rate: Int) -> Range<Int64>? {
        guard let length = timeMap.loopLength else { return nil }
        let rate = Rational(Int64(rate))
        let (edge, span) = ((timeMap.from * rate).rounded, max((length * rate).rounded, 1))
        return timeMap.isReversed ? edge - span..<edge : edge..<edge + span
    }

    func read(_ count: Int) throws -> AudioBlock {
        var channels: [[Float]] = []
        var remaining = count
        while remaining > 0 {
            if let loop, position >= loop.upperBound { position = loop.lowerBound }
            let piece = loop.map { Int(min(Int64(remaining), $0.upperBound - position)) } ?? remaining
            let samples = try reader.samples(from: position, count: piece)
            channels = channels.isEmpty ? samples : zip(channels, samples).map { $0 + $1 }
            position += Int64(piece)
            remaining -= piece
        }
        return AudioBlock(channelData: channels)
    }
}

/// Reads a source's samples at the output rate backwards from a position, the
/// mirror of `SourceCursor`: from the sample before it down (as a reversed
/// picture shows the frame before its source time), wrapping from the loop's
/// start back to its end when the item loops. Reads a second at a time forward,
/// handed out reversed.
final class ReversedCursor: SampleProducer {
    private let reader: any SampleReader
    /// The source sample after the next one handed out.
    private var position: Int64
    private let loop: Range<Int64>?
    private let block: Int64
    /// Samples read and reversed, handed out from `offset`.
    private var buffer: [[Float]] = []
    private var offset = 0

    init(reader: any SampleReader, timeMap: TimeMap, start: Rational, format: AudioFormat) {
        self.reader = reader
        position = (start * Rational(Int64(format.sampleRate))).rounded
        block = Int64(format.sampleRate)
        loop = SourceCursor.loopSamples(timeMap, rate: format.sampleRate)
    }

    func read(_ count: Int) throws -> AudioBlock {
        var channels: [[Float]] = []
        var remaining = count
        while remaining > 0 {
            if buffer.isEmpty || offset == buffer[0].count { try refill() }
            let piece = min(remaining, buffer[0].count - offset)
            let taken = buffer.map { $0[offset..<offset + piece] }
            channels = channels.isEmpty ? taken.map(Array.init) : zip(channels, taken).map { $0 + $1 }
            offset += piece
            remaining -= piece
        }
        return AudioBlock(channelData: channels)
    }

    private func refill() throws {
        if let loop, position <= loop.lowerBound { position = loop.upperBound }
        let lower = max(position - block, loop?.lowerBound ?? position - block)
        buffer = try reader.samples(from: lower, count: Int(position - lower)).map { $0.reversed() }
        offset = 0
        position = lower
    }
}

/// Changes speed keeping the pitch (`pitch: keep`, the default).
final class StretchedProducer: SampleProducer {
    private let cursor: SampleProducer
    private var stretcher: TimeStretcher

    init(_ cursor: SampleProducer, _ stretcher: TimeStretcher) {
        self.cursor = cursor
        self.stretcher = stretcher
    }

    func read(_ count: Int) throws -> AudioBlock {
        var channels = [[Float]](repeating: [], count: stretcher.channels)
        var part = AudioBlock(channels: stretcher.channels, frameCount: count)
        while channels[0].count < count {
            let got = stretcher.pull(into: &part, maxFrames: count - channels[0].count)
            if got == 0 {
                stretcher.feed(try cursor.read(4096))
                continue
            }
            for channel in 0..<stretcher.channels { channels[channel] += part.samples(channel: channel).prefix(got) }
        }
        return AudioBlock(channelData: channels)
    }
}

/// Changes speed by resampling (`pitch: shift`): faster is higher, as on tape.
final class ResampledProducer: SampleProducer {
    private let cursor: SampleProducer
    /// The source position (in samples from the cursor's start) of output sample `n`.
    private let clock: (Int64) -> Double
    private var buffer: [[Float]]
    /// Output samples produced, and source samples dropped from `buffer`'s front.
    private var produced: Int64 = 0
    private var dropped: Int64 = 0

    convenience init(_ cursor: SampleProducer, step: Double, channels: Int) {
        self.init(cursor, clock: { Double($0) * step }, channels: channels)
    }

    /// A changing speed (a ramp): `clock(n)` never falls.
    init(_ cursor: SampleProducer, clock: @escaping (Int64) -> Double, channels: Int) {
        self.cursor = cursor
        self.clock = clock
        buffer = [[Float]](repeating: [], count: channels)
    }

    func read(_ count: Int) throws -> AudioBlock {
        let positions = (0..<count).map { clock(produced + Int64($0)) - Double(dropped) }
        let needed = Int((positions.last ?? 0).rounded(.up)) + 2
        if buffer[0].count < needed {
            let more = try cursor.read(needed - buffer[0].count)
            for channel in buffer.indices { buffer[channel] += more.samples(channel: channel) }
        }
        var output = [[Float]](repeating: [Float](repeating: 0, count: count), count: buffer.count)
        for (i, position) in positions.enumerated() {
            let index = max(0, Int(position))
            let fraction = Float(position - Double(index))
            for channel in buffer.indices {
                let a = buffer[channel][index]
                let b = buffer[channel][index + 1]
                output[channel][i] = a + (b - a) * fraction
            }
        }
        produced += Int64(count)
        let consumed = max(0, min(Int(clock(produced) - Double(dropped)), buffer[0].count))
        for channel in buffer.indices { buffer[channel].removeFirst(consumed) }
        dropped += Int64(consumed)
        return AudioBlock(channelData: output)
    }
}
