import EDLParser
import Testing

@testable import Backend

/// Whether fontconfig can find a font with Chinese ideographs.
private let cjkFontInstalled: Bool = {
    guard let catalog = try? FontCatalog() else { return false }
    return catalog.fallback(for: "加", family: "DejaVu Sans", style: FontStyle(bold: false)) != nil
}()

@Suite("Text scripts and fallback")
struct TextScriptTests {
    let rasterizer: TextRasterizer

    init() throws {
        rasterizer = try TextRasterizer()
    }

    @Test(.enabled(if: cjkFontInstalled, "no font with CJK ideographs is installed (fonts-noto-cjk)"))
    func cjkFallsBackFromDejaVu() throws {
        let string = "加点水印看看效果"
        let text = TextContent.sample(string) { $0.font = "DejaVu Sans" }
        let layout = try rasterizer.layout(text)
        let faces = layout.lines.flatMap(\.runs).map(\.face.key.path)
        #expect(faces.contains { !$0.contains("DejaVu") })

        let bitmap = try rasterizer.render(text)
        let ink = try #require(bitmap.inkBox())
        // Eight full-width characters: ink in each eighth of the line.
        let slice = ink.width / 8
        for i in 0..<8 {
            let start = ink.minX + i * slice
            let columns = (start + slice / 4)..<(start + slice - slice / 4)
            #expect(bitmap.hasInk(columns: columns), "no ink for character \(i + 1)")
        }
        #expect(ink.width > 8 * 40)
    }

    @Test(.enabled(if: cjkFontInstalled, "no font with CJK ideographs is installed (fonts-noto-cjk)"))
    func cjkWrapsBetweenCharacters() throws {
        let layout = try rasterizer.layout(.sample("加点水印看看效果加点水印看看效果") { $0.maxWidth = 200 })
        #expect(layout.lines.count >= 3)
        #expect(layout.lines.allSatisfy { $0.width <= 200 })
    }

    @Test func arabicIsShapedRightToLeft() throws {
        let text = TextContent.sample("مرحبا بالعالم")
        let layout = try rasterizer.layout(text)
        let runs = layout.lines.flatMap(\.runs)
        #expect(!runs.isEmpty)
        #expect(runs.allSatisfy { $0.isRightToLeft && $0.script == "Arab" })

        // Joined forms: shaping picks glyphs other than the isolated ones the
        // character map gives.
        let face = try #require(runs.first?.face)
        let nominal = Set("مرحبا بالعالم".unicodeScalars.map { face.nominalGlyph($0) })
        let shaped = runs.flatMap(\.glyphs).map(\.glyph)
        #expect(shaped.contains { !nominal.contains($0) })

        // Right to left: the first character (meem) is drawn rightmost, so
        // the visually last glyph comes from the first cluster.
        #expect(runs.last?.glyphs.last?.cluster == 0)

        let bitmap = try rasterizer.render(text)
        #expect(!bitmap.isBlank)
    }

    @Test func latinInsideArabicKeepsItsOrder() throws {
        let layout = try rasterizer.layout(.sample("مرحبا abc"))
        let runs = try #require(layout.lines.first?.runs)
        // Paragraph is right-to-left: the Latin run is drawn to the left.
        let latin = try #require(runs.firstIndex { !$0.isRightToLeft })
        let arabic = try #require(runs.firstIndex { $0.isRightToLeft })
        #expect(latin < arabic)
    }

    @Test func bidiReordersRunsByLevel() {
        #expect(Bidi.visualOrder(levels: [0, 1, 1, 0]) == [0, 2, 1, 3])
        #expect(Bidi.visualOrder(levels: [1, 2, 2, 1]) == [3, 1, 2, 0])
    }
}
