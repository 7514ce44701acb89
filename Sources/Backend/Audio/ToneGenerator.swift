import Foundation

/// A sine tone of amplitude 1, `sin(2π f n / rate)`, whose phase is computed
/// from the absolute sample index `n`.
///
/// The frequency is held in millihertz as an integer, so the phase of sample
/// `n` is the exact fraction `(f_mHz × n mod 1000·rate) / (1000·rate)` of a
/// cycle: computed in integers (full-width multiply, then remainder), it is
/// the same whether a render reaches sample 10⁹ in one block or a million,
/// and it does not drift however long the render is. The item's volume
/// envelope scales the tone; the generator itself is always at full scale.
public struct ToneGenerator: Sendable, Equatable {
    /// Output sample rate in Hz.
    public let sampleRate: Int
    /// Frequency in millihertz (the requested frequency rounded to 1 mHz).
    public let millihertz: Int64
    /// Denominator of the phase in cycles: `1000 × rate`.
    private let period: Int64

    /// A tone at `frequency` Hz (rounded to the nearest millihertz) for audio at
    /// `sampleRate` Hz. Frequencies at or above Nyquist alias, as a sampled sine does.
    public init(frequency: Double, sampleRate: Int) {
        precondition(sampleRate > 0, "sample rate must be positive")
        precondition(frequency.isFinite && frequency >= 0, "tone frequency must be finite and not negative")
        self.sampleRate = sampleRate
        self.period = 1000 * Int64(sampleRate)
        self.millihertz = Int64((frequency * 1000).rounded()) % period
    }

    /// The frequency in Hz.
    public var frequency: Double { Double(millihertz) / 1000 }

    /// The numerator of sample `index`'s phase, in `0 ..< 1000 × rate`: the phase in
    /// cycles is `phaseNumerator(at:) / (1000 × rate)`. Exact for every `Int64` index.
    public func phaseNumerator(at index: Int64) -> Int64 {
        let product = millihertz.multipliedFullWidth(by: index)
        let remainder = period.dividingFullWidth(product).remainder
        return remainder < 0 ? remainder + period : remainder
    }

    /// The value of sample `index`: `sin(2π × phase)`, phase reduced exactly.
    public func sample(at index: Int64) -> Float {
        Float(value(numerator: phaseNumerator(at: index)))
    }

    /// Fills every channel of `block` (all its valid frames) with the tone's samples
    /// `sampleIndex ..< sampleIndex + block.frameCount`.
    public func render(into block: inout AudioBlock, startingAt sampleIndex: Int64) {
        guard block.frameCount > 0 else { return }
        var numerator = phaseNumerator(at: sampleIndex)
        let step = millihertz
        let limit = period
        block.withMutableChannel(0) { samples in
            for index in samples.indices {
                samples[index] = Float(value(numerator: numerator))
                numerator += step
                if numerator >= limit { numerator -= limit }
            }
        }
        for channel in 1..<max(block.channels, 1) {
            for frame in 0..<block.frameCount {
                block[channel, frame] = block[0, frame]
            }
        }
    }

    private func value(numerator: Int64) -> Double {
        sin(2 * Double.pi * (Double(numerator) / Double(period)))
    }
}
