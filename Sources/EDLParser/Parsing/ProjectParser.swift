import Yams

/// The result of parsing a project file: the AST when there were no errors, and
/// every diagnostic found (up to `DiagnosticList.limit`).
public struct ParseResult: Sendable {
    public var project: Project?
    /// What could be read even when there were errors (nil when the YAML itself
    /// is broken): enough to check the files it names in the same run.
    public var partial: Project?
    public var diagnostics: [Diagnostic]
    /// Errors found beyond the limit, counted but not kept.
    public var droppedCount: Int
    /// The text of the other project files its compositions read, by the name
    /// their diagnostics give, for the excerpts under them.
    public var includedFiles: [String: String] = [:]
    /// Every file the parse read (compositions, subtitle and shader files), by absolute path.
    public var filesRead: [String] = []
    /// Items of `partial` with an error of their own, by location.
    public var failedItems: Set<SourceLocation> = []
    /// Every error is inside an item: `partial` less `failedItems` can be
    /// compiled to find, in the same run, the errors that need media.
    public var isCheckable = false
}

/// YAML text to a typed `Project`, with every check that needs no media.
///
/// The parse is a short list of steps: compose the YAML (bounded alias
/// expansion), read `vars` and apply `--set`, then read each section; each
/// reader records diagnostics and carries on, so one run reports every error.
public enum ProjectParser {
    static let topLevelKeys = ["cutlist", "output", "assets", "vars", "defaults", "compositions", "tracks"]

    /// The largest project file read, in bytes (8 MiB, some 200,000 items): a
    /// file is read and composed whole, and checking it costs about 2 KB per item.
    public static let sizeLimit = 8 << 20

    /// The error for a project file of `bytes` bytes, when that is over `sizeLimit`.
    public static func sizeProblem(bytes: Int, file: String) -> Diagnostic? {
        guard bytes > sizeLimit else { return nil }
        return .error(
            "the project file is \(bytes) bytes; a project file may be at most \(sizeLimit) bytes (\(NamedFile.size(sizeLimit)))",
            at: SourceLocation(file: file, line: 1, column: 1),
            hint: "split it into files used as compositions ('file:'); a file this large looks generated or damaged")
    }

    /// - Parameters:
    ///   - text: the project file's contents.
    ///   - file: the file name used in diagnostics.
    ///   - directory: absolute directory that relative paths resolve against.
    ///   - overrides: `--set NAME=VALUE` pairs, which win over `vars:`.
    ///   - files: where the files the project names are read (`ProjectFiles.disk`, or a test's).
    public static func parse(
        _ text: String, file: String, directory: String, overrides: [String: String] = [:], files: ProjectFiles
    ) -> ParseResult {
        let context = ParseContext(file: file, nesting: Nesting(reader: files))
        var project: Project?
        if let root = YAMLDocument.compose(text, file: file, diagnostics: &context.diagnostics) {
            project = readProject(root, directory: directory, overrides: overrides, context)
        }
        let diagnostics = context.diagnostics
        return ParseResult(
            project: diagnostics.hasErrors ? nil : project, partial: project,
            diagnostics: diagnostics.sorted, droppedCount: diagnostics.droppedCount,
            includedFiles: context.nesting.files, filesRead: files.read, failedItems: context.failedItems,
            isCheckable: project != nil && diagnostics.errorCount == context.itemErrors)
    }

    static func readProject(_ root: Node, directory: String, overrides: [String: String], _ context: ParseContext)
        -> Project?
    {
        guard let top = context.entries(of: root, in: "the project", allowed: topLevelKeys) else { return nil }
        var project = Project(file: context.file, directory: directory)
        let start = context.location(of: root)

        readVariables(top["vars"], overrides: overrides, context)
        if let version = top["cutlist"] {
            if context.text(version.value, "cutlist") != "1" {
                context.error(
                    "unsupported format version \(context.describe(version.value)); this renderer reads 'cutlist: 1'",
                    at: version.value)
            }
        } else {
            context.diagnostics.error("missing 'cutlist: 1' (the format version) at the top of the project", at: start)
        }
        let paths = PathResolver(directory: directory)
        if let assets = top["assets"] { project.assets = readAssets(assets.value, paths, context) }
        if let output = top["output"] { project.output = readOutput(output.value, paths, context) }
        guard let tracks = top["tracks"] else {
            context.diagnostics.error("missing 'tracks:', the list of tracks to render", at: start)
            return nil
        }
        var trackReader = TrackReader(context: context, assets: project.assets, paths: paths)
        if let defaults = top["defaults"] { trackReader.defaults = Defaults.read(defaults.value, context) }
        trackReader.compositions = CompositionDefinitions(top["compositions"]?.value, paths: paths, context)
        project.tracks = trackReader.readTracks(tracks.value)
        trackReader.checkUnused()
        checkIDs(project.tracks, context)
        if let subtitles = project.output.subtitles, let problem = project.captionTrack(named: subtitles.track).problem {
            context.diagnostics.append(problem)
        }
        return project
    }

    /// Item ids are unique in the project (a composition's items are its own).
    private static func checkIDs(_ tracks: [Track], _ context: ParseContext) {
        var seen: [String: SourceLocation] = [:]
        for item in tracks.flatMap(\.items) {
            guard let id = item.id else { continue }
            if let first = seen[id.value] {
                context.diagnostics.error(
                    "two items have the id '\(id.value)'", at: id.location, hint: "the first is at \(first); ids must be unique")
            } else {
                seen[id.value] = id.location
            }
        }
    }

    private static func readVariables(_ entry: ParseContext.Entry?, overrides: [String: String], _ context: ParseContext) {
        if let node = entry?.value {
            if case .mapping(let mapping) = node {
                for (keyNode, valueNode) in mapping {
                    guard case .scalar(let key) = keyNode, case .scalar(let value) = valueNode else {
                        context.error(
                            "a variable's value must be a single value (text or number), not \(context.describe(valueNode))",
                            at: valueNode)
                        continue
                    }
                    context.variables.define(key.string, as: value.string)
                }
            } else {
                context.error("'vars' must be a mapping of names to values, not \(context.describe(node))", at: node)
            }
        }
        for (name, value) in overrides { context.variables.define(name, as: value) }
    }
}
