import ArgumentParser
import Backend
import Compiler
import EDLParser
import Foundation

/// Loads, parses and compiles a project against its real media, printing
/// diagnostics; the shared first half of `render`, `plan` and `frame`.
struct ProjectCompiler {
    let loader: ProjectLoader
    /// Probes each file once, for the compile and for whatever the caller asks of the project next.
    let compiler = Compiler(media: MediaProbe())

    init(path: String, assignments: [String], directory: String? = nil, collector: DiagnosticCollector? = nil) throws {
        loader = ProjectLoader(
            path: path, overrides: try ProjectLoader.overrides(assignments), directory: directory, collector: collector)
    }

    /// The plan, or exit status 2 after printing what is wrong.
    /// - Parameters:
    ///   - output: `-o`, relative to the working directory.
    ///   - preview: a quarter of the pixels and the fastest preset.
    func plan(output: String? = nil, preview: Bool = false) throws -> RenderPlan {
        try compile(output: output, preview: preview).plan
    }

    /// The parsed project, its plan, and the other project files its compositions
    /// read (absolute paths); see `plan(output:preview:)`.
    func compile(output: String? = nil, preview: Bool = false) throws -> (
        project: Project, plan: RenderPlan, included: [String]
    ) {
        guard let (parsed, source) = loader.load() else { throw ExitCode(2) }
        // Every phase runs that does not depend on an earlier failure: files are
        // checked even when the project has errors, and media are probed and the
        // timeline checked with the items that failed left out.
        guard var project = parsed.project ?? parsed.partial else {
            loader.report(parsed.diagnostics, dropped: parsed.droppedCount, source: source, included: parsed.includedFiles)
            throw ExitCode(2)
        }
        if let output {
            let path = URL(fileURLWithPath: output).standardizedFileURL.path
            guard Container(path: path) != nil else {
                throw ValidationError(
                    "'\(output)' has no known container extension; use one of: "
                        + Container.allCases.map { "." + $0.rawValue }.joined(separator: " "))
            }
            project.output.path = Located(path, at: SourceLocation(file: "-o", line: 1, column: 1))
        }
        let problems = project.referencedFiles.compactMap { file in
            Self.fileProblem(file, directory: project.directory).map { (path: file.value, diagnostic: $0) }
        }
        let missing = problems.map(\.diagnostic)
        var found = DiagnosticList()
        for diagnostic in parsed.diagnostics + missing { found.append(diagnostic) }
        var result: CompileResult?
        if let failed = itemsLeftOut(project, parsed: parsed, missing: Set(problems.map(\.path))) {
            result = compiler.compile(project, leavingOut: failed)
            for diagnostic in result?.diagnostics ?? [] { found.append(diagnostic) }
        }
        loader.report(
            found.sorted, dropped: parsed.droppedCount + found.droppedCount, source: source, included: parsed.includedFiles)
        guard parsed.project != nil, missing.isEmpty, var plan = result?.plan else { throw ExitCode(2) }
        let oversized = TextRasterizer.oversizedTexts(in: plan)
        loader.report(oversized, source: source, included: parsed.includedFiles)
        guard oversized.isEmpty else { throw ExitCode(2) }
        if preview {
            // Laid out as the project says, drawn and encoded at half the width and height.
            plan.output.pictureScale = 0.5
            plan.output.video?.preset = "ultrafast"
        }
        let included = parsed.includedFiles.keys.sorted().map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        return (project, plan, included)
    }

    /// The items to leave out of the compile: those with errors of their own and
    /// those whose files are missing; nil when an error lies outside items (the
    /// output, a track, a missing file of a track or of no item), as everything
    /// compiled would then depend on it.
    private func itemsLeftOut(_ project: Project, parsed: ParseResult, missing: Set<String>) -> Set<SourceLocation>? {
        guard parsed.project != nil || parsed.isCheckable else { return nil }
        var failed = parsed.failedItems
        var itemFiles = Set<String>()
        for item in project.tracks.flatMap(\.items) {
            let files = Set(item.referencedFiles.map(\.value))
            itemFiles.formUnion(files)
            if !files.isDisjoint(with: missing) { failed.insert(item.location) }
        }
        guard missing.isSubset(of: itemFiles) else { return nil }
        return failed
    }

    /// A diagnostic for a referenced file that is missing or unreadable, naming it
    /// relative to the project's directory as the user wrote it.
    static func fileProblem(_ file: Located<String>, directory: String) -> Diagnostic? {
        let name = relativePath(file.value, to: directory)
        var isDirectory: ObjCBool = false
        let manager = FileManager.default
        if !manager.fileExists(atPath: file.value, isDirectory: &isDirectory) {
            // Sample media is made by a project of the same name plus `.yaml` (`make media` in examples/).
            let maker = file.value + ".yaml"
            let hint =
                manager.fileExists(atPath: maker)
                ? "it is made by rendering '\(URL(fileURLWithPath: maker).lastPathComponent)' beside it (for the examples: make media)"
                : nil
            return .error("'\(name)' does not exist", at: file.location, hint: hint)
        }
        if isDirectory.boolValue { return .error("'\(name)' is a directory, not a media file", at: file.location) }
        // Reading a pipe, socket or device would block or never end.
        if let type = (try? manager.attributesOfItem(atPath: file.value))?[.type] as? FileAttributeType, type != .typeRegular {
            return .error("'\(name)' is not a regular file (a pipe, socket or device), so it cannot be media", at: file.location)
        }
        if !manager.isReadableFile(atPath: file.value) { return .error("'\(name)' cannot be read", at: file.location) }
        return nil
    }
}
