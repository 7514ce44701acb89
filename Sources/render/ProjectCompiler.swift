import ArgumentParser
import Backend
import Compiler
import EDLParser
import Foundation

/// Loads, parses and compiles a project against its real media, printing
/// diagnostics; the shared first half of `render`, `plan` and `frame`.
struct ProjectCompiler {
    let loader: ProjectLoader

    init(path: String, assignments: [String]) throws {
        loader = ProjectLoader(path: path, overrides: try ProjectLoader.overrides(assignments))
    }

    /// The plan, or exit status 2 after printing what is wrong.
    /// - Parameters:
    ///   - output: `-o`, relative to the working directory.
    ///   - preview: a quarter of the pixels and the fastest preset.
    func plan(output: String? = nil, preview: Bool = false) throws -> RenderPlan {
        let (parsed, source) = loader.load()
        guard var project = parsed else { throw ExitCode(2) }
        if let output {
            let path = URL(fileURLWithPath: output).standardizedFileURL.path
            guard Container(path: path) != nil else {
                throw ValidationError("'\(output)' has no known container extension; use one of: "
                    + Container.allCases.map { "." + $0.rawValue }.joined(separator: " "))
            }
            project.output.path = Located(path, at: SourceLocation(file: "-o", line: 1, column: 1))
        }
        let result = Compiler(media: MediaProbe()).compile(project)
        loader.report(result.diagnostics, source: source)
        guard var plan = result.plan else { throw ExitCode(2) }
        if preview {
            // Laid out as the project says, drawn and encoded at half the width and height.
            plan.output.pictureScale = 0.5
            plan.output.video?.preset = "ultrafast"
        }
        return plan
    }
}
