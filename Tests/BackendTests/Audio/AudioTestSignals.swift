import TestSupport

@testable import Backend

/// Deterministic test signals.
enum AudioTestSignals {
    static let rate = 48_000

    /// `seconds` of a full-scale sine at `frequency`, `channels` channels.
    static func tone(_ frequency: Double, seconds: Double, channels: Int = 1, amplitude: Float = 1) -> AudioBlock {
        var block = AudioBlock(channels: channels, frameCount: Int((seconds * Double(rate)).rounded()))
        ToneGenerator(frequency: frequency, sampleRate: rate).render(into: &block, startingAt: 0)
        block.apply(gain: amplitude)
        return block
    }

    /// Uniform white noise in -1 ... 1 from a fixed-seed xorshift generator.
    static func noise(count: Int, seed: UInt64) -> [Float] {
        var state = seed | 1
        return (0..<count).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Float(Double(state >> 11) / Double(1 << 53) * 2 - 1)
        }
    }

    /// The RMS of `block`'s channel 0 over frames `range`.
    static func rms(_ block: AudioBlock, frames range: Range<Int>, channel: Int = 0) -> Double {
        AudioAnalysis.rms(block.samples(channel: channel)[range])
    }
}
