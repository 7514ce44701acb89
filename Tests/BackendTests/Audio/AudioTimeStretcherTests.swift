import TestSupport
import Testing

@testable import Backend

@Suite("Audio time stretch")
struct AudioTimeStretcherTests {
    let rate = AudioTestSignals.rate

    func expectTone(_ block: AudioBlock, frequency: Double, tolerance: Double) throws {
        let measured = try #require(AudioAnalysis.dominantFrequency(block, sampleRate: rate))
        #expect(abs(measured - frequency) <= tolerance, "measured \(measured) Hz")
    }

    @Test func doubleSpeedHalvesDurationAndKeepsPitch() throws {
        let tone = AudioTestSignals.tone(440, seconds: 2, channels: 2)
        let output = TimeStretcher.stretch(tone, ratio: 2, sampleRate: rate)
        #expect(output.frameCount == rate)
        try expectTone(output, frequency: 440, tolerance: 5)
        // A steady tone keeps its level: WSOLA joins segments in phase.
        let level = AudioTestSignals.rms(output, frames: rate / 10..<rate * 9 / 10)
        #expect(abs(AudioAnalysis.dBFS(level * 2.0.squareRoot())) < 0.5)
    }

    @Test func halfSpeedDoublesDurationAndKeepsPitch() throws {
        let tone = AudioTestSignals.tone(440, seconds: 2)
        let output = TimeStretcher.stretch(tone, ratio: 0.5, sampleRate: rate)
        #expect(output.frameCount == 4 * rate)
        try expectTone(output, frequency: 440, tolerance: 5)
        let level = AudioTestSignals.rms(output, frames: rate / 10..<rate * 39 / 10)
        #expect(abs(AudioAnalysis.dBFS(level * 2.0.squareRoot())) < 0.5)
        let tail = AudioTestSignals.rms(output, frames: 4 * rate - 480..<4 * rate)
        #expect(abs(AudioAnalysis.dBFS(tail * 2.0.squareRoot())) < 0.5, "no fade-out at the end")
    }

    @Test(arguments: [0.25, 0.75, 1, 1.5, 3, 16])
    func outputLengthIsExact(ratio: Double) {
        let frames = 48_001
        let output = TimeStretcher.stretch(
            AudioTestSignals.tone(300, seconds: 1.0 + 1.0 / 48_000), ratio: ratio, sampleRate: rate)
        #expect(output.frameCount == Int((Double(frames) / ratio).rounded()))
    }

    @Test func unitSpeedReproducesTheInput() {
        let tone = AudioTestSignals.tone(440, seconds: 0.5)
        let output = TimeStretcher.stretch(tone, ratio: 1, sampleRate: rate)
        #expect(output.frameCount == tone.frameCount)
        var largest: Float = 0
        for frame in 0..<tone.frameCount { largest = max(largest, abs(output[0, frame] - tone[0, frame])) }
        #expect(largest < 1e-5)
    }

    @Test(arguments: [0.25, 1.5, 16])
    func streamingInSmallBlocksMatchesOneShot(ratio: Double) {
        let tone = AudioTestSignals.tone(523.25, seconds: 1, channels: 2)
        let whole = TimeStretcher.stretch(tone, ratio: ratio, sampleRate: rate)
        var stretcher = TimeStretcher(ratio: ratio, sampleRate: rate, channels: 2)
        var collected: [[Float]] = [[], []]
        var piece = AudioBlock(channels: 2, frameCount: 0, capacity: 1024)
        func drain() {
            while stretcher.pull(into: &piece, maxFrames: 500) > 0 {
                for channel in 0..<2 { collected[channel] += piece.samples(channel: channel) }
            }
        }
        for start in stride(from: 0, to: tone.frameCount, by: 1024) {
            let count = min(1024, tone.frameCount - start)
            stretcher.feed(AudioBlock(channelData: (0..<2).map { Array(tone.samples(channel: $0)[start..<start + count]) }))
            drain()
        }
        stretcher.finish()
        drain()
        #expect(stretcher.isComplete)
        #expect(AudioBlock(channelData: collected) == whole)
    }

    @Test func explicitOutputLengthWins() {
        var stretcher = TimeStretcher(ratio: 2, sampleRate: rate, channels: 1)
        stretcher.feed(AudioTestSignals.tone(440, seconds: 0.1))
        stretcher.finish(outputFrameCount: 2_401)
        var output = AudioBlock(channels: 1, frameCount: 0)
        #expect(stretcher.pull(into: &output, maxFrames: 10_000) == 2_401)
        #expect(stretcher.isComplete)
    }
}
