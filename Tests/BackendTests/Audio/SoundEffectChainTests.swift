import EDLParser
import Foundation
import TestSupport
import Testing

@testable import Backend

/// Each effect measured on steady tones, as a listener's meter would read them.
@Suite struct SoundEffectChainTests {
    static let rate = 48_000

    /// `seconds` of a sine at `hz`, peak `amplitude`, on two channels.
    static func tone(_ hz: Double, amplitude: Double, seconds: Double = 1) -> AudioBlock {
        let samples = (0..<Int(seconds * Double(rate))).map {
            Float(amplitude * sin(2 * Double.pi * hz * Double($0) / Double(rate)))
        }
        return AudioBlock(channelData: [samples, samples])
    }

    /// The RMS in dBFS of the last half of `block` after the effects (their settling left out).
    static func level(_ block: AudioBlock, _ effects: SoundEffects) -> Double {
        var chain = SoundEffectChain(effects, sampleRate: rate, channels: 2)
        var processed = block
        chain.process(&processed)
        let left = processed.samples(channel: 0)
        return AudioAnalysis.dBFS(AudioAnalysis.rms(left.suffix(left.count / 2)))
    }

    static func level(_ block: AudioBlock) -> Double {
        let left = block.samples(channel: 0)
        return AudioAnalysis.dBFS(AudioAnalysis.rms(left.suffix(left.count / 2)))
    }

    static func effects(_ change: (inout SoundEffects) -> Void) -> SoundEffects {
        var effects = SoundEffects()
        change(&effects)
        return effects
    }

    @Test func eqBandsCutAndBoostWhereTheCookbookSays() {
        let highpass = Self.effects { $0.eq = [SoundEffects.Band(kind: .highpass, frequency: 80)] }
        // Second order, an octave below its corner: about 12 dB down; far above it, untouched.
        let low = Self.tone(40, amplitude: 0.5)
        #expect(Self.level(low, highpass) < Self.level(low) - 10)
        let high = Self.tone(1000, amplitude: 0.5)
        #expect(abs(Self.level(high, highpass) - Self.level(high)) < 0.05)
        var peak = SoundEffects.Band(kind: .peak, frequency: 3000)
        (peak.gain, peak.q) = (3, 1)
        let boosted = Self.tone(3000, amplitude: 0.25)
        #expect(abs(Self.level(boosted, Self.effects { $0.eq = [peak] }) - Self.level(boosted) - 3) < 0.05)
        var shelf = SoundEffects.Band(kind: .lowShelf, frequency: 120)
        shelf.gain = -3
        let bass = Self.tone(30, amplitude: 0.5)
        #expect(abs(Self.level(bass, Self.effects { $0.eq = [shelf] }) - Self.level(bass) + 3) < 0.3)
        var lowpass = SoundEffects.Band(kind: .lowpass, frequency: 12000)
        lowpass.q = 0.7
        #expect(abs(Self.level(high, Self.effects { $0.eq = [lowpass] }) - Self.level(high)) < 0.05)
    }

    /// A tone 7 dB over the threshold at 4:1 comes out 1.75 dB over it.
    @Test func aCompressorLowersWhatIsOverTheThresholdByItsRatio() {
        var compressor = SoundEffects.Compressor()
        (compressor.threshold, compressor.ratio, compressor.knee) = (-20, 4, 0)
        // Peak −10 dBFS: RMS −13 dBFS.
        let tone = Self.tone(1000, amplitude: pow(10, -10.0 / 20), seconds: 2)
        let out = Self.level(tone, Self.effects { $0.compressor = compressor })
        #expect(abs(out - (-20 + 7.0 / 4)) < 0.3, "\(out) dBFS")
        // Under the threshold nothing changes; makeup lifts everything.
        let quiet = Self.tone(1000, amplitude: pow(10, -40.0 / 20), seconds: 2)
        #expect(abs(Self.level(quiet, Self.effects { $0.compressor = compressor }) - Self.level(quiet)) < 0.05)
        compressor.makeup = 6
        #expect(abs(Self.level(quiet, Self.effects { $0.compressor = compressor }) - Self.level(quiet) - 6) < 0.05)
    }

    @Test func aGateLowersWhatIsUnderItsThresholdByItsRange() {
        let gate = SoundEffects.Gate()
        // Closing is exponential with the release as its time constant: settled after 1.5 s of 0.2 s.
        let hum = Self.tone(100, amplitude: pow(10, -60.0 / 20), seconds: 3)
        #expect(abs(Self.level(hum, Self.effects { $0.gate = gate }) - (Self.level(hum) - 40)) < 0.5)
        let voice = Self.tone(300, amplitude: pow(10, -20.0 / 20))
        #expect(abs(Self.level(voice, Self.effects { $0.gate = gate }) - Self.level(voice)) < 0.05)
    }

