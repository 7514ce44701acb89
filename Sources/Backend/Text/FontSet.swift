import EDLParser

/// The fonts one text layer draws with: the requested face, and faces found
/// for characters it lacks. Fallback lookups are remembered per character.
final class FontSet {
    let primary: FontFace
    private let findFallback: (Unicode.Scalar) -> FontFace?
    private var fallbacks: [Unicode.Scalar: FontFace?] = [:]

    init(primary: FontFace, findFallback: @escaping (Unicode.Scalar) -> FontFace?) {
        self.primary = primary
        self.findFallback = findFallback
    }

    /// The face for a cluster starting with `scalar`: the primary face when it
    /// has the character, else the face of the run so far when that has it,
    /// else a fallback. Whitespace stays with the current face so runs do not
    /// break at spaces. With no font covering the character, the primary face
    /// draws its missing-glyph box.
    func face(for scalar: Unicode.Scalar, current: FontFace?) -> FontFace {
        if scalar.properties.isWhitespace, let current { return current }
        if primary.covers(scalar) { return primary }
        if let current, current.covers(scalar) { return current }
        if let known = fallbacks[scalar] { return known ?? primary }
        let found = findFallback(scalar)
        fallbacks[scalar] = .some(found)
        return found ?? primary
    }
}

/// The fonts of one text by style: its own, and the same family in bold or
/// italic for a caption's `<b>` and `<i>` runs, opened when first asked for.
final class StyledFonts {
    /// The text's own fonts, whose face gives the lines their height.
    let plain: FontSet
    private let text: TextContent
    private let base: FontStyle
    private let open: (FontStyle) -> FontSet?
    private var styled: [FontStyle: FontSet] = [:]

    init(plain: FontSet, base: FontStyle, text: TextContent, open: @escaping (FontStyle) -> FontSet?) {
        self.plain = plain
        self.base = base
        self.text = text
        self.open = open
    }

    /// The fonts for the scalar at `index` in the text; the text's own fonts
    /// when its style's face cannot be opened.
    func fonts(forScalar index: Int) -> FontSet {
        guard !text.styles.isEmpty else { return plain }
        let style = text.style(ofScalar: index)
        let wanted = FontStyle(bold: base.bold || style.contains(.bold), italic: base.italic || style.contains(.italic))
        guard wanted != base else { return plain }
        if let known = styled[wanted] { return known }
        let fonts = open(wanted) ?? plain
        styled[wanted] = fonts
        return fonts
    }
}

/// A stretch of a paragraph in one face and one direction.
struct TextRun {
    /// Scalar indices into the paragraph.
    var range: Range<Int>
    var face: FontFace
    /// Bidi embedding level: odd is right-to-left.
    var level: Int
}

/// Splits a paragraph into runs of one face and one direction.
enum TextItemizer {
    static func runs(_ paragraph: Paragraph, clusters: Range<Int>, levels: [Int], fonts: StyledFonts) -> [TextRun] {
        var runs: [TextRun] = []
        for cluster in clusters {
            let range = paragraph.clusters[cluster]
            let face = fonts.fonts(forScalar: paragraph.start + range.lowerBound)
                .face(for: paragraph.base(of: cluster), current: runs.last?.face)
            if let last = runs.last, last.face === face, last.level == levels[cluster] {
                runs[runs.count - 1].range = last.range.lowerBound..<range.upperBound
            } else {
                runs.append(TextRun(range: range, face: face, level: levels[cluster]))
            }
        }
        return runs
    }
}
