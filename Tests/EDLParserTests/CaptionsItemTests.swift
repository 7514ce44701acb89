import Disk
import Foundation
import Testing

@testable import EDLParser

/// `captions:` items and a clip's own captions, read with their subtitle file.
@Suite struct CaptionsItemTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "captions-items-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "1\n00:00:01,000 --> 00:00:02,500\nHello\n".write(
            toFile: directory + "/talk.srt", atomically: true, encoding: .utf8)
        try "1\n00:00:01,000 --> 00:00:0x,500\nHello\n".write(
            toFile: directory + "/broken.srt", atomically: true, encoding: .utf8)
    }

    private func parse(_ text: String) -> ParseResult {
        ProjectParser.parse(text, file: "edit.yaml", directory: directory, files: .disk())
    }

    @Test func captionsItemTakesTextKeysAndDefaults() throws {
        let result = parse(
            """
            cutlist: 1
            defaults:
              captions: { font_size: 40, color: yellow }
            tracks:
              - items:
                  - captions: talk.srt
                    offset: 2s
                    color: white
                  - { source: clip.mp4, captions: talk.srt }
                  - { source: clip.mp4, captions: { file: talk.srt, font_size: 20 } }
                  - { source: clip.mp4, captions: { font_size: 20 } }
            """)
        #expect(result.diagnostics.map(\.description) == ["edit.yaml:11:39: error: 'captions' needs 'file': the subtitle file"])
        let items = try #require(result.partial?.tracks.first?.items)
        guard case .captions(let captions) = items[0].content else {
            Issue.record("not a captions item: \(items[0].content)")
            return
        }
        #expect(captions.cues.map(\.text) == ["Hello"])
        #expect(captions.style.fontSize == 40)
        #expect(captions.style.color == rgb(255, 255, 255))
        #expect(captions.offset?.value == seconds(2))
        #expect(items[0].picture.place == .bottom && items[0].picture.margin == .percent(5))
        guard case .source = items[1].content else {
            Issue.record("a clip with captions is not a source item")
            return
        }
        #expect(items[1].captions?.cues.count == 1)
        #expect(items[1].captions?.style.color == rgb(255, 255, 0))
        #expect(items[2].captions?.style.fontSize == 20 && items[2].captions?.style.color == rgb(255, 255, 0))
    }

    @Test func aBrokenSubtitleFileIsReportedAtItsLineWithTheItem() {
        let result = parse(
            """
            cutlist: 1
            tracks:
              - items:
                  - captions: broken.srt
                    fon_size: 30
            """)
        #expect(
            result.diagnostics.map(\.description) == [
                "broken.srt:2:18: error: '00:00:0x,500' is not a timestamp",
                "edit.yaml:5:9: error: unknown key 'fon_size' in an item",
            ])
        #expect(
            result.diagnostics.first?.hint
                == "write it HH:MM:SS,mmm, as in '00:00:01,000 --> 00:00:02,500'; the captions of the item at edit.yaml:4:19")
        #expect(result.diagnostics.last?.hint == "did you mean 'font_size'?")
        #expect(result.includedFiles["broken.srt"] == "1\n00:00:01,000 --> 00:00:0x,500\nHello\n")
    }

    @Test func captionsGoOnVideoTracksOnly() {
        let result = parse(
            """
            cutlist: 1
            tracks:
              - kind: audio
                items:
                  - { captions: talk.srt }
              - items:
                  - { captions: talk.sub }
            """)
        #expect(
            result.diagnostics.map(\.description) == [
                "edit.yaml:5:9: error: a 'captions' item has no sound and cannot go on an audio track",
                "edit.yaml:7:21: error: 'talk.sub' is not a subtitle file Cutlist reads",
            ])
    }

    @Test func aClipsCaptionsMayBeAStreamOfItsOwnFile() throws {
        let result = parse(
            """
            cutlist: 1
            tracks:
              - items:
                  - { source: talk.mp4, captions: embedded }
                  - { source: talk.mkv, captions: { file: 3, font_size: 20 } }
            """)
        let items = result.project?.tracks.first?.items ?? []
        #expect(result.diagnostics.isEmpty)
        #expect(items.first?.captions?.stream == .first)
        #expect(items.first?.captions?.path == directory + "/talk.mp4")
        #expect(items.dropFirst().first?.captions?.stream == .index(3))
        #expect(items.dropFirst().first?.captions?.style.fontSize == 20)
        let wrong = parse(
            """
            cutlist: 1
            tracks:
              - items:
                  - { source: talk.mkv, captions: embeded }
                  - { captions: embedded }
            """)
        #expect(
            wrong.diagnostics.map { "\($0.description) | \($0.hint ?? "")" } == [
                "edit.yaml:4:39: error: 'embeded' is not a subtitle file Cutlist reads | did you mean 'embedded'?",
                "edit.yaml:5:21: error: 'embedded' names a subtitle stream of a clip's own file; this item has no file"
                    + " | give it to the clip: { source: talk.mp4, captions: embedded }, or name a subtitle file",
            ])
    }

    @Test func highlightTakesAColourAndAMode() throws {
        try "WEBVTT\n\n00:00.000 --> 00:02.000\nA <00:01.000>B\n".write(
            toFile: directory + "/words.vtt", atomically: true, encoding: .utf8)
        let result = parse(
            """
            cutlist: 1
            tracks:
              - items:
                  - { captions: words.vtt, highlight: { color: red, mode: karaoke } }
                  - { captions: words.vtt, highlight: {} }
                  - { captions: words.vtt, highlight: { mode: karoke } }
            """)
        #expect(
            result.diagnostics.map(\.description) == [
                "edit.yaml:6:51: error: 'karoke' is not a valid 'mode'"
            ])
        #expect(result.diagnostics.first?.hint == "did you mean 'karaoke'?")
        let items = try #require(result.partial?.tracks.first?.items)
        let highlights = items.compactMap { item -> CaptionHighlight? in
            if case .captions(let captions) = item.content { return captions.highlight }
            return nil
        }
        #expect(
            highlights == [CaptionHighlight(color: rgb(255, 0, 0), mode: .karaoke), CaptionHighlight(color: rgb(255, 255, 0))])
    }

    @Test func anASSScriptIsKeptWholeAndPlacedOverTheWholeFrame() throws {
        let script = """
            [Script Info]
            ScriptType: v4.00+

            [Events]
            Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
            Dialogue: 0,0:00:01.00,0:00:02.50,Default,,0,0,0,,{\\an8}Hello

            """
        try script.write(toFile: directory + "/talk.ass", atomically: true, encoding: .utf8)
        let result = parse(
            """
            cutlist: 1
            tracks:
              - items:
                  - { captions: talk.ass }
                  - { source: clip.mp4, captions: talk.ass }
            """)
        #expect(result.diagnostics.map(\.description) == [])
        let items = try #require(result.partial?.tracks.first?.items)
        guard case .captions(let captions) = items[0].content else {
            Issue.record("not a captions item: \(items[0].content)")
            return
        }
        #expect(captions.script == script)
        #expect(captions.cues.map(\.text) == ["Hello"] && captions.cues.map(\.end) == [ratio(5, 2)])
        #expect(items[0].picture.place == nil && items[0].picture.margin == nil)
        #expect(items[1].captions?.script == script)
    }

    @Test func textKeysAnItemSetsOnAnASSScriptAreErrorsAndDefaultsAreNot() throws {
        try "[Script Info]\nScriptType: v4.00+\n[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,Hi\n".write(
            toFile: directory + "/talk.ass", atomically: true, encoding: .utf8)
        let result = parse(
            """
            cutlist: 1
            defaults:
              captions: { font_size: 40, highlight: { color: red } }
            tracks:
              - items:
                  - { captions: talk.ass, color: red, opacity: 0.5 }
                  - { source: clip.mp4, captions: { file: talk.ass, highlight: { mode: word } } }
                  - { source: clip.mp4, captions: talk.ass }
            """)
        #expect(
            result.diagnostics.map(\.description) == [
                "edit.yaml:6:31: error: 'color' does not apply to an ASS or SSA script",
                "edit.yaml:7:57: error: 'highlight' does not apply to an ASS or SSA script",
            ])
        #expect(result.diagnostics.first?.hint == "libass draws the script with its own styles; change them in the script")
    }

    @Test func aWordsFileIsGroupedByMaxCharsAndMaxWidthAndItsProblemsNameTheItem() throws {
        let words = ["one", "two", "three", "four"].enumerated().map { index, word in
            "{\"word\": \"\(word)\", \"start\": \(index), \"end\": \(index).9}"
        }
        try ("[" + words.joined(separator: ", ") + "]").write(
            toFile: directory + "/talk.json", atomically: true, encoding: .utf8)
        try "[{\"word\": \"Hi\", \"start\": 0, \"end\": 1]".write(
            toFile: directory + "/broken.json", atomically: true, encoding: .utf8)
        let result = parse(
            """
            cutlist: 1
            tracks:
              - items:
                  - { captions: talk.json }
                  - { captions: talk.json, max_chars: 9 }
                  - { captions: talk.json, font_size: 20, max_width: 60 }
                  - { source: clip.mp4, captions: { file: talk.json, max_char: 9 } }
                  - { captions: broken.json }
            """)
        #expect(
            result.diagnostics.map(\.description) == [
                "broken.json:1:37: error: words file 'broken.json' is not valid JSON: expected ',' or '}', not ']'",
                "edit.yaml:7:58: error: unknown key 'max_char' in 'captions'",
            ])
        #expect(result.diagnostics.first?.hint == "the captions of the item at edit.yaml:8:21")
        #expect(result.diagnostics.last?.hint == "did you mean 'max_chars'?")
        let items = try #require(result.partial?.tracks.first?.items)
        let lines = items.compactMap { item -> [String]? in
            if case .captions(let captions) = item.content { return captions.cues.map(\.text) }
            return nil
        }
        // 42 characters; 9; 60 px at 10 px a character: 6.
        #expect(lines == [["one two three four"], ["one two", "three", "four"], ["one", "two", "three", "four"]])
    }
}

