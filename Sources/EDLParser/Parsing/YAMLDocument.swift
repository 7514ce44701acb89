import Yams

/// The YAML layer: text to a `Yams.Node` tree, with syntax errors and alias bombs
/// turned into located diagnostics.
enum YAMLDocument {
    /// A document whose aliases add more nodes than this to those written is rejected (SPEC 1).
    static let nodeLimit = 100_000
    /// Deeper nesting is rejected before the YAML is composed (which recurses once per level).
    static let depthLimit = 256
    /// Syntax errors reported in one run, each after leaving out the list entry it is in.
    static let syntaxErrorLimit = 20
    /// What the YAML parser may read in all while recovering from syntax errors.
    static let recoveryByteLimit = 16 << 20

    /// A list entry left out after a syntax error (see `SyntaxRecovery`).
    static func isUnreadable(_ node: Node) -> Bool { node.tag.description.hasPrefix(SyntaxRecovery.tag) }

    /// A list entry left out that holds a syntax error, reported once.
    static func holdsSyntaxError(_ node: Node) -> Bool { node.tag.description == SyntaxRecovery.tag }

    static func compose(_ text: String, file: String, diagnostics: inout DiagnosticList) -> Node? {
        if let problem = ProjectParser.sizeProblem(bytes: text.utf8.count, file: file) {
            diagnostics.append(problem)
            return nil
        }
        if let line = lineNestedTooDeep(text) {
            diagnostics.error(
                "the document nests more than \(depthLimit) levels deep", at: SourceLocation(file: file, line: line, column: 1),
                hint: "a project needs a handful of levels; this looks like a generated or damaged file")
            return nil
        }
        var root: Node?
        // Made at the first syntax error: splitting a long file into lines costs half as much as composing it.
        var recovery: SyntaxRecovery?
        while true {
            do {
                root = try Yams.compose(yaml: recovery?.text ?? text)
                break
            } catch let error as YamlError {
                let found = diagnostic(for: error, file: file, text: recovery?.text ?? text)
                var current = recovery ?? SyntaxRecovery(text)
                let reported = !current.mayFollowFromRecovery(found.location?.line ?? 1)
                if reported { diagnostics.append(found) }
                // Each recovery reads the file again: a large file gets fewer.
                let rereads = current.leftOut.count + 1
                guard rereads <= syntaxErrorLimit, rereads * text.utf8.count <= recoveryByteLimit,
                    current.leaveOut(error, reported: reported)
                else {
                    return nil
                }
                recovery = current
            } catch {
                diagnostics.error("cannot read the file as YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
                return nil
            }
        }
        guard let root else {
            diagnostics.error(
                "the file is empty", at: SourceLocation(file: file, line: 1, column: 1),
                hint: "a project starts with 'cutlist: 1' and a list of 'tracks:'")
            return nil
        }
        var count = AliasCount()
        // Without a `*` there is no alias, and a long file is not walked node by node.
        guard !text.utf8.contains(UInt8(ascii: "*")) || count.fits(root) else {
            diagnostics.error(
                "aliases add more than \(nodeLimit) YAML nodes to the document",
                at: location(root.mark, file: file),
                hint: "anchors and aliases are for reuse; this many copies look like an alias bomb")
            return nil
        }
        return mayHoldMergeKeys(text) ? mergingKeys(root) : root
    }

    /// Whether the text may have a merge key: a plain `<<` is written as it is.
    /// A long file without one is not rebuilt node by node.
    static func mayHoldMergeKeys(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "<"), previous == byte { return true }
            previous = byte
        }
        return false
    }

    /// The tree with YAML merge keys applied (`<<: *style`, `<<: [*a, *b]`): the
    /// merged mappings' entries join the mapping unless it has the key itself; of
    /// several merged mappings, the earlier wins. Merged entries keep their own
    /// places, so a diagnostic about one points at the style that gave it.
    static func mergingKeys(_ node: Node) -> Node {
        switch node {
        case .scalar: return node
        case .sequence(let sequence):
            return .sequence(Node.Sequence(sequence.map(mergingKeys), sequence.tag, sequence.style, sequence.mark))
        case .mapping(let mapping):
            var own: [(Node, Node)] = []
            var merged: [(Node, Node)] = []
            for (key, value) in mapping {
                guard case .scalar(let scalar) = key, scalar.string == "<<", scalar.style == .plain else {
                    own.append((key, mergingKeys(value)))
                    continue
                }
                let sources: [Node]
                if case .sequence(let list) = value { sources = Array(list) } else { sources = [value] }
                guard sources.allSatisfy({ $0.mapping != nil }) else {
                    own.append((key, value))  // not a merge of mappings: reported as an unknown key
                    continue
                }
                for case .mapping(let source) in sources.map(mergingKeys) { merged += Array(source) }
            }
            var seen = Set(own.compactMap { $0.0.string })
            for (key, value) in merged where key.string.map({ seen.insert($0).inserted }) ?? true {
                own.append((key, value))
            }
            return .mapping(Node.Mapping(own, mapping.tag, mapping.style, mapping.mark))
        }
    }

    /// Counts the nodes of the expanded tree against those written in the file (each
    /// written node has a place of its own; an alias repeats the places of what it
    /// names), stopping as soon as aliases have added `nodeLimit`, so a 'billion
    /// laughs' document costs about `nodeLimit` steps and a long file written out
    /// in full is not an alias bomb.
    private struct AliasCount {
        var expanded = 0
        var written: Set<Int> = []

        mutating func fits(_ node: Node) -> Bool {
            expanded += 1
            if let mark = node.mark { written.insert(mark.line << 24 | mark.column) }
            guard expanded - written.count <= nodeLimit else { return false }
            switch node {
            case .scalar: return true
            case .sequence(let sequence):
                for child in sequence where !fits(child) { return false }
                return true
            case .mapping(let mapping):
                for (key, value) in mapping where !fits(key) || !fits(value) { return false }
                return true
            }
        }
    }

    /// The first line where nesting may pass `depthLimit`, or nil. Counts an upper
    /// bound: each column of indentation and each open flow bracket (outside
    /// quotes and comments) as a level.
    static func lineNestedTooDeep(_ text: String) -> Int? {
        var flow = 0
        var line = 1
        var indent = 0
        var atLineStart = true
        var quote: UInt8?
        var previous: UInt8 = 0
        var inComment = false
        for byte in text.utf8 {
            defer { previous = byte }
            if byte == UInt8(ascii: "\n") {
                line += 1
                indent = 0
                atLineStart = true
                inComment = false
                quote = nil  // counting more brackets only makes the bound safer
                continue
            }
            if inComment { continue }
            if atLineStart {
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "\t") {
                    indent += 1
                } else {
                    atLineStart = false
                }
            }
            if let open = quote {
                if byte == open { quote = nil }
            } else {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
                case UInt8(ascii: "#") where previous == UInt8(ascii: " ") || previous == 0: inComment = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): flow += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"): flow = max(0, flow - 1)
                default: break
                }
            }
            if indent + flow > depthLimit { return line }
        }
        return nil
    }

    /// What a mis-indented line usually means, for libyaml's words about it:
    /// the column the list or mapping that was open starts at, and this line's.
    private static func indentationHint(
        _ problem: String, at line: Substring?, opening: Mark??
    ) -> String? {
        let about = [
            "did not find expected '-' indicator", "did not find expected key", "mapping values are not allowed",
            "block sequence entries are not allowed", "did not find expected <document start>",
        ]
        guard about.contains(where: problem.contains), let line else { return nil }
        let column = line.prefix { $0 == " " }.count + 1
        guard let mark = opening ?? nil else { return "check the indentation: this line starts at column \(column)" }
        return "check the indentation: this line starts at column \(column), but the list or mapping opened at line "
            + "\(mark.line) has its entries at column \(mark.column); entries of one list or mapping line up, one level in "
            + "is two more spaces"
    }

    static func location(_ mark: Mark?, file: String) -> SourceLocation {
        SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    private static func diagnostic(for error: YamlError, file: String, text: String) -> Diagnostic {
        switch error {
        case .composer(_, let problem, let mark, _) where problem == "but found another document":
            // Yams words this as a continuation of its context; say it plainly.
            return .error(
                "the file holds more than one YAML document; a project is a single document",
                at: location(mark, file: file), hint: "remove this '---' and what follows it, or move it to its own file")
        case .scanner(let context?, let problem, _, _) where problem == "found unexpected end of stream":
            // The end of the file is no place to point at: point where the unclosed thing starts.
            let words = context.text.split(separator: " ")  // "while scanning a quoted scalar"
            let what = (words.first == "while" ? words.dropFirst(2) : words[...]).joined(separator: " ")
            return .error(
                "invalid YAML: \(what) starts here and is never closed", at: location(context.mark, file: file),
                hint: "close it: a quote with the same quote, '{' with '}', '[' with ']'")
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = context.map { " (\($0.text))" } ?? ""
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            func line(_ mark: Mark?) -> Substring? {
                guard let number = mark?.line, number >= 1, number <= lines.count else { return nil }
                return lines[number - 1]
            }
            if let found = line(mark),
                found.prefix(while: { $0 == " " || $0 == "\t" }).contains("\t")
                    || problem.contains("cannot start any token") && found.contains("\t")
            {
                return .error(
                    "invalid YAML: a tab in the indentation; YAML indents with spaces only", at: location(mark, file: file),
                    hint: "replace the tabs with spaces (most editors can be told to write spaces for the tab key)")
            }
            return .error(
                "invalid YAML: \(problem)\(detail)", at: location(mark, file: file),
                hint: indentationHint(problem, at: line(mark), opening: context.map(\.mark)))
        case .reader(let problem, let offset, _, _):
            return .error(
                "cannot read the file: \(problem)\(offset.map { " at byte \($0)" } ?? "")",
                at: SourceLocation(file: file, line: 1, column: 1), hint: "project files are UTF-8 text")
        default:
            return .error("invalid YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
        }
    }
}
