import EDLParser
import Foundation

extension DocumentAnalysis {
    /// Each did-you-mean of the diagnostics in `range` as an edit that makes it:
    /// the word the message quotes, where the diagnostic points, replaced by a name the hint offers.
    func quickFixes(in range: Range) -> [CodeAction] {
        placedDiagnostics.filter { $0.uri == document.uri && $0.range.overlaps(range) }.flatMap { placed in
            let diagnostic = placed.diagnostic
            guard let hint = diagnostic.hint, let wrong = Self.quoted(in: diagnostic.message).first,
                var meant = Self.suggestions(in: hint), let location = diagnostic.location
            else { return [CodeAction]() }
            let index = document.index
            let start = index.offset(line: location.line, scalarColumn: location.column)
            let lineEnd = index.lineRange(index.position(ofOffset: start).line).upperBound
            guard let found = Self.find(Array(wrong.utf8), in: index.bytes, from: start, to: lineEnd) else { return [] }
            let before = index.bytes[max(found.lowerBound - 2, 0)..<found.lowerBound]
            let replaced = Range(
                start: index.position(ofOffset: found.lowerBound), end: index.position(ofOffset: found.upperBound))
            // A key is offered only where its value would fit (`font_sise: 72` is never `font: 72`).
            if let key = outline.scalar(at: found.lowerBound), key.isKey, let value = outline.value(at: key.path) {
                let parent = Array(key.path.dropLast())
                meant = meant.filter { Self.schema.accepts(value.value, at: parent + [.key($0)]) }
            }
            return meant.enumerated().map { number, name in
                // A variable's hint names it as written (`${name}`); the message, by name.
                var text = name
                if text.hasPrefix("${"), text.hasSuffix("}"), before.elementsEqual("${".utf8) {
                    text = String(text.dropFirst(2).dropLast())
                }
                return CodeAction(
                    title: "Change '\(wrong)' to '\(text)'",
                    diagnostics: diagnosticsByDocument()[document.uri]?.filter { $0.range == placed.range } ?? [],
                    isPreferred: number == 0 && meant.count == 1,
                    edit: WorkspaceEdit(changes: [document.uri: [TextEdit(range: replaced, newText: text)]]))
            }
        }
    }

    /// The words of a "did you mean 'x'?" (or "'x' or 'y'") hint.
    static func suggestions(in hint: String) -> [String]? {
        guard let said = hint.range(of: "did you mean ") else { return nil }
        let names = quoted(in: String(hint[said.upperBound...]))
        return names.isEmpty ? nil : names
    }

    /// The texts in single quotes, in order.
    static func quoted(in text: String) -> [String] {
        let parts = text.split(separator: "'", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count - 1, by: 2).map { String(parts[$0]) }.filter { !$0.isEmpty }
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int, to end: Int) -> Swift.Range<Int>? {
        guard !needle.isEmpty, start >= 0, end <= bytes.count, end - start >= needle.count else { return nil }
        for offset in start...(end - needle.count) where bytes[offset..<offset + needle.count].elementsEqual(needle) {
            return offset..<offset + needle.count
        }
        return nil
    }
}
