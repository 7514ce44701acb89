import Yams

/// The YAML layer: text to a `Yams.Node` tree, with syntax errors and alias bombs
/// turned into located diagnostics.
enum YAMLDocument {
    /// A document that expands (through aliases) to more nodes than this is rejected.
    static let nodeLimit = 100_000

    static func compose(_ text: String, file: String, diagnostics: inout DiagnosticList) -> Node? {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            diagnostics.append(diagnostic(for: error, file: file))
            return nil
        } catch {
            diagnostics.error("cannot read the file as YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
            return nil
        }
        guard let root else {
            diagnostics.error(
                "the file is empty", at: SourceLocation(file: file, line: 1, column: 1),
                hint: "a project starts with 'cutlist: 1' and a list of 'tracks:'")
            return nil
        }
        var budget = nodeLimit
        guard fitsBudget(root, &budget) else {
            diagnostics.error(
                "the document expands to more than \(nodeLimit) YAML nodes through aliases",
                at: location(root.mark, file: file),
                hint: "anchors and aliases are for reuse; this many copies look like an alias bomb")
            return nil
        }
        return root
    }

    /// Counts nodes as an expanded tree, stopping as soon as the budget runs out, so
    /// a 'billion laughs' document costs at most `nodeLimit` steps.
    private static func fitsBudget(_ node: Node, _ budget: inout Int) -> Bool {
        budget -= 1
        guard budget >= 0 else { return false }
        switch node {
        case .scalar: return true
        case .sequence(let sequence):
            for child in sequence where !fitsBudget(child, &budget) { return false }
            return true
        case .mapping(let mapping):
            for (key, value) in mapping where !fitsBudget(key, &budget) || !fitsBudget(value, &budget) { return false }
            return true
        }
    }

    static func location(_ mark: Mark?, file: String) -> SourceLocation {
        SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    private static func diagnostic(for error: YamlError, file: String) -> Diagnostic {
        switch error {
        case .composer(_, let problem, let mark, _) where problem == "but found another document":
            // Yams words this as a continuation of its context; say it plainly.
            return .error(
                "the file holds more than one YAML document; a project is a single document",
                at: location(mark, file: file), hint: "remove this '---' and what follows it, or move it to its own file")
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = context.map { " (\($0.text))" } ?? ""
            return .error("invalid YAML: \(problem)\(detail)", at: location(mark, file: file))
        case .reader(let problem, let offset, _, _):
            return .error(
                "cannot read the file: \(problem)\(offset.map { " at byte \($0)" } ?? "")",
                at: SourceLocation(file: file, line: 1, column: 1), hint: "project files are UTF-8 text")
        default:
            return .error("invalid YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
        }
    }
}
