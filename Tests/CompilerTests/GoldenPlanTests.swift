import Disk
import EDLParser
import Foundation
import Testing

@testable import Compiler

/// The plan of every example made only of generated sources, compared with a
/// committed golden file, so a change to the compiler shows up as a readable
/// diff of `render plan` output. Regenerate with `UPDATE_GOLDEN=1 swift test --filter GoldenPlan`.
@Suite struct GoldenPlanTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Examples that need no media files (their plans are the same on every machine).
    static func generatedExamples() -> [String] {
        let folder = root.appendingPathComponent("examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().filter { name in
            guard let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) else { return false }
            return !text.contains("source:")
        }
    }

    /// The cases come from a folder: a wrong path would run none.
    @Test func everyExampleWithoutMediaHasItsGoldenPlan() throws {
        #expect(Self.generatedExamples().count == 13, "\(Self.generatedExamples())")
        let plans = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("Tests/CompilerTests/Golden").path)
        #expect(plans.filter { $0.hasSuffix(".plan") }.count == 13, "\(plans)")
    }

    @Test(arguments: generatedExamples())
    func planMatchesGolden(_ name: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("examples/\(name)"), encoding: .utf8)
        // The real folder: a file composition is read from it (plans print paths relative to it).
        let folder = Self.root.appendingPathComponent("examples").path
        let parsed = ProjectParser.parse(text, file: "examples/\(name)", directory: folder, files: .disk())
        let project = try #require(parsed.project, "\(parsed.diagnostics)")
        let result = Compiler(media: FakeMedia(files: [:])).compile(project)
        let plan = try #require(result.plan, "\(result.diagnostics)")
        try plan.verify()
        let golden = Self.root.appendingPathComponent(
            "Tests/CompilerTests/Golden/\(name.replacingOccurrences(of: ".yaml", with: ".plan"))")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil {
            try plan.text.write(to: golden, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(plan.text == expected, "the plan of \(name) changed; review `render plan` and regenerate the golden file")
    }
}
