import Testing

@testable import EDLParser

/// SPEC section 7: items, their kinds, timing, picture and sound keys.
@Suite struct ItemTests {
    @Test func eachKindOfItem() {
        let project = parseValid(
            """
            cutlist: 1
            tracks:
              - items:
                  - source: media/clip.mp4
                  - { gap: 1.5 }
                  - { color: "#00ff00", duration: 1 }
                  - { text: "Hello", duration: 2 }
                  - { tone: 440, duration: 3 }
                  - { pattern: counter, duration: 4 }
                  - { transition: zoom }
                  - { pattern: bars, until: end }
            """)
        let list = items(project)
        #expect(list.count == 8)
        guard list.count == 8 else { return }
        guard case .source(let source) = list[0].content else {
            Issue.record("expected a source item")
            return
        }
        #expect(source.path == "/projects/demo/media/clip.mp4")
        #expect(source.asset == nil)
        #expect(source.written == "media/clip.mp4")
        #expect(list[0].timing == Timing())
        #expect(list[1].content == .gap(seconds(3, 2)))
        #expect(list[2].content == .color(rgb(0, 255, 0)))
        #expect(list[3].content == .text(TextContent(string: "Hello")))
        #expect(list[4].content == .tone(440))
        #expect(list[4].timing.duration?.value == seconds(3))
        #expect(list[5].content == .pattern(.counter))
        #expect(list[6].isTransition)
        #expect(list[7].timing.untilEnd)
        #expect(list[7].timing.duration == nil)
        #expect(list.map(\.location.line) == Array(4...11))
    }

    @Test func mediaTimingAndSoundKeys() {
        let item = onlyItem(
            parseValid(
                """
                cutlist: 1
                tracks:
                  - items:
                      - source: talk.mp4
                        from: 1.5
                        to: 4
                        at: 10
                        speed: 2.5
                        pitch: shift
                        fade_in: 0.5
                        fade_out: 250ms
                        mute: true
                """))
        #expect(item?.timing.from?.value == seconds(3, 2))
        #expect(item?.timing.to?.value == seconds(4))
        #expect(item?.timing.at?.value == seconds(10))
        #expect(item?.timing.speed?.value == ratio(5, 2))
        #expect(item?.timing.rate == ratio(5, 2))
        #expect(item?.timing.to?.location.line == 6)
        #expect(item?.timing.to?.location.column == 13)
        #expect(item?.sound.pitch == .shift)
        #expect(item?.sound.fadeIn?.value == seconds(1, 2))
        #expect(item?.sound.fadeOut?.value == seconds(1, 4))
        #expect(item?.sound.mute == true)
        #expect(item?.sound.volume == .constant(1))
    }

    /// Fades fade the picture too, so items with a picture and no sound take them.
    @Test func picturesWithoutSoundTakeFades() {
        let project = parseValid(
            """
            cutlist: 1
            tracks:
              - items:
                  - { color: red, duration: 2s, fade_in: 0.5s }
                  - { text: Hi, duration: 2s, fade_out: 1s }
                  - { gradient: linear, colors: [red, blue], duration: 2s, fade_in: 1s }
                  - { pattern: bars, duration: 2s, fade_out: 2s }
            """)
        #expect(items(project).map { $0.sound.fadeIn?.value } == [seconds(1, 2), nil, seconds(1), nil])
        #expect(items(project).map { $0.sound.fadeOut?.value } == [nil, seconds(1), nil, seconds(2)])
    }

    @Test func pictureKeys() {
        let picture = onlyItem(
            parseValid(
                """
                cutlist: 1
                tracks:
                  - items:
                      - source: phone.mov
                        fit: cover
                        anchor: [0, 1]
                        scale: [1.5, 2]
                        crop: { left: 10, bottom: 20 }
                        flip: horizontal
                        auto_rotate: false
                        opacity: 0.25
                """))?.picture
        #expect(picture?.fit == .cover)
        #expect(picture?.anchor == Vector2(0, 1))
        #expect(picture?.scale == .constant(Vector2(1.5, 2)))
        #expect(picture?.crop?.value == .constant(Crop(left: 10, bottom: 20)))
        #expect(picture?.flip == .horizontal)
        #expect(picture?.autoRotate == false)
        #expect(picture?.opacity == .constant(0.25))
        #expect(picture?.position == nil)
        #expect(picture?.rotation == .constant(0))
    }

