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
