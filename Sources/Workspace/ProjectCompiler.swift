import Compiler
import Disk
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
    /// An editor's unsaved texts of other files the project may read, by absolute path.
    public var buffers: [String: String]

    public init(
        path: String, text: String, directory: String? = nil, overrides: [String: String] = [:],
        buffers: [String: String] = [:]
    ) {
        self.path = path
        self.text = text
        self.directory =
            directory ?? URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
        self.overrides = overrides
        self.buffers = buffers
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
    /// Asked for by an editor: while the project has errors, the plan with every
    /// item an error points into left out, so the other items keep their places
    /// (hover, hints). Never rendered; nil when an error lies outside items.
    public var placementPlan: RenderPlan?
    /// The text of every file a diagnostic may point into (the project and the
    /// composition files it read), by the name diagnostics give, for excerpts.
    public var sources: [String: String] = [:]
    /// Every file the project reads, by absolute path: the project itself, the
    /// composition, subtitle and shader files it read, its media, looks and
    /// fonts. What `--watch`, the studio and an editor follow.
    public var filesRead: [String] = []

    public var hasErrors: Bool { plan == nil }
}

/// Parses and compiles a project against its real media. The compiler
/// remembers each file's facts, so one `ProjectCompiler` kept between compiles
/// (an editor's edits) probes a file once.
public struct ProjectCompiler: Sendable {
    public let compiler: Compiler
    /// The backend's checks of a compiled plan (see `PlanChecks`).
    let checks: any PlanChecks

    /// `media` and `checks` are the backend's (`MediaProbe`, `RenderChecks`),
    /// given by the program that links it, or a test's own.
    public init(media: any MediaInfo, checks: any PlanChecks) {
        compiler = Compiler(media: media)
        self.checks = checks
    }

    /// - Parameters:
    ///   - output: the output path given on the command line, which wins over the project's.
    ///   - preview: the compiler's option (see `Compiler.compile`).
    ///   - placing: make `placementPlan` when the project has errors.
    public func compile(
        _ source: ProjectSource, output: Located<String>? = nil, preview: Bool = false, placing: Bool = false
    ) -> Compilation {
        let parsed = ProjectParser.parse(
            source.text, file: source.path, directory: source.directory, overrides: source.overrides,
            files: .disk(buffers: source.buffers))
        var result = Compilation()
        result.sources = parsed.includedFiles.merging([source.path: source.text]) { $1 }
        var seen = Set<String>()
        let named = (parsed.project ?? parsed.partial)?.referencedFiles.map(\.value) ?? []
        result.filesRead = ([URL(fileURLWithPath: source.path).standardizedFileURL.path] + parsed.filesRead + named).filter {
            seen.insert($0).inserted
        }
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
        let failed = itemsLeftOut(project, parsed: parsed, missing: Set(problems.map(\.path)))
        if let failed {
            compiled = compiler.compile(project, leavingOut: failed, preview: preview)
            for diagnostic in compiled?.diagnostics ?? [] { found.append(diagnostic) }
        }
        result.diagnostics = found.sorted
        result.dropped = parsed.droppedCount + found.droppedCount
        if placing, let failed {
            let hit = failed.union(itemsHit(by: found.sorted, in: project))
            result.placementPlan = compiled?.plan ?? compiler.compile(Self.placeable(project, failing: hit)).plan
        }
        guard parsed.project != nil, missing.isEmpty, let plan = compiled?.plan else { return result }
        let checked = checks.problems(in: plan)
        result.diagnostics += checked
        guard !checked.contains(where: { $0.severity == .error }) else { return result }
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

    /// "did you mean 'media/chaplin.mp4'?" for a missing file whose folder holds
    /// one named alike: the same name in other letter case first, else the closest.
    static func nameMeant(_ path: String, written: String) -> String? {
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path),
            names.count <= 10_000,
            let meant = names.first(where: { $0.lowercased() == name.lowercased() })
                ?? NameSuggestions.closestMatch(to: name, in: names.filter { !$0.hasPrefix(".") })
        else { return nil }
        return "did you mean '\(String(written.dropLast(name.count)) + meant)'?"
    }

    /// The items of the project's tracks that errors point into: for each error,
    /// the last item that starts before it in its file.
    private func itemsHit(by diagnostics: [Diagnostic], in project: Project) -> Set<SourceLocation> {
        let items = project.tracks.flatMap(\.items).map(\.location).sorted()
        var hit = Set<SourceLocation>()
        for diagnostic in diagnostics where diagnostic.severity == .error {
            guard let location = diagnostic.location else { continue }
            // The number of items that start at or before it, searched for edits of thousands of items.
            let low = items.partitionPoint { $0 <= location }
            if low > 0, items[low - 1].file == location.file { hit.insert(items[low - 1]) }
        }
        return hit
    }

    /// The project as an editor places it while it has errors: each failing item
    /// stands in as a black card as long as its own keys say (`duration`, or
    /// `from` to `to` at its speed), so what follows keeps its place; where they
    /// do not say, its track stops before it.
    static func placeable(_ project: Project, failing: Set<SourceLocation>) -> Project {
        var project = project
        for index in project.tracks.indices {
            var items: [Item] = []
            for item in project.tracks[index].items {
                guard failing.contains(item.location) else {
                    items.append(item)
                    continue
                }
                guard !item.isTransition, project.tracks[index].kind == .video, let length = ownLength(of: item) else {
                    if items.last?.isTransition == true { items.removeLast() }
                    break
                }
                var card = Item(content: .color(.black), location: item.location)
                card.timing.duration = Located(length, at: item.location)
                card.id = item.id
                items.append(card)
            }
            project.tracks[index].items = items
        }
        return project
    }

    /// How long an item's own keys say it lasts, without its media.
    private static func ownLength(of item: Item) -> TimeValue? {
        let timing = item.timing
        if let duration = timing.duration?.value { return duration }
        guard let from = timing.from?.value ?? (timing.to == nil ? nil : .zero), let to = timing.to?.value,
            let length = to.adding(from.negated), !length.isNegative
        else { return nil }
        if timing.rate == .one { return length }
        guard !length.isFrameBased, let seconds = length.seconds.checkedDivide(timing.rate) else { return nil }
        return TimeValue(seconds: seconds)
    }

    /// A diagnostic for a referenced file that is missing or unreadable, naming it
    /// relative to the project's directory as the user wrote it.
    public static func fileProblem(_ file: Located<String>, directory: String) -> Diagnostic? {
        let name = relativePath(file.value, to: directory)
        switch Disk().problem(file.value) {
        case nil:
            return nil
        case .missing?:
            // Sample media is made by a project of the same name plus `.yaml` (`make media` in examples/),
            // named as typed from where the command runs.
            let maker = file.value + ".yaml"
            let here = FileManager.default.currentDirectoryPath
            let hint =
                FileManager.default.fileExists(atPath: maker)
                ? "the project beside it makes it: render \(relativePath(maker, to: here)) -o "
                    + "\(relativePath(file.value, to: here)) (for the examples, make media makes them all)"
                : Self.nameMeant(file.value, written: name)
            return .error("'\(name)' does not exist", at: file.location, hint: hint)
        case .directory?:
            return .error("'\(name)' is a directory, not a media file", at: file.location)
        case let problem?:
            return .error("'\(name)' \(problem.description), so it cannot be media", at: file.location)
        }
    }
}
