import Basics
import Foundation

/// Reads SRT and WebVTT files, ASS and SSA scripts' events and words files
/// into cues, reporting every malformed cue at its line and column in the
/// subtitle file.
public enum SubtitleReader {
    public enum Format: String, Sendable, CaseIterable {
        case srt
        case webVTT = "vtt"
        case ass
        case ssa
        /// Timed words as JSON (WordsReader).
        case words = "json"

        /// The format a file's extension names, nil for one not read.
        public init?(path: String) {
            self.init(rawValue: (path as NSString).pathExtension.lowercased())
        }

        /// An ASS or SSA script, which libass draws with its own styles.
        public var isScript: Bool { self == .ass || self == .ssa }
    }

    /// `file` names the subtitle file in messages; `lines` groups a words file's words.
    public static func read(_ data: Data, format: Format, file: String, lines: WordLines = WordLines()) -> (
        text: String?, reading: SubtitleReading
    ) {
        switch SubtitleText.decode(data, file: file) {
        case .failure(let diagnostic):
            var reading = SubtitleReading()
            reading.diagnostics.append(diagnostic)
            return (nil, reading)
        case .text(let text) where format.isScript:
            var reader = ASSScriptReader(text: text, file: file)
            return (text, reader.parse())
        case .text(let text) where format == .words:
            var reader = WordsReader(file: file, grouping: lines)
            return (text, reader.read(text))
        case .text(let text):
            var parser = BlockParser(text: text, format: format, file: file)
            return (text, parser.parse())
        }
    }
}

/// The blocks of a subtitle file: cues separated by blank lines (and, in
/// WebVTT, a header, notes, styles and regions).
private struct BlockParser {
    let lines: [Substring]
    let format: SubtitleReader.Format
    let file: String
    var reading = SubtitleReading()
    var index = 0

    init(text: String, format: SubtitleReader.Format, file: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        self.format = format
        self.file = file
    }

    private var timingExample: String {
        format == .srt ? "00:00:01,000 --> 00:00:02,500" : "00:00:01.000 --> 00:00:02.500"
    }

    private func isBlank(_ line: Substring) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" } }
    private func isTiming(_ line: Substring) -> Bool { line.contains("-->") }
    private func isNumber(_ line: Substring) -> Bool {
        let trimmed = line.trimmingWhitespace()
        return !trimmed.isEmpty && trimmed.allSatisfy { $0.isASCII && $0.isNumber }
    }

    mutating func parse() -> SubtitleReading {
        if format == .webVTT, !readHeader() { return reading }
        while true {
            while index < lines.count, isBlank(lines[index]) { index += 1 }
            guard index < lines.count else { break }
            readBlock()
        }
        return reading
    }

    /// `WEBVTT` and the header lines after it.
    private mutating func readHeader() -> Bool {
        let first = lines.first ?? ""
        guard first.hasPrefix("WEBVTT"), first.count == 6 || [" ", "\t"].contains(first.dropFirst(6).first) else {
            reading.error(
                "a WebVTT file starts with the line 'WEBVTT'", line: 1, column: 1, file: file,
                hint: "an SRT file must end in '.srt'")
            return false
        }
        index = 1
        while index < lines.count, !isBlank(lines[index]) { index += 1 }
        return true
    }

    private mutating func skipBlock() {
        while index < lines.count, !isBlank(lines[index]) { index += 1 }
    }

    private mutating func readBlock() {
        let line = lines[index]
        if format == .webVTT, ["NOTE", "STYLE", "REGION"].contains(where: { Self.isKeyword(line, $0) }) {
            skipBlock()
            return
        }
        if !isTiming(line) {
            // A cue number (SRT) or identifier (WebVTT) comes before the timing line.
            guard index + 1 < lines.count, isTiming(lines[index + 1]), format == .webVTT || isNumber(line) else {
                let what = format == .srt ? "a cue number or a timing line" : "a cue's timing line"
                reading.error(
                    "expected \(what), not '\(line.prefix(40))'", line: index + 1, column: 1, file: file,
                    hint: "a cue is \(format == .srt ? "a number, " : "")a timing line such as '\(timingExample)',"
                        + " its text, and a blank line")
                skipBlock()
                return
            }
            index += 1
        }
        let timingLine = index + 1
        let timing = readTiming(lines[index], line: timingLine)
        index += 1
        var text: [(text: Substring, number: Int)] = []
        while index < lines.count, !isBlank(lines[index]) {
            let next = lines[index]
            let startsCue =
                isTiming(next) || (format == .srt && isNumber(next) && index + 1 < lines.count && isTiming(lines[index + 1]))
            if startsCue {
                reading.error(
                    "a blank line must end the cue before this one", line: index + 1, column: 1, file: file,
                    hint: "the cue at line \(timingLine) runs into this line")
                return
            }
            text.append((next, index + 1))
            index += 1
        }
        guard let (start, end, settings) = timing else { return }
        var textReader = CueTextReader(
            flavour: format == .srt ? .srt : .webVTT, file: file, cueStart: start, cueEnd: end)
        var cue = CaptionCue(
            start: start, end: end, spans: textReader.read(text, into: &reading),
            location: SourceLocation(file: file, line: timingLine, column: 1))
        cue.settings = settings
        reading.cues.append(cue)
    }

