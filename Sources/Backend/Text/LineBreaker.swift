/// Wraps a paragraph to a width, greedily, at word boundaries: after spaces,
/// and between CJK characters (but not before closing CJK punctuation).
/// A word wider than the width stays whole and overflows.
enum LineBreaker {
    /// Cluster ranges of each line, trailing whitespace left out.
    static func lines(_ paragraph: Paragraph, widths: [Double], maxWidth: Double?) -> [Range<Int>] {
        let count = paragraph.clusters.count
        guard let maxWidth, count > 0 else { return [trimmed(paragraph, 0..<count)] }
        var lines: [Range<Int>] = []
        var start = 0
        var width = 0.0
        var lastBreak: Int?
        var i = 0
        while i < count {
            if i > start, canBreak(paragraph, before: i) { lastBreak = i }
            width += widths[i]
            if width > maxWidth, !paragraph.isWhitespace(i), let breakAt = lastBreak, breakAt > start {
                lines.append(trimmed(paragraph, start..<breakAt))
                start = breakAt
                lastBreak = nil
                width = widths[start...i].reduce(0, +)
            }
            i += 1
        }
        lines.append(trimmed(paragraph, start..<count))
        return lines
    }

    private static func trimmed(_ paragraph: Paragraph, _ range: Range<Int>) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound, paragraph.isWhitespace(end - 1) { end -= 1 }
        return range.lowerBound..<end
    }

    static func canBreak(_ paragraph: Paragraph, before i: Int) -> Bool {
        let before = paragraph.base(of: i - 1)
        let after = paragraph.base(of: i)
        if after.properties.isWhitespace { return false }
        if before.properties.isWhitespace { return true }
        if noBreakBefore.contains(after) { return false }
        return isCJK(before) || isCJK(after)
    }

    /// Ideographs, kana and CJK punctuation, which may break between any two.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x2FFF, 0x3000...0x30FF, 0x3100...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }

    /// Closing punctuation that must not start a line.
    private static let noBreakBefore = Set("。，、．！？：；）」』】〕〉》ー,.!?:;)]}".unicodeScalars)
}
