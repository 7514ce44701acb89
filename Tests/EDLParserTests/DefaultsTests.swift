import Testing

@testable import EDLParser

/// `defaults:` (SPEC 16): a house style set once; an item's own keys win, then
/// its kind's defaults, then those for every item.
@Suite struct DefaultsTests {
    @Test func itemsTakeTheDefaultsOfTheirKindUnlessTheySetTheKey() throws {
        let project = parseValid(
            """
            cutlist: 1
            defaults:
              item: { opacity: 0.5, fade_in: 0.25s }
              text: { font_size: 64, color: yellow, opacity: 0.75 }
              image: { fit: cover }
              video: { volume: 0.5 }
              transition: { duration: 0.5s }
            tracks:
              - items:
                  - { source: photo.JPG, duration: 1s }
                  - { transition: crossfade }
                  - { source: clip.mp4, opacity: 1 }
                  - { transition: fade, duration: 2s }
                  - { color: red, duration: 1s }
              - items:
                  - { text: Title, duration: 1s }
                  - { text: Own, duration: 1s, font_size: 20 }
            """)
        let clips = items(project)
        #expect(clips[0].picture.fit == .cover)
        #expect(clips[2].picture.fit == nil, "fit is a default for stills only")
        #expect(clips[2].sound.volume == .constant(0.5))
        #expect(clips[0].sound.volume == .constant(1), "volume is a default for video sources only")
        #expect(clips.map(\.picture.opacity) == [.constant(0.5), .constant(1), .constant(1), .constant(1), .constant(0.5)])
        #expect(clips[2].sound.fadeIn?.value == seconds(1, 4))
        guard case .transition(let crossfade) = clips[1].content, case .transition(let fade) = clips[3].content else {
            Issue.record("\(clips)")
            return
        }
        #expect(crossfade.duration.value == seconds(1, 2))
        #expect(fade.duration.value == seconds(2))
        let texts = items(project, track: 1).compactMap { item -> TextContent? in
            if case .text(let text) = item.content { return text }
            return nil
        }
        #expect(texts.map(\.fontSize) == [64, 20])
        #expect(texts.map(\.color) == [rgb(255, 255, 0), rgb(255, 255, 0)])
        #expect(items(project, track: 1).map(\.picture.opacity) == [.constant(0.75), .constant(0.75)])
    }

    @Test func audioDefaultsApplyToItemsOnAudioTracksAndAssetsCountByTheirFile() throws {
        let project = parseValid(
            """
            cutlist: 1
            assets:
              logo: art/logo.png
            defaults:
              audio: { volume: 0.25 }
              image: { opacity: 0.5 }
            tracks:
              - items:
                  - { source: logo, duration: 1s }
              - kind: audio
                items:
                  - { source: music.m4a }
                  - { tone: 440, duration: 1s }
            """)
        #expect(items(project)[0].picture.opacity == .constant(0.5))
        #expect(items(project, track: 1).map(\.sound.volume) == [.constant(0.25), .constant(0.25)])
    }

    @Test func aDefaultThatDoesNotApplyToItsKindIsReportedAtTheDefault() {
        expectErrors(
            """
            cutlist: 1
            defaults:
              text: { font_size: 40, 1️⃣volume: 1 }
              image: { 2️⃣speed: 2 }
              3️⃣styles: { opacity: 1 }
              item: { 4️⃣opacty: 0.5 }
            tracks:
              - items:
                  - { text: Hi, duration: 1s }
            """,
            [
                "1️⃣": "'volume' does not apply to a 'text' item, so it cannot be a default in 'defaults.text'",
                "2️⃣": "'speed' does not apply to a still picture, so it cannot be a default in 'defaults.image'",
                "3️⃣": "unknown key 'styles' in 'defaults'",
                "4️⃣": "'opacty' does not apply to any item, so it cannot be a default in 'defaults.item'",
            ])
    }

    @Test func aWrongDefaultValueIsReportedOnceAtTheDefault() {
        expectErrors(
            """
            cutlist: 1
            defaults:
              item: { opacity: 1️⃣7 }
            tracks:
              - items:
                  - { color: red, duration: 1s }
                  - { color: blue, duration: 1s }
            """, ["1️⃣": "'opacity' must be between 0 and 1, not 7"])
    }
}