    @Test func twoKindKeys() {
        let yaml = """
            cutlist: 1
            tracks:
              - items:
                  - { source: a.mp4, 1️⃣color: red }
                  - { tone: 440, 2️⃣pattern: bars, duration: 1 }
            """
        expectErrors(
            yaml,
            [
                "1️⃣": "an item is one kind; it has both 'source' and 'color'",
                "2️⃣": "an item is one kind; it has both 'tone' and 'pattern'",
            ])
        expectHints(
            yaml,
            [
                "1️⃣": "split it into two items, on two tracks if they play together",
                "2️⃣": "split it into two items, on two tracks if they play together",
            ])
    }

    @Test func noKindKey() {
        let yaml = """
            cutlist: 1
            tracks:
              - items:
                  - 1️⃣{ duration: 2, opacity: 1 }
                  - 2️⃣{ sorce: a.mp4 }
            """
        let message =
            "an item needs a kind key: one of source, color, text, tone, pattern, gradient, shape, shader, gap, transition, composition, group, captions"
        expectErrors(yaml, ["1️⃣": message, "2️⃣": message])
        expectHints(yaml, ["2️⃣": "did you mean 'source'?"])
    }

    @Test func fromToAndDurationOverDetermine() {
        let yaml = """
            cutlist: 1
            tracks:
              - items:
                  - { source: a.mp4, from: 1, to: 3, 1️⃣duration: 5 }
            """
        expectErrors(yaml, ["1️⃣": "'from', 'to' and 'duration' together over-determine the item"])
        expectHints(yaml, ["1️⃣": "drop one of them, or set 'loop: true' to repeat the range for 'duration'"])
    }

    @Test func fromToAndDurationWithLoop() {
        let timing = onlyItem(
            parseValid(
                """
                cutlist: 1
                tracks:
                  - items:
                      - { source: a.mp4, from: 1, to: 3, duration: 10, loop: true }
                """))?.timing
        #expect(timing?.loop == .forever)
        #expect(timing?.from?.value == seconds(1))
        #expect(timing?.to?.value == seconds(3))
        #expect(timing?.duration?.value == seconds(10))
    }