    private static func isKeyword(_ line: Substring, _ word: String) -> Bool {
        line.hasPrefix(word) && (line.count == word.count || [" ", "\t"].contains(line.dropFirst(word.count).first))
    }

    /// `start --> end` and, in WebVTT, the cue settings after it.
    private mutating func readTiming(_ line: Substring, line number: Int) -> (Rational, Rational, CueSettings)? {
        guard let arrow = line.range(of: "-->") else { return nil }
        let startText = line[..<arrow.lowerBound]
        let rest = line[arrow.upperBound...]
        let endBegin = rest.firstIndex { $0 != " " && $0 != "\t" } ?? rest.endIndex
        let endEnd = rest[endBegin...].firstIndex { $0 == " " || $0 == "\t" } ?? rest.endIndex
        let endText = rest[endBegin..<endEnd]
        let startBegin = startText.firstIndex { $0 != " " && $0 != "\t" } ?? startText.endIndex
        let parse = format == .srt ? SubtitleTime.srt : SubtitleTime.webVTT
        let start = parse(Substring(startText.trimmingWhitespace()))
        let end = parse(endText)
        let column = { (index: Substring.Index) in line.unicodeScalars[line.startIndex..<index].count + 1 }
        let form = format == .srt ? "HH:MM:SS,mmm" : "hh:mm:ss.ttt or mm:ss.ttt"
        if start == nil {
            reading.error(
                "'\(startText.trimmingWhitespace())' is not a timestamp", line: number, column: column(startBegin),
                file: file, hint: "write it \(form), as in '\(timingExample)'")
        }
        if end == nil {
            reading.error(
                "'\(endText)' is not a timestamp", line: number, column: column(endBegin), file: file,
                hint: "write it \(form), as in '\(timingExample)'")
        }
        guard let start, let end else { return nil }
        if end < start {
            reading.error(
                "the cue ends (\(endText)) before it starts (\(startText.trimmingWhitespace()))", line: number,
                column: column(endBegin), file: file)
            return nil
        }
        var settings = CueSettings()
        if format == .webVTT {
            guard let read = readSettings(rest[endEnd...], line: line, number: number) else { return nil }
            settings = read
        }
        return (start, end, settings)
    }

    /// WebVTT's `line:`, `position:` and `align:` (`size`, `vertical` and
    /// `region` are read and not used).
    private mutating func readSettings(_ text: Substring, line: Substring, number: Int) -> CueSettings? {
        var settings = CueSettings()
        var valid = true
        let names = ["line", "position", "align", "size", "vertical", "region"]
        for token in text.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            let column = line.unicodeScalars[line.startIndex..<token.startIndex].count + 1
            let pair = token.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pair[0])
            let value = pair.count > 1 ? pair[1] : ""
            func bad(_ hint: String) {
                reading.error(
                    "'\(token)' is not a valid cue setting", line: number, column: column, file: file, hint: hint)
                valid = false
            }
            switch name {
            case "line":
                // `line:N%`, `line:N` (lines, negative from the bottom), with an optional `,start|center|end`.
                let number = value.split(separator: ",", maxSplits: 1)[safe: 0] ?? ""
                if number.hasSuffix("%"), let percent = Double(number.dropLast()), (0...100).contains(percent) {
                    settings.line = .percent(percent)
                } else if let lines = Int(number), abs(lines) < 1000 {
                    settings.line = .number(lines)
                } else {
                    bad("'line' is a percentage such as 'line:80%' or a line number such as 'line:-2'")
                }
            case "position":
                let number = value.split(separator: ",", maxSplits: 1)[safe: 0] ?? ""
                if number.hasSuffix("%"), let percent = Double(number.dropLast()), (0...100).contains(percent) {
                    settings.position = percent
                } else {
                    bad("'position' is a percentage of the width, such as 'position:10%'")
                }
            case "align":
                if let align = CueSettings.Alignment(rawValue: String(value)) {
                    settings.align = align
                } else {
                    bad("'align' is one of: " + CueSettings.Alignment.allCases.map(\.rawValue).joined(separator: ", "))
                }
            case "size", "vertical", "region": break
            default:
                bad(NameSuggestions.didYouMean(name, in: names) ?? "the cue settings are: \(names.joined(separator: ", "))")
            }
        }
        return valid ? settings : nil
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
