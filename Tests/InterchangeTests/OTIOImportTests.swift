import Compiler
import EDLParser
import Foundation
import Testing

@testable import Interchange

/// `render import` decodes OpenTimelineIO's JSON into typed values and reads
/// its times, two doubles each, as the exact times they stand for.
@Suite struct OTIOImportTests {
    /// The project an OTIO file imports to, every media file present.
    static func imported(_ data: Data) throws -> String {
        var importer = OTIOImporter(directory: "/media", offline: .slate) { _ in true }
        return try importer.project(from: data)
    }

    /// A timeline of another tool's making: OpenTimelineIO's Python library,
    /// times given in seconds at 29.97 fps (so stored as 44.955044955044955
    /// frames for 1.5 s), a clip at 23.976 fps, a speed of 2/3, markers and
    /// another tool's metadata, a transition, a gap, a nested stack and a clip
    /// whose media is missing.
    static let pythonTimeline = """
        import sys, opentimelineio as otio
        ntsc, film = 30000 / 1001, 24000 / 1001
        def seconds(start, duration, rate=ntsc):
            return otio.opentime.TimeRange(
                otio.opentime.from_seconds(start, rate), otio.opentime.from_seconds(duration, rate))
        def clip(name, range, url="clip.mp4"):
            return otio.schema.Clip(
                name=name, media_reference=otio.schema.ExternalReference(target_url=url), source_range=range)
        timeline = otio.schema.Timeline(name="from python")
        track = otio.schema.Track(name="main")
        timeline.tracks.append(track)
        first = clip("first", seconds(1.5, 2))
        first.markers.append(otio.schema.Marker(name="look", marked_range=seconds(0, 0)))
        first.metadata["another tool"] = {"rating": 5, "tags": ["a", "b"]}
        track.append(first)
        track.append(otio.schema.Transition(
            in_offset=otio.opentime.RationalTime(6, ntsc), out_offset=otio.opentime.RationalTime(6, ntsc)))
        slow = clip("slow", otio.opentime.TimeRange(
            otio.opentime.RationalTime(24, film), otio.opentime.RationalTime(48, film)))
        slow.effects.append(otio.schema.LinearTimeWarp(time_scalar=2 / 3))
        track.append(slow)
        track.append(otio.schema.Gap(source_range=seconds(0, 0.5)))
        nested = otio.schema.Stack(name="inner")
        inner = otio.schema.Track(name="inside")
        inner.append(clip("deep", seconds(0.25, 1)))
        nested.append(inner)
        track.append(nested)
        track.append(otio.schema.Clip(
            name="lost", media_reference=otio.schema.MissingReference(), source_range=seconds(0, 1)))
        otio.adapters.write_to_file(timeline, sys.argv[1])
        """

    @Test func aTimelineOpenTimelineIOWroteImportsWithExactTimes() throws {
        let file = TemporaryPath()
        defer { file.remove() }
        try python(Self.pythonTimeline, file.path)
        let data = try #require(FileManager.default.contents(atPath: file.path))
        #expect(
            try Self.imported(data) == """
                # Imported from OpenTimelineIO "from python".
                cutlist: 1
                output: {fps: 30000/1001}
                assets:
                  "first": "/media/clip.mp4"
                tracks:
                - kind: video
                  name: "main"
                  items:
                  - {source: "first", from: 1.5s, to: 18501/5000s}
                  - {transition: crossfade, duration: 12f}
                  - {source: "first", from: 26f, to: 70f, speed: 2/3}
                  - {gap: 0.5s}
                  - group:
                      tracks:
                      - kind: video
                        name: "inside"
                        items:
                        - {source: "first", from: 0.25s, to: 1.25s}
                  - group:
                      duration: 1s
                      tracks:
                      - {items: [{color: '#2d3436', until: end}]}
                      - {items: [{text: "offline: lost", font_size: 36, until: end}]}

                """, "1.5 s is 1.5s, not 44955045/1000000 frames; 2/3 is 2/3, not 0.6667")
    }

    @Test func aFieldOfTheWrongTypeIsNamedByItsPlace() throws {
        let json = """
            {"OTIO_SCHEMA": "Timeline.1", "name": "t", "tracks": {"OTIO_SCHEMA": "Stack.1", "children": [
              {"OTIO_SCHEMA": "Track.1", "kind": "Video", "children": [
                {"OTIO_SCHEMA": "Gap.1", "source_range": {"OTIO_SCHEMA": "TimeRange.1",
                  "start_time": {"OTIO_SCHEMA": "RationalTime.1", "value": 0, "rate": 24},
                  "duration": {"OTIO_SCHEMA": "RationalTime.1", "value": "24", "rate": 24}}}]}]}}
            """
        #expect(throws: OTIOImporter.Failure.self) { try Self.imported(Data(json.utf8)) }
        do {
            _ = try Self.imported(Data(json.utf8))
        } catch {
            #expect(
                "\(error)"
                    == "the timeline's 'tracks.children[0].children[0].source_range.duration.value' is not a number")
        }
    }

    @Test func anItemOfASchemaCutlistDoesNotReadIsRefusedByName() throws {
        let json = """
            {"OTIO_SCHEMA": "Timeline.1", "tracks": {"OTIO_SCHEMA": "Stack.1", "children": [
              {"OTIO_SCHEMA": "Track.1", "children": [{"OTIO_SCHEMA": "ImageSequence.1", "name": "frames"}]}]}}
            """
        do {
            _ = try Self.imported(Data(json.utf8))
            Issue.record("imported")
        } catch {
            #expect("\(error)" == "'ImageSequence' items are not supported ('frames')")
        }
    }

    /// `n/d`, for the cases below (all valid fractions).
    static func q(_ numerator: Int64, _ denominator: Int64 = 1) -> Rational { Rational(numerator, denominator) ?? .zero }

    static let fractions: [(Double, Int64, Rational)] = [
        (35.964035964035966, 1_000_000, q(36000, 1001)),
        (44.955044955044955, 1_000_000, q(45000, 1001)),
        (23.976023976023978, 1001, q(24000, 1001)),
        (12.5, 1_000_000, q(25, 2)),
        (0.1, 1_000_000, q(1, 10)),
        (-2.5, 1_000_000, q(-5, 2)),
        (2.0 / 3.0, 10_000, q(2, 3)),
        (0.6667, 10_000, q(6667, 10_000)),
        // Past the bound: the last convergent within it.
        (3.14159265358979, 1000, q(355, 113)),
        (0, 1, q(0)),
    ]

    @Test(arguments: fractions)
    func aDoubleIsTheSimplestFractionItStandsFor(_ value: Double, _ bound: Int64, _ expected: Rational) {
        #expect(Rational.simplest(near: value, maxDenominator: bound) == expected)
    }

    @Test func aDoubleBeyondExactArithmeticIsNoFraction() {
        #expect(Rational.simplest(near: .infinity, maxDenominator: 1000) == nil)
        #expect(Rational.simplest(near: 1e19, maxDenominator: 1000) == nil)
    }
}