/// `output.subtitles` as read, and the language codes it takes.
@Suite struct SubtitleOutputTests {
    @Test func subtitlesNameTheTrackAndTakeALanguageInEitherISO639Form() throws {
        let directory = NSTemporaryDirectory() + "subtitle-output-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "1\n00:00:01,000 --> 00:00:02,500\nHello\n".write(
            toFile: directory + "/talk.srt", atomically: true, encoding: .utf8)
        let result = ProjectParser.parse(
            """
            cutlist: 1
            output: { subtitles: { from: words, burn: true, language: fr } }
            tracks:
              - name: words
                items: [{ captions: talk.srt }]
            """, file: "edit.yaml", directory: directory, files: .disk())
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let subtitles = try #require(result.project?.output.subtitles)
        #expect(subtitles.track.value == "words" && subtitles.burn)
        #expect(subtitles.language?.terminology == "fra" && subtitles.language?.bibliographic == "fre")
        let missing = ProjectParser.parse(
            "cutlist: 1\noutput: { subtitles: { burn: true } }\ntracks: [{ items: [{ color: red, duration: 1s }] }]",
            file: "edit.yaml", directory: directory, files: .disk())
        #expect(
            missing.diagnostics.map(\.description) == [
                "edit.yaml:2:22: error: 'subtitles' needs 'from': the name of the track whose captions it writes"
            ])
    }

    @Test func languageCodesAreISO639OneOrTwo() {
        #expect(LanguageCode("en")?.terminology == "eng")
        #expect(LanguageCode("DE")?.bibliographic == "ger")
        #expect(LanguageCode("ger")?.terminology == "deu")
        #expect(LanguageCode("haw")?.terminology == "haw")
        #expect(LanguageCode("zz") == nil && LanguageCode("english") == nil)
    }
}
