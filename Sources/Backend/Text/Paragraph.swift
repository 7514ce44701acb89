/// One `\n`-separated paragraph, as scalars grouped into grapheme clusters.
///
/// HarfBuzz clusters are scalar indices into `scalars`; wrapping and font
/// choice work on whole grapheme clusters so marks stay with their base.
struct Paragraph {
    var scalars: [Unicode.Scalar]
    /// Scalar index ranges, one per grapheme cluster, in logical order.
    var clusters: [Range<Int>]
    /// Index in the whole text of the paragraph's first scalar.
    var start = 0

    init(_ text: Substring) {
        var scalars: [Unicode.Scalar] = []
        var clusters: [Range<Int>] = []
        for character in text {
            let start = scalars.count
            scalars.append(contentsOf: character.unicodeScalars)
            clusters.append(start..<scalars.count)
        }
        self.scalars = scalars
        self.clusters = clusters
    }

    /// Scalar values, as HarfBuzz takes them.
    var codepoints: [UInt32] { scalars.map(\.value) }

    /// The first scalar of a cluster: what decides its font and direction.
    func base(of cluster: Int) -> Unicode.Scalar { scalars[clusters[cluster].lowerBound] }

    func isWhitespace(_ cluster: Int) -> Bool { base(of: cluster).properties.isWhitespace }

    /// Scalars from the first scalar of `clusters.lowerBound` up to the end of the last one.
    func scalarRange(of clusterRange: Range<Int>) -> Range<Int> {
        guard let first = clusterRange.first, let last = clusterRange.last else { return 0..<0 }
        return clusters[first].lowerBound..<clusters[last].upperBound
    }

    /// Splits a string at `\n` (and `\r\n`) into paragraphs; an empty string is one empty paragraph.
    static func split(_ string: String) -> [Paragraph] {
        var start = 0
        return string.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var paragraph = Paragraph(line.hasSuffix("\r") ? line.dropLast() : line)
            paragraph.start = start
            start += line.unicodeScalars.count + 1
            return paragraph
        }
    }
}
