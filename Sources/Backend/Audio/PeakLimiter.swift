import Foundation

/// A look-ahead peak limiter, linked across channels: the output never exceeds
/// the ceiling in absolute value, and a signal that stays under the ceiling
/// passes through unchanged (gain exactly 1), only delayed.
///
/// **Latency.** Output is delayed by ``latency`` samples (the look-ahead, 5 ms
/// by default): after feeding input frames `0 ..< n`, the block returned holds
/// output frames `-latency ..< n - latency`, the first `latency` of them
/// silence. The caller drops the first `latency` output frames and, at the end,
/// calls ``flush(into:)`` to get the last `latency`.
///
/// **Gain.** For each input sample, the gain that would bring its peak (over
/// channels) to the ceiling, `min(1, ceiling / peak)`, goes through:
///   1. a sliding minimum over `latency + 1` samples (look-ahead hold),
///   2. an instant-attack, exponential-release smoother (`release` time constant),
///      which only ever moves up to the held value, never above it,
///   3. a moving average over `latency + 1` samples, turning each drop into a
///      smooth ramp that ends exactly when the loud sample leaves the delay line.
/// Every value averaged in step 3 is at most the gain the delayed sample needs,
/// so the average is too: the ceiling holds by construction, and a final clamp
/// guards against float rounding.
///
/// **True peak.** With `truePeak`, a sample's peak is also that of the signal
/// between it and its neighbours, read at three points between samples (4×
/// oversampling, as ITU-R BS.1770's true-peak meter does) by interpolating
/// with a 12-tap windowed sinc. That needs six samples after the sample, so the
/// output is delayed six samples more.
public struct PeakLimiter: Sendable {
    /// Channel count of the blocks processed.
    public let channels: Int
    /// Largest absolute output sample value (linear).
    public let ceiling: Float
    /// Delay of the output relative to the input, in samples.
    public let latency: Int

    private let span: Int
    private let interpolator: TruePeakInterpolator?
    /// The newest input frames, per channel, for the interpolator.
    private var history: [[Float]]
    /// The largest value between the previous sample and this one, over channels.
    private var previousInterval: Float = 0
    private let releaseCoefficient: Double
    private var delay: [Float]
    private var delayPosition = 0
    private var hold: SlidingMinimum
    private var smoothed = 1.0
    private var average: [Double]
    private var averagePosition = 0
    private var averageSum: Double
    /// Samples the final clamp changed by more than float rounding (a test hook:
    /// the smooth gain alone should keep this at 0).
    private(set) var clampedSamples = 0

    /// - Parameters:
    ///   - sampleRate: Hz.
    ///   - channels: channel count of the blocks processed.
    ///   - ceilingDecibels: the output's peak ceiling in dBFS; default -1.
    ///   - lookahead: seconds; at least one sample. Default 5 ms.
    ///   - release: seconds, time constant of the gain's recovery. Default 50 ms.
    public init(
        sampleRate: Int, channels: Int, ceilingDecibels: Double = -1,
        lookahead: Double = 0.005, release: Double = 0.050, truePeak: Bool = false
    ) {
        precondition(sampleRate > 0 && channels >= 1, "invalid limiter format")
        self.channels = channels
        ceiling = Float(GainCurve.linear(decibels: ceilingDecibels))
        let ahead = max(1, Int((lookahead * Double(sampleRate)).rounded()))
        interpolator = truePeak ? TruePeakInterpolator() : nil
        latency = ahead + (interpolator?.lag ?? 0)
        span = ahead + 1
        history = [[Float]](repeating: [Float](repeating: 0, count: TruePeakInterpolator.taps), count: truePeak ? channels : 0)
        releaseCoefficient = release > 0 ? 1 - exp(-1 / (release * Double(sampleRate))) : 1
        delay = [Float](repeating: 0, count: channels * latency)
        hold = SlidingMinimum(length: span)
        average = [Double](repeating: 1, count: span)
        averageSum = Double(span)
    }

    /// The gain the limiter would apply to the sample leaving the delay line next.
    public var currentGain: Double { averageSum / Double(span) }

