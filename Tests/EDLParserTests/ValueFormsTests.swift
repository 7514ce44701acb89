import Testing

@testable import EDLParser

/// SPEC section 2: each value form, read through whole documents.
@Suite struct ValueFormsTests {
    /// A one-item document whose color item lasts `duration`.
    private func duration(_ written: String) -> TimeValue? {
        onlyItem(
            parseValid(
                """
                cutlist: 1
                tracks:
                  - items:
                      - color: red
                        duration: \(written)
                """))?.timing.duration?.value
    }

    @Test(arguments: [
        ("2", seconds(2)),
        ("2.5", seconds(5, 2)),
        ("\"2.5s\"", seconds(5, 2)),
        ("250ms", seconds(1, 4)),
        ("1m30s", seconds(90)),
        ("\"01:02:03.250\"", seconds(14893, 4)),
        ("00:00:10:15", seconds(10, frames: 15)),
        ("45f", seconds(0, frames: 45)),
        ("1s12f", seconds(1, frames: 12)),
    ])
    func timeForms(written: String, expected: TimeValue) {
        #expect(duration(written) == expected)
    }

    @Test func decimalTimesAreExactRationals() {
        #expect(duration("1.1")?.seconds == ratio(11, 10))
        #expect(duration("1.1")?.frames == 0)
        // Ten gaps of 0.1 s add up to exactly one second, not 0.9999999999999999.
        let project = parseValid(
            """
            cutlist: 1
            tracks:
              - items: [\(Array(repeating: "{ gap: 0.1 }", count: 10).joined(separator: ", "))]
            """)
        var total = Rational.zero
        for item in items(project) {
            if case .gap(let length) = item.content { total = total + length.seconds }
        }
        #expect(items(project).count == 10)
        #expect(total == .one)
    }

