/// Prints diagnostics the way a compiler does:
///
///     edits/promo.yaml:14:9: error: 'to' (12s) is past the end of 'intro' (10.01s)
///        14 |       to: 12s
///           |         ^
///     hint: ...
public struct DiagnosticRenderer: Sendable {
    /// Source text by file name, for the excerpt under each message.
    public var sources: [String: String]
    /// ANSI colour, for terminals only.
    public var colored: Bool

    public init(sources: [String: String] = [:], colored: Bool = false) {
        self.sources = sources
        self.colored = colored
    }

    public func render(_ diagnostic: Diagnostic) -> String {
        var lines: [String] = []
        let label = paint(diagnostic.severity.rawValue + ":", diagnostic.severity == .error ? "1;31" : "1;33")
        let prefix = diagnostic.location.map { paint("\($0):", "1") + " " } ?? ""
        lines.append("\(prefix)\(label) \(paint(diagnostic.message, "1"))")
        if let location = diagnostic.location, let text = sources[location.file],
            let sourceLine = Self.line(location.line, of: text)
        {
            let number = String(location.line)
            let gutter = String(repeating: " ", count: number.count)
            let (excerpt, caretColumn) = Self.excerpt(of: sourceLine, around: max(location.column - 1, 0))
            let pad = String(excerpt.unicodeScalars.prefix(caretColumn).map { $0 == "\t" ? "\t" : " " })
            lines.append(" \(number) | \(excerpt)")
            lines.append(" \(gutter) | \(pad)\(paint("^", "1;32"))")
        }
        if let hint = diagnostic.hint {
            lines.append("\(paint("hint:", "1;36")) \(hint)")
        }
        return lines.joined(separator: "\n")
    }

    public func render(_ diagnostics: [Diagnostic], dropped: Int = 0) -> String {
        var parts = diagnostics.map(render)
        let errors = diagnostics.filter { $0.severity == .error }.count + dropped
        if dropped > 0 { parts.append("… and \(dropped) more not shown") }
        if errors > 0 { parts.append("\(errors) error\(errors == 1 ? "" : "s")") }
        return parts.joined(separator: "\n") + (parts.isEmpty ? "" : "\n")
    }

    private func paint(_ text: String, _ code: String) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// The most characters of a source line shown under a message.
    static let excerptWidth = 120

    /// `line` cut to `excerptWidth` characters around `column` (0-based, in
    /// Unicode scalars), an ellipsis where it was cut, and the column in the
    /// excerpt: a generated or damaged file's one long line is not echoed whole.
    static func excerpt(of line: String, around column: Int) -> (text: String, column: Int) {
        let scalars = Array(line.unicodeScalars)
        guard scalars.count > excerptWidth else { return (line, column) }
        let end = min(scalars.count, max(column, 0) + excerptWidth / 2)
        let start = max(0, min(column - excerptWidth / 2, end - excerptWidth))
        let kept = String(String.UnicodeScalarView(scalars[start..<min(scalars.count, start + excerptWidth)]))
        let cutBefore = start > 0
        let cutAfter = start + excerptWidth < scalars.count
        return ((cutBefore ? "…" : "") + kept + (cutAfter ? "…" : ""), column - start + (cutBefore ? 1 : 0))
    }

    private static func line(_ number: Int, of text: String) -> String? {
        var current = 1
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == number { return String(line.hasSuffix("\r") ? line.dropLast() : line) }
            current += 1
        }
        return nil
    }
}