    /// Limits `block` in place. Its channel count must be ``channels``; the output
    /// is delayed by ``latency`` frames (see the type's documentation).
    public mutating func process(_ block: inout AudioBlock) {
        precondition(block.channels == channels, "limiter configured for \(channels) channels")
        for frame in 0..<block.frameCount {
            var peak: Float = 0
            if let interpolator {
                // The sample `lag` frames back, and the signal on either side of it.
                var interval: Float = 0
                for channel in 0..<channels {
                    history[channel].removeFirst()
                    history[channel].append(block[channel, frame])
                    peak = max(peak, abs(history[channel][interpolator.lag - 1]))
                    interval = max(interval, interpolator.peak(between: history[channel]))
                }
                peak = max(peak, interval, previousInterval)
                previousInterval = interval
            } else {
                for channel in 0..<channels { peak = max(peak, abs(block[channel, frame])) }
            }
            let gain = Float(nextGain(required: peak > ceiling ? Double(ceiling / peak) : 1))
            for channel in 0..<channels {
                let slot = channel * latency + delayPosition
                let delayed = delay[slot]
                delay[slot] = block[channel, frame]
                let limited = delayed * gain
                if abs(limited) > ceiling * (1 + 1e-6) { clampedSamples += 1 }
                block[channel, frame] = min(max(limited, -ceiling), ceiling)
            }
            delayPosition = delayPosition + 1 == latency ? 0 : delayPosition + 1
        }
    }

    /// Writes the ``latency`` frames still in the delay line into `block` (resized to
    /// ``channels`` × ``latency``) by feeding silence, and leaves the limiter ready
    /// for a new stream.
    public mutating func flush(into block: inout AudioBlock) {
        block.reshape(channels: channels, frameCount: latency)
        block.clear()
        process(&block)
        reset()
    }

    /// Forgets all state: empty delay line, gain 1.
    public mutating func reset() {
        for index in delay.indices { delay[index] = 0 }
        delayPosition = 0
        for channel in history.indices { history[channel] = [Float](repeating: 0, count: TruePeakInterpolator.taps) }
        previousInterval = 0
        hold = SlidingMinimum(length: span)
        smoothed = 1
        for index in average.indices { average[index] = 1 }
        averagePosition = 0
        averageSum = Double(span)
    }

    /// Advances the gain pipeline by one sample and returns the gain for the
    /// sample leaving the delay line.
    private mutating func nextGain(required: Double) -> Double {
        let held = hold.push(required)
        smoothed = held < smoothed ? held : smoothed + releaseCoefficient * (held - smoothed)
        averageSum += smoothed - average[averagePosition]
        average[averagePosition] = smoothed
        averagePosition += 1
        if averagePosition == span {
            averagePosition = 0
            averageSum = average.reduce(0, +)
        }
        return min(averageSum / Double(span), 1)
    }
}

/// Reads a signal between two of its samples at a quarter, half and three
/// quarters of the way, with a 12-tap Hann-windowed sinc (4× oversampling).
struct TruePeakInterpolator: Sendable {
    static let taps = 12
    /// Samples needed after the interval's first sample.
    let lag = taps / 2
    /// Per point between samples, the weights of the 12 samples around it (normalised to sum 1).
    private let weights: [[Float]]

    init() {
        weights = [0.25, 0.5, 0.75].map { fraction in
            // Sample j of the window lies at j - (taps/2 - 1) from the interval's first sample.
            let raw = (0..<Self.taps).map { j -> Double in
                let t = fraction - Double(j - (Self.taps / 2 - 1))
                let sinc = sin(Double.pi * t) / (Double.pi * t)
                let window = 0.5 + 0.5 * cos(Double.pi * t / Double(Self.taps / 2 + 1))
                return sinc * window
            }
            let sum = raw.reduce(0, +)
            return raw.map { Float($0 / sum) }
        }
    }

    /// The largest absolute value between `samples[taps/2 - 1]` and the next
    /// sample, of the 12 newest samples given.
    func peak(between samples: [Float]) -> Float {
        var peak: Float = 0
        for point in weights {
            var value: Float = 0
            for j in 0..<Self.taps { value += point[j] * samples[j] }
            peak = max(peak, abs(value))
        }
        return peak
    }
}
