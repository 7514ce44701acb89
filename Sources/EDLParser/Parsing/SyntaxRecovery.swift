import Yams

/// After a YAML syntax error, the text with the entry of `items:` (or
/// `tracks:`) that holds the error left out, so that the rest of the file is
/// still read and its mistakes come in the same run. The entry's first line
/// becomes `- !unreadable` (its place in the list is kept, and readers know
/// its error is already reported); its other lines become empty, so every
/// line keeps its number. Entries after it that an unclosed bracket or quote
/// ran into become `- !unreadable-after`: left out, with no error of their own.
struct SyntaxRecovery {
    static let tag = "!unreadable"
    static let afterTag = "!unreadable-after"

    private(set) var lines: [Substring]
    /// Line numbers (1-based) of each entry left out, first to last line.
    private(set) var leftOut: [ClosedRange<Int>] = []

    init(_ text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    var text: String { lines.joined(separator: "\n") }

    /// Whether an error on `line` may come from an entry left out before: a
    /// line in one, or the first one with content after it.
    func mayFollowFromRecovery(_ line: Int) -> Bool {
        leftOut.contains { range in
            guard line > range.upperBound else { return range.contains(line) }
            return (range.upperBound..<(line - 1)).allSatisfy { indent(of: $0) == nil }
        }
    }

    /// Leaves out the entry the error is in; false when it is in none (or in
    /// one already left out), so the file cannot be read further. `reported`:
    /// the error was reported (else it followed from an earlier recovery).
    mutating func leaveOut(_ error: YamlError, reported: Bool) -> Bool {
        let problem: Mark
        let context: Mark?
        switch error {
        case .scanner(let c, _, let mark, _), .parser(let c, _, let mark, _):
            (problem, context) = (mark, c?.mark)
        default: return false
        }
        let found = entry(around: problem.line - 1)
        let started = context.flatMap { entry(around: $0.line - 1) }
        let range: (entry: Entry, last: Int)
        switch (started, found) {
        case (let start?, let end?) where end.first >= start.first && end.last <= start.last: range = (end, end.last)
        case (let start?, let end?) where end.dash == start.dash && end.parent == start.parent && end.first > start.first:
            range = (start, end.last)  // a flow collection or quoted text left open runs into the entries after it
        case (let start?, _): range = (start, start.last)
        case (nil, let end?): range = (end, end.last)
        case (nil, nil): return false
        }
        let first = range.entry.first
        let dash = range.entry.dash
        guard !lines[first].contains(Self.tag) else { return false }
        for index in first...range.last {
            if index == first || (indent(of: index) == dash && isEntry(index, dash: dash)) {
                let tag = index == first && reported ? Self.tag : Self.afterTag
                lines[index] = Substring(String(repeating: " ", count: dash) + "- " + tag)
            } else {
                lines[index] = ""
            }
        }
        leftOut.append((first + 1)...(range.last + 1))
        return true
    }

    /// An entry of a list: its lines (0-based) and the column of its dash.
    private struct Entry {
        var first: Int
        var last: Int
        var dash: Int
        /// The line of the key the list belongs to.
        var parent: Int
    }

    /// The innermost entry of an `items:` or `tracks:` list that holds line `target`.
    private func entry(around target: Int) -> Entry? {
        guard target >= 0, target < lines.count else { return nil }
        var inner = Int.max  // the least indentation of the lines from here down to the target
        var line = target
        while line >= 0 {
            defer { line -= 1 }
            guard let column = indent(of: line) else { continue }
            if isEntry(line, dash: column), line == target || column < inner, let parent = parent(of: line, dash: column),
                ["items", "tracks"].contains(key(of: parent))
            {
                return Entry(first: line, last: last(of: line, dash: column), dash: column, parent: parent)
            }
            inner = min(inner, column)
        }
        return nil
    }

    /// The line of the key whose list the entry at `line` is in.
    private func parent(of line: Int, dash: Int) -> Int? {
        for above in stride(from: line - 1, through: 0, by: -1) {
            guard let column = indent(of: above) else { continue }
            if column < dash || (column == dash && !isEntry(above, dash: column)) { return above }
        }
        return nil
    }

    /// The last line of the entry that starts at `line`.
    private func last(of line: Int, dash: Int) -> Int {
        var last = line
        for below in (line + 1)..<lines.count {
            guard let column = indent(of: below) else { continue }
            if column <= dash { break }
            last = below
        }
        return last
    }

    /// A mapping key's name on `line` (after any `- `), or "".
    private func key(of line: Int) -> String {
        var text = lines[line].drop { $0 == " " }
        while text.hasPrefix("- ") { text = text.dropFirst(2).drop { $0 == " " } }
        guard let colon = text.firstIndex(of: ":") else { return "" }
        return String(text[..<colon].filter { $0 != " " })
    }

    private func isEntry(_ line: Int, dash: Int) -> Bool {
        let text = lines[line].dropFirst(dash)
        return text == "-" || text.hasPrefix("- ")
    }

    /// The column of the line's first character; nil for a blank or comment line.
    private func indent(of line: Int) -> Int? {
        let text = lines[line]
        guard let first = text.firstIndex(where: { $0 != " " }), text[first] != "#" else { return nil }
        return text.distance(from: text.startIndex, to: first)
    }
}
