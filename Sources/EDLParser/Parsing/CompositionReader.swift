import Foundation
import Yams

/// The `compositions:` of one project file (SPEC 14), kept as YAML until an
/// item uses one: each use reads the definition again with that item's `vars`,
/// so `${name}` inside it is that item's name.
struct CompositionDefinitions {
    static let definitionKeys = ["size", "duration", "vars", "tracks"]
    static let groupKeys = ["size", "duration", "tracks"]
    /// Compositions nest at most this deep.
    static let depthLimit = 16
    /// Uses of compositions add at most this many items to those written (SPEC 1's
    /// alias bound, for the copies compositions make).
    static let expansionLimit = 50_000

    struct Definition {
        var name: String
        /// The definition's mapping: its tracks, or its `file:`.
        var node: Node
        /// `vars:` names and default values, in file order.
        var parameters: [(name: String, value: String)] = []
        /// Absolute path of a `file:` composition.
        var file: String?
        /// Unique over every file read: where the definition is, for cycles.
        var key: String
    }

    private(set) var byName: [String: Definition] = [:]
    private(set) var names: [String] = []

    init() {}

    /// Reads the `compositions:` mapping: names and their definitions' shapes.
    init(_ node: Node?, paths: PathResolver, _ context: ParseContext) {
        guard let node, case .mapping(let mapping) = node else {
            if let node { context.error("'compositions' must be a mapping of names to compositions", at: node) }
            return
        }
        for (keyNode, value) in mapping {
            guard let name = keyNode.string, !name.isEmpty else {
                context.error("a composition's name must be a word, not \(context.describe(keyNode))", at: keyNode)
                continue
            }
            if name.hasPrefix("x-") { continue }
            var definition = Definition(name: name, node: value, key: "\(context.file)#\(name)")
            if case .mapping(let entries) = value, entries.keys.contains(where: { $0.string == "file" }) {
                guard let keys = context.entries(of: value, in: "a file composition", allowed: ["file"]),
                    let file = keys["file"], let path = context.value(file.value, "file", paths.resolve)
                else { continue }
                definition.file = path
                definition.key = path
            } else {
                guard let keys = context.entries(of: value, in: "composition '\(name)'", allowed: Self.definitionKeys)
                else { continue }
                if keys["tracks"] == nil {
                    context.error("composition '\(name)' needs 'tracks:' (or 'file:' to use another project file)", at: value)
                }
                if let vars = keys["vars"] { definition.parameters = Self.readParameters(vars.value, context) }
            }
            byName[name] = definition
            names.append(name)
        }
    }

    /// `vars: { name: "", role: "" }`: parameter names and default values.
    static func readParameters(_ node: Node, _ context: ParseContext) -> [(name: String, value: String)] {
        guard case .mapping(let mapping) = node else {
            context.error("'vars' must be a mapping of names to values, not \(context.describe(node))", at: node)
            return []
        }
        return mapping.compactMap { key, value in
            guard let name = key.string, case .scalar = value else {
                context.error(
                    "a variable's value must be a single value (text or number), not \(context.describe(value))", at: value)
                return nil
            }
            return context.text(value, name).map { (name, $0) }
        }
    }
}

/// Compositions as many files and levels deep as they go: what is being read
/// now (for cycles and depth), and the text of every file read (for excerpts
/// under diagnostics).
final class Nesting {
    /// Where every file is read, and the record of what was.
    let reader: ProjectFiles

    init(reader: ProjectFiles) {
        self.reader = reader
    }

    /// Definition keys, outermost first, with where each is used.
    var stack: [(key: String, name: String, use: SourceLocation)] = []
    var used: Set<String> = []
    var files: [String: String] = [:]
    /// Items read, every use of a composition reading its items again, against
    /// the places they are written at: the difference is what uses added.
    private var itemsRead = 0
    private var placesRead: Set<SourceLocation> = []
    /// Set once uses have added more than `expansionLimit` items: nothing more is read.
    private(set) var isOverExpanded = false

