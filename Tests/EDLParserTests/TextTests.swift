import Testing

@testable import EDLParser

/// SPEC section 10: text items and their style.
@Suite struct TextTests {
    private func text(_ item: Item?) -> TextContent? {
        if case .text(let content)? = item?.content { return content }
        return nil
    }

    @Test func allStyleKeys() {
        let item = onlyItem(
            parseValid(
                """
                cutlist: 1
                tracks:
                  - items:
                      - text: "加点水印看看效果"
                        duration: 5s
                        font: "Noto Sans CJK SC"
                        font_size: 64
                        weight: bold
                        color: yellow
                        align: left
                        max_width: 1200
                        line_height: 1.5
                        stroke: { color: black, width: 3 }
                        shadow: { color: "#00000080", offset: [4, -2] }
                        background: { color: "#00000099", padding: 12 }
                        position: ["50%", "85%"]
                """))
        var expected = TextContent(string: "加点水印看看效果")
        expected.font = "Noto Sans CJK SC"
        expected.fontSize = 64
        expected.weight = .bold
        expected.color = rgb(255, 255, 0)
        expected.align = .left
        expected.maxWidth = 1200
        expected.lineHeight = 1.5
        expected.stroke = TextContent.Stroke(color: .black, width: 3)
        expected.shadow = TextContent.Shadow(color: rgb(0, 0, 0, alpha: 128.0 / 255), offset: Vector2(4, -2))
        expected.background = TextContent.Background(color: rgb(0, 0, 0, alpha: 153.0 / 255), padding: 12)
        #expect(text(item) == expected)
        #expect(item?.timing.duration?.value == seconds(5))
        #expect(item?.picture.position == .constant(Point(x: .percent(50), y: .percent(85))))
        #expect(item?.picture.fit == nil)
    }

    @Test func defaults() {
        let content = text(
            onlyItem(
                parseValid(
                    """
                    cutlist: 1
                    tracks:
                      - items:
                          - { text: Plain, until: end, stroke: {}, shadow: {}, background: {} }
                    """)))
        #expect(content?.string == "Plain")
        #expect(content?.font == "DejaVu Sans")
        #expect(content?.fontSize == 48)
        #expect(content?.weight == .normal)
        #expect(content?.color == .white)
        #expect(content?.align == .center)
        #expect(content?.maxWidth == nil)
        #expect(content?.lineHeight == 1.2)
        #expect(content?.stroke == TextContent.Stroke(color: .black, width: 1))
        #expect(content?.shadow == TextContent.Shadow(color: Color(red: 0, green: 0, blue: 0, alpha: 0.5), offset: Vector2(4, 4)))
        #expect(content?.background == TextContent.Background(color: Color(red: 0, green: 0, blue: 0, alpha: 0.6), padding: 0))
    }

    @Test func fontPathsResolveAndFamiliesStayNames() {
        let project = parseValid(
            """
            cutlist: 1
            tracks:
              - items:
                  - { text: a, duration: 1, font: fonts/Brand-Bold.otf }
                  - { text: b, duration: 1, font: /usr/share/fonts/Inter.TTF }
                  - { text: c, duration: 1, font: DejaVu Serif }
                  - { text: d, duration: 1, font: "Font Awesome 6 Free" }
            """)
        #expect(
            items(project).map { text($0)?.font } == [
                "/projects/demo/fonts/Brand-Bold.otf", "/usr/share/fonts/Inter.TTF", "DejaVu Serif", "Font Awesome 6 Free",
            ])
        #expect(project?.referencedFiles.map(\.value) == ["/projects/demo/fonts/Brand-Bold.otf", "/usr/share/fonts/Inter.TTF"])
    }

    @Test func badWeightAndAlign() {
        let yaml = """
            cutlist: 1
            tracks:
              - items:
                  - { text: a, duration: 1, weight: 1️⃣heavy, align: 2️⃣centre }
                  - { text: b, duration: 1, weight: 3️⃣700 }
            """
        expectErrors(
            yaml,
            [
                "1️⃣": "'heavy' is not a valid 'weight'",
                "2️⃣": "'centre' is not a valid 'align'",
                "3️⃣": "'700' is not a valid 'weight'",
            ])
        expectHints(
            yaml,
            [
                "1️⃣": "expected one of: normal, bold",
                "2️⃣": "did you mean 'center'?",
                "3️⃣": "expected one of: normal, bold",
            ])
    }

    @Test func badStyleValues() {
        let yaml = """
            cutlist: 1
            tracks:
              - items:
                  - text: a
                    duration: 1
                    font_size: 1️⃣0
                    line_height: 2️⃣20
                    stroke: { 3️⃣colour: red }
                    shadow: { offset: 4️⃣[4] }
                    background: { padding: 5️⃣-1 }
                    font: 6️⃣"https://fonts.example.com/a.ttf"
            """
        expectErrors(
            yaml,
            [
                "1️⃣": "'font_size' must be between 1 and 2000, not 0",
                "2️⃣": "'line_height' must be between 0.1 and 10, not 20",
                "3️⃣": "unknown key 'colour' in 'stroke'",
                "4️⃣": "'offset' must be a pair [x, y], not a list of 1",
                "5️⃣": "'padding' must be between 0 and 1000, not -1",
                "6️⃣": "'https://fonts.example.com/a.ttf' is a URL; sources and outputs must be local files",
            ])
        expectHints(
            yaml,
            [
                "3️⃣": "did you mean 'color'?",
                "6️⃣": "download the file and refer to it by its path",
            ])
    }

    @Test func letterSpacingInPixelsOrEms() {
        let spaced = { (value: String) in
            self.text(
                onlyItem(parseValid("cutlist: 1\ntracks:\n  - items: [{ text: a, duration: 1, letter_spacing: \(value) }]\n")))?
                .letterSpacing
        }
        #expect(spaced("2px") == .pixels(2) && spaced("3") == .pixels(3) && spaced("0.1em") == .ems(0.1))
        #expect(spaced("-1.5px") == .pixels(-1.5) && spaced("\"0.25 EM\"") == .ems(0.25))
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items:
                  - { text: a, duration: 1, letter_spacing: 1️⃣wide }
                  - { text: b, duration: 1, letter_spacing: 2️⃣20em }
            """,
            [
                "1️⃣": "'wide' is not a letter spacing; expected pixels ('2px', '2') or ems ('0.1em')",
                "2️⃣": "'20em' is out of range; letter spacing is -1em to 10em",
            ])
    }

    @Test func textMustBeASingleValue() {
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items:
                  - { text: 1️⃣[hello, world], duration: 1 }
                  - { text: 2️⃣, duration: 1 }
            """,
            [
                "1️⃣": "'text' must be a single value, not a list",
                "2️⃣": "'text' must be a single value, not an empty value",
            ])
    }
}
