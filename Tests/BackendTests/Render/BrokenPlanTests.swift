import Compiler
import EDLParser
import Foundation
import Testing

@testable import Backend

/// A plan that breaks an invariant (a compiler bug) is refused before anything
/// is rendered, as an internal error: not a crash, not a short output.
@Suite struct BrokenPlanTests {
    static let project = """
        cutlist: 1
        output: { path: out.mp4, size: 160x90, fps: 25 }
        tracks:
          - items: [{ color: red, duration: 1s }, { color: blue, duration: 1s }]
        """
    static let message =
        "internal error: the compiled plan is inconsistent (segments end at frame 25, not 50); please report this"

    /// The message of the `RenderFailure` that `body` throws.
    private func failure(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return (error as? RenderFailure)?.message ?? "\(error)"
        }
    }

    private func brokenPlan(in workspace: RenderWorkspace) throws -> RenderPlan {
        var plan = try workspace.plan(Self.project)
        try #require(plan.video.count == 2)
        plan.video.removeLast()
        return plan
    }

    @Test func aRenderRefusesIt() throws {
        let workspace = try RenderWorkspace()
        let plan = try brokenPlan(in: workspace)
        let path = workspace.directory + "/out.mp4"
        let message = failure { try Renderer(plan: plan).render(to: path) }
        #expect(message == Self.message)
        #expect(!FileManager.default.fileExists(atPath: path), "nothing was written")
    }

    @Test func aFrameRefusesIt() throws {
        let workspace = try RenderWorkspace()
        let plan = try brokenPlan(in: workspace)
        let message = failure { _ = try Renderer(plan: plan).picture(at: 0) }
        #expect(message == Self.message)
    }

    @Test func aChunkedRenderRefusesIt() throws {
        let workspace = try RenderWorkspace()
        let plan = try brokenPlan(in: workspace)
        let cache = try ChunkCache(directory: workspace.directory + "/cache")
        let path = workspace.directory + "/out.mp4"
        let message = failure { try Executor(plan: plan, cache: cache, jobs: 1).join(to: path) }
        #expect(message == Self.message)
        #expect(!FileManager.default.fileExists(atPath: path), "nothing was written")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: workspace.directory + "/cache/chunks").isEmpty)
    }
}
