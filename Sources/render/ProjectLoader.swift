import ArgumentParser
import Backend
import Compiler
import EDLParser
import Foundation
import Workspace

/// Compiles a project file against its real media and prints its diagnostics
/// the way a compiler does; the shared first half of `render`, `plan`, `frame`,
/// `check`, `export` and `diff`.
struct ProjectLoader {
    let path: String
    let overrides: [String: String]
    /// The folder relative paths resolve against, when not the file's own (a git
    /// diff driver reads old versions from temporary files).
    var directory: String?
    /// Set: diagnostics are kept there instead of printed.
    var collector: DiagnosticCollector?
    /// Probes each file once, for the compile and for whatever the caller asks of the project next.
    let projects = ProjectCompiler(media: MediaProbe(), checks: RenderChecks())

    init(path: String, assignments: [String], directory: String? = nil, collector: DiagnosticCollector? = nil) throws {
        self.path = path
        overrides = try Self.overrides(assignments)
        self.directory = directory
        self.collector = collector
    }

    var compiler: Compiler { projects.compiler }

    /// The plan, or exit status 2 after printing what is wrong.
    /// - Parameters:
    ///   - output: `-o`, relative to the working directory.
    ///   - preview: a quarter of the pixels and the fastest preset.
    func plan(output: String? = nil, preview: Bool = false) throws -> RenderPlan {
        try compile(output: output, preview: preview).plan
    }

    /// The parsed project, its plan, and every file it reads (absolute paths:
    /// the project, its compositions, subtitle and shader files, media, looks,
    /// fonts); see `plan(output:preview:)`.
    func compile(output: String? = nil, preview: Bool = false) throws -> (
        project: Project, plan: RenderPlan, filesRead: [String]
    ) {
        var outputPath: Located<String>?
        if let output {
            let path = URL(fileURLWithPath: output).standardizedFileURL.path
            guard Container(path: path) != nil else {
                throw ValidationError(
                    "'\(output)' has no known container extension; use one of: "
                        + Container.allCases.map { "." + $0.rawValue }.joined(separator: " "))
            }
            outputPath = Located(path, at: SourceLocation(file: "-o", line: 1, column: 1))
        }
        let source: ProjectSource
        switch ProjectSource.read(path, directory: directory, overrides: overrides) {
        case .success(let read): source = read
        case .failure(let problem):
            report([problem.diagnostic], sources: [:])
            throw ExitCode(2)
        }
        let result = projects.compile(source, output: outputPath, preview: preview)
        report(result.diagnostics, dropped: result.dropped, sources: result.sources)
        guard let project = result.project, let plan = result.plan else { throw ExitCode(2) }
        return (project, plan, result.filesRead)
    }

    /// Prints diagnostics with excerpts of the files in `sources` (the project
    /// and the files its compositions read), or keeps them in the collector.
    func report(_ diagnostics: [Diagnostic], dropped: Int = 0, sources: [String: String]) {
        guard !diagnostics.isEmpty else { return }
        if let collector {
            collector.diagnostics += diagnostics
            return
        }
        let renderer = DiagnosticRenderer(sources: sources, colored: Terminal.standardErrorIsTerminal)
        Terminal.printError(renderer.render(diagnostics, dropped: dropped), terminator: "")
    }

    /// A failed render or picture: at its place in the YAML, with the line, when
    /// the failure has one (a shader's item), else one line after `context`.
    func reportFailure(_ error: Error, context: String = "") {
        guard let failure = error as? RenderFailure, let location = failure.location else {
            Terminal.printError("error: \(context)\(Terminal.describe(error))")
            return
        }
        // The project names itself as given; a composition file relative to the project's folder.
        let folder = URL(fileURLWithPath: directory ?? (path as NSString).deletingLastPathComponent)
        let text =
            (try? String(contentsOfFile: location.file, encoding: .utf8))
            ?? (try? String(contentsOf: URL(fileURLWithPath: location.file, relativeTo: folder), encoding: .utf8))
        report([.error(failure.message, at: location)], sources: text.map { [location.file: $0] } ?? [:])
    }

    /// `--set KEY=VALUE` pairs as a dictionary; a malformed pair is a usage error.
    static func overrides(_ pairs: [String]) throws -> [String: String] {
        var result: [String: String] = [:]
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw ValidationError("--set takes NAME=VALUE, not '\(pair)'")
            }
            result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        return result
    }
}

/// Diagnostics kept for the caller to summarise (`render diff` as git's driver says one line).
final class DiagnosticCollector {
    var diagnostics: [Diagnostic] = []
}
