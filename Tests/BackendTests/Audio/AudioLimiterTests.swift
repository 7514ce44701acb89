import Foundation
import TestSupport
import Testing

@testable import Backend

@Suite("Audio limiter")
struct AudioLimiterTests {
    let rate = AudioTestSignals.rate

    /// Runs `input` through `limiter` in blocks and returns the latency-compensated output.
    func limit(_ input: AudioBlock, with limiter: inout PeakLimiter, blockSize: Int = 1000) -> AudioBlock {
        var output = AudioBlock(channels: input.channels, frameCount: 0, capacity: input.frameCount + limiter.latency)
        var piece = AudioBlock(channels: input.channels, frameCount: 0, capacity: blockSize)
        var produced = 0
        func append(_ block: AudioBlock) {
            output.resize(frameCount: produced + block.frameCount)
            for frame in 0..<block.frameCount {
                for channel in 0..<block.channels { output[channel, produced + frame] = block[channel, frame] }
            }
            produced += block.frameCount
        }
        var start = 0
        while start < input.frameCount {
            let count = min(blockSize, input.frameCount - start)
            piece.resize(frameCount: count)
            for frame in 0..<count {
                for channel in 0..<input.channels { piece[channel, frame] = input[channel, start + frame] }
            }
            limiter.process(&piece)
            append(piece)
            start += count
        }
        limiter.flush(into: &piece)
        append(piece)
        let latency = limiter.latency
        return AudioBlock(channelData: (0..<input.channels).map { Array(output.samples(channel: $0)[latency...]) })
    }

    @Test func sumOfThreeFullScaleTonesStaysUnderTheCeiling() {
        var chord = AudioTestSignals.tone(440, seconds: 2, channels: 2)
        chord.add(AudioTestSignals.tone(554.37, seconds: 2, channels: 2))
        chord.add(AudioTestSignals.tone(659.25, seconds: 2, channels: 2))
        #expect(AudioAnalysis.peak(chord) > 2)
        var limiter = PeakLimiter(sampleRate: rate, channels: 2)
        let output = limit(chord, with: &limiter)
        #expect(output.frameCount == chord.frameCount)
        #expect(AudioAnalysis.peak(output) <= Double(limiter.ceiling))
        #expect(AudioAnalysis.dBFS(AudioAnalysis.peak(output)) > -3, "limited, not squashed")
        #expect(limiter.clampedSamples == 0, "the smooth gain holds the ceiling on its own")
    }

    @Test func quietSignalPassesUntouched() {
        let quiet = AudioTestSignals.tone(440, seconds: 1, channels: 2, amplitude: 0.1)
        var limiter = PeakLimiter(sampleRate: rate, channels: 2)
        let output = limit(quiet, with: &limiter, blockSize: 777)
        #expect(abs(AudioAnalysis.dBFS(AudioAnalysis.rms(output) / AudioAnalysis.rms(quiet))) < 0.1)
        #expect(output == quiet)
    }

    @Test func latencyIsTheLookahead() {
        let limiter = PeakLimiter(sampleRate: 48_000, channels: 1, lookahead: 0.005)
        #expect(limiter.latency == 240)
    }

    @Test func gainRecoversAfterALoudBurst() {
        var burst = AudioTestSignals.tone(440, seconds: 1, amplitude: 0.5)
        for frame in 0..<rate / 10 { burst[0, frame] *= 4 }
        var limiter = PeakLimiter(sampleRate: rate, channels: 1)
        let output = limit(burst, with: &limiter)
        #expect(AudioAnalysis.peak(output) <= Double(limiter.ceiling))
        let tail = AudioTestSignals.rms(output, frames: rate / 2..<rate)
        #expect(abs(AudioAnalysis.dBFS(tail / (0.5 / 2.0.squareRoot()))) < 0.1)
    }
}

/// The true-peak limiter (loudness normalisation's -1 dBTP): a tone at a quarter
/// of the sample rate sampled 45° off its crests has samples at 0.71 of its
/// peak; the limiter holds the peak between samples under the ceiling, and a
/// quiet signal passes unchanged, only delayed.
@Suite("Audio true-peak limiter")
struct AudioTruePeakLimiterTests {
    let rate = AudioTestSignals.rate

    func tone(amplitude: Double, seconds: Double) -> AudioBlock {
        let count = Int(seconds * Double(rate))
        let samples = (0..<count).map { Float(amplitude * sin(Double.pi / 2 * Double($0) + Double.pi / 4)) }
        return AudioBlock(channelData: [samples])
    }

    /// The largest value at 4× the sample rate, read with a long sinc (independent of the limiter's 12 taps).
    func truePeak(_ samples: [Float]) -> Double {
        var peak = 0.0
        for n in 64..<(samples.count - 64) {
            for quarter in 0..<4 {
                var value = 0.0
                for k in -63...64 {
                    let t = Double(quarter) / 4 - Double(k)
                    let sinc = t == 0 ? 1 : sin(Double.pi * t) / (Double.pi * t)
                    value += Double(samples[n + k]) * sinc * (0.5 + 0.5 * cos(Double.pi * t / 65))
                }
                peak = max(peak, abs(value))
            }
        }
        return peak
    }

    @Test func thePeakBetweenSamplesStaysUnderTheCeiling() {
        var limiter = PeakLimiter(sampleRate: rate, channels: 1, ceilingDecibels: -1, truePeak: true)
        var block = tone(amplitude: 2, seconds: 0.5)
        let before = block.samples(channel: 0).map { abs($0) }.max() ?? 0
        limiter.process(&block)
        let output = Array(block.samples(channel: 0)[(rate / 10)...])
        let ceiling = pow(10, -1.0 / 20)
        #expect(before < 1.42, "the samples alone are at \(before)")
        #expect(truePeak(output) <= ceiling * 1.005, "true peak \(truePeak(output)), ceiling \(ceiling)")
        #expect(truePeak(output) >= ceiling * 0.95, "limited to the ceiling, not far under it")
    }

    @Test func aShortLoudBurstIsHeldToo() {
        var limiter = PeakLimiter(sampleRate: rate, channels: 2, ceilingDecibels: -1, truePeak: true)
        var samples = [Float](repeating: 0, count: 4800)
        for n in 2400..<2419 { samples[n] = Float(5.6 * sin(Double.pi / 2 * Double(n) + Double.pi / 4)) }
        var output: [Float] = []
        for start in stride(from: 0, to: samples.count, by: 1024) {
            let part = Array(samples[start..<min(start + 1024, samples.count)])
            var block = AudioBlock(channelData: [part, part])
            limiter.process(&block)
            output += block.samples(channel: 1)
        }
        // Switched on and off at once, the burst rings between samples a little
        // beyond what 12 taps read: within 0.25 dB of a 128-tap reading.
        #expect(truePeak(Array(output)) <= pow(10, -0.75 / 20), "true peak \(truePeak(Array(output)))")
    }

    @Test func aQuietSignalPassesUnchanged() {
        var limiter = PeakLimiter(sampleRate: rate, channels: 1, ceilingDecibels: -1, truePeak: true)
        let input = tone(amplitude: 0.5, seconds: 0.2)
        var block = input
        limiter.process(&block)
        let latency = limiter.latency
        let delayed = Array(block.samples(channel: 0)[latency...])
        let original = Array(input.samples(channel: 0)[..<delayed.count])
        #expect(zip(delayed, original).allSatisfy { abs($0 - $1) < 1e-6 })
    }
}
