import EDLParser

/// A common subsequence of two sequences, found in linear space for `render
/// diff` and its text fallback: equal heads and tails first; then, in what is
/// left, a longest one by Hirschberg's algorithm when that takes at most
/// `exactCells` steps, else patience anchors (elements that occur once on
/// each side, in order) with the same again between them. Hirschberg is exact
/// but quadratic in time; patience keeps 10,000 reordered items to moments.
public enum CommonSubsequence {
    /// About a second of work, at most, for a longest subsequence.
    static let exactCells = 4_000_000

    /// Index pairs `(i, j)`, `a[i] == b[j]`, increasing in both.
    public static func pairs<Element: Hashable>(_ a: [Element], _ b: [Element]) -> [(Int, Int)] {
        // Equal elements become equal numbers: the work below compares integers.
        var numbers: [Element: Int] = [:]
        let x = a.map { element -> Int in
            if let number = numbers[element] { return number }
            numbers[element] = numbers.count
            return numbers.count - 1
        }
        let y = b.map { numbers[$0] ?? -1 }
        var found: [(Int, Int)] = []
        // A stack of regions to match, not recursion: patience can nest as deep as the input is long.
        var regions = [(x.startIndex..<x.endIndex, y.startIndex..<y.endIndex)]
        while let (rangeA, rangeB) = regions.popLast() {
            var (lowA, lowB, highA, highB) = (rangeA.lowerBound, rangeB.lowerBound, rangeA.upperBound, rangeB.upperBound)
            while lowA < highA, lowB < highB, x[lowA] == y[lowB] {
                found.append((lowA, lowB))
                (lowA, lowB) = (lowA + 1, lowB + 1)
            }
            while lowA < highA, lowB < highB, x[highA - 1] == y[highB - 1] {
                (highA, highB) = (highA - 1, highB - 1)
                found.append((highA, highB))
            }
            guard lowA < highA, lowB < highB else { continue }
            let small = (highA - lowA) * (highB - lowB) <= exactCells
            let anchors = small ? [] : patienceAnchors(x, lowA..<highA, y, lowB..<highB)
            guard !anchors.isEmpty else {
                hirschberg(x[lowA..<highA], y[lowB..<highB], into: &found)
                continue
            }
            var (startA, startB) = (lowA, lowB)
            for (i, j) in anchors {
                found.append((i, j))
                regions.append((startA..<i, startB..<j))
                (startA, startB) = (i + 1, j + 1)
            }
            regions.append((startA..<highA, startB..<highB))
        }
        return found.sorted { $0.0 < $1.0 }
    }

    /// The longest increasing run, by position in `b`, of the elements that occur
    /// exactly once in each range.
    private static func patienceAnchors(_ a: [Int], _ rangeA: Range<Int>, _ b: [Int], _ rangeB: Range<Int>) -> [(Int, Int)] {
        var countA: [Int: Int] = [:]
        var countB: [Int: (count: Int, index: Int)] = [:]
        for i in rangeA { countA[a[i], default: 0] += 1 }
        for j in rangeB { countB[b[j], default: (0, j)].count += 1 }
        let unique = rangeA.compactMap { i -> (Int, Int)? in
            guard countA[a[i]] == 1, let other = countB[a[i]], other.count == 1 else { return nil }
            return (i, other.index)
        }
        // Patience sorting: piles by their top's position in `b`, each card linked to the pile before.
        var tops: [Int] = []
        var previous = [Int](repeating: -1, count: unique.count)
        for (card, (_, j)) in unique.enumerated() {
            let low = tops.partitionPoint { unique[$0].1 < j }
            if low > 0 { previous[card] = tops[low - 1] }
            if low == tops.count { tops.append(card) } else { tops[low] = card }
        }
        var run: [(Int, Int)] = []
        var card = tops.last ?? -1
        while card >= 0 {
            run.append(unique[card])
            card = previous[card]
        }
        return run.reversed()
    }

    /// Hirschberg: split `a` in half, find where an optimal path crosses the
    /// middle from the lengths of both halves' last rows, recurse on each side.
    private static func hirschberg(_ a: ArraySlice<Int>, _ b: ArraySlice<Int>, into found: inout [(Int, Int)]) {
        guard !a.isEmpty, !b.isEmpty else { return }
        if a.count == 1 {
            if let j = b.firstIndex(of: a[a.startIndex]) { found.append((a.startIndex, j)) }
            return
        }
        let middle = a.startIndex + a.count / 2
        let forward = lastRow(a[..<middle], b)
        let backward = lastRow(Array(a[middle...].reversed())[...], Array(b.reversed())[...])
        var split = 0
        var best = -1
        for k in 0...b.count where forward[k] + backward[b.count - k] > best {
            (split, best) = (k, forward[k] + backward[b.count - k])
        }
        hirschberg(a[..<middle], b[b.startIndex..<(b.startIndex + split)], into: &found)
        hirschberg(a[middle...], b[(b.startIndex + split)...], into: &found)
    }

    /// The lengths of the longest common subsequences of `a` and each prefix of `b`.
    private static func lastRow(_ a: ArraySlice<Int>, _ b: ArraySlice<Int>) -> [Int] {
        var row = [Int](repeating: 0, count: b.count + 1)
        for element in a {
            var diagonal = 0
            for (k, other) in b.enumerated() {
                let above = row[k + 1]
                row[k + 1] = element == other ? diagonal + 1 : max(row[k], above)
                diagonal = above
            }
        }
        return row
    }
}
