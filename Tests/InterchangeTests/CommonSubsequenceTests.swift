import Testing

@testable import Interchange

/// `render diff` and its text fallback match elements through a common
/// subsequence found in linear space.
@Suite struct CommonSubsequenceTests {
    /// The length of a longest common subsequence, by the textbook table.
    func longest(_ a: [Int], _ b: [Int]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in a.indices.reversed() {
            for j in b.indices.reversed() {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }

    @Test func pairsMatchEqualElementsInOrder() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let a = (0..<Int.random(in: 0...30, using: &generator)).map { _ in Int.random(in: 0...5, using: &generator) }
            let b = (0..<Int.random(in: 0...30, using: &generator)).map { _ in Int.random(in: 0...5, using: &generator) }
            let pairs = CommonSubsequence.pairs(a, b)
            #expect(pairs.allSatisfy { a[$0.0] == b[$0.1] })
            #expect(zip(pairs, pairs.dropFirst()).allSatisfy { $0.0 < $1.0 && $0.1 < $1.1 })
            // Short sequences get a longest one.
            #expect(pairs.count == longest(a, b), "\(a) \(b)")
        }
    }

    @Test func reorderedDistinctElementsKeepTheLongestRunInOrder() {
        let pairs = CommonSubsequence.pairs(["a", "b", "c", "d", "e"], ["b", "c", "a", "e", "d"])
        #expect(pairs.map { $0.0 } == [1, 2, 3] || pairs.map { $0.0 } == [1, 2, 4])
    }
}
