import Foundation
import Testing

@testable import EDLParser
@testable import Subtitles

/// Words files (the JSON speech-to-text tools write) read into one-line cues
/// of timed words, and malformed ones reported at their line and column.
@Suite struct WordsReaderTests {
    private func read(_ text: String, maxChars: Int = 42) -> SubtitleReading {
        SubtitleReader.read(Data(text.utf8), format: .words, file: "talk.json", lines: WordLines(maxChars: maxChars))
            .reading
    }

    private func errors(_ reading: SubtitleReading) -> [String] {
        reading.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0): \($0.message)" }
    }

    private func word(_ text: String, _ start: String, _ end: String) -> String {
        "{ \"word\": \"\(text)\", \"start\": \(start), \"end\": \(end), \"probability\": 0.9 }"
    }

    @Test func wordsAreGroupedIntoLinesByPausesSentencesAndLength() {
        let words = [
            word("Hi", "0.0", "0.4"), word("there.", "0.5", "0.9"),  // a sentence ends
            word("How", "1.0", "1.2"), word("are", "1.3", "1.5"),  // a pause of 0.5 s follows
            word("you", "2.0", "2.2"), word("doing", "2.3", "2.6"), word("today", "2.7", "3.1"),
        ]
        let reading = read("[\n" + words.joined(separator: ",\n") + "\n]\n", maxChars: 9)
        #expect(errors(reading) == [])
        // "you doing" is 9 characters; "today" would take it to 15.
        #expect(reading.cues.map(\.text) == ["Hi there.", "How are", "you doing", "today"])
        #expect(reading.cues.map(\.start) == [ratio(0), ratio(1), ratio(2), ratio(27, 10)])
        #expect(reading.cues.map(\.end) == [ratio(9, 10), ratio(3, 2), ratio(13, 5), ratio(31, 10)])
        #expect(reading.cues.map(\.location.line) == [2, 4, 6, 8])
        // Each word is a run timed from its start, the first from the cue's.
        #expect(
            reading.cues[0].spans == [CaptionSpan(text: "Hi"), CaptionSpan(text: " there.", time: ratio(1, 2))])
    }

    /// Python's `json.dump` writes a character beyond the first 65,536 as two
    /// escaped surrogates (`ensure_ascii`), as speech-to-text tools' files do.
    @Test func anEscapedSurrogatePairIsOneCharacter() {
        let reading = read("[" + word("Party\\ud83c\\udf89", "0.0", "0.5") + "]")
        #expect(errors(reading) == [])
        #expect(reading.cues.map(\.text) == ["Party\u{1F389}"])
    }

    @Test func timesWrittenWithAnExponentAreRead() {
        let reading = read("[" + word("Hi", "3.0000000000000004e-05", "4.5E-1") + ", " + word("you", "1e0", "1.2e+0") + "]")
        #expect(errors(reading) == [])
        // A pause of 0.55 s after the first word starts a new line.
        #expect(reading.cues.map(\.start) == [ratio(0), ratio(1)])
        #expect(reading.cues.map(\.end) == [ratio(9, 20), ratio(6, 5)])
        #expect(errors(read("[" + word("Hi", "1e999", "2") + "]")).count == 1)
    }

    @Test func whisperSegmentsEachStartALineAndItsSpacesAndFloatNoiseAreCleanedUp() {
        let json = """
            {"text": " Hi all. 你好世界", "segments": [
              {"id": 0, "start": 0.0, "end": 1.0, "text": " Hi all", "tokens": [1, 2], "words": [
                {"word": " Hi", "start": 0.0, "end": 0.30000001192092896},
                {"word": " all", "start": 0.30000001192092896, "end": 1.0}]},
              {"id": 1, "start": 1.0, "end": 2.0, "text": "你好世界", "words": [
                {"word": "你好", "start": 1.0, "end": 1.5}, {"word": "世界", "start": 1.5, "end": 2.0},
                {"word": " ", "start": 2.0, "end": 2.0}]}
            ], "language": "en"}
            """
        let reading = read(json)
        #expect(errors(reading) == [])
        #expect(reading.cues.map(\.text) == ["Hi all", "你好世界"])
        #expect(reading.cues[0].spans.map(\.time) == [nil, ratio(3, 10)])
        #expect(reading.cues[1].end == ratio(2))
    }

    @Test func malformedJSONIsAnErrorAtItsLineAndColumn() {
        #expect(
            errors(read("[\n  {\"word\": \"Hi\", \"start\": 0, \"end\": 1]\n")) == [
                "2:38: words file 'talk.json' is not valid JSON: expected ',' or '}', not ']'"
            ])
        #expect(
            errors(read("[{\"word\": \"Hi\", \"start\": 0.5,")) == [
                "1:30: words file 'talk.json' is not valid JSON: expected a member's name in double quotes, not the end of the file"
            ])
        #expect(
            errors(read("[{\"word\": \"Hi\n\"}]")) == ["1:14: words file 'talk.json' is not valid JSON: the string is not closed"]
        )
        #expect(
            errors(read("[1, 2] x")) == ["1:8: words file 'talk.json' is not valid JSON: unexpected text after the JSON value"])
        #expect(errors(read(String(repeating: "[", count: 100))).first?.hasPrefix("1:65: ") == true)
    }

    @Test func wordsThatAreNotWordsAreErrorsAtTheirValue() {
        let json = """
            [{"word": "a", "start": "0.5", "end": 1},
             {"word": "b", "end": 1},
             {"word": "c", "start": 2, "end": 1.5},
             {"word": "c", "start": 2, "end": 2.5},
             {"word": "d", "start": 0.1, "end": 0.2},
             {"text": "e", "start": 3, "end": 4},
             7]
            """
        #expect(
            errors(read(json)) == [
                "1:25: \"start\" is a time in seconds from the start of the sound, such as 1.25",
                "2:2: a word needs \"start\": the time in seconds it starts",
                "3:35: the word ends (1.5s) before it starts (2s)",
                "5:25: this word starts (0.1s) before the word before it (2s)",
                "6:2: a word needs \"word\": its text",
                "7:2: a word is an object such as { \"word\": \"Hello\", \"start\": 1.0, \"end\": 1.4 }",
            ])
        #expect(read(json).cues == [])
        #expect(
            errors(read("{\"segments\": 3}")) == [
                "1:14: a words file is a list of { \"word\": \"Hello\", \"start\": 1.0, \"end\": 1.4 }, or whisper's"
                    + " { \"segments\": [{ \"words\": [...] }] }"
            ])
    }
}
