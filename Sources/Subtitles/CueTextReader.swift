import Basics
import Foundation

/// Reads a cue's text lines into styled runs: `<b>`, `<i>`, `<u>`, WebVTT voice
/// spans (`<v Name>`) and inline timestamps (`<00:00:01.500>`); other tags
/// (`<c.yellow>`, `<font>`, `<lang>`, `<ruby>`) are dropped and their text
/// kept. A `<` that no `>` closes on its line is text.
struct CueTextReader {
    enum Flavour { case srt, webVTT }

    let flavour: Flavour
    let file: String
    let cueStart: Rational
    let cueEnd: Rational

    private var spans: [CaptionSpan] = []
    private var buffer = ""
    private var counts: [CaptionSpan.Style: Int] = [:]
    private var voices: [String] = []
    private var time: Rational?

    init(flavour: Flavour, file: String, cueStart: Rational, cueEnd: Rational) {
        self.flavour = flavour
        self.file = file
        self.cueStart = cueStart
        self.cueEnd = cueEnd
    }

    /// The runs of `lines` (each with its 1-based line number in the file).
    mutating func read(_ lines: [(text: Substring, number: Int)], into reading: inout SubtitleReading) -> [CaptionSpan] {
        for (index, line) in lines.enumerated() {
            if index > 0 { buffer += "\n" }
            readLine(line.text, number: line.number, &reading)
        }
        flush()
        return spans
    }

    private var style: CaptionSpan.Style {
        var style: CaptionSpan.Style = []
        for (element, count) in counts where count > 0 { style.insert(element) }
        return style
    }

    private mutating func flush() {
        guard !buffer.isEmpty else { return }
        let span = CaptionSpan(text: buffer, style: style, voice: voices.last, time: time)
        if let last = spans.last, last.style == span.style, last.voice == span.voice, last.time == span.time {
            spans[spans.count - 1].text += buffer
        } else {
            spans.append(span)
        }
        buffer = ""
    }

    /// Linear in the line's length, however many tags it holds: a tag's column
    /// is counted only for a message, and a `<` or `{` past the line's last
    /// closer is text without a search.
    private mutating func readLine(_ line: Substring, number: Int, _ reading: inout SubtitleReading) {
        let lastAngle = line.lastIndex(of: ">")
        let lastBrace = line.lastIndex(of: "}")
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character == "<", let lastAngle, index < lastAngle, let close = line[index...].firstIndex(of: ">") {
                let start = index
                readTag(
                    line[line.index(after: index)..<close], line: number,
                    column: { line.unicodeScalars[line.startIndex..<start].count + 2 }, &reading)
                index = line.index(after: close)
            } else if flavour == .srt, character == "{", let lastBrace, index < lastBrace,
                line[line.index(after: index)...].first == "\\", let close = line[index...].firstIndex(of: "}")
            {
                // An SSA override such as `{\an8}` that some SRT files carry: not text.
                index = line.index(after: close)
            } else if flavour == .webVTT, character == "&", let (text, end) = Self.entity(in: line[index...]) {
                buffer += text
                index = end
            } else {
                buffer.append(character)
                index = line.index(after: index)
            }
        }
    }

    private mutating func readTag(_ tag: Substring, line: Int, column: () -> Int, _ reading: inout SubtitleReading) {
        if flavour == .webVTT, tag.first?.isASCII == true, tag.first?.isNumber == true {
            guard let stamp = SubtitleTime.webVTT(tag) else {
                reading.error(
                    "'<\(tag)>' is not a timestamp", line: line, column: column(), file: file,
                    hint: "an inline timestamp is written <hh:mm:ss.ttt> or <mm:ss.ttt>")
                return
            }
            // A word may start with its cue (as speech tools write the first word), not at or after its end.
            guard stamp >= cueStart, stamp < cueEnd else {
                reading.error(
                    "the inline timestamp <\(tag)> is outside its cue (\(TimeValue.format(cueStart)) to \(TimeValue.format(cueEnd)))",
                    line: line, column: column(), file: file)
                return
            }
            flush()
            time = stamp
            return
        }
        let closing = tag.first == "/"
        let body = closing ? tag.dropFirst() : tag
        // `b.loud Name`: the name is up to a class, a space or the end.
        let nameEnd = body.firstIndex { $0 == "." || $0 == " " || $0 == "\t" } ?? body.endIndex
        let name = body[..<nameEnd].lowercased()
        let element: CaptionSpan.Style? =
            switch name {
            case "b": .bold
            case "i": .italic
            case "u": .underline
            default: nil
            }
        if let element {
            flush()
            counts[element, default: 0] += closing ? -1 : 1
            counts[element] = max(counts[element] ?? 0, 0)
        } else if name == "v" {
            flush()
            if closing {
                _ = voices.popLast()
            } else {
                let annotation = body[nameEnd...].drop { $0 != " " && $0 != "\t" }
                voices.append(annotation.trimmingWhitespace())
            }
        }
    }

    /// A WebVTT character reference at the start of `text`, and where it ends.
    private static func entity(in text: Substring) -> (String, Substring.Index)? {
        guard let semicolon = text.prefix(12).firstIndex(of: ";") else { return nil }
        let name = text[text.index(after: text.startIndex)..<semicolon]
        let named: [Substring: String] = [
            "amp": "&", "lt": "<", "gt": ">", "nbsp": "\u{A0}", "lrm": "\u{200E}", "rlm": "\u{200F}", "quot": "\"",
            "apos": "'",
        ]
        if let value = named[name] { return (value, text.index(after: semicolon)) }
        if name.first == "#" {
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            if let value, let scalar = Unicode.Scalar(value) { return (String(scalar), text.index(after: semicolon)) }
        }
        return nil
    }
}

extension Substring {
    func trimmingWhitespace() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