    /// Counts an item about to be read; false, after reporting it once at the
    /// use being read, when uses of compositions have added too many.
    func admitItem(at location: SourceLocation, _ context: ParseContext) -> Bool {
        guard !isOverExpanded else { return false }
        itemsRead += 1
        placesRead.insert(location)
        guard itemsRead - placesRead.count > CompositionDefinitions.expansionLimit else { return true }
        isOverExpanded = true
        let path = stack.map(\.name).joined(separator: " → ")
        context.diagnostics.error(
            "uses of compositions add more than \(CompositionDefinitions.expansionLimit) items to the project"
                + (path.isEmpty ? "" : " here (\(path))"),
            at: stack.last?.use ?? location,
            hint: "each use reads its composition's items again; this many copies look like a generated or damaged file")
        return false
    }
}

extension TrackReader {
    /// A `composition: NAME` item's timeline, with its `vars`.
    func composition(_ node: Node, vars: Node?) -> Composition? {
        guard let name = context.text(node, "composition") else { return nil }
        guard let definition = compositions.byName[name] else {
            let hint =
                NameSuggestions.didYouMean(name, in: compositions.names)
                ?? (compositions.names.isEmpty
                    ? "define it under 'compositions:'"
                    : "known compositions: \(compositions.names.joined(separator: ", "))")
            context.error("unknown composition '\(name)'", at: node, hint: hint)
            return nil
        }
        return instance(of: definition, vars: vars, at: node)
    }

    /// An inline `group:` item's timeline.
    func group(_ node: Node) -> Composition? {
        let location = context.location(of: node)
        return nested(key: "group at \(location)", name: "group", at: node) {
            readBody(node, name: "group", allowed: CompositionDefinitions.groupKeys, parameters: [])
        }
    }

    /// Reads every composition no item used, once with its defaults, so its
    /// mistakes are reported too.
    func checkUnused() {
        for name in compositions.names {
            guard let definition = compositions.byName[name], !context.nesting.used.contains(definition.key) else { continue }
            _ = instance(of: definition, vars: nil, at: definition.node)
        }
    }

    private func instance(of definition: CompositionDefinitions.Definition, vars: Node?, at node: Node) -> Composition? {
        context.nesting.used.insert(definition.key)
        return nested(key: definition.key, name: definition.name, at: node) {
            if let file = definition.file { return readFile(file, definition: definition, vars: vars, at: node) }
            let values = given(vars, names: definition.parameters.map(\.name), of: definition.name)
            let defaults = definition.parameters.filter { parameter in !values.contains { $0.name == parameter.name } }
            return readBody(
                definition.node, name: definition.name, allowed: CompositionDefinitions.definitionKeys,
                parameters: defaults + values)
        }
    }

    /// The values a use's `vars` gives; a name the composition does not declare
    /// (in `names`) is reported at the use.
    private func given(_ vars: Node?, names: [String], of name: String) -> [(name: String, value: String)] {
        guard let vars else { return [] }
        return CompositionDefinitions.readParameters(vars, context).filter { key, _ in
            guard names.contains(key) else {
                let keyNode = vars.mapping?.keys.first { $0.string == key } ?? vars
                context.error(
                    "composition '\(name)' has no parameter '\(key)'", at: keyNode,
                    hint: NameSuggestions.didYouMean(key, in: names)
                        ?? (names.isEmpty ? "it takes none" : "its parameters: \(names.joined(separator: ", "))"))
                return false
            }
            return true
        }
    }

    /// Runs `read` one level deeper, unless that closes a cycle or passes the depth limit.
    private func nested(key: String, name: String, at node: Node, _ read: () -> Composition?) -> Composition? {
        let nesting = context.nesting
        if let start = nesting.stack.firstIndex(where: { $0.key == key }) {
            let path = (nesting.stack[start...].map(\.name) + [name]).joined(separator: " → ")
            context.error(
                "composition '\(name)' uses itself: \(path)", at: node,
                hint: "a composition cannot contain itself, directly or through others")
            return nil
        }
        guard nesting.stack.count < CompositionDefinitions.depthLimit else {
            context.error(
                "compositions nest more than \(CompositionDefinitions.depthLimit) levels deep here", at: node,
                hint: "flatten some of the levels")
            return nil
        }
        nesting.stack.append((key, name, context.location(of: node)))
        defer { nesting.stack.removeLast() }
        return read()
    }

