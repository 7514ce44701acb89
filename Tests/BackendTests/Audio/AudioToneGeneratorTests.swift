import Foundation
import TestSupport
import Testing

@testable import Backend

@Suite("Audio tone generator")
struct AudioToneGeneratorTests {
    @Test func toneHasSineLevelAndPitch() throws {
        let block = AudioTestSignals.tone(440, seconds: 1)
        #expect(abs(AudioAnalysis.rms(block) - 1 / 2.0.squareRoot()) < 1e-4)
        #expect(abs(AudioAnalysis.peak(block) - 1) < 1e-3)
        let frequency = try #require(AudioAnalysis.dominantFrequency(block, sampleRate: AudioTestSignals.rate))
        #expect(abs(frequency - 440) <= 2)
    }

    @Test func phaseAtOneBillionSamplesDoesNotDrift() {
        let tone = ToneGenerator(frequency: 440, sampleRate: 48_000)
        let index: Int64 = 1_000_000_000
        // 440 × 10⁹ / 48 000 cycles: the fraction is exactly (440 × 10⁹ mod 48 000) / 48 000.
        let fraction = Double((440 * index) % 48_000) / 48_000
        let expected = Float(sin(2 * Double.pi * fraction))
        #expect(tone.sample(at: index) == expected)
        var block = AudioBlock(channels: 2, frameCount: 8)
        tone.render(into: &block, startingAt: index)
        for frame in 0..<8 {
            let exact = Double((440 * (index + Int64(frame))) % 48_000) / 48_000
            #expect(abs(block[0, frame] - Float(sin(2 * Double.pi * exact))) < 1e-6)
            #expect(block[1, frame] == block[0, frame])
        }
    }

    @Test func blockwiseRenderMatchesOneShotRender() {
        let tone = ToneGenerator(frequency: 997.5, sampleRate: 44_100)
        var whole = AudioBlock(channels: 1, frameCount: 3000)
        tone.render(into: &whole, startingAt: 123_456_789)
        var piece = AudioBlock(channels: 1, frameCount: 1000)
        for start in stride(from: 0, to: 3000, by: 1000) {
            tone.render(into: &piece, startingAt: 123_456_789 + Int64(start))
            #expect(piece.samples(channel: 0) == Array(whole.samples(channel: 0)[start..<start + 1000]))
        }
    }

    @Test func phaseIsExactForLargeAndNegativeIndices() {
        let tone = ToneGenerator(frequency: 12_345.678, sampleRate: 96_000)
        #expect(tone.phaseNumerator(at: Int64.max) >= 0)
        #expect(tone.phaseNumerator(at: -1) == 96_000_000 - 12_345_678)
    }
}
