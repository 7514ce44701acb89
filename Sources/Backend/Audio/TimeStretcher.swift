import Foundation

/// Changes the speed of audio by `ratio` (1/16 ... 100) keeping its pitch, with
/// WSOLA (waveform-similarity overlap-add), streaming.
///
/// Output is built from Hann-windowed input segments of `windowLength`
/// samples (30 ms), overlap-added every `hop = windowLength / 2` output samples
/// (the windows sum to exactly 1). Segment `k` is taken near input position
/// `round((k + 1) · hop · ratio) − hop` (its centre maps to its output centre),
/// shifted within ±`searchRadius` (10 ms) to where it best continues the previous
/// segment: the normalised cross-correlation over the `hop` overlapping samples,
/// searched coarsely every 4 positions on every 4th sample, then refined at
/// ±3 positions on every sample. The first segment starts at input 0 and its
/// first half is not faded in, so the output starts at full level.
///
///     input:   |--seg k-1--|   |--seg k--|        (taken ratio·hop apart, ± search)
///     output:  |--seg k-1--|
///                    |--seg k--|                  (placed hop apart, 50 % overlap)
///
/// **Length.** The output of `n` input samples is exactly `round(n / ratio)`
/// samples (or the count given to ``finish(outputFrameCount:)``). Segments are
/// never taken past the last whole window of a finished input, so the output
/// keeps its level up to its last sample; an input shorter than a window is
/// padded with silence, and the output is trimmed to length.
///
/// **Streaming.** ``feed(_:)`` input blocks, ``pull(into:maxFrames:)`` what is ready,
/// ``finish()`` after the last input, then pull until ``isComplete``. Memory stays
/// bounded by the blocks fed and a few windows.
public struct TimeStretcher: Sendable {
    /// Speed factor: 2 plays twice as fast (half the duration).
    public let ratio: Double
    /// The input position of output sample `n`: `n · ratio`, or a changing
    /// speed's own clock (a ramp), which places each window where it says.
    let clock: @Sendable (Int64) -> Double
    /// Channel count of the output (and of the input, after conversion).
    public let channels: Int
    /// Samples per analysis/synthesis window.
    public let windowLength: Int
    /// Output samples between successive windows: `windowLength / 2`.
    public let hop: Int
    /// Largest shift, in samples, of a segment from its nominal input position.
    public let searchRadius: Int

    let window: [Float]
    var input: SampleQueue
    var ready: SampleQueue
    var accumulator: [[Float]]
    var frameIndex: Int64 = 0
    var previousPosition: Int64 = 0
    var finishedInput = false
    /// Once the input is finished: its length, its position when finished, and the
    /// output length that maps onto it (at most `round(n / ratio)`).
    var finalInput: (frames: Int64, start: Int64, output: Int64)?
    var targetFrames: Int64?
    var producedFrames: Int64 = 0
    var deliveredFrames: Int64 = 0

    /// - Parameters:
    ///   - ratio: speed, `1/16 ... 100`.
    ///   - sampleRate: Hz; sets the window (30 ms) and search radius (10 ms).
    ///   - channels: output channel count; input blocks are converted to it.
    public init(ratio: Double, sampleRate: Int, channels: Int) {
        precondition(ratio >= 0.0625 && ratio <= 100, "speed must be in 1/16 ... 100")
        self.init(ratio: ratio, clock: { Double($0) * ratio }, sampleRate: sampleRate, channels: channels)
    }

    /// A stretcher whose speed changes: `clock(n)` is the input position (in
    /// samples, never falling) of output sample `n`. Streamed without `finish()`.
    public init(clock: @escaping @Sendable (Int64) -> Double, sampleRate: Int, channels: Int) {
        self.init(ratio: 1, clock: clock, sampleRate: sampleRate, channels: channels)
    }

    private init(ratio: Double, clock: @escaping @Sendable (Int64) -> Double, sampleRate: Int, channels: Int) {
        precondition(sampleRate > 0 && channels >= 1, "invalid stretcher format")
        self.ratio = ratio
        self.clock = clock
        self.channels = channels
        let half = max(8, Int((0.015 * Double(sampleRate)).rounded()))
        hop = half
        windowLength = 2 * half
        searchRadius = max(4, Int((0.010 * Double(sampleRate)).rounded()) / 4 * 4)
        window = (0..<2 * half).map { Float(0.5 - 0.5 * cos(Double.pi * Double($0) / Double(half))) }
        input = SampleQueue(channels: channels)
        ready = SampleQueue(channels: channels)
        accumulator = [[Float]](repeating: [Float](repeating: 0, count: 2 * half), count: channels)
    }

