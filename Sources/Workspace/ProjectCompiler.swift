import Backend
import Compiler
import EDLParser
import Foundation

/// A project file's text as the compiler reads it: from disk, or an editor's
/// unsaved buffer.
public struct ProjectSource: Sendable {
    /// The file name diagnostics give.
    public var path: String
    public var text: String
    /// The folder relative paths resolve against.
    public var directory: String
    /// `--set NAME=VALUE` pairs, which win over `vars:`.
    public var overrides: [String: String]

    public init(path: String, text: String, directory: String? = nil, overrides: [String: String] = [:]) {
        self.path = path
        self.text = text
        self.directory =
            directory ?? URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
        self.overrides = overrides
    }

    /// The file at `path`, or the diagnostic that says why it cannot be read
    /// as a project (too large, a folder, missing, unreadable, not UTF-8).
    public static func read(
        _ path: String, directory: String? = nil, overrides: [String: String] = [:]
    ) -> Result<ProjectSource, ReadProblem> {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        // Refused before it is read, so a file of gigabytes is not read into memory first.
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int ?? 0
        if !isDirectory.boolValue, let problem = ProjectParser.sizeProblem(bytes: size, file: path) {
            return .failure(ReadProblem(diagnostic: problem))
        }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: url.path) else {
            let reason =
                isDirectory.boolValue ? "is a directory, not a project file" : exists ? "cannot be read" : "does not exist"
            return .failure(ReadProblem(diagnostic: .error("project file '\(path)' \(reason)", at: nil)))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(
                ReadProblem(
                    diagnostic: .error(
                        "the project file is not UTF-8 text", at: SourceLocation(file: path, line: 1, column: 1))))
        }
        return .success(ProjectSource(path: path, text: text, directory: directory, overrides: overrides))
    }

    /// Why a project file could not be read: one diagnostic, with no excerpt to show.
    public struct ReadProblem: Error, Sendable {
        public var diagnostic: Diagnostic
    }
}

/// Everything one compile of a project found: what the terminal, the studio
/// and the editor each show in their own way.
public struct Compilation: Sendable {
    /// Every diagnostic of every phase, in source order.
    public var diagnostics: [Diagnostic] = []
    /// Errors found beyond the list's limit, counted but not kept.
    public var dropped = 0
    /// The parsed project (partial when it has errors in items); nil when the YAML itself is broken.
    public var project: Project?
    /// The plan; nil when there is any error.
    public var plan: RenderPlan?
    /// The text of every file a diagnostic may point into (the project and the
    /// composition files it read), by the name diagnostics give, for excerpts.
    public var sources: [String: String] = [:]
    /// The other project files its compositions read, as absolute paths.
    public var included: [String] = []

    public var hasErrors: Bool { plan == nil }
}

/// Parses and compiles a project against its real media. The compiler
/// remembers each file's facts, so one `ProjectCompiler` kept between compiles
/// (an editor's edits) probes a file once.
public struct ProjectCompiler: Sendable {
    public let compiler: Compiler

    public init(media: any MediaInfo = MediaProbe()) {
        compiler = Compiler(media: media)
    }

    /// - Parameters:
    ///   - output: the output path given on the command line, which wins over the project's.
    ///   - preview: laid out as the project says, drawn and encoded at half the
    ///     width and height with the fastest preset.
    public func compile(_ source: ProjectSource, output: Located<String>? = nil, preview: Bool = false) -> Compilation {
        let parsed = ProjectParser.parse(
            source.text, file: source.path, directory: source.directory, overrides: source.overrides)
        var result = Compilation()
        result.sources = parsed.includedFiles.merging([source.path: source.text]) { $1 }
        result.included = parsed.includedFiles.keys.sorted().map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        // Every phase runs that does not depend on an earlier failure: files are
        // checked even when the project has errors, and media are probed and the
        // timeline checked with the items that failed left out.
        guard var project = parsed.project ?? parsed.partial else {
            result.diagnostics = parsed.diagnostics
            result.dropped = parsed.droppedCount
            return result
        }
        if let output { project.output.path = output }
        result.project = project
        let problems = project.referencedFiles.compactMap { file in
            Self.fileProblem(file, directory: project.directory).map { (path: file.value, diagnostic: $0) }
        }
        let missing = problems.map(\.diagnostic)
        var found = DiagnosticList()
        for diagnostic in parsed.diagnostics + missing { found.append(diagnostic) }
        var compiled: CompileResult?
        if let failed = itemsLeftOut(project, parsed: parsed, missing: Set(problems.map(\.path))) {
            compiled = compiler.compile(project, leavingOut: failed)
            for diagnostic in compiled?.diagnostics ?? [] { found.append(diagnostic) }
        }
        result.diagnostics = found.sorted
        result.dropped = parsed.droppedCount + found.droppedCount
        guard parsed.project != nil, missing.isEmpty, var plan = compiled?.plan else { return result }
        let oversized = TextRasterizer.oversizedTexts(in: plan)
        guard oversized.isEmpty else {
            result.diagnostics += oversized
            return result
        }
        if preview {
            plan.output.pictureScale = 0.5
            plan.output.video?.preset = "ultrafast"
        }
        result.plan = plan
        return result
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
    public static func fileProblem(_ file: Located<String>, directory: String) -> Diagnostic? {
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
