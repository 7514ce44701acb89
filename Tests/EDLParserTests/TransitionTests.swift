import Testing

@testable import EDLParser

/// SPEC section 8: transitions.
@Suite struct TransitionTests {
    private func transition(_ item: Item?) -> Transition? {
        if case .transition(let transition)? = item?.content { return transition }
        return nil
    }

    @Test(arguments: TransitionKind.allCases.filter { $0 != .shader })
    func everyKindParsesWithTheDefaultDuration(kind: TransitionKind) {
        let project = parseValid(
            """
            cutlist: 1
            tracks:
              - items:
                  - { color: red, duration: 3 }
                  - transition: \(kind.rawValue)
                  - { color: blue, duration: 3 }
            """)
        let parsed = transition(items(project).dropFirst().first)
        #expect(parsed?.kind == kind)
        #expect(parsed?.duration.value == seconds(1))
        #expect(parsed?.duration.location.line == 5)
        #expect(parsed?.duration.location.column == 21)
        #expect(parsed?.ease == .linear)
        #expect(parsed?.color == .black)
        #expect(parsed?.audio == .equalPower)
    }

    @Test func fadeThroughAColourWithEaseAndAudioCut() {
        let project = parseValid(
            """
            cutlist: 1
            tracks:
              - items:
                  - source: a.mp4
                  - transition: fade
                    duration: 0.5s
                    ease: ease-in-out
                    color: white
                    audio: cut
                  - source: b.mp4
                  - { transition: crossfade, duration: 12f, audio: crossfade, ease: "cubic-bezier(0.25, 0.1, 0.25, 1)" }
                  - source: c.mp4
            """)
        let list = items(project)
        #expect(list.count == 5)
        let fade = transition(list.dropFirst().first)
        #expect(fade?.kind == .fade)
        #expect(fade?.duration.value == seconds(1, 2))
        #expect(fade?.duration.location.line == 6)
        #expect(fade?.ease == .easeInOut)
        #expect(fade?.color == .white)
        #expect(fade?.audio == .cut)
        let dissolve = transition(list.dropFirst(3).first)
        #expect(dissolve?.duration.value == seconds(0, frames: 12))
        #expect(dissolve?.audio == .equalPower)
        #expect(dissolve?.ease == .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
    }

    /// Only a `fade` may start or end a track: it fades from or to its colour.
    @Test func aFadeMayStartOrEndATrack() {
        let project = parseValid(
            """
            cutlist: 1
            tracks:
              - items:
                  - { transition: fade, duration: 1s }
                  - { color: red, duration: 2, at: 1s }
                  - { transition: fade, color: white }
            """)
        #expect(items(project).count == 3)
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items:
                  - 1️⃣2️⃣{ transition: fade }
            """,
            [
                "1️⃣": "a transition needs an item before it; found nothing",
                "2️⃣": "a transition needs an item after it; found nothing",
            ])
    }

    @Test func firstAndLastTransitions() {
        let hint = "put the transition between the two items it joins; only a 'fade' may start or end a track"
        let yaml = """
            cutlist: 1
            tracks:
              - items:
                  - 1️⃣{ transition: crossfade }
                  - { color: red, duration: 2 }
                  - 2️⃣{ transition: wipe-up }
            """
        expectErrors(
            yaml,
            [
                "1️⃣": "a transition needs an item before it; found nothing",
                "2️⃣": "a transition needs an item after it; found nothing",
            ])
        expectHints(yaml, ["1️⃣": hint, "2️⃣": hint])
    }

    /// The URL is the one mistake: the transition after it has its item.
    @Test func anItemWithItsOwnErrorIsNotAMissingNeighbour() {
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items:
                  - { source: 1️⃣"https://example.com/a.jpg", duration: 2s }
                  - { transition: crossfade, duration: 0.5s }
                  - { color: red, duration: 2s }
            """,
            ["1️⃣": "'https://example.com/a.jpg' is a URL; sources and outputs must be local files"])
    }

    @Test func adjacentTransitions() {
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items:
                  - { color: red, duration: 2 }
                  - 1️⃣transition: crossfade
                  - 2️⃣transition: zoom
                  - { color: blue, duration: 2 }
            """,
            [
                "1️⃣": "a transition needs an item after it; found another transition",
                "2️⃣": "a transition needs an item before it; found another transition",
            ])
    }

    @Test func transitionsNextToGaps() {
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items:
                  - { gap: 1 }
                  - 1️⃣{ transition: circle }
                  - { color: red, duration: 2 }
                  - 2️⃣{ transition: push-left }
                  - { gap: 2 }
            """,
            [
                "1️⃣": "a transition needs an item before it; found a gap",
                "2️⃣": "a transition needs an item after it; found a gap",
            ])
    }

    @Test func colourOnlyForFade() {
        let yaml = """
            cutlist: 1
            tracks:
              - items:
                  - { color: red, duration: 2 }
                  - { transition: wipe-left, 1️⃣color: white }
                  - { color: blue, duration: 2 }
            """
        expectErrors(yaml, ["1️⃣": "'color' applies only to a 'fade' transition"])
        expectHints(yaml, ["1️⃣": "'fade' passes through a colour; 'wipe-left' does not"])
    }

    @Test func badTransitionValues() {
        let yaml = """
            cutlist: 1
            tracks:
              - items:
                  - { color: red, duration: 2 }
                  - { transition: 1️⃣wipe-lft }
                  - { color: blue, duration: 2 }
                  - { transition: fade, audio: 2️⃣mix, duration: 3️⃣0, color: 4️⃣nope }
                  - { color: blue, duration: 2 }
                  - { transition: slide-up, 5️⃣from: 1 }
                  - { color: blue, duration: 2 }
            """
        expectErrors(
            yaml,
            [
                "1️⃣": "'wipe-lft' is not a valid 'transition'",
                "2️⃣": "'audio' of a transition is one of equal-power, linear, cut, exp, log, sine, s-curve, not 'mix'",
                "3️⃣": "'duration' must be longer than zero",
                "4️⃣":
                    "'nope' is not a color; expected a CSS name such as 'red', 'transparent', '#rgb', '#rrggbb', '#rrggbbaa' or 'rgba(255, 0, 0, 0.5)'",
                "5️⃣": "'from' does not apply to a 'transition' item",
            ])
        expectHints(yaml, ["1️⃣": "did you mean 'wipe-left'?"])
    }

    @Test func itemAfterATransitionCannotBePinned() {
        let yaml = """
            cutlist: 1
            tracks:
              - items:
                  - { color: red, duration: 2 }
                  - { transition: crossfade }
                  - { color: blue, duration: 2, at: 1️⃣5 }
            """
        expectErrors(yaml, ["1️⃣": "an item after a transition starts inside the item before it; 'at' cannot pin it"])
        expectHints(yaml, ["1️⃣": "remove 'at', or remove the transition"])
    }
}