    /// Whether every output frame has been pulled (only after ``finish()``).
    public var isComplete: Bool { targetFrames.map { deliveredFrames >= $0 } ?? false }

    /// Appends an input block (converted to ``channels`` if needed).
    public mutating func feed(_ block: AudioBlock) {
        precondition(!finishedInput, "input fed after finish()")
        input.append(block, frames: 0..<block.frameCount)
    }

    /// Marks the end of the input; the output will be `round(inputFrames / ratio)` frames.
    public mutating func finish() {
        finish(outputFrameCount: Int64((Double(input.end) / ratio).rounded()))
    }

    /// Marks the end of the input, fixing the output's length (e.g. to the sample
    /// range the timeline gives the item); output past the stretched input is silence.
    public mutating func finish(outputFrameCount: Int64) {
        finishedInput = true
        targetFrames = max(0, outputFrameCount)
        let natural = Int64((Double(input.end) / ratio).rounded())
        finalInput = (input.end, input.start, min(natural, max(0, outputFrameCount)))
    }

    /// Moves up to `maxFrames` ready output frames into `block` (reshaped to hold
    /// exactly them) and returns how many; 0 means "feed more" or, once
    /// ``isComplete``, the end.
    public mutating func pull(into block: inout AudioBlock, maxFrames: Int) -> Int {
        synthesizeReadyFrames(upTo: maxFrames)
        var allowed = maxFrames
        if let targetFrames { allowed = Int(min(Int64(maxFrames), targetFrames - deliveredFrames)) }
        let taken = ready.pop(into: &block, maxFrames: allowed)
        deliveredFrames += Int64(taken)
        return taken
    }

    /// Stretches a whole block at once.
    public static func stretch(_ block: AudioBlock, ratio: Double, sampleRate: Int) -> AudioBlock {
        var stretcher = TimeStretcher(ratio: ratio, sampleRate: sampleRate, channels: block.channels)
        stretcher.feed(block)
        stretcher.finish()
        var output = AudioBlock(channels: block.channels, frameCount: 0)
        _ = stretcher.pull(into: &output, maxFrames: Int.max)
        return output
    }

    /// Input position segment `k` is nominally taken from; near the end of a
    /// finished input, moved back so it does not reach past the input (see ``lastPosition(_:)``).
    func nominalPosition(_ k: Int64) -> Int64 {
        guard k > 0 else { return 0 }
        let centred = Int64(clock((k + 1) * Int64(hop)).rounded()) - Int64(hop)
        return max(0, min(centred, lastPosition(k)))
    }

    /// The last input position segment `k` may start at so that the samples it adds
    /// to the output's stretched part come from the input, not from the padding past
    /// its end (otherwise the output would fade out over its last window). Never
    /// before the input still held when the input finished; unbounded before then.
    func lastPosition(_ k: Int64) -> Int64 {
        guard let finalInput else { return .max }
        let used = min(Int64(windowLength), finalInput.output - k * Int64(hop))
        guard used > 0 else { return .max }
        return max(finalInput.start, finalInput.frames - used)
    }

    /// Synthesises the segments whose input is available, stopping once the
    /// output reaches its target length or `wanted` frames are ready (a
    /// clock that stands still would otherwise make output from the same
    /// input for ever).
    private mutating func synthesizeReadyFrames(upTo wanted: Int) {
        while targetFrames.map({ producedFrames < $0 }) ?? true, ready.count < wanted {
            let needed = nominalPosition(frameIndex) + Int64(searchRadius + windowLength)
            if input.end < needed {
                guard finishedInput else { return }
                input.appendSilence(Int(needed - input.end))
            }
            let position = frameIndex == 0 ? 0 : bestPosition(near: nominalPosition(frameIndex))
            overlapAdd(from: position, fadeIn: frameIndex == 0)
            ready.append(accumulator, count: hop)
            producedFrames += Int64(hop)
            for channel in 0..<channels {
                for index in 0..<hop {
                    accumulator[channel][index] = accumulator[channel][index + hop]
                    accumulator[channel][index + hop] = 0
                }
            }
            previousPosition = position
            frameIndex += 1
            input.drop(before: min(previousPosition + Int64(hop), nominalPosition(frameIndex) - Int64(searchRadius)))
        }
    }

    /// Adds the windowed input segment at `position` into the accumulator; the first
    /// segment's rising half is left unwindowed so the output starts at full level.
    private mutating func overlapAdd(from position: Int64, fadeIn: Bool) {
        for channel in 0..<channels {
            input.withChannel(channel) { samples, base in
                let first = base + Int(position - input.start)
                for index in 0..<windowLength {
                    let weight = fadeIn && index < hop ? 1 : window[index]
                    accumulator[channel][index] += weight * samples[first + index]
                }
            }
        }
    }
}
