import Backend
import EDLParser
import Foundation
import Testing
import Workspace

/// What an editor and the studio get from one compile: the text as given (not
/// the file on disk), every diagnostic with its place, and a plan only without errors.
@Suite struct ProjectCompilerTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("workspace-\(UUID().uuidString)").path

    @Test func anUnsavedBufferIsCompiledNotTheFileOnDisk() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/edit.yaml"
        try "cutlist: 1\ntracks: []\n".write(toFile: path, atomically: true, encoding: .utf8)
        let buffer = """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            tracks:
              - items:
                  - color: blak
                    duration: 1s
                  - source: missing.mp4

            """
        let result = ProjectCompiler(media: MediaProbe(), checks: RenderChecks()).compile(ProjectSource(path: path, text: buffer))
        #expect(result.plan == nil)
        #expect(
            result.diagnostics.map(\.description) == [
                "\(path):5:16: error: 'blak' is not a color; expected a CSS name such as 'red', 'transparent', '#rgb', '#rrggbb', '#rrggbbaa' or 'rgba(255, 0, 0, 0.5)'",
                "\(path):7:17: error: 'missing.mp4' does not exist",
            ])
        #expect(result.sources[path] == buffer)
    }

    @Test func aGoodBufferGivesItsPlan() {
        let text = "cutlist: 1\noutput: { size: 160x90, fps: 25 }\ntracks:\n  - items:\n      - { color: red, duration: 2s }\n"
        let result = ProjectCompiler(media: MediaProbe(), checks: RenderChecks()).compile(
            ProjectSource(path: "/nowhere/edit.yaml", text: text))
        #expect(result.diagnostics.isEmpty)
        #expect(result.plan?.output.frameCount == 50)
    }
}
