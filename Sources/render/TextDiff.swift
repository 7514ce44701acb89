import Interchange

/// A unified diff of two texts (three lines of context), for files `render
/// diff` cannot read as projects when git runs it as a diff driver.
enum TextDiff {
    static func unified(_ old: String, _ new: String, oldName: String, newName: String) -> String {
        let (a, b) = (lines(old), lines(new))
        // The edit as a walk through both texts: (old line, new line), nil where a side has none.
        var steps: [(Int?, Int?)] = []
        var (i, j) = (0, 0)
        for (x, y) in CommonSubsequence.pairs(a, b) + [(a.count, b.count)] {
            while i < x {
                steps.append((i, nil))
                i += 1
            }
            while j < y {
                steps.append((nil, j))
                j += 1
            }
            if x < a.count { steps.append((x, y)) }
            (i, j) = (x + 1, y + 1)
        }
        let changed = steps.indices.filter { steps[$0].0 == nil || steps[$0].1 == nil }
        guard !changed.isEmpty else { return "" }
        // Changes closer than twice the context share a hunk.
        var hunks: [ClosedRange<Int>] = []
        for index in changed {
            let range = max(index - 3, 0)...min(index + 3, steps.count - 1)
            if let last = hunks.last, range.lowerBound <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound...range.upperBound
            } else {
                hunks.append(range)
            }
        }
        var output = ["--- \(oldName)", "+++ \(newName)"]
        for hunk in hunks {
            let part = steps[hunk]
            let before = steps[..<hunk.lowerBound]
            let oldLines = part.filter { $0.0 != nil }.count
            let newLines = part.filter { $0.1 != nil }.count
            let oldStart = before.filter { $0.0 != nil }.count + (oldLines > 0 ? 1 : 0)
            let newStart = before.filter { $0.1 != nil }.count + (newLines > 0 ? 1 : 0)
            output.append("@@ -\(span(oldStart, oldLines)) +\(span(newStart, newLines)) @@")
            for (x, y) in part {
                switch (x, y) {
                case (let x?, nil): output.append("-" + a[x])
                case (nil, let y?): output.append("+" + b[y])
                case (let x?, _): output.append(" " + a[x])
                default: break
                }
            }
        }
        return output.joined(separator: "\n") + "\n"
    }

    private static func lines(_ text: String) -> [String] {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// `start,count`, the count left out when it is 1, as diff writes it.
    private static func span(_ start: Int, _ count: Int) -> String { count == 1 ? "\(start)" : "\(start),\(count)" }
}
