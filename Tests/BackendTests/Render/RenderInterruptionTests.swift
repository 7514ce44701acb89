import Compiler
import EDLParser
import Foundation
import Testing

@testable import Backend

/// An interrupted render leaves an earlier output untouched and no partial file.
@Suite struct RenderInterruptionTests {
    @Test func interruptedRenderKeepsTheEarlierOutput() throws {
        let workspace = try RenderWorkspace()
        let project = """
            cutlist: 1
            output: { path: out.mp4, size: 160x90, fps: 25 }
            tracks:
              - items: [{ pattern: counter, duration: 2s }]
              - kind: audio
                items: [{ tone: 440, duration: 2s }]
            """
        let destination = try workspace.render(project)
        let before = try #require(FileManager.default.contents(atPath: destination))
        #expect(try RenderOutput.pictures(destination).count == 50)

        // The same project again, this time with a different picture, stopped after 5 frames.
        let plan = try workspace.plan(project.replacingOccurrences(of: "pattern: counter", with: "color: red"))
        let output = SafeOutput(destination: destination)
        var asked = 0
        var failure: RenderFailure?
        do {
            try Renderer(plan: plan).render(
                to: output.temporary,
                isCancelled: {
                    asked += 1
                    return asked > 5
                })
            try output.commit()
        } catch let error as RenderFailure {
            failure = error
            output.discard()
        }
        #expect(failure?.isCancellation == true, "the render was not cancelled: \(String(describing: failure))")
        #expect(asked == 6)
        #expect(FileManager.default.contents(atPath: destination) == before)
        #expect(!FileManager.default.fileExists(atPath: output.temporary))
        let left = try FileManager.default.contentsOfDirectory(atPath: workspace.directory).sorted()
        #expect(left == ["out.mp4"])
    }
}
