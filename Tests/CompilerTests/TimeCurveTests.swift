import EDLParser
import Testing

@testable import Compiler

/// `speed` keys and `time` keys lowered to a time map: exact where the curve is
/// linear, the item's length following from the keys, errors where they clash.
@Suite struct TimeCurveTests {
    let clip = MediaFacts.video(q(20), size: PixelSize(width: 320, height: 180), audio: true)

    func compile(_ item: String) throws -> CompileResult {
        try compileYAML(
            """
            cutlist: 1
            output: { size: 320x180, fps: 30 }
            tracks:
              - items: [\(item)]
            """, ["/p/a.mp4": clip])
    }

    func map(_ item: String) throws -> TimeMap {
        let result = try compile(item)
        let plan = try #require(result.plan, "\(result.diagnostics)")
        return try #require(plan.video.first?.layers.first?.timeMap)
    }

    @Test func aLinearRampIsExactOnTheRationalClock() throws {
        let map = try map("{ source: a.mp4, from: 1s, speed: [{ at: 0, value: 1 }, { at: 2s, value: 3 }], duration: 3s }")
        // 1 s + t + t²/2 while ramping: at 1/3 s, 1 + 1/3 + 1/18.
        #expect(map.sourceTime(at: q(1, 3)) == q(1) + q(1, 3) + q(1, 18))
        #expect(map.sourceTime(at: q(2)) == q(5))
        #expect(map.sourceTime(at: q(3)) == q(8))
        #expect(map.planText == "at 0s from 1s curve 0s +0s ×1→×3, 2s +4s ×3")
    }

    @Test func timeKeysFreezeAndRunBackwards() throws {
        let map = try map(
            "{ source: a.mp4, time: [{ at: 0, value: 2s }, { at: 1s, value: 4s }, { at: 2s, value: 4s }, { at: 3s, value: 1s }] }"
        )
        #expect(map.sourceTime(at: q(1, 2)) == q(3))
        #expect(map.sourceTime(at: q(3, 2)) == q(4))
        #expect(map.sourceTime(at: q(5, 2)) == q(5, 2))
        #expect(map.playsBackwards && !map.descends(at: q(1, 2)) && map.descends(at: q(5, 2)))
        // The item lasts to its last key; source 1 s to 2 s shows once going back.
        let shown = map.timelineRanges(ofSource: q(1), q(2), within: TimeRange(start: .zero, end: q(3)))
        #expect(shown == [TimeRange(start: q(8, 3), end: q(3))], "\(shown)")
    }

    @Test func clashingKeysAreErrorsAtTheirKeys() throws {
        let parsed = ProjectParser.parse(
            """
            cutlist: 1
            tracks:
              - items:
                  - { source: a.mp4, speed: 2, time: [{ at: 0, value: 1s }, { at: 1s, value: 2s }] }
                  - { source: a.mp4, loop: true, duration: 4s, speed: { from: 1, to: 2, duration: 1s } }
                  - { source: a.mp4, time: 2s }
            """, file: "/p/edit.yaml", directory: "/p", files: .disk())
        let messages = parsed.diagnostics.map(\.message)
        #expect(messages.contains("'speed' does not combine with 'time', which sets the source time at each key"))
        #expect(messages.contains("a changing 'speed' does not combine with 'loop'"))
        #expect(messages.contains("'time' takes keys: the source time shown at points of the item"))
        let ended = try compile("{ source: a.mp4, speed: { from: 1, to: 2 } }")
        #expect(
            ended.diagnostics.map(\.message) == [
                "this 'speed' key is timed from the item's end, but the item's length follows from its keys"
            ])
        let past = try compile("{ source: a.mp4, from: 10s, duration: 5s, speed: [{ at: 0, value: 1 }, { at: 5s, value: 4 }] }")
        #expect(
            past.diagnostics.map(\.message).first?.hasPrefix(
                "at these speeds the item reaches the end of 'a.mp4' (20s) about 4.34") == true)
    }

    /// A changed key leaves the chunks before the piece it shapes as they were.
    @Test func editingTheLastKeyKeepsTheChunksBeforeItsPiece() throws {
        func fingerprints(_ last: String) throws -> [(Range<Int64>, String)] {
            let result = try compile(
                "{ source: a.mp4, duration: 6s, speed: [{ at: 0, value: 1 }, { at: 2s, value: 1 }, { at: 4s, value: \(last) }] }")
            let plan = try #require(result.plan)
            return Chunker(plan: plan, identities: plan.sources.map { $0.kindText(relativeTo: "/") }).chunks { "test" }
                .map { ($0.frames, $0.fingerprint) }
        }
        let (before, after) = (try fingerprints("2"), try fingerprints("3"))
        #expect(before.map(\.0) == after.map(\.0))
        for (old, new) in zip(before, after) {
            // Frames from 2 s (60) on follow the edited ramp.
            #expect((old.1 == new.1) == (old.0.upperBound <= 60), "chunk \(old.0)")
        }
    }
}
