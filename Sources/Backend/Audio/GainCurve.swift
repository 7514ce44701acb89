import Foundation

/// Gain helpers: envelopes sampled at exact sample indices, decibel
/// conversions, and the equal-power crossfade pair.
public enum GainCurve {
    /// Fills `gains[i]` with `curve(start + i)` for every `i` in `gains.indices`.
    ///
    /// The callback receives the absolute sample index, so the caller evaluates
    /// its envelope at exact positions (e.g. `Time(sample, rate)`) and nothing
    /// accumulates from block to block.
    public static func fill(
        _ gains: UnsafeMutableBufferPointer<Float>, start: Int64, curve: (Int64) -> Double
    ) {
        for index in gains.indices {
            gains[index] = Float(curve(start + Int64(index)))
        }
    }

    /// Resizes `gains` to `count` (reusing its storage) and fills it with
    /// `curve(start ..< start + count)`.
    public static func fill(_ gains: inout [Float], start: Int64, count: Int, curve: (Int64) -> Double) {
        if gains.count != count {
            gains.removeAll(keepingCapacity: true)
            gains.append(contentsOf: repeatElement(0, count: count))
        }
        gains.withUnsafeMutableBufferPointer { fill($0, start: start, curve: curve) }
    }

    /// Linear amplitude for a level in decibels: `10^(dB / 20)`.
    public static func linear(decibels: Double) -> Double {
        pow(10, decibels / 20)
    }

    /// Level in decibels for a linear amplitude: `20 log10(|x|)`; `-infinity` for 0.
    public static func decibels(linear: Double) -> Double {
        let magnitude = abs(linear)
        return magnitude > 0 ? 20 * log10(magnitude) : -Double.infinity
    }
}
