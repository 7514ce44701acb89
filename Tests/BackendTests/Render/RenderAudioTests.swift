import Compiler
import EDLParser
import Foundation
import TestSupport
import Testing

@testable import Backend

/// What a listener hears: gain ramps, pitch under speed changes, ducking and
/// the limiter, measured on the decoded output (16-bit WAV unless said otherwise).
@Suite struct RenderAudioTests {
    let media: RenderMedia

    init() throws { media = try RenderMedia.get() }

    @Test func volumeRampShapesTheLevel() throws {
        let workspace = try RenderWorkspace()
        // The track's 0.5 keeps the tone (amplitude 1) clear of the limiter's ceiling.
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.wav, audio: { channels: 1 } }
            tracks:
              - kind: audio
                volume: 0.5
                items: [{ tone: 440, duration: 2s, volume: { from: 1, to: 0 } }]
            """)
        let samples = try RenderOutput.samples(output, channels: 1, seconds: 2)[0]
        let full = 0.5 / 2.0.squareRoot()
        let window = 4_800  // 0.1 s: 44 whole cycles of 440 Hz
        for start in stride(from: 0, to: 96_000, by: window) {
            // Gain falls linearly from 1 to 0: the mean of g² over the window.
            let g0 = 1 - Double(start) / 96_000
            let g1 = 1 - Double(start + window) / 96_000
            let expected = full * ((g0 * g0 + g0 * g1 + g1 * g1) / 3).squareRoot()
            let level = AudioAnalysis.rms(samples[start..<(start + window)])
            #expect(
                abs(level - expected) <= 0.02 * full,
                "RMS \(level) in the window at \(Double(start) / 48_000) s, expected \(expected)")
        }
    }

    @Test(arguments: [("", 440.0), ("pitch: shift", 880.0)])
    func doubleSpeedKeepsOrShiftsThePitch(_ keys: String, _ frequency: Double) throws {
        let workspace = try RenderWorkspace()
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.wav, audio: { channels: 1 } }
            tracks:
              - kind: audio
                items: [{ source: "\(media.sine440)", speed: 2, \(keys) }]
            """)
        let samples = try RenderOutput.samples(output, channels: 1, seconds: 1)[0]
        let found = try #require(AudioAnalysis.dominantFrequency(samples[6_000..<42_000], sampleRate: 48_000))
        #expect(abs(found - frequency) <= 10, "dominant frequency \(found) Hz, expected \(frequency)")
        // Still a steady tone at the source's level, not noise or silence.
        #expect(abs(AudioAnalysis.rms(samples[6_000..<42_000]) - 0.5 / 2.0.squareRoot()) <= 0.05)
    }

    /// Loudness normalisation (SPEC 17), checked with ffmpeg's EBU R128 meter: a
    /// quiet mix is raised and a loud one lowered to within 0.5 LU of the target,
    /// and a mix with strong transients (drum-like hits) keeps its true peak at
    /// or under -1 dBTP while reaching the target.
    @Test(arguments: [
        ("anoisesrc=color=pink:amplitude=0.02:duration=8:sample_rate=48000", -16.0),
        ("sine=frequency=330:duration=8:sample_rate=48000,volume=8", -20.0),
        ("aevalsrc='0.9*exp(-30*mod(t\\,0.5))*sin(2*PI*150*t)+0.01*sin(2*PI*2000*t)':d=8:s=48000", -15.0),
    ])
    func loudnessReachesItsTargetUnderTheTruePeakCeiling(_ signal: String, _ target: Double) throws {
        let workspace = try RenderWorkspace()
        let source = workspace.directory + "/mix.wav"
        try MediaFixtures.ffmpeg(["-f", "lavfi", "-i", signal, "-c:a", "pcm_s16le", source])
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.wav, audio: { loudness: \(target) } }
            tracks:
              - kind: audio
                items: [{ source: "\(source)" }]
            """)
        // The meter's readings, frame by frame: the last integrated loudness, the largest true peak.
        let readings = workspace.directory + "/r128.txt"
        try MediaFixtures.ffmpeg([
            "-i", output, "-af", "ebur128=metadata=1:peak=true,ametadata=mode=print:file=\(readings)", "-f", "null", "-",
        ])
        let lines = try String(contentsOfFile: readings, encoding: .utf8).split(separator: "\n")
        func values(_ key: String) -> [Double] {
            lines.filter { $0.hasPrefix(key) }.compactMap { Double($0.split(separator: "=").last ?? "") }
        }
        let loudness = try #require(values("lavfi.r128.I=").last)
        let peak = 20 * log10(try #require(values("lavfi.r128.true_peaks_ch").max()))
        #expect(abs(loudness - target) <= 0.5, "integrated \(loudness) LUFS, target \(target)")
        #expect(peak <= -1.0, "true peak \(peak) dBTP")
    }

    /// A loudness target's gain is one for every render of the output: a part
    /// rendered with `--range` (its sound mixed and encoded in one pass) is
    /// as loud as the same span of the whole (joined from sound segments),
    /// though the gain the meter asks for lies between two of the 0.25 dB steps.
    @Test func aRangeIsAsLoudAsTheSameSpanOfTheWholeUnderALoudnessTarget() throws {
        let workspace = try RenderWorkspace()
        var plan = try workspace.plan(
            """
            cutlist: 1
            output: { path: whole.mp4, size: 160x90, fps: 25, audio: { loudness: -20 } }
            tracks:
              - items: [{ color: "#203040", duration: 8s }]
              - kind: audio
                items: [{ tone: 440, duration: 8s, volume: 0.45 }]
            """)
        let format = try #require(plan.audio.format)
        let wanted = GainCurve.decibels(
            linear: Double(try AudioRenderer.normalisingGain(plan: plan, format: format, threads: .single)))
        let applied = try AudioRenderer.loudnessGain(plan: plan, format: format, threads: .single)
        #expect(abs(wanted - applied) > 0.08, "the meter asks for \(wanted) dB, a rounded \(applied) dB")

        let cache = try ChunkCache(directory: workspace.directory + "/cache")
        let whole = try Executor(plan: plan, cache: cache, jobs: 2).join(to: plan.output.path)
        #expect(whole.soundSegments == 2)
        plan.output.path = workspace.directory + "/part.mp4"
        // Frames 75..<125: 3 s to 5 s.
        let part = try Executor(plan: plan, cache: cache, jobs: 2, window: 75..<125).join(to: plan.output.path)
        #expect(part.soundSegments == 0)

        // Both channels, 0.2 s in from either end of the part: clear of its encoder's start and end.
        let level = { (samples: [Float], from: Double) in
            20 * log10(AudioAnalysis.rms(samples[Int(from * 96_000)..<Int((from + 1.6) * 96_000)]))
        }
        let wholeLevel = level(try SoundSegmentTests.decoded(workspace.directory + "/whole.mp4"), 3.2)
        let partLevel = level(try SoundSegmentTests.decoded(plan.output.path), 0.2)
        #expect(abs(wholeLevel - partLevel) < 0.01, "the whole at \(wholeLevel) dBFS, the part at \(partLevel) dBFS")
    }

    /// Speed from 1/16 to 100 and as a fraction (SPEC 17): a quarter second of
    /// tone slowed 16 times lasts 4 s at its own pitch; 1 s at "5/9" lasts 1.8 s;
    /// 2 s at 100 lasts 0.02 s (one frame at 50 fps). Lengths are exact in samples.
    @Test(arguments: [("0s", "0.25s", "0.0625", 192_000), ("0s", "1s", "\"5/9\"", 86_400), ("0s", "2s", "100", 960)])
    func extremeAndFractionalSpeedsLastExactly(_ from: String, _ to: String, _ speed: String, _ samples: Int) throws {
        let workspace = try RenderWorkspace()
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.wav, fps: 50, audio: { channels: 1 } }
            tracks:
              - kind: audio
                items: [{ source: "\(media.sine440)", from: \(from), to: \(to), speed: \(speed) }]
            """)
        let facts = try RenderOutput.probe(output, stream: "a:0", entries: "duration_ts")
        #expect(facts["duration_ts"] == "\(samples)")
        if samples > 48_000 {
            let heard = try RenderOutput.samples(output, channels: 1, seconds: 1)[0]
            let found = try #require(AudioAnalysis.dominantFrequency(heard[6_000..<42_000], sampleRate: 48_000))
            #expect(abs(found - 440) <= 10, "dominant frequency \(found) Hz")
        }
    }

    /// 5.1 and 7.1 sources play on two channels with the standard downmix: each
    /// front channel to its side at full level, the centre to both at −3 dB.
    @Test(arguments: [
        ("5.1", "FC", 0.7071, 0.7071), ("5.1", "FL", 1.0, 0.0), ("7.1", "FR", 0.0, 1.0), ("7.1", "FC", 0.7071, 0.7071),
    ])
    func surroundIsDownmixedWithTheStandardCoefficients(
        _ layout: String, _ channel: String, _ left: Double, _ right: Double
    ) throws {
        let workspace = try RenderWorkspace()
        let source = workspace.directory + "/surround.wav"
        try MediaFixtures.ffmpeg([
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1", "-af",
            "volume=4,pan=\(layout)|\(channel)=c0", "-c:a", "pcm_s16le", source,
        ])
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.wav }
            tracks:
              - kind: audio
                items: [{ source: "\(source)" }]
            """)
        let samples = try RenderOutput.samples(output, seconds: 1)
        // The source's tone has amplitude 1/2.
        let levels = samples.map { Signal.amplitude(of: 440, in: $0[6_000..<42_000], rate: 48_000) }
        #expect(abs(levels[0] - 0.5 * left) < 0.01, "left \(levels[0])")
        #expect(abs(levels[1] - 0.5 * right) < 0.01, "right \(levels[1])")
    }

    @Test func musicDucksUnderTheVoice() throws {
        let workspace = try RenderWorkspace()
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.wav, audio: { channels: 1 } }
            tracks:
              - name: music
                kind: audio
                ducking: { under: voice, gain: "-12dB", attack: 0.05s, release: 0.05s }
                items: [{ tone: 220, duration: 3s, volume: 0.3 }]
              - name: voice
                kind: audio
                items: [{ gap: 1s }, { tone: 1000, duration: 1s, volume: 0.3 }]
            """)
        let samples = try RenderOutput.samples(output, channels: 1, seconds: 3)[0]
        func music(_ from: Double, _ to: Double) -> Double {
            Signal.amplitude(of: 220, in: samples[Int(from * 48_000)..<Int(to * 48_000)], rate: 48_000)
        }
        func voice(_ from: Double, _ to: Double) -> Double {
            Signal.amplitude(of: 1000, in: samples[Int(from * 48_000)..<Int(to * 48_000)], rate: 48_000)
        }
        let before = music(0.3, 0.8)
        let during = music(1.3, 1.8)
        let after = music(2.4, 2.9)
        #expect(abs(before - 0.3) <= 0.01, "music alone is \(before), expected 0.3")
        #expect(abs(voice(1.3, 1.8) - 0.3) <= 0.01, "the voice is \(voice(1.3, 1.8)), expected 0.3")
        #expect(voice(0.3, 0.8) < 0.003)
        let drop = Signal.decibels(during / before)
        #expect(drop <= -10, "music is \(drop) dB under the voice, expected at least 10 dB lower")
        #expect(drop >= -14, "music is \(drop) dB under the voice, expected about -12 dB")
        #expect(abs(Signal.decibels(after / before)) <= 0.5, "music does not come back after the voice: \(after) vs \(before)")
    }

    private static let loudChord = """
        tracks:
          - kind: audio
            items: [{ tone: 300, duration: 1s }]
          - kind: audio
            items: [{ tone: 500, duration: 1s }]
          - kind: audio
            items: [{ tone: 700, duration: 1s }]
        """

    @Test func limiterKeepsThreeLoudTonesFromClipping() throws {
        let workspace = try RenderWorkspace()
        let output = try workspace.render("cutlist: 1\noutput: { path: out.wav }\n" + Self.loudChord)
        let channels = try RenderOutput.samples(output, seconds: 1)
        for samples in channels {
            // Three unit sines sum to peaks near 3; 16-bit PCM would pin them at full scale.
            #expect(AudioAnalysis.peak(samples) <= 0.98 + 2.0 / 32_768)
            #expect(samples.filter { abs($0) >= 0.999 }.isEmpty, "clipped samples in the output")
            #expect(AudioAnalysis.rms(samples) > 0.25, "the limiter should lower the peaks, not silence the mix")
        }
    }

    @Test func limitedMixDecodesWithoutClippingFromAAC() throws {
        let workspace = try RenderWorkspace()
        let output = try workspace.render("cutlist: 1\noutput: { path: out.m4a }\n" + Self.loudChord)
        for samples in try RenderOutput.samples(output, seconds: 1) {
            #expect(AudioAnalysis.peak(samples) <= 1.0)
        }
    }
}
