import Foundation
import TestSupport
import Testing

@testable import Backend

@Suite("Audio gains and crossfades")
struct AudioGainTests {
    @Test func linearRampOverABlockMatchesAnalyticRMS() {
        var block = AudioTestSignals.tone(440, seconds: 1)
        let count = block.frameCount
        var gains: [Float] = []
        GainCurve.fill(&gains, start: 0, count: count) { 1 - Double($0) / Double(count) }
        block.apply(gains: gains)
        // mean of (1 - x)² sin² over the block: (1/3)(1/2).
        let expected = (1.0 / 6).squareRoot()
        #expect(abs(AudioAnalysis.rms(block) / expected - 1) < 0.01)
    }

    @Test func gainCurveSeesAbsoluteSampleIndices() {
        var gains: [Float] = [9, 9, 9, 9, 9, 9]
        GainCurve.fill(&gains, start: 1_000_000_000_000, count: 3) { Double($0 - 1_000_000_000_000) }
        #expect(gains == [0, 1, 2])
    }

    @Test func decibelConversions() {
        #expect(abs(GainCurve.linear(decibels: -12) - 0.2512) < 1e-4)
        #expect(abs(GainCurve.decibels(linear: 0.5) + 6.0206) < 1e-4)
        #expect(AudioAnalysis.dBFS(0) == -Double.infinity)
    }
}
