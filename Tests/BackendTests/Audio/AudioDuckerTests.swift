import TestSupport
import Testing

@testable import Backend

@Suite("Audio ducking")
struct AudioDuckerTests {
    let rate = AudioTestSignals.rate

    /// 3 s of music; the trigger sounds from 1 s to 2 s.
    func duck(blockSize: Int) -> AudioBlock {
        let music = AudioTestSignals.tone(220, seconds: 3, channels: 2, amplitude: 0.5)
        var trigger = AudioTestSignals.tone(1000, seconds: 3, channels: 1, amplitude: 0.3)
        trigger.withMutableChannel(0) { samples in
            for index in samples.indices where index < rate || index >= 2 * rate { samples[index] = 0 }
        }
        var ducker = Ducker(sampleRate: rate, gain: GainCurve.linear(decibels: -12), attack: 0.1, release: 0.3)
        var output = AudioBlock(channels: 2, frameCount: 0, capacity: music.frameCount)
        var piece = AudioBlock(channels: 2, frameCount: 0, capacity: blockSize)
        var triggerPiece = AudioBlock(channels: 1, frameCount: 0, capacity: blockSize)
        var scratch: [Float] = []
        var start = 0
        while start < music.frameCount {
            let count = min(blockSize, music.frameCount - start)
            piece.resize(frameCount: count)
            triggerPiece.resize(frameCount: count)
            for frame in 0..<count {
                piece[0, frame] = music[0, start + frame]
                piece[1, frame] = music[1, start + frame]
                triggerPiece[0, frame] = trigger[0, start + frame]
            }
            ducker.process(&piece, trigger: triggerPiece, scratch: &scratch)
            output.resize(frameCount: start + count)
            for frame in 0..<count {
                output[0, start + frame] = piece[0, frame]
                output[1, start + frame] = piece[1, frame]
            }
            start += count
        }
        return output
    }

    @Test func lowersMusicWhileTriggerSoundsAndRecoversAfterRelease() {
        let output = duck(blockSize: 1024)
        let before = AudioTestSignals.rms(output, frames: rate / 5..<rate * 9 / 10)
        let during = AudioTestSignals.rms(output, frames: rate * 13 / 10..<rate * 19 / 10)
        let after = AudioTestSignals.rms(output, frames: rate * 25 / 10..<rate * 29 / 10)
        let original = 0.5 / 2.0.squareRoot()
        #expect(abs(AudioAnalysis.dBFS(before / original)) < 0.01)
        #expect(AudioAnalysis.dBFS(during / before) <= -10)
        #expect(abs(AudioAnalysis.dBFS(during / before) + 12) < 0.1)
        #expect(abs(AudioAnalysis.dBFS(after / original)) < 0.01)
    }

    @Test func resultDoesNotDependOnBlockSize() {
        #expect(duck(blockSize: 1024) == duck(blockSize: 333))
    }

    @Test func triggerBelowThresholdDoesNotDuck() {
        var ducker = Ducker(sampleRate: rate, gain: 0.25, attack: 0.01, release: 0.1)
        let whisper = AudioTestSignals.tone(300, seconds: 0.5, amplitude: Float(GainCurve.linear(decibels: -50)))
        var gains = [Float](repeating: 0, count: whisper.frameCount)
        gains.withUnsafeMutableBufferPointer { ducker.gains(trigger: whisper, into: $0) }
        #expect(gains.allSatisfy { $0 == 1 })
    }

    @Test func gainRampsWithoutJumps() {
        var ducker = Ducker(sampleRate: rate, gain: 0.25, attack: 0.3, release: 0.5)
        let trigger = AudioTestSignals.tone(300, seconds: 1)
        var gains = [Float](repeating: 0, count: trigger.frameCount)
        gains.withUnsafeMutableBufferPointer { ducker.gains(trigger: trigger, into: $0) }
        let largestStep = zip(gains, gains.dropFirst()).map { abs($0 - $1) }.max() ?? 0
        #expect(largestStep <= Float(0.75 / (0.3 * Double(rate))) * 1.001)
        #expect(gains.last == 0.25)
        var silence = [Float](repeating: 0, count: rate)
        silence.withUnsafeMutableBufferPointer { ducker.gains(trigger: nil, into: $0) }
        #expect(silence.last == 1)
    }
}
