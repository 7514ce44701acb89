import EDLParser
import Foundation
import Testing

@testable import Backend

@Suite("Text geometry and errors")
struct TextGeometryTests {
    let rasterizer: TextRasterizer

    init() throws {
        rasterizer = try TextRasterizer()
    }

    @Test func firstBaselineSitsAtTheAscent() throws {
        let bitmap = try rasterizer.render(.sample("Hello"))
        // DejaVu Sans: ascender 0.928 em, descender 0.236 em.
        #expect(abs(Double(bitmap.firstBaseline - bitmap.contentRect.y) - 0.928 * 48) <= 1.5)
        #expect(abs(Double(bitmap.contentRect.height) - 1.164 * 48) <= 1.5)
        let ink = try #require(bitmap.inkBox())
        #expect(ink.maxY <= bitmap.firstBaseline + 1)
    }

    @Test func linesAreLineHeightApart() throws {
        let one = try rasterizer.render(.sample("Hello"))
        let three = try rasterizer.render(.sample("Hello\nHello\nHello") { $0.lineHeight = 1.5 })
        #expect(three.height == one.height + 2 * 72)
    }

    @Test func emptyTextIsABlankBitmap() throws {
        let bitmap = try rasterizer.render(.sample(""))
        #expect(bitmap.width >= 1 && bitmap.height >= 1)
        #expect(bitmap.isBlank)
    }

    @Test func trailingSpacesDoNotWidenALine() throws {
        let plain = try rasterizer.render(.sample("Hello"))
        let spaced = try rasterizer.render(.sample("Hello   "))
        #expect(plain.width == spaced.width)
    }

    @Test func aFileThatIsNotAFontIsAnError() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-font-\(UUID().uuidString).ttf")
        try Data("this is not a font".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let error = #expect(throws: TextError.self) {
            try rasterizer.render(.sample("Hello") { $0.font = url.path })
        }
        #expect(error?.message.hasPrefix("cannot read font '\(url.path)'") == true)
    }
}
