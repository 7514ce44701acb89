import Testing

@testable import EDLParser

/// SPEC section 6: tracks.
@Suite struct TrackTests {
    @Test func kindsAndTrackKeys() {
        let project = parseValid(
            """
            cutlist: 1
            tracks:
              - name: main
                opacity: 0.5
                hidden: true
                items: [{ color: red, duration: 4 }]
              - name: music
                kind: audio
                volume: "-6dB"
                mute: true
                ducking: { under: voice, gain: "-20dB", attack: 0.2s, release: 1s }
                items: [{ source: music.wav, until: end, loop: true }]
              - name: voice
                kind: audio
                items: [{ source: voice.wav }, { tone: 440, duration: 1 }]
              - kind: video
                items: []
            """)
        let tracks = project?.tracks ?? []
        #expect(tracks.map(\.kind) == [.video, .audio, .audio, .video])
        #expect(tracks.map(\.name) == ["main", "music", "voice", nil])
        #expect(tracks.map { $0.items.count } == [1, 1, 2, 0])
        #expect(tracks.first?.opacity == .constant(0.5))
        #expect(tracks.first?.hidden == true)
        #expect(tracks.first?.mute == false)
        #expect(tracks.last?.displayName(index: 3) == "track 4")
        guard tracks.count == 4, case .constant(let volume) = tracks[1].volume else {
            Issue.record("expected four tracks and a constant volume")
            return
        }
        #expect(abs(volume - 0.501_187_233_627_272_2) < 1e-12)
        #expect(tracks[1].mute == true)
        let ducking = tracks[1].ducking
        #expect(ducking?.under.value == "voice")
        #expect(ducking?.under.location.line == 11)
        #expect(abs((ducking?.gain ?? 0) - 0.1) < 1e-12)
        #expect(ducking?.attack == seconds(1, 5))
        #expect(ducking?.release == seconds(1))
        #expect(tracks[2].ducking == nil)
    }

    @Test func duckingDefaults() {
        let project = parseValid(
            """
            cutlist: 1
            tracks:
              - { name: voice, kind: audio, items: [{ source: voice.wav }] }
              - { kind: audio, ducking: { under: voice }, items: [{ source: music.wav }] }
            """)
        let ducking = project?.tracks.last?.ducking
        #expect(abs((ducking?.gain ?? 0) - 0.251_188_643_150_958) < 1e-12)
        #expect(ducking?.attack == seconds(3, 10))
        #expect(ducking?.release == seconds(1, 2))
    }

    @Test func badKind() {
        let yaml = """
            cutlist: 1
            tracks:
              - kind: 1️⃣vido
                items: [{ color: red, duration: 1 }]
              - kind: 2️⃣subtitles
                items: [{ color: red, duration: 1 }]
            """
        expectErrors(
            yaml,
            [
                "1️⃣": "'vido' is not a valid 'kind'",
                "2️⃣": "'subtitles' is not a valid 'kind'",
            ])
        expectHints(
            yaml,
            [
                "1️⃣": "did you mean 'video'?",
                "2️⃣": "expected one of: video, audio",
            ])
    }

    @Test func duplicateTrackNames() {
        let yaml = """
            cutlist: 1
            tracks:
              - name: main
                items: [{ color: red, duration: 1 }]
              - 1️⃣name: main
                items: [{ color: blue, duration: 1 }]
            """
        expectErrors(yaml, ["1️⃣": "two tracks are named 'main'"])
        expectHints(yaml, ["1️⃣": "the first is at project.yaml:3:5; track names must be unique"])
    }

    @Test func duckingUnderAnUnknownTrack() {
        let yaml = """
            cutlist: 1
            tracks:
              - { name: voice, kind: audio, items: [{ source: voice.wav }] }
              - kind: audio
                ducking: { under: 1️⃣voise }
                items: [{ source: music.wav }]
              - kind: audio
                ducking: { under: 2️⃣narration }
                items: [{ source: music.wav }]
            """
        expectErrors(
            yaml,
            [
                "1️⃣": "no track is named 'voise'",
                "2️⃣": "no track is named 'narration'",
            ])
        expectHints(
            yaml,
            [
                "1️⃣": "did you mean 'voice'?",
                "2️⃣": "give the track to duck under a 'name:'",
            ])
    }

    @Test func duckingUnderItselfOrWithoutUnder() {
        expectErrors(
            """
            cutlist: 1
            tracks:
              - name: music
                kind: audio
                ducking: { under: 1️⃣music }
                items: [{ source: music.wav }]
              - kind: audio
                ducking: 2️⃣{ gain: "-12dB" }
                items: [{ source: music.wav }]
            """,
            [
                "1️⃣": "a track cannot duck under itself",
                "2️⃣": "'ducking' needs 'under': the name of the track to duck under",
            ])
    }

    @Test func pictureKeysOnAnAudioTrack() {
        expectErrors(
            """
            cutlist: 1
            tracks:
              - kind: audio
                1️⃣opacity: 0.5
                items:
                  - source: music.wav
                    2️⃣position: [0, 0]
                    3️⃣fit: cover
            """,
            [
                "1️⃣": "'opacity' does not apply to an audio track",
                "2️⃣": "'position' does not apply to an item on an audio track",
                "3️⃣": "'fit' does not apply to an item on an audio track",
            ])
    }

    @Test func visualItemsOnAnAudioTrack() {
        let yaml = """
            cutlist: 1
            tracks:
              - kind: audio
                items:
                  - 1️⃣{ color: red, duration: 1 }
                  - 2️⃣{ text: hello, duration: 1 }
                  - 3️⃣{ pattern: bars, duration: 1 }
                  - { tone: 440, duration: 1 }
            """
        expectErrors(
            yaml,
            [
                "1️⃣": "a 'color' item has no sound and cannot go on an audio track",
                "2️⃣": "a 'text' item has no sound and cannot go on an audio track",
                "3️⃣": "a 'pattern' item has no sound and cannot go on an audio track",
            ])
        expectHints(
            yaml,
            [
                "1️⃣": "move it to a video track",
                "2️⃣": "move it to a video track",
                "3️⃣": "move it to a video track",
            ])
    }

    @Test func trackShapes() {
        expectErrors(
            """
            cutlist: 1
            tracks:
              - 1️⃣[{ color: red, duration: 1 }]
              - items: 2️⃣{ color: red, duration: 1 }
              - items:
                  - 3️⃣red.mp4
                mute: 4️⃣maybe
                volume: 5️⃣loud
            """,
            [
                "1️⃣": "a track must be a mapping of keys to values, not a list",
                "2️⃣": "'items' must be a list, not a mapping",
                "3️⃣": "an item must be a mapping such as '{source: clip.mp4}', not 'red.mp4'",
                "4️⃣": "'mute' must be true or false, not 'maybe'",
                "5️⃣": "'loud' is not a gain; expected a linear factor such as '1.0' or '0.5', or decibels such as '-6dB'",
            ])
    }
}