    /// A definition's (or group's) own keys, read with `parameters` in scope.
    private func readBody(
        _ node: Node, name: String, allowed: [String], parameters: [(name: String, value: String)]
    ) -> Composition? {
        let what = name == "group" ? "a group" : "composition '\(name)'"
        guard let keys = context.entries(of: node, in: what, allowed: allowed) else { return nil }
        let saved = context.variables
        defer { context.variables = saved }
        for (name, value) in parameters { context.variables.define(name, as: value) }
        var composition = Composition(name: name, location: context.location(of: node))
        if let entry = keys["size"], let size = ProjectParser.readPixelSize(entry.value, "size", context) {
            composition.size = Located(size, at: context.location(of: entry.value))
        }
        if let entry = keys["duration"] { composition.duration = context.positiveTime(entry.value, "duration") }
        guard let tracks = keys["tracks"] else {
            if name == "group" { context.error("a group needs 'tracks:'", at: node) }
            return nil
        }
        composition.tracks = readTracks(tracks.value)
        return composition
    }

    /// Another project file as a composition: its paths resolve against its own
    /// folder, its `output` counts for `size`, `fps` and `duration` only.
    private func readFile(
        _ path: String, definition: CompositionDefinitions.Definition, vars: Node?, at node: Node
    ) -> Composition? {
        let written = definition.name
        let file = relativeName(path)
        let text: String
        switch context.nesting.reader.text(path, limit: ProjectParser.sizeLimit) {
        case .success(let read?): text = read
        case .success(nil):
            context.error("the file '\(file)' of composition '\(written)' is not UTF-8 text", at: node)
            return nil
        case .failure(.tooLarge(let bytes, _)):
            if let problem = ProjectParser.sizeProblem(bytes: bytes, file: file) { context.diagnostics.append(problem) }
            return nil
        case .failure(let problem):
            context.error(
                "the file '\(file)' of composition '\(written)' \(problem.description)", at: node,
                hint: problem == .missing ? "check the path in its 'file:'; it is relative to the file that names it" : nil)
            return nil
        }
        let directory = (path as NSString).deletingLastPathComponent
        context.nesting.files[file] = text
        let child = ParseContext(file: file, variables: context.variables, nesting: context.nesting)
        defer { for diagnostic in child.diagnostics.items { context.diagnostics.append(diagnostic) } }
        guard let root = YAMLDocument.compose(text, file: file, diagnostics: &child.diagnostics) else { return nil }
        // Its `vars:` are its parameters; the use's values override them.
        let values = given(vars, names: root["vars"]?.mapping?.keys.compactMap { $0.string } ?? [], of: written)
        guard
            let project = ProjectParser.readProject(
                root, directory: directory, overrides: Dictionary(values, uniquingKeysWith: { $1 }), child)
        else { return nil }
        var composition = Composition(name: written, tracks: project.tracks, location: context.location(of: root))
        composition.location = SourceLocation(file: file, line: 1, column: 1)
        composition.size = project.output.size
        composition.fps = project.output.fps
        composition.duration = project.output.duration
        return composition
    }

    /// How diagnostics name an included file: its path from the folder the
    /// project file was named from, like the project file itself.
    func relativeName(_ path: String) -> String {
        let root = paths.directory.hasSuffix("/") ? paths.directory : paths.directory + "/"
        let base = (context.file as NSString).deletingLastPathComponent
        guard path.hasPrefix(root) else { return path }
        let inner = String(path.dropFirst(root.count))
        return base.isEmpty ? inner : (base as NSString).appendingPathComponent(inner)
    }
}