    @Test func badTimes() {
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items:
                  - { color: red, duration: 1️⃣-2 }
                  - { color: red, duration: 2️⃣0 }
                  - { color: red, duration: 3️⃣2x }
                  - { color: red, duration: 1, at: 4️⃣00:61:00 }
                  - { color: red, duration: 5️⃣"00:00:10;15" }
                  - { color: red, duration: 6️⃣1.5f }
            """,
            [
                "1️⃣": "'-2' is negative; a time here must be 0 or later",
                "2️⃣": "'duration' must be longer than zero",
                "3️⃣":
                    "'2x' is not a time; expected seconds (2.5), '2.5s', '250ms', '1m30s', 'HH:MM:SS.mmm', SMPTE 'HH:MM:SS:FF' or frames '45f'",
                "4️⃣": "'00:61:00' has 61 minutes; minutes and seconds in a timecode must be below 60",
                "5️⃣": "'00:00:10;15' is drop-frame timecode, which is not supported",
                "6️⃣": "'1.5f' is not a whole number of frames; write frames as a whole number, e.g. '45f'",
            ])
    }

    @Test(arguments: [
        ("black", rgb(0, 0, 0)),
        ("RebeccaPurple", rgb(0x66, 0x33, 0x99)),
        ("transparent", Color.transparent),
        ("#f80", rgb(0xFF, 0x88, 0x00)),
        ("#336699", rgb(0x33, 0x66, 0x99)),
        ("#33669980", rgb(0x33, 0x66, 0x99, alpha: 128.0 / 255)),
        ("rgba(255,0,0,0.5)", Color(red: 1, green: 0, blue: 0, alpha: 0.5)),
    ])
    func colorForms(written: String, expected: Color) {
        let project = parseValid(
            """
            cutlist: 1
            tracks:
              - items: [{ color: "\(written)", duration: 1 }]
            """)
        #expect(onlyItem(project)?.content == .color(expected))
    }

    @Test func badColors() {
        let yaml = """
            cutlist: 1
            output: { background: 1️⃣"#12345" }
            tracks:
              - items:
                  - { color: 2️⃣"rgba(300,0,0,1)", duration: 1 }
                  - { color: 3️⃣gren, duration: 1 }
            """
        expectErrors(
            yaml,
            [
                "1️⃣":
                    "'#12345' is not a hex color; expected '#rgb', '#rgba', '#rrggbb' or '#rrggbbaa' with hex digits 0-9 and a-f",
                "2️⃣": "'rgba(300,0,0,1)' is out of range; red, green and blue must be 0 to 255 and alpha 0 to 1",
                "3️⃣":
                    "'gren' is not a color; expected a CSS name such as 'red', 'transparent', '#rgb', '#rrggbb', '#rrggbbaa' or 'rgba(255, 0, 0, 0.5)'",
            ])
        expectHints(yaml, ["3️⃣": "did you mean 'green'?"])
    }

    @Test func sizesAsTextAndAsPairs() {
        let text = parseValid(
            """
            cutlist: 1
            output: { size: 1920x1080 }
            tracks:
              - items: [{ color: red, duration: 1, size: [640, auto] }]
            """)
        #expect(text?.output.size?.value == PixelSize(width: 1920, height: 1080))
        #expect(onlyItem(text)?.picture.size == .constant(LayerSize(width: .pixels(640), height: .auto)))
        let pair = parseValid(
            """
            cutlist: 1
            output: { size: [1280, 720] }
            tracks:
              - items: [{ color: red, duration: 1, size: 320x240 }]
            """)
        #expect(pair?.output.size?.value == PixelSize(width: 1280, height: 720))
        #expect(onlyItem(pair)?.picture.size == .constant(LayerSize(width: .pixels(320), height: .pixels(240))))
    }

    @Test func badSizes() {
        expectErrors(
            """
            cutlist: 1
            output: { size: 1️⃣1x1080 }
            tracks:
              - items:
                  - { color: red, duration: 1, size: 2️⃣[640] }
                  - { color: red, duration: 1, size: 3️⃣[auto, auto] }
            """,
            [
                "1️⃣": "'1x1080' is too small; each side must be 2 to 16384 pixels",
                "2️⃣": "'size' must be a pair [x, y], not a list of 1",
                "3️⃣": "'size' cannot be [auto, auto]; give at least one side in pixels",
            ])
    }

    @Test func pointsInPixelsAndPercent() {
        let project = parseValid(
            """
            cutlist: 1
            tracks:
              - items:
                  - { color: red, duration: 1, position: ["50%", "25%"] }
                  - { color: red, duration: 1, position: [100, -20.5] }
            """)
        #expect(
            items(project).map(\.picture.position) == [
                .constant(Point(x: .percent(50), y: .percent(25))),
                .constant(Point(x: .pixels(100), y: .pixels(-20.5))),
            ])
    }

    @Test func badPoint() {
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items: [{ color: red, duration: 1, position: [10, 1️⃣middle] }]
            """,
            ["1️⃣": "'middle' is not a coordinate; expected pixels such as '120' or a percentage of the output size such as '50%'"])
    }

    @Test(arguments: [("90", 90.0), ("\"90deg\"", 90), ("0.25turn", 90), ("1.5707963267948966rad", 90), ("-45", -45)])
    func angles(written: String, degrees: Double) {
        let project = parseValid(
            """
            cutlist: 1
            tracks:
              - items: [{ color: red, duration: 1, rotation: \(written) }]
            """)
        guard case .constant(let value)? = onlyItem(project)?.picture.rotation else {
            Issue.record("rotation is not a constant")
            return
        }
        #expect(abs(value - degrees) < 1e-9)
    }

    @Test func badAngle() {
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items: [{ color: red, duration: 1, rotation: 1️⃣90grad }]
            """, ["1️⃣": "'90grad' is not an angle; expected degrees (90), '90deg', '1.5708rad' or '0.25turn'"])
    }

    @Test(arguments: [
        ("1.0", 1.0), ("0", 0), ("0.5", 0.5), ("\"-6dB\"", 0.501_187_233_627_272_2), ("+6 dB", 1.995_262_314_968_879_5),
    ])
    func gains(written: String, linear: Double) {
        let project = parseValid(
            """
            cutlist: 1
            tracks:
              - items: [{ source: media/talk.mp4, volume: \(written) }]
            """)
        guard case .constant(let value)? = onlyItem(project)?.sound.volume else {
            Issue.record("volume is not a constant")
            return
        }
        #expect(abs(value - linear) < 1e-12)
    }

    @Test func badGains() {
        let yaml = """
            cutlist: 1
            tracks:
              - items:
                  - { source: a.mp4, volume: 1️⃣-0.5 }
                  - { source: b.mp4, volume: 2️⃣20 }
            """
        expectErrors(
            yaml,
            [
                "1️⃣": "'-0.5' is a negative gain; a linear gain must be 0 to 16",
                "2️⃣": "'20' is too loud; gain is at most 16 (about +24 dB)",
            ])
        expectHints(yaml, ["1️⃣": "to attenuate in decibels, write '-0.5dB'"])
    }

    @Test(arguments: [
        ("30", ratio(30)), ("29.97", ratio(30000, 1001)), ("\"30000/1001\"", ratio(30000, 1001)),
        ("25", ratio(25)), ("60", ratio(60)), ("23.976", ratio(24000, 1001)), ("12.5", ratio(25, 2)),
    ])
    func frameRates(written: String, rate: Rational) {
        let project = parseValid(
            """
            cutlist: 1
            output: { fps: \(written) }
            tracks:
              - items: [{ color: red, duration: 1 }]
            """)
        #expect(project?.output.fps?.value.rate == rate)
    }

    @Test func badFrameRates() {
        expectErrors(
            """
            cutlist: 1
            output:
              fps: 1️⃣0
            tracks:
              - items: [{ color: red, duration: 1 }]
            """, ["1️⃣": "'0' is out of range; a frame rate must be more than 0 and at most 1000"])
        expectErrors(
            """
            cutlist: 1
            output: { fps: 1️⃣"30/0" }
            tracks:
              - items: [{ color: red, duration: 1 }]
            """, ["1️⃣": "'30/0' divides by zero; a fraction frame rate needs a positive denominator"])
    }
}
