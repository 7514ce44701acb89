import EDLParser
import Testing

@testable import Backend

@Suite("Text rasterizer")
struct TextRasterizerTests {
    let rasterizer: TextRasterizer

    init() throws {
        rasterizer = try TextRasterizer()
    }

    @Test func helloIsWhiteAndAboutOneLineTall() throws {
        let bitmap = try rasterizer.render(.sample("Hello"))
        #expect(bitmap.pixels.count == bitmap.width * bitmap.height * 4)
        #expect(!bitmap.isBlank)
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let p = bitmap.pixel(x: x, y: y)
                // Premultiplied white: every channel equals alpha.
                #expect(p.r == p.a && p.g == p.a && p.b == p.a)
            }
        }
        #expect(abs(Double(bitmap.height) - 1.2 * 48) <= 0.2 * 48)
        let solid = bitmap.inkBox(threshold: 254)
        #expect(solid != nil)
    }

    @Test func aPictureOverTheLimitIsRefusedBeforeItIsDrawn() throws {
        // 1000 px with a 500 px padding and a shadow: tens of gigabytes if drawn.
        let huge = TextContent.sample(String(repeating: "Ab", count: 1000)) { text in
            text.fontSize = 1000
            text.background = .init(color: .white, padding: 500)
        }
        #expect(throws: TextError.self) { try rasterizer.render(huge) }
        // A large picture inside the limit is drawn.
        let padded = try rasterizer.render(.sample("") { $0.background = .init(color: .white, padding: 500) })
        #expect(padded.width == 1000 && padded.pixel(x: 0, y: 0).a == 255)
    }

    /// What a crop is checked against at compile time: the size of the picture
    /// the render draws, here found without drawing it.
    @Test func theSizeFoundWithoutDrawingIsThePicturesSize() throws {
        let texts: [TextContent] = [
            .sample("Hello"), .sample(""), .sample("Ÿjå, ÄÉ — gq"),
            .sample("Hello") { $0.stroke = .init(color: .black, width: 3) },
            .sample("Hello") { $0.shadow = .init(color: .black, offset: Vector2(-6, 4)) },
            .sample("Hello") { $0.background = .init(color: .white, padding: 12) },
            .sample("Two words\non lines") {
                $0.stroke = .init(color: .black, width: 2.5)
                $0.shadow = .init(color: .black, offset: Vector2(3, -7))
                $0.background = .init(color: .white, padding: 1)
            },
        ]
        for text in texts {
            let bitmap = try rasterizer.render(text)
            #expect(try rasterizer.size(of: text) == PixelSize(width: bitmap.width, height: bitmap.height), "\(text.string)")
        }
    }

    /// Letter spacing adds its space between letters, not after the last: ten letters, nine gaps.
    @Test func letterSpacingWidensByItsSpaceBetweenEachPairOfLetters() throws {
        let plain = try rasterizer.render(.sample("TRACKING!!"))
        let pixels = try rasterizer.render(.sample("TRACKING!!") { $0.letterSpacing = .pixels(10) })
        let ems = try rasterizer.render(.sample("TRACKING!!") { $0.letterSpacing = .ems(0.25) })
        let tight = try rasterizer.render(.sample("TRACKING!!") { $0.letterSpacing = .pixels(-2) })
        let ink = { (bitmap: TextBitmap) in bitmap.inkBox().map { $0.maxX - $0.minX } ?? 0 }
        #expect(abs(ink(pixels) - ink(plain) - 90) <= 1, "\(ink(plain)) → \(ink(pixels))")
        // 0.25 em of a 48 px font is 12 px.
        #expect(abs(ink(ems) - ink(plain) - 108) <= 1, "\(ink(plain)) → \(ink(ems))")
        #expect(abs(ink(plain) - ink(tight) - 18) <= 1, "\(ink(plain)) → \(ink(tight))")
        #expect(
            try rasterizer.size(of: .sample("TRACKING!!") { $0.letterSpacing = .pixels(10) })
                == PixelSize(width: pixels.width, height: pixels.height))
    }

    @Test func widthGrowsWithMoreCharacters() throws {
        let short = try rasterizer.render(.sample("Hello"))
        let long = try rasterizer.render(.sample("Hello, world"))
        #expect(long.width > short.width + 48 * 2)
        #expect(long.height == short.height)
    }

    @Test(arguments: [TextAlignment.left, .center, .right])
    func alignmentPlacesTheShortLine(_ align: TextAlignment) throws {
        let bitmap = try rasterizer.render(.sample("MMMMMMMM\nab") { $0.align = align })
        let content = bitmap.contentRect
        let secondLine = try #require(bitmap.inkBox(rows: (bitmap.firstBaseline + 5)..<bitmap.height))
        #expect(secondLine.width < content.width / 2)
        switch align {
        case .left:
            #expect(abs(secondLine.minX - content.x) <= 5)
        case .right:
            #expect(abs(secondLine.maxX - (content.x + content.width)) <= 5)
        case .center:
            let middle = Double(secondLine.minX + secondLine.maxX) / 2
            #expect(abs(middle - (Double(content.x) + Double(content.width) / 2)) <= 4)
        }
    }

    @Test func maxWidthWrapsAtWords() throws {
        let sentence = "The quick brown fox jumps over the lazy dog again and again"
        let oneLine = try rasterizer.render(.sample(sentence))
        let wrapped = try rasterizer.render(.sample(sentence) { $0.maxWidth = 400 })
        #expect(oneLine.width > 400)
        #expect(wrapped.width <= 400 + 2)
        #expect(wrapped.height > 2 * oneLine.height)
        let layout = try rasterizer.layout(.sample(sentence) { $0.maxWidth = 400 })
        #expect(layout.lines.count >= 3)
        #expect(layout.lines.allSatisfy { $0.width <= 400 })
    }

    @Test func backgroundAddsPaddingOnEverySide() throws {
        let plain = try rasterizer.render(.sample("Hello"))
        let red = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        let boxed = try rasterizer.render(.sample("Hello") { $0.background = .init(color: red, padding: 10) })
        #expect(boxed.width == plain.width + 20)
        #expect(boxed.height == plain.height + 20)
        #expect(boxed.contentRect.x == 10 && boxed.contentRect.y == 10)
        for (x, y) in [(0, 0), (boxed.width - 1, 0), (0, boxed.height - 1), (boxed.width - 1, boxed.height - 1)] {
            let p = boxed.pixel(x: x, y: y)
            #expect(p.r == 128 && p.g == 0 && p.b == 0 && p.a == 128)
        }
    }

    @Test func strokeEnlargesTheInk() throws {
        let plain = try #require(try rasterizer.render(.sample("Hello")).inkBox())
        let stroked = try rasterizer.render(.sample("Hello") { $0.stroke = .init(color: .black, width: 3) })
        let ink = try #require(stroked.inkBox())
        #expect(ink.width >= plain.width + 5)
        #expect(ink.height >= plain.height + 5)
        // The middle of a stroke is opaque black; the fill stays white.
        let colours = Set(
            stroked.pixels.indices.filter { $0 % 4 == 0 && stroked.pixels[$0 + 3] == 255 }
                .map { stroked.pixels[$0] })
        #expect(colours.contains(0) && colours.contains(255))
    }

    @Test func shadowIsOffset() throws {
        let plain = try rasterizer.render(.sample("Hello"))
        let shadowed = try rasterizer.render(
            .sample("Hello") {
                $0.shadow = .init(color: Color(red: 0, green: 0, blue: 0, alpha: 0.5), offset: Vector2(6, 4))
            })
        let plainInk = try #require(plain.inkBox())
        let ink = try #require(shadowed.inkBox())
        #expect(ink.width == plainInk.width + 6)
        #expect(ink.height == plainInk.height + 4)
        #expect(shadowed.contentRect.x == 0 && shadowed.contentRect.y == 0)
    }

    @Test func boldIsWider() throws {
        let normal = try rasterizer.render(.sample("Hello world"))
        let bold = try rasterizer.render(.sample("Hello world") { $0.weight = .bold })
        #expect(bold.width > normal.width)
    }

    @Test func boldFromARegularFileIsSynthesised() throws {
        let path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let regular = try rasterizer.render(.sample("Hello world") { $0.font = path })
        let bold = try rasterizer.render(
            .sample("Hello world") {
                $0.font = path
                $0.weight = .bold
            })
        #expect(bold.width > regular.width)
        let coverage = { (b: TextBitmap) in
            stride(from: 3, to: b.pixels.count, by: 4).reduce(0) { $0 + Int(b.pixels[$1]) }
        }
        #expect(coverage(bold) > coverage(regular) * 11 / 10)
    }

    @Test func nonsenseFamilyFallsBackAndRenders() throws {
        let bitmap = try rasterizer.render(.sample("Hello") { $0.font = "No Such Family Qwxz" })
        #expect(!bitmap.isBlank)
        #expect(bitmap.height > 40)
    }

    @Test func missingFontFileIsAnError() throws {
        let error = #expect(throws: TextError.self) {
            try rasterizer.render(.sample("Hello") { $0.font = "/nonexistent/fonts/Missing.ttf" })
        }
        #expect(error?.message.contains("'/nonexistent/fonts/Missing.ttf' does not exist") == true)
    }

    @Test func fontFilePathIsUsed() throws {
        let path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let byFile = try rasterizer.render(.sample("Hello") { $0.font = path })
        let byFamily = try rasterizer.render(.sample("Hello"))
        #expect(byFile == byFamily)
    }

    @Test func renderingIsDeterministic() throws {
        let text = TextContent.sample("Déjà vu, 加点 مرحبا!\nline two") {
            $0.stroke = .init(color: .black, width: 2.5)
            $0.shadow = .init(color: Color(red: 0, green: 0, blue: 0, alpha: 0.5), offset: Vector2(3, 3))
            $0.background = .init(color: Color(red: 0, green: 0, blue: 1, alpha: 0.6), padding: 8)
            $0.maxWidth = 300
        }
        let first = try rasterizer.render(text)
        let second = try rasterizer.render(text)
        let fresh = try TextRasterizer().render(text)
        #expect(first == second)
        #expect(first == fresh)
    }
}
