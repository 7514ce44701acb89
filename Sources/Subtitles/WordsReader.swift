import Basics
import Foundation

/// How a words file's words are grouped into caption lines.
public struct WordLines: Hashable, Sendable {
    /// The most characters a line holds.
    public var maxChars: Int
    /// A silence at least this long between two words starts a new line.
    public static let pause = Rational(1, 2) ?? .zero

    public init(maxChars: Int = 42) {
        self.maxChars = maxChars
    }
}

/// Reads a words file, the JSON speech-to-text tools write: a list of
/// `{ "word", "start", "end" }` (times in seconds), or whisper's
/// `{ "segments": [{ "words": [...] }] }`. Its words become one-line cues
/// whose words are timed, so a highlight follows them.
struct WordsReader {
    let file: String
    let grouping: WordLines
    var reading = SubtitleReading()

    private struct Word {
        var text: String
        var start: Rational
        var end: Rational
        var line: Int
    }

    private static let shape =
        "a words file is a list of { \"word\": \"Hello\", \"start\": 1.0, \"end\": 1.4 }, or whisper's"
        + " { \"segments\": [{ \"words\": [...] }] }"

    mutating func read(_ text: String) -> SubtitleReading {
        let document: LocatedJSON
        switch LocatedJSON.parse(text) {
        case .failure(let failure):
            reading.error(
                "words file '\(file)' is not valid JSON: \(failure.message)", line: failure.line,
                column: failure.column, file: file)
            return reading
        case .success(let value): document = value
        }
        // Each run of words is grouped apart: whisper's segments end at sentences.
        var runs: [[LocatedJSON]] = []
        switch document.value {
        case .array(let words): runs = [words]
        case .object:
            guard case .array(let segments)? = document["segments"]?.value else {
                error(Self.shape, at: document["segments"] ?? document)
                return reading
            }
            for segment in segments {
                guard case .array(let words)? = segment["words"]?.value else {
                    error(
                        "a segment needs \"words\": whisper writes them with --word_timestamps True", at: segment)
                    return reading
                }
                runs.append(words)
            }
        default:
            error(Self.shape, at: document)
            return reading
        }
        var previous: Word?
        for run in runs {
            var words: [Word] = []
            for entry in run {
                guard let word = word(entry) else { continue }
                if let previous, word.start < previous.start {
                    error(
                        "this word starts (\(TimeValue.format(word.start))) before the word before it"
                            + " (\(TimeValue.format(previous.start)))", at: entry["start"] ?? entry,
                        hint: "a words file lists its words in the order they are spoken")
                }
                previous = word
                if !word.text.isEmpty { words.append(word) }
            }
            for line in grouped(words) { reading.cues.append(cue(line)) }
        }
        if !reading.diagnostics.isEmpty { reading.cues = [] }
        return reading
    }

    private mutating func error(_ message: String, at value: LocatedJSON, hint: String? = nil) {
        reading.error(message, line: value.line, column: value.column, file: file, hint: hint)
    }

    /// One entry of the list, or nil (and an error) when it is not a word.
    private mutating func word(_ entry: LocatedJSON) -> Word? {
        guard case .object = entry.value else {
            error("a word is an object such as { \"word\": \"Hello\", \"start\": 1.0, \"end\": 1.4 }", at: entry)
            return nil
        }
        guard case .string(let text)? = entry["word"]?.value else {
            error("a word needs \"word\": its text", at: entry["word"] ?? entry)
            return nil
        }
        guard let start = time(entry, "start"), let end = time(entry, "end") else { return nil }
        guard end >= start else {
            error(
                "the word ends (\(TimeValue.format(end))) before it starts (\(TimeValue.format(start)))",
                at: entry["end"] ?? entry)
            return nil
        }
        return Word(text: text.trimmingCharacters(in: .whitespacesAndNewlines), start: start, end: end, line: entry.line)
    }

    /// A time in seconds, to the nearest millisecond: tools write float noise
    /// such as 1.5399999618530273, whose exact value no frame needs.
    private mutating func time(_ entry: LocatedJSON, _ key: String) -> Rational? {
        guard let value = entry[key] else {
            error("a word needs \"\(key)\": the time in seconds it \(key == "start" ? "starts" : "ends")", at: entry)
            return nil
        }
        let maximum = Rational(3_600_000_000)
        guard case .number(let text) = value.value, let seconds = Self.seconds(text),
            seconds >= .zero, seconds < maximum, let millis = seconds.checkedMultiply(Rational(1000))
        else {
            error("\"\(key)\" is a time in seconds from the start of the sound, such as 1.25", at: value)
            return nil
        }
        return Rational(millis.rounded, 1000)
    }

    /// A JSON number: exactly as written, or with an exponent
    /// (`3.0000000000000004e-05`, as speech tools write small times) to the
    /// microsecond, finer than the millisecond a word's time is kept to.
    static func seconds(_ text: String) -> Rational? {
        guard text.contains(where: { $0 == "e" || $0 == "E" }) else {
            guard case .value(let exact) = DecimalLiteral.parse(text[...]) else { return nil }
            return exact
        }
        guard let value = Double(text), value.isFinite, abs(value) < 1e12 else { return nil }
        return Rational(Int64((value * 1e6).rounded()), 1_000_000)
    }

    /// Words into lines: a line ends before a word that would take it past
    /// `maxChars`, that follows a pause, or that follows a sentence's end.
    private func grouped(_ words: [Word]) -> [[Word]] {
        var lines: [[Word]] = []
        var line: [Word] = []
        var count = 0
        for word in words {
            if let last = line.last {
                let space = Self.joinsWithoutSpace(last.text, word.text) ? 0 : 1
                if count + space + word.text.count > grouping.maxChars || word.start - last.end >= WordLines.pause
                    || Self.endsSentence(last.text)
                {
                    lines.append(line)
                    (line, count) = ([], 0)
                } else {
                    count += space
                }
            }
            line.append(word)
            count += word.text.count
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    private static func endsSentence(_ word: String) -> Bool {
        guard let last = word.last else { return false }
        return ".?!…。？！".contains(last)
    }

    /// A line's cue: from its first word's start to its last word's end, each
    /// word a run timed from its start.
    private func cue(_ words: [Word]) -> CaptionCue {
        let start = words[0].start
        var spans: [CaptionSpan] = []
        for (index, word) in words.enumerated() {
            let text = (index == 0 || Self.joinsWithoutSpace(words[index - 1].text, word.text) ? "" : " ") + word.text
            let time = word.start > start ? word.start : nil
            if let last = spans.last, last.time == time {
                spans[spans.count - 1].text += text
            } else {
                spans.append(CaptionSpan(text: text, time: time))
            }
        }
        return CaptionCue(
            start: start, end: words[words.count - 1].end, spans: spans,
            location: SourceLocation(file: file, line: words[0].line, column: 1))
    }

    /// Chinese, Japanese and Thai are written without spaces between words.
    private static func joinsWithoutSpace(_ before: String, _ after: String) -> Bool {
        guard let end = before.unicodeScalars.last, let start = after.unicodeScalars.first else { return true }
        return isWrittenWithoutSpaces(end) && isWrittenWithoutSpaces(start)
    }

    private static func isWrittenWithoutSpaces(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E00...0x0EFF,  // Thai, Lao
            0x1000...0x109F,  // Myanmar
            0x1780...0x17FF,  // Khmer
            0x3000...0x30FF,  // CJK punctuation, Hiragana, Katakana
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,  // Han
            0xFF00...0xFFEF,  // full-width forms
            0x20000...0x3134F:
            return true
        default:
            return false
        }
    }
}