    @Test func toMustBeAfterFrom() {
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items:
                  - { source: a.mp4, from: 3s, to: 1️⃣2s }
                  - { source: a.mp4, from: "00:00:01:10", to: 2️⃣"00:00:01:10" }
                  - { source: a.mp4, from: 1s, to: 30f }
            """,
            [
                "1️⃣": "'to' (2s) must be after 'from' (3s)",
                "2️⃣": "'to' (1s+10f) must be after 'from' (1s+10f)",
            ])
    }

    @Test func speedRange() {
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items:
                  - { source: a.mp4, speed: 0.05 }
                  - { source: a.mp4, speed: 1️⃣0 }
                  - { source: a.mp4, speed: 2️⃣101 }
                  - { source: a.mp4, speed: 0.0625 }
                  - { source: a.mp4, speed: 100 }
                  - { source: a.mp4, speed: "5/9" }
                  - { source: a.mp4, speed: 3️⃣fast }
                  - { source: a.mp4, speed: 4️⃣"1/0" }
            """,
            [
                "1️⃣": "'speed' must be above 0 and at most 100, not 0",
                "2️⃣": "'speed' must be above 0 and at most 100, not 101",
                "3️⃣": "'fast' is not a number; expected a decimal such as '2', '-0.5' or '1e3'",
                "4️⃣": "'1/0' divides by zero or does not fit an exact number",
            ])
    }

    /// Shapes, sound effects, fade curves and frame choice: each wrong value is reported at its key.
    @Test func shapeEffectAndFadeKeysAreCheckedAtTheKey() {
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items:
                  - { shape: rectangle, width: 10, height: 10, 1️⃣points: [[0, 0], [1, 1]], duration: 1s }
                  - { shape: line, points: [[0, 0], [9, 9]], 2️⃣fill: red, duration: 1s }
                  - { shape: ellipse, 3️⃣width: 5000, height: 5000, duration: 1s }
                  - { shape: polygon, points: [[0, 0], [1, 1], [2, 0]], stroke: { dash: [4️⃣0.1] }, duration: 1s }
                  - { source: a.mp4, eq: [{ highpass: { freq: 80, 5️⃣gain: 3dB } }], frames: 6️⃣smooth }
                  - { source: a.mp4, compressor: { threshold: 7️⃣loud }, fade_in: { duration: 1s, curve: 8️⃣wobbly } }
            """,
            [
                "1️⃣": "'points' applies to polygons and lines, not a rectangle",
                "2️⃣": "a line has no inside to fill",
                "3️⃣": "this ellipse would be a picture of 25000000 pixels; a shape is at most 16777216",
                "4️⃣": "'dash' must be between 0.5 and 16384, not 0.1",
                "5️⃣": "'gain' applies to shelves and peaks; a highpass passes at full level",
                "6️⃣": "'smooth' is not a valid 'frames'",
                "7️⃣": "'threshold' is a level in dB from -120 to 0, not 'loud'",
                "8️⃣": "'wobbly' is not a valid 'curve'",
            ])
    }

    @Test(arguments: [("true", LoopMode.forever), ("3", .count(3)), ("false", .off)])
    func loopForms(written: String, mode: LoopMode) {
        let timing = onlyItem(
            parseValid(
                """
                cutlist: 1
                tracks:
                  - items: [{ source: a.mp4, loop: \(written), duration: 30 }]
                """))?.timing
        #expect(timing?.loop == mode)
        #expect(timing?.duration?.value == seconds(30))
    }

    @Test func badLoops() {
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items:
                  - { source: a.mp4, loop: 1️⃣0, duration: 5 }
                  - { source: a.mp4, loop: 2️⃣2.5, duration: 5 }
                  - { source: a.mp4, 3️⃣loop: true }
            """,
            [
                "1️⃣": "'loop' must be between 1 and 1000000, not 0",
                "2️⃣": "'loop' must be a whole number, not 2.5",
                "3️⃣": "'loop' needs 'duration' or 'until: end' to know how long to repeat",
            ])
    }

    @Test func untilEnd() {
        let timing = onlyItem(
            parseValid(
                """
                cutlist: 1
                tracks:
                  - kind: audio
                    items: [{ source: music.mp3, until: end, loop: true }]
                """))?.timing
        #expect(timing?.untilEnd == true)
        #expect(timing?.loop == .forever)
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items: [{ source: a.mp4, until: 1️⃣5s }]
            """, ["1️⃣": "'until' takes only 'end', not '5s'"])
    }

    @Test func freeze() {
        let timing = onlyItem(
            parseValid(
                """
                cutlist: 1
                tracks:
                  - items: [{ source: a.mp4, freeze: { at: 2.5s }, duration: 3 }]
                """))?.timing
        #expect(timing?.freeze?.value == seconds(5, 2))
        #expect(timing?.duration?.value == seconds(3))
    }

    @Test func badFreezes() {
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items:
                  - { source: a.mp4, 1️⃣freeze: { at: 2 } }
                  - { source: a.mp4, freeze: { at: 2 }, duration: 1, 2️⃣speed: 2 }
                  - { source: a.mp4, freeze: 3️⃣{ 4️⃣time: 2 }, duration: 1 }
                  - { source: a.mp4, freeze: { at: 2 }, duration: 1, 5️⃣reverse: true }
            """,
            [
                "1️⃣": "'freeze' needs 'duration' or 'until: end': how long to show the frame",
                "2️⃣": "'speed' does not combine with 'freeze', which shows a single frame",
                "3️⃣": "'freeze' needs 'at': the source time of the frame to show",
                "4️⃣": "unknown key 'time' in 'freeze'",
                "5️⃣": "'reverse' does not combine with 'freeze', which shows a single frame",
            ])
    }

    @Test func reverseIsAFlagOfMedia() {
        #expect(
            parseValid(
                """
                cutlist: 1
                tracks:
                  - items: [{ source: a.mp4, reverse: true }]
                """)?.tracks.first?.items.first?.timing.reverse?.value == true)
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items:
                  - { source: a.mp4, reverse: 1️⃣backwards }
                  - { color: red, duration: 1s, 2️⃣reverse: true }
            """,
            [
                "1️⃣": "'reverse' must be true or false, not 'backwards'",
                "2️⃣": "'reverse' does not apply to a 'color' item",
            ])
    }

    @Test func generatorsNeedALength() {
        let message = "this item needs 'duration' or 'until: end'; it has no length of its own"
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items:
                  - 1️⃣{ color: red }
                  - 2️⃣{ text: hello }
                  - 3️⃣{ tone: 440 }
                  - 4️⃣{ pattern: grid }
                  - { source: still.png }
            """, ["1️⃣": message, "2️⃣": message, "3️⃣": message, "4️⃣": message])
    }

    @Test func durationAndUntilEndTogether() {
        let yaml = """
            cutlist: 1
            tracks:
              - items:
                  - { color: red, duration: 2, 1️⃣until: end }
            """
        expectErrors(yaml, ["1️⃣": "'duration' and 'until: end' both set the item's length; keep one"])
        expectHints(yaml, ["1️⃣": "'duration' is at project.yaml:4:23"])
    }

    @Test func keysThatDoNotApplyToTheKind() {
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items:
                  - { color: red, duration: 1, 1️⃣from: 2 }
                  - { gap: 1, 2️⃣opacity: 0.5 }
                  - { tone: 440, duration: 1, 3️⃣pitch: shift }
                  - { source: a.mp4, 4️⃣font_size: 20 }
            """,
            [
                "1️⃣": "'from' does not apply to a 'color' item",
                "2️⃣": "'opacity' does not apply to a 'gap' item",
                "3️⃣": "'pitch' does not apply to a 'tone' item",
                "4️⃣": "'font_size' does not apply to a 'source' item",
            ])
    }

    @Test func badGeneratorValues() {
        let yaml = """
            cutlist: 1
            tracks:
              - items:
                  - { gap: 1️⃣0 }
                  - { tone: 2️⃣30000, duration: 1 }
                  - { pattern: 3️⃣bar, duration: 1 }
                  - { source: a.mp4, fit: 4️⃣stretch, flip: 5️⃣sideways }
            """
        expectErrors(
            yaml,
            [
                "1️⃣": "'gap' must be longer than zero",
                "2️⃣": "'tone' must be between 1 and 20000, not 30000",
                "3️⃣": "'bar' is not a valid 'pattern'",
                "4️⃣": "'stretch' is not a valid 'fit'",
                "5️⃣": "'sideways' is not a valid 'flip'",
            ])
        expectHints(
            yaml,
            [
                "3️⃣": "did you mean 'bars'?",
                "4️⃣": "expected one of: contain, cover, fill, none, contain-blur",
                "5️⃣": "expected one of: horizontal, vertical, both",
            ])
    }
}

@Suite struct ItemIDTests {
    @Test func idsNameItemsAndAreUnique() {
        let project = parseValid(
            """
            cutlist: 1
            tracks:
              - items: [ { color: red, duration: 1s, id: opening }, { gap: 1s, id: pause } ]
            """)
        #expect(items(project).map { $0.id?.value } == ["opening", "pause"])
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items: [ { color: red, duration: 1s, id: card } ]
              - items: [ { color: blue, duration: 1s, id: 1️⃣card } ]
            """,
            ["1️⃣": "two items have the id 'card'"])
    }
}
