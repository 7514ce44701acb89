import EDLParser

/// Lines of shaped runs placed in the text block.
///
/// The text block's top-left is (0, 0), y down. Line `i`'s baseline is at
/// `ascent + i × lineHeight × fontSize`, with `ascent` and `descent` the
/// requested font's; the block is as wide as the widest line and reaches
/// from the first line's ascent to the last line's descent. Each line is
/// aligned within the block's width.
struct TextLayout {
    struct Line {
        /// Runs in visual order, left to right.
        var runs: [ShapedRun]
        var width: Double
        /// Pixels from the block's left edge to the line's start.
        var x: Double
        /// Pixels from the block's top down to the baseline.
        var baseline: Double
        /// Index in the whole text of the first scalar of the line's paragraph.
        var paragraphStart = 0
        /// Index in the whole text after the line's last scalar.
        var end = 0
    }

    var lines: [Line]
    var blockWidth: Int
    var blockHeight: Int

    init(_ text: TextContent, fonts: StyledFonts) {
        let spacing = text.letterSpacing?.pixels(fontSize: text.fontSize) ?? 0
        var lines = Self.lines(of: text.string, maxWidth: text.maxWidth, fonts: fonts, spacing: spacing)
        if let maxLines = text.maxLines, lines.count > maxLines {
            // The lines that fit, the last ending in an ellipsis, a word at a
            // time shorter until the ellipsis fits on it.
            let scalars = Array(text.string.unicodeScalars)
            var end = lines[maxLines - 1].end
            repeat {
                while end > 0, scalars[end - 1].properties.isWhitespace { end -= 1 }
                var cut = String.UnicodeScalarView(scalars[..<end])
                cut.append("…")
                lines = Self.lines(of: String(cut), maxWidth: text.maxWidth, fonts: fonts, spacing: spacing)
                while end > 0, !scalars[end - 1].properties.isWhitespace { end -= 1 }
            } while lines.count > maxLines && end > 0
        }
        let ascent = fonts.plain.primary.ascender
        let advance = text.lineHeight * text.fontSize
        let widest = lines.map(\.width).max() ?? 0
        blockWidth = Int(widest.rounded(.up))
        blockHeight = Int((ascent + fonts.plain.primary.descender + Double(lines.count - 1) * advance).rounded(.up))
        let share: Double =
            switch text.align {
            case .left: 0
            case .center: 0.5
            case .right: 1
            }
        for i in lines.indices {
            lines[i].baseline = ascent + Double(i) * advance
            lines[i].x = ((Double(blockWidth) - lines[i].width) * share).rounded()
        }
        self.lines = lines
    }

    private static func lines(of string: String, maxWidth: Double?, fonts: StyledFonts, spacing: Double) -> [Line] {
        Paragraph.split(string).flatMap { paragraph in
            lines(of: paragraph, maxWidth: maxWidth, fonts: fonts, spacing: spacing).map { line in
                var line = line
                line.paragraphStart = paragraph.start
                line.end += paragraph.start
                return line
            }
        }
    }

    /// `spacing` pixels follow each letter (each glyph that advances), but the
    /// line's last: a line's width is its letters', as CSS centres it not.
    private static func lines(of paragraph: Paragraph, maxWidth: Double?, fonts: StyledFonts, spacing: Double) -> [Line] {
        let levels = Bidi.levels(of: paragraph)
        let codepoints = paragraph.codepoints
        let all = paragraph.clusters.indices
        var widths: [Double] = []
        if maxWidth != nil {
            let runs = TextItemizer.runs(paragraph, clusters: all, levels: levels, fonts: fonts)
            widths = clusterWidths(paragraph, runs.map { shape($0, codepoints, spacing) })
        }
        return LineBreaker.lines(paragraph, widths: widths, maxWidth: maxWidth).map { clusters in
            let runs = TextItemizer.runs(paragraph, clusters: clusters, levels: levels, fonts: fonts)
            let shaped = runs.map { shape($0, codepoints, spacing) }
            let visual = Bidi.visualOrder(levels: runs.map(\.level)).map { shaped[$0] }
            let letters = visual.reduce(0) { $0 + $1.width }
            return Line(
                runs: visual, width: max(0, letters - (visual.contains { !$0.glyphs.isEmpty } ? spacing : 0)), x: 0, baseline: 0,
                end: paragraph.scalarRange(of: clusters).upperBound)
        }
    }

    private static func shape(_ run: TextRun, _ codepoints: [UInt32], _ spacing: Double) -> ShapedRun {
        TextShaper.shape(codepoints, range: run.range, face: run.face, rightToLeft: run.level % 2 == 1, spacing: spacing)
    }

    /// Each grapheme cluster's share of the shaped advances.
    private static func clusterWidths(_ paragraph: Paragraph, _ runs: [ShapedRun]) -> [Double] {
        var clusterOfScalar = [Int](repeating: 0, count: paragraph.scalars.count)
        for (cluster, range) in paragraph.clusters.enumerated() {
            for scalar in range { clusterOfScalar[scalar] = cluster }
        }
        var widths = [Double](repeating: 0, count: paragraph.clusters.count)
        for glyph in runs.flatMap(\.glyphs) where clusterOfScalar.indices.contains(glyph.cluster) {
            widths[clusterOfScalar[glyph.cluster]] += glyph.advance
        }
        return widths
    }
}
