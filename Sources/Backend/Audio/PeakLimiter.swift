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
public struct PeakLimiter: Sendable {
    /// Channel count of the blocks processed.
    public let channels: Int
    /// Largest absolute output sample value (linear).
    public let ceiling: Float
    /// Delay of the output relative to the input, in samples.
    public let latency: Int

    private let span: Int
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
        lookahead: Double = 0.005, release: Double = 0.050
    ) {
        precondition(sampleRate > 0 && channels >= 1, "invalid limiter format")
        self.channels = channels
        ceiling = Float(GainCurve.linear(decibels: ceilingDecibels))
        latency = max(1, Int((lookahead * Double(sampleRate)).rounded()))
        span = latency + 1
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
            for channel in 0..<channels { peak = max(peak, abs(block[channel, frame])) }
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
