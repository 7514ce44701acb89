import Yams

/// The state of one parse: the file, the variables, and the diagnostics found so far.
/// Readers return `nil` after recording a diagnostic, so one pass finds every error.
final class ParseContext {
    let file: String
    var diagnostics = DiagnosticList()
    var variables: Variables
    /// Assets whose definition was already reported as wrong: items naming them
    /// are not reported again as naming an unknown asset.
    var brokenAssets = Set<String>()
    /// Shared by the contexts of every file a project's compositions read.
    let nesting: Nesting
    /// Items with an error of their own, by location: later phases leave them
    /// out instead of reporting what follows from that error.
    var failedItems = Set<SourceLocation>()
    /// Of the errors, those inside items (so confined to `failedItems`).
    var itemErrors = 0
    /// An item is being read (a group's items are inside their group's).
    var readingItem = false

    init(file: String, variables: Variables = Variables(), nesting: Nesting) {
        self.file = file
        self.variables = variables
        self.nesting = nesting
    }

    func location(of node: Node) -> SourceLocation { YAMLDocument.location(node.mark, file: file) }

    func error(_ message: String, at node: Node, hint: String? = nil) {
        diagnostics.error(message, at: location(of: node), hint: hint)
    }

    func error(_ error: ValueError, at node: Node) {
        diagnostics.error(error.message, at: location(of: node), hint: error.hint)
    }

    // MARK: Shapes

    /// One key of a mapping, with its nodes.
    struct Entry {
        var key: String
        var keyNode: Node
        var value: Node
    }

    /// The entries of a mapping, `x-` keys dropped; a duplicate key or a key that is
    /// not in `allowed` is reported (with a did-you-mean hint) and dropped.
    /// `suggested`: the keys a hint names (by default every allowed one), when
    /// some are allowed only to be refused with a better message.
    func entries(of node: Node, in what: String, allowed: [String], suggested: [String]? = nil) -> [String: Entry]? {
        guard case .mapping(let mapping) = node else {
            error("\(what) must be a mapping of keys to values, not \(describe(node))", at: node)
            return nil
        }
        var result: [String: Entry] = [:]
        for (keyNode, value) in mapping {
            guard case .scalar(let scalar) = keyNode else {
                error("keys must be plain words, not \(describe(keyNode))", at: keyNode)
                continue
            }
            let key = scalar.string
            if key.hasPrefix("x-") { continue }
            if result[key] != nil {
                error("'\(key)' is given twice in \(what)", at: keyNode)
                continue
            }
            guard allowed.contains(key) else {
                let named = suggested ?? allowed
                let hint =
                    NameSuggestions.didYouMean(key, in: named)
                    ?? (named.isEmpty ? "\(what) takes none here" : "\(what) takes: \(named.joined(separator: ", "))")
                error("unknown key '\(key)' in \(what)", at: keyNode, hint: hint)
                continue
            }
            result[key] = Entry(key: key, keyNode: keyNode, value: value)
        }
        return result
    }

    /// Elements of a sequence, or nil (reported) when the node is not one.
    func elements(of node: Node, _ what: String) -> [Node]? {
        guard case .sequence(let sequence) = node else {
            error("'\(what)' must be a list, not \(describe(node))", at: node)
            return nil
        }
        return Array(sequence)
    }

    /// How a node is named in "must be X, not Y" messages.
    func describe(_ node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let scalar):
            return isNull(node) ? "an empty value" : "'\(scalar.string)'"
        }
    }

    func isNull(_ node: Node) -> Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain || scalar.style == .any else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    // MARK: Scalars

    /// The text of a scalar after `${name}` substitution.
    func text(_ node: Node, _ key: String) -> String? {
        guard case .scalar(let scalar) = node, !isNull(node) else {
            error("'\(key)' must be a single value, not \(describe(node))", at: node)
            return nil
        }
        do {
            return try variables.substitute(in: scalar.string)
        } catch {
            self.error(error, at: node)
            return nil
        }
    }

    /// Reads a scalar with a value-syntax parser, reporting its error at the node.
    func value<T>(_ node: Node, _ key: String, _ parse: (String) throws(ValueError) -> T) -> T? {
        guard let text = text(node, key) else { return nil }
        do {
            return try parse(text)
        } catch {
            self.error(error, at: node)
            return nil
        }
    }

    func bool(_ node: Node, _ key: String) -> Bool? {
        guard let text = text(node, key) else { return nil }
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default:
            error("'\(key)' must be true or false, not '\(text)'", at: node)
            return nil
        }
    }

    /// A number within `range`, reported with the key's name when outside it.
    func number(_ node: Node, _ key: String, in range: ClosedRange<Double>? = nil) -> Double? {
        guard let value = value(node, key, ValueSyntax.number) else { return nil }
        if let range, !range.contains(value) {
            error(
                "'\(key)' must be between \(formatNumber(range.lowerBound)) and \(formatNumber(range.upperBound)), not \(formatNumber(value))",
                at: node)
            return nil
        }
        return value
    }

    func integer(_ node: Node, _ key: String, in range: ClosedRange<Int>) -> Int? {
        guard let value = value(node, key, ValueSyntax.decimal) else { return nil }
        guard let integer = value.exactInteger, let int = Int(exactly: integer) else {
            error("'\(key)' must be a whole number, not \(value.approximateDouble)", at: node)
            return nil
        }
        guard range.contains(int) else {
            error("'\(key)' must be between \(range.lowerBound) and \(range.upperBound), not \(int)", at: node)
            return nil
        }
        return int
    }

    /// One word from a fixed set, with a did-you-mean hint.
    func word<T: RawRepresentable>(_ node: Node, _ key: String, _ type: T.Type, choices: [T]) -> T? where T.RawValue == String {
        guard let text = text(node, key) else { return nil }
        if let value = T(rawValue: text), choices.contains(where: { $0.rawValue == text }) { return value }
        let names = choices.map(\.rawValue)
        let hint =
            NameSuggestions.didYouMean(text, in: names)
            ?? "expected one of: \(names.joined(separator: ", "))"
        error("'\(text)' is not a valid '\(key)'", at: node, hint: hint)
        return nil
    }

    func word<T: RawRepresentable & CaseIterable>(_ node: Node, _ key: String, _ type: T.Type) -> T? where T.RawValue == String {
        word(node, key, type, choices: Array(T.allCases))
    }

    func time(_ node: Node, _ key: String, allowNegative: Bool = false) -> Located<TimeValue>? {
        value(node, key) { text throws(ValueError) in try ValueSyntax.time(text, allowNegative: allowNegative) }
            .map { Located($0, at: location(of: node)) }
    }

    /// A time that must be longer than zero (durations).
    func positiveTime(_ node: Node, _ key: String) -> Located<TimeValue>? {
        guard let time = time(node, key) else { return nil }
        if time.value.seconds <= .zero && time.value.frames <= 0 {
            error("'\(key)' must be longer than zero", at: node)
            return nil
        }
        return time
    }
}
