import Testing

@testable import EDLParser

/// SPEC section 11: constants, keyframes, ramps and repeating animations.
@Suite struct AnimationTests {
    @Test func constant() {
        let item = onlyItem(
            parseValid(
                """
                cutlist: 1
                tracks:
                  - items: [{ color: red, duration: 4, opacity: 0.5, scale: 2, rotation: 0.5turn }]
                """))
        #expect(item?.picture.opacity == .constant(0.5))
        #expect(item?.picture.opacity.isConstant == true)
        #expect(item?.picture.scale == .constant(Vector2(2, 2)))
        #expect(item?.picture.rotation == .constant(180))
    }

    @Test func keyframes() {
        let item = onlyItem(
            parseValid(
                """
                cutlist: 1
                tracks:
                  - items:
                      - color: red
                        duration: 10
                        opacity: [{at: 0, value: 0}, {at: 1s, value: 1, ease: ease-out}, {at: end-1s, value: 1, ease: hold}, {at: end, value: 0}]
                        position:
                          - { at: 0, value: [0, "50%"], ease: "cubic-bezier(0.42, 0, 0.58, 1)" }
                          - { at: 45f, value: ["100%", "50%"] }
                """))
        let opacity = item?.picture.opacity
        #expect(opacity?.repetition == nil)
        #expect(
            opacity?.keyframeList.map(\.at) == [
                relative(.start), relative(.start, seconds(1)), relative(.end, seconds(-1)), relative(.end),
            ])
        #expect(opacity?.keyframeList.map(\.value) == [0, 1, 1, 0])
        #expect(opacity?.keyframeList.map(\.ease) == [.linear, .easeOut, .hold, .linear])
        #expect(opacity?.keyframeList.map(\.location.column) == [19, 38, 74, 110])
        #expect(opacity?.initialValue == 0)
        let position = item?.picture.position
        #expect(position?.keyframeList.map(\.at) == [relative(.start), relative(.start, seconds(0, frames: 45))])
        #expect(
            position?.keyframeList.map(\.value) == [
                Point(x: .pixels(0), y: .percent(50)), Point(x: .percent(100), y: .percent(50)),
            ])
        #expect(position?.keyframeList.first?.ease == .cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
        #expect(position?.keyframeList.map(\.location.line) == [8, 9])
    }

    @Test func rampFromTheEndLowersToTwoKeyframes() {
        let project = parseValid(
            """
            cutlist: 1
            tracks:
              - items:
                  - source: talk.mp4
                    volume: { from: 1, to: 0, start: end-2s, duration: 2s, ease: linear }
            """)
        let volume = onlyItem(project)?.sound.volume
        #expect(volume?.repetition == nil)
        #expect(volume?.keyframeList.map(\.at) == [relative(.end, seconds(-2)), relative(.end)])
        #expect(volume?.keyframeList.map(\.value) == [1, 0])
        #expect(volume?.keyframeList.map(\.ease) == [.linear, .linear])
        #expect(volume?.keyframeList.map(\.location.line) == [5, 5])
    }

    @Test func rampDefaultsAndStartFromTheBeginning() {
        let item = onlyItem(
            parseValid(
                """
                cutlist: 1
                tracks:
                  - items:
                      - color: red
                        duration: 10
                        opacity: { from: 0, to: 1 }
                        scale: { from: 1, to: [2, 3], start: 1s, duration: 2.5s, ease: ease-in }
                """))
        let opacity = item?.picture.opacity
        #expect(opacity?.keyframeList.map(\.at) == [relative(.start), relative(.end)])
        #expect(opacity?.keyframeList.map(\.value) == [0, 1])
        let scale = item?.picture.scale
        #expect(scale?.keyframeList.map(\.at) == [relative(.start, seconds(1)), relative(.start, seconds(7, 2))])
        #expect(scale?.keyframeList.map(\.value) == [Vector2(1, 1), Vector2(2, 3)])
        #expect(scale?.keyframeList.map(\.ease) == [.easeIn, .linear])
    }

    @Test func repeatingForeverAndCounted() {
        let item = onlyItem(
            parseValid(
                """
                cutlist: 1
                tracks:
                  - items:
                      - color: red
                        duration: 20
                        rotation: {keyframes: [{at: 0, value: 0}, {at: 2s, value: 360}], repeat: forever}
                        position:
                          keyframes: [{at: 0, value: [0, 0]}, {at: 500ms, value: [100, 0]}]
                          repeat: 3
                          autoreverse: true
                          begin: 1s
                        opacity: {keyframes: [{at: 0, value: 1}, {at: 1, value: 0}], repeat: 2.5}
                        scale: {keyframes: [{at: 0, value: 1}, {at: 1, value: 2}]}
                """))
        let rotation = item?.picture.rotation
        #expect(rotation?.repetition == Repetition(count: .forever))
        #expect(rotation?.keyframeList.map(\.value) == [0, 360])
        #expect(rotation?.keyframeList.map(\.at) == [relative(.start), relative(.start, seconds(2))])
        let position = item?.picture.position
        #expect(position?.repetition == Repetition(count: .times(3), autoreverse: true, begin: seconds(1)))
        #expect(position?.keyframeList.last?.at == relative(.start, seconds(1, 2)))
        #expect(item?.picture.opacity.repetition == Repetition(count: .times(2.5)))
        // Without 'repeat', the cycle plays once.
        #expect(item?.picture.scale.repetition == Repetition(count: .times(1)))
    }

    @Test func trackLevelAnimation() {
        let track = parseValid(
            """
            cutlist: 1
            tracks:
              - kind: audio
                volume: [{at: 0, value: 0}, {at: 2s, value: "-6dB"}]
                items: [{ source: music.wav }]
            """)?.tracks.first
        #expect(track?.volume.keyframeList.map(\.at) == [relative(.start), relative(.start, seconds(2))])
        #expect(track?.volume.keyframeList.first?.value == 0)
        #expect(abs((track?.volume.keyframeList.last?.value ?? 0) - 0.501_187_233_627_272_2) < 1e-12)
    }

    @Test func outOfOrderKeyframes() {
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items:
                  - color: red
                    duration: 5
                    opacity:
                      - { at: 2s, value: 0 }
                      - { at: 1️⃣1s, value: 1 }
                      - { at: end-1s, value: 1 }
                      - { at: 2️⃣end-2s, value: 0 }
            """,
            [
                "1️⃣": "keyframes must be in time order: 'at' (1s) comes before the keyframe above it (2s)",
                "2️⃣": "keyframes must be in time order: 'at' (end-2s) comes before the keyframe above it (end-1s)",
            ])
    }

    @Test func badEases() {
        let yaml = """
            cutlist: 1
            tracks:
              - items:
                  - color: red
                    duration: 5
                    opacity: [{ at: 0, value: 0, ease: 1️⃣ease-inn }, { at: 1, value: 1 }]
                    scale: { from: 1, to: 2, ease: 2️⃣"cubic-bezier(1.5, 0, 0.5, 1)" }
            """
        let eases = "expected 'linear', 'hold', 'ease-in', 'ease-out', 'ease-in-out' or 'cubic-bezier(x1, y1, x2, y2)'"
        expectErrors(
            yaml,
            [
                "1️⃣": "'ease-inn' is not an ease; \(eases)",
                "2️⃣": "'cubic-bezier(1.5, 0, 0.5, 1)' has an x value outside 0 to 1; x1 and x2 of a cubic-bezier must be 0 to 1",
            ])
        expectHints(yaml, ["1️⃣": "did you mean 'ease-in'?"])
    }

    @Test func keyframeMissingValueOrTime() {
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items:
                  - color: red
                    duration: 5
                    opacity: [{ at: 0, value: 1 }, 1️⃣{ at: 1s }, 2️⃣{ value: 0 }, { at: 3, value: 0, 3️⃣time: 4 }]
            """,
            [
                "1️⃣": "a keyframe needs 'at' and 'value'",
                "2️⃣": "a keyframe needs 'at' and 'value'",
                "3️⃣": "unknown key 'time' in a keyframe",
            ])
    }

    @Test func repeatingWithAnEndAnchoredKeyframe() {
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items:
                  - color: red
                    duration: 5
                    rotation: { keyframes: [{ at: 0, value: 0 }, 1️⃣{ at: end, value: 90 }], repeat: 2 }
            """, ["1️⃣": "a repeating animation's keyframes are timed from its cycle's start; 'end' has no meaning here"])
    }

    @Test func badRepetitions() {
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items:
                  - color: red
                    duration: 5
                    rotation: { keyframes: 1️⃣[{ at: 0, value: 0 }], repeat: forever }
                    opacity: { keyframes: [{ at: 0, value: 0 }, { at: 1, value: 1 }], repeat: 2️⃣0, autoreverse: 3️⃣often }
                    scale: { keyframes: [{ at: 0, value: 1 }, { at: 1, value: 2 }], 4️⃣repeats: 2 }
            """,
            [
                "1️⃣": "a repeating animation needs its last keyframe after 0, which sets the cycle's length",
                "2️⃣": "'repeat' must be between 0.001 and 1000000, not 0",
                "3️⃣": "'autoreverse' must be true or false, not 'often'",
                "4️⃣": "unknown key 'repeats' in a repeating animation",
            ])
    }

    @Test func badKeyframeTimesAndValues() {
        let yaml = """
            cutlist: 1
            tracks:
              - items:
                  - color: red
                    duration: 5
                    opacity: [{ at: 1️⃣-1, value: 0 }, { at: 2️⃣end+1s, value: 1 }, { at: 3️⃣later, value: 1 }]
                    rotation: [{ at: 0, value: 4️⃣quarter }]
                    scale: 5️⃣{ from: 1 }
            """
        expectErrors(
            yaml,
            [
                "1️⃣": "'-1' is before the item's start; keyframe and ramp times must be 0 or later",
                "2️⃣": "'end+1s' is after the item's end; keyframe and ramp times must lie within the item",
                "3️⃣": "'later' is not a keyframe time; expected a time from the item's start such as '2s', or 'end', 'end-2s'",
                "4️⃣": "'quarter' is not an angle; expected degrees (90), '90deg', '1.5708rad' or '0.25turn'",
                "5️⃣": "a ramp needs both 'from' and 'to'",
            ])
        expectHints(
            yaml,
            [
                "1️⃣": "to count back from the item's end, write 'end-1'",
                "2️⃣": "count back from the end with 'end-1s', or give a time from the item's start",
            ])
    }

    @Test func opacityValuesStayInRange() {
        expectErrors(
            """
            cutlist: 1
            tracks:
              - opacity: { from: 0, to: 1️⃣1.5 }
                items:
                  - { color: red, duration: 5, opacity: [{ at: 0, value: 2️⃣2 }, { at: 1, value: 1 }] }
            """,
            [
                "1️⃣": "'opacity' must be between 0 and 1, not 1.5",
                "2️⃣": "'opacity' must be between 0 and 1, not 2",
            ])
    }
}
