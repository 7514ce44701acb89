import Compiler
import EDLParser
import Foundation
import Testing

@testable import Interchange

/// `render export` then `render import` at NTSC rates, the timeline re-saved
/// between them by OpenTimelineIO at the timeline's rate (as editors that keep
/// one rate do): every time comes back exact.
@Suite struct OTIORoundTripTests {
    /// Rescales every clip's and gap's range to the rate given as `N/D`.
    static let resave = """
        import sys, opentimelineio as otio
        numerator, denominator = map(int, sys.argv[2].split("/"))
        rate = numerator / denominator
        timeline = otio.adapters.read_from_file(sys.argv[1])
        for item in timeline.find_children():
            if isinstance(item, (otio.schema.Clip, otio.schema.Gap)):
                r = item.source_range
                item.source_range = otio.opentime.TimeRange(r.start_time.rescaled_to(rate), r.duration.rescaled_to(rate))
        otio.adapters.write_to_file(timeline, sys.argv[1])
        """

    /// A 25 fps clip of 51 frames (2.04 s) in an NTSC project: played to its end, its
    /// times are off the output's frames, and at the NTSC rate they are fractions
    /// of 1001ths (2.04 s is 61200/1001 frames at 29.97).
    static let media = StandInMedia(seconds: Rational(51, 25) ?? .zero, rate: FrameRate(Rational(25)))

    @Test(arguments: ["30000/1001", "24000/1001"])
    func anNTSCExportImportsBackWithTheSameTimes(_ fps: String) throws {
        let original = try project(
            """
            cutlist: 1
            output: { size: 160x90, fps: \(fps) }
            tracks:
              - items:
                  - { source: clip.mp4 }
                  - { gap: 10f }
                  - { source: clip.mp4, from: 1s, to: 2s }
                  - { text: "Hi", duration: 45f }
            """)
        let compiler = Compiler(media: Self.media)
        let timeline = try #require(compiler.otioTimeline(original).timeline)
        let file = TemporaryPath()
        defer { file.remove() }
        try JSONEncoder().encode(timeline).write(to: URL(fileURLWithPath: file.path))
        try python(Self.resave, file.path, fps)
        let data = try #require(FileManager.default.contents(atPath: file.path))
        var importer = OTIOImporter(directory: "/media", projectFolder: "/media", offline: .error) { _ in true }
        let text = try importer.project(from: data)
        #expect(
            text.hasSuffix(
                """
                tracks:
                - kind: video
                  name: "track 1"
                  items:
                  - {source: "clip.mp4", from: 0f, to: 2.04s}
                  - {gap: 10f}
                  - {source: "clip.mp4", from: 1s, to: 2s}
                  - {text: "Hi", duration: 45f}

                """), "\(text)")
        // The same items over the same exact times.
        let times = { (project: Project) throws -> [String] in
            try #require(compiler.editTimeline(project).timeline).items.map {
                "\($0.kind) \($0.start) \($0.end) \(String(describing: $0.sourceIn)) \(String(describing: $0.sourceOut))"
            }
        }
        #expect(try times(project(text)) == times(original))
    }
}