    /// The limiter keeps peaks under its ceiling, and the producer takes its delay out.
    @Test func aLimiterHoldsItsCeilingWithoutMovingTheSound() throws {
        let limiter = Self.effects { $0.limiter = SoundEffects.Limiter() }
        var loud = Self.tone(440, amplitude: 1)
        var chain = SoundEffectChain(limiter, sampleRate: Self.rate, channels: 2)
        chain.process(&loud)
        #expect(AudioAnalysis.peak(loud) <= pow(10, -1.0 / 20) + 1e-6)
        // A quiet click passes unchanged, where it was.
        var samples = [Float](repeating: 0, count: 4800)
        samples[1000] = 0.5
        let producer = EffectedProducer(
            BlockProducer(AudioBlock(channelData: [samples + samples, samples + samples])),
            SoundEffectChain(limiter, sampleRate: Self.rate, channels: 2))
        let out = try producer.read(4800).samples(channel: 0)
        #expect(out.firstIndex { $0 != 0 } == 1000 && out[1000] == 0.5)
    }
}

/// Written in a project, the effects reach the render: a 100 Hz hum under a 2 kHz
/// whistle, high-passed at 400 Hz, comes out with the hum gone and the whistle as it was.
@Suite struct SoundEffectRenderTests {
    @Test func anItemsEqReachesTheRenderedSound() throws {
        let workspace = try RenderWorkspace()
        try MediaFixtures.ffmpeg([
            "-f", "lavfi", "-i", "aevalsrc=0.4*sin(2*PI*100*t)+0.2*sin(2*PI*2000*t):s=48000:d=2", "-c:a", "pcm_s16le",
            workspace.directory + "/mix.wav",
        ])
        func render(_ keys: String) throws -> [Float] {
            let path = try workspace.render(
                """
                cutlist: 1
                output: { path: out.wav }
                tracks:
                  - kind: audio
                    items: [{ source: mix.wav\(keys) }]
                """)
            return try RenderOutput.samples(path, seconds: 2)[0]
        }
        let plain = try render("")
        let filtered = try render(", eq: [{ highpass: { freq: 400, q: 0.707 } }, { highpass: 400 }]")
        func band(_ samples: [Float], _ hz: Double) -> Double {
            // The tone's amplitude by correlation with a sine and cosine over the last second.
            let part = samples.suffix(48_000)
            var (s, c) = (0.0, 0.0)
            for (i, x) in part.enumerated() {
                s += Double(x) * sin(2 * Double.pi * hz * Double(i) / 48_000)
                c += Double(x) * cos(2 * Double.pi * hz * Double(i) / 48_000)
            }
            return AudioAnalysis.dBFS(2 * (s * s + c * c).squareRoot() / Double(part.count))
        }
        // Two second-order high-passes two octaves over the hum: about 48 dB down.
        #expect(band(filtered, 100) < band(plain, 100) - 40, "\(band(filtered, 100)) against \(band(plain, 100))")
        #expect(abs(band(filtered, 2000) - band(plain, 2000)) < 0.3)
    }
}

/// Fades follow the curve written: 60 dB even in decibels for `exp`, so half way
/// through an exponential fade in the gain is −30 dB, where a linear one is at −6 dB.
@Suite struct FadeCurveRenderTests {
    @Test func halfWayThroughAFadeTheGainIsTheCurves() throws {
        let workspace = try RenderWorkspace()
        try MediaFixtures.ffmpeg([
            "-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=48000:duration=3", "-c:a", "pcm_s16le",
            workspace.directory + "/tone.wav",
        ])
        func gainHalfWay(_ fade: String) throws -> Double {
            let path = try workspace.render(
                """
                cutlist: 1
                output: { path: out.wav }
                tracks:
                  - kind: audio
                    items: [{ source: tone.wav, fade_in: \(fade), fade_out: \(fade) }]
                """)
            let samples = try RenderOutput.samples(path, seconds: 3)[0]
            // 10 ms around the middle of the fade in, against 10 ms of the full level.
            let middle = AudioAnalysis.rms(samples[23_760..<24_240])
            let full = AudioAnalysis.rms(samples[71_760..<72_240])
            let late = AudioAnalysis.rms(samples[119_760..<120_240])
            // The fade out is the fade in backwards: the same level half way through it.
            #expect(abs(AudioAnalysis.dBFS(late) - AudioAnalysis.dBFS(middle)) < 0.1)
            return AudioAnalysis.dBFS(middle) - AudioAnalysis.dBFS(full)
        }
        #expect(abs(try gainHalfWay("1s") - 20 * log10(0.5)) < 0.1)
        #expect(abs(try gainHalfWay("{ duration: 1s, curve: exp }") - 20 * log10(FadeCurve.exp.gain(0.5))) < 0.1)
        #expect(abs(20 * log10(FadeCurve.exp.gain(0.5)) + 30.3) < 0.1)
        #expect(abs(try gainHalfWay("{ duration: 1s, curve: s-curve }") - 20 * log10(0.5)) < 0.1)
        #expect(abs(try gainHalfWay("{ duration: 1s, curve: equal-power }") - 20 * log10(0.5.squareRoot())) < 0.1)
    }
}

/// Hands out a block's frames in order, then silence.
private final class BlockProducer: SampleProducer {
    private var channels: [[Float]]

    init(_ block: AudioBlock) { channels = (0..<block.channels).map { block.samples(channel: $0) } }

    func read(_ count: Int) throws -> AudioBlock {
        let taken = channels.map { Array($0.prefix(count)) + [Float](repeating: 0, count: max(0, count - $0.count)) }
        channels = channels.map { Array($0.dropFirst(count)) }
        return AudioBlock(channelData: taken)
    }
}
