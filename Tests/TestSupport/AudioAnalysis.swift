import Backend
import Foundation

/// Measurements on audio: levels and the dominant frequency, for tests to check
/// what a listener would hear in rendered output.
public enum AudioAnalysis {
    /// Root-mean-square level of `samples`; 0 for an empty buffer.
    public static func rms<C: Collection>(_ samples: C) -> Double where C.Element == Float {
        guard !samples.isEmpty else { return 0 }
        var sum = 0.0
        for sample in samples { sum += Double(sample) * Double(sample) }
        return (sum / Double(samples.count)).squareRoot()
    }

    /// Root-mean-square level over every channel of `block`.
    public static func rms(_ block: AudioBlock) -> Double {
        guard block.frameCount > 0 else { return 0 }
        var sum = 0.0
        for channel in 0..<block.channels {
            let level = block.withChannel(channel) { rms($0) }
            sum += level * level
        }
        return (sum / Double(block.channels)).squareRoot()
    }

    /// Largest absolute sample value; 0 for an empty buffer.
    public static func peak<C: Collection>(_ samples: C) -> Double where C.Element == Float {
        samples.reduce(0) { max($0, Double(abs($1))) }
    }

    /// Largest absolute sample value over every channel of `block`.
    public static func peak(_ block: AudioBlock) -> Double {
        (0..<block.channels).reduce(0) { result, channel in
            max(result, block.withChannel(channel) { peak($0) })
        }
    }

    /// A linear level in dB relative to full scale: `20 log10(level)`; `-infinity` for 0.
    public static func dBFS(_ level: Double) -> Double {
        GainCurve.decibels(linear: level)
    }

    /// The frequency in Hz of the strongest spectral peak of `samples`, or `nil`
    /// when fewer than 64 samples are given or the signal is silent.
    ///
    /// Takes the middle `2^k` samples (at most 65 536), applies a Hann window,
    /// transforms, finds the largest bin above DC and refines it by fitting a
    /// parabola through the log magnitudes of that bin and its neighbours
    /// (accurate to a small fraction of a bin for a steady tone).
    public static func dominantFrequency<C: Collection>(_ samples: C, sampleRate: Int) -> Double?
    where C.Element == Float {
        let all = Array(samples)
        guard all.count >= 64, sampleRate > 0 else { return nil }
        var size = 1
        while size * 2 <= min(all.count, 65_536) { size *= 2 }
        let offset = (all.count - size) / 2
        var real = [Double](repeating: 0, count: size)
        var imaginary = [Double](repeating: 0, count: size)
        for index in 0..<size {
            let window = 0.5 - 0.5 * cos(2 * Double.pi * Double(index) / Double(size))
            real[index] = Double(all[offset + index]) * window
        }
        FFT(size: size).forward(real: &real, imaginary: &imaginary)
        let magnitudes = (0...size / 2).map { (real[$0] * real[$0] + imaginary[$0] * imaginary[$0]).squareRoot() }
        var best = 1
        for bin in 2..<size / 2 where magnitudes[bin] > magnitudes[best] { best = bin }
        guard magnitudes[best] > 0 else { return nil }
        let left = log(max(magnitudes[best - 1], .leastNormalMagnitude))
        let centre = log(magnitudes[best])
        let right = log(max(magnitudes[best + 1], .leastNormalMagnitude))
        let curvature = left - 2 * centre + right
        let shift = curvature < 0 ? 0.5 * (left - right) / curvature : 0
        return (Double(best) + shift) * Double(sampleRate) / Double(size)
    }

    /// The dominant frequency of one channel of `block`; see ``dominantFrequency(_:sampleRate:)``.
    public static func dominantFrequency(_ block: AudioBlock, channel: Int = 0, sampleRate: Int) -> Double? {
        block.withChannel(channel) { dominantFrequency($0, sampleRate: sampleRate) }
    }
}
