import Compiler
import EDLParser
import Foundation
import TestSupport
import Testing

@testable import Backend

/// `speed` keys and `time` keys: each output frame shows the source frame the
/// time map gives, and the sound follows the rate.
@Suite struct TimeCurveRenderTests {
    private func shown(_ item: String) throws -> [Int] {
        let source = try ReverseTests.numbered("numbered-600.mp4", frames: 600, options: ["-g", "50"])
        let workspace = try RenderWorkspace()
        let path = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 64x64, fps: 25, video: { codec: h264, crf: 0 } }
            tracks:
              - items: [{ source: "\(source)", \(item) }]
            """)
        return try RenderOutput.pictures(path).map(ReverseTests.number)
    }

    /// Speed 1 rising to 3 over 2 s, then 3: source time t + t²/2, then 4 s + 3(t − 2 s).
    @Test func aLinearRampShowsTheFramesItsIntegralGives() throws {
        let frames = try shown("speed: [{ at: 0, value: 1 }, { at: 2s, value: 3 }], duration: 3s")
        // At frame k (t = k/25): 25·s = k + k²/50 while ramping, 3k − 50 after.
        let expected = (0..<75).map { k in k <= 50 ? k + k * k / 50 : 3 * k - 50 }
        #expect(frames == expected)
    }

    /// The same ramp eased: the frame of the ease's integral, to the frame.
    @Test func anEasedRampFollowsTheEasesIntegral() throws {
        let frames = try shown("speed: [{ at: 0, value: 1, ease: ease-in-out }, { at: 2s, value: 3 }], duration: 3s")
        let ease = Ease.easeInOut
        // Elapsed source seconds at t: ∫ (1 + 2·ease(x)) dt, x = t / 2, by a fine midpoint sum.
        func elapsed(_ t: Double) -> Double {
            guard t > 2 else {
                let steps = 20_000
                let h = t / Double(steps)
                return (0..<steps).reduce(0.0) { sum, i in sum + h * (1 + 2 * ease.progress((Double(i) + 0.5) * h / 2)) }
            }
            return elapsed(2) + 3 * (t - 2)
        }
        #expect(frames.count == 75)
        for (k, frame) in frames.enumerated() {
            let exact = elapsed(Double(k) / 25) * 25
            // Right at a frame's edge either neighbour is within the curve's precision.
            let allowed = abs(exact - exact.rounded()) < 1e-3 ? [Int(exact.rounded()) - 1, Int(exact.rounded())] : [Int(exact)]
            #expect(allowed.contains(frame), "output frame \(k): source \(exact)")
        }
    }

    /// Without `duration` the ramp's item lasts until it reaches `to`.
    @Test func aRampedRangeLastsUntilItsIntegralReachesTo() throws {
        // 1 → 3 over 2 s plays 4 s of source; then 2 s more at 3× take 2/3 s: 2.667 s, 67 frames.
        let frames = try shown("to: 6s, speed: [{ at: 0, value: 1 }, { at: 2s, value: 3 }]")
        #expect(frames.count == 67)
        #expect(frames.last == 3 * 66 - 50)
    }

    /// `time` keys: 2 s to 4 s in one second, held for a second, then back to 1 s.
    @Test func timeKeysPlayForwardsFreezeAndGoBackwards() throws {
        let frames = try shown(
            "time: [{ at: 0, value: 2s }, { at: 1s, value: 4s }, { at: 2s, value: 4s }, { at: 3s, value: 1s }]")
        let forwards = (0..<25).map { 50 + 2 * $0 }
        let frozen = [Int](repeating: 100, count: 25)
        // Backwards a frame is the one whose interval (start, end] holds the time.
        let backwards = (50..<75).map { 99 - 3 * ($0 - 50) }
        #expect(frames == forwards + frozen + backwards)
    }

    /// A ramp played backwards starts at the range's end.
    @Test func aReversedRampRunsDownFromTheRangesEnd() throws {
        let frames = try shown("to: 6s, speed: [{ at: 0, value: 1 }, { at: 2s, value: 3 }], reverse: true")
        #expect(frames.count == 67)
        let expected = (0..<67).map { k in 150 - 1 - (k <= 50 ? k + k * k / 50 : 3 * k - 50) }
        // The mirror of the forward frames, each the frame ending where the forward one starts.
        #expect(frames == expected)
    }

    /// The first `seconds` of the sound of `item` (a mapping's keys) played from a 9 s, 1 kHz tone file.
    private func tone(_ item: String, seconds: Double) throws -> [Float] {
        let workspace = try RenderWorkspace()
        try MediaFixtures.ffmpeg([
            "-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=48000:duration=9", "-c:a", "pcm_s16le",
            workspace.directory + "/tone.wav",
        ])
        let path = try workspace.render(
            """
            cutlist: 1
            output: { path: out.wav }
            tracks:
              - kind: audio
                items: [{ source: tone.wav, \(item) }]
            """)
        return try RenderOutput.samples(path, seconds: seconds)[0]
    }

    /// A 1 kHz tone through a ramp from 1× at 1 s to 2× at 3 s, then 2× to 5 s.
    private func rampedTone(pitch: String) throws -> [Float] {
        try tone("duration: 5s, pitch: \(pitch), speed: [{ at: 1s, value: 1 }, { at: 3s, value: 2 }]", seconds: 5)
    }

    private func frequency(_ samples: [Float], _ from: Double, _ to: Double) -> Double {
        AudioAnalysis.dominantFrequency(samples[Int(from * 48_000)..<Int(to * 48_000)], sampleRate: 48_000) ?? 0
    }

    @Test func aRampKeepsTheTonesPitchWithoutSteps() throws {
        let samples = try rampedTone(pitch: "keep")
        #expect(samples.count == 240_000)
        for (from, to) in [(0.2, 0.9), (1.2, 1.6), (2.4, 2.8), (3.3, 4.8)] {
            let hz = frequency(samples, from, to)
            #expect(abs(hz - 1000) < 10, "\(hz) Hz in \(from)...\(to) s")
        }
        // The tone's own largest step from one sample to the next, and the largest near each key.
        let own = zip(samples[9_600..<40_000], samples[9_601..<40_001]).map { abs($0 - $1) }.max() ?? 0
        for key in [1.0, 3.0] {
            let around = Int((key - 0.05) * 48_000)..<Int((key + 0.05) * 48_000)
            let step = around.map { abs(samples[$0 + 1] - samples[$0]) }.max() ?? 0
            #expect(step <= own * 1.02, "a step of \(step) near \(key) s; the tone's own is \(own)")
        }
    }

    /// `time` keys: a freeze is silent, as editors mute a held frame; the stretches
    /// around it play at their own rates (here 1×, then backwards).
    @Test func aFrozenStretchIsSilentAndTheRestIsHeard() throws {
        let samples = try tone(
            "time: [{ at: 0, value: 1s }, { at: 1s, value: 2s }, { at: 2s, value: 2s }, { at: 3s, value: 1s }]", seconds: 3)
        let level = { (from: Double, to: Double) in
            AudioAnalysis.dBFS(AudioAnalysis.rms(samples[Int(from * 48_000)..<Int(to * 48_000)]))
        }
        #expect(abs(level(0.2, 0.8) + 21.07) < 0.1, "forwards, at the tone's own level (its peak is 1/8)")
        #expect(level(1.1, 1.9) < -90, "frozen: \(level(1.1, 1.9)) dBFS")
        #expect(abs(level(2.2, 2.8) + 21.07) < 0.1, "backwards")
        #expect(abs(frequency(samples, 2.2, 2.8) - 1000) < 10)
    }

    @Test func aRampWithPitchShiftRisesLikeTape() throws {
        let samples = try rampedTone(pitch: "shift")
        #expect(samples.count == 240_000)
        #expect(abs(frequency(samples, 0.2, 0.9) - 1000) < 10)
        #expect(abs(frequency(samples, 1.9, 2.1) - 1500) < 30)
        #expect(abs(frequency(samples, 3.3, 4.8) - 2000) < 20)
    }

    /// `frames: blend` at 4×: output frame k is the average of source frames 4k to 4k + 3,
    /// whose numbers give luma 16 + 4·n above the middle: 22 + 16k, not 16 + 16k.
    @Test func blendedFramesAverageTheSourceFramesTheySpan() throws {
        let source = try ReverseTests.numbered("numbered-600.mp4", frames: 600, options: ["-g", "50"])
        let workspace = try RenderWorkspace()
        func tops(_ keys: String) throws -> [Double] {
            let path = try workspace.render(
                """
                cutlist: 1
                output: { path: out.mp4, size: 64x64, fps: 25, video: { codec: h264, crf: 0 } }
                tracks:
                  - items: [{ source: "\(source)", duration: 0.4s, speed: 4\(keys) }]
                """)
            return try RenderOutput.pictures(path).map { $0.meanLuma(x: 0..<64, y: 0..<32) }
        }
        let blended = try tops(", frames: blend")
        #expect(blended.count == 10)
        for (k, luma) in blended.enumerated() { #expect(abs(luma - Double(22 + 16 * k)) < 0.6, "frame \(k): \(luma)") }
        let nearest = try tops("")
        for (k, luma) in nearest.enumerated() { #expect(abs(luma - Double(16 + 16 * k)) < 0.6, "frame \(k): \(luma)") }
    }
}
