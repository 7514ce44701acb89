import Backend
import Compiler
import EDLParser
import Foundation
import Interchange
import Testing

/// `render export` of every example: OpenTimelineIO's Python library reads it
/// back as long as the output, with a clip for each item (a composition's inside its stack).
@Suite("Example export")
struct ExampleExportTests {
    @Test("the example exports to a timeline OpenTimelineIO reads with its length", arguments: ExampleWorkspace.exampleNames)
    func exportsReadBack(_ name: String) async throws {
        try await ExampleWorkspace.shared.prepareMedia()
        let path = "\(ExampleWorkspace.directory)/\(name).yaml"
        let project = try ExampleRenderer.parse(path)
        let compiler = Compiler(media: MediaProbe())
        let plan = try #require(compiler.compile(project).plan)
        let timeline = try #require(compiler.otioTimeline(project).timeline)
        let file = "\(ExampleWorkspace.directory)/\(name).otio"
        try JSONEncoder().encode(timeline).write(to: URL(fileURLWithPath: file))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            """
            import sys, opentimelineio as otio
            timeline = otio.adapters.read_from_file(sys.argv[1])
            print(max([t.duration().value for t in timeline.tracks] or [0]))
            print(sum(1 for _ in timeline.find_clips()))
            """, file,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = output.split(separator: "\n").compactMap { Double($0) }
        try #require(process.terminationStatus == 0 && lines.count == 2, "\(name): \(output)")
        // The longest track lasts the output.
        #expect(lines[0] == Double(plan.output.frameCount), "\(name): \(lines[0]) frames against \(plan.output.frameCount)")
        let items = Self.clips(project.tracks)
        #expect(Int(lines[1]) == items, "\(name): \(lines[1]) clips for \(items) items")
    }

    /// The clips of an export: an item each, a composition's own items in its stack.
    static func clips(_ tracks: [Track]) -> Int {
        tracks.flatMap(\.items).reduce(0) { count, item in
            if case .composition(let composition) = item.content { return count + clips(composition.tracks) }
            return count + (item.isGap || item.isTransition ? 0 : 1)
        }
    }
}
