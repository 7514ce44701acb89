import Basics
import Foundation

/// Reads an ASS or SSA script's events as cues: their times (which decide an
/// item's length and what `render check` reports) and their text without
/// override tags. libass draws the script itself with its own styles; this
/// reader only checks that the file is a script and that each event's times
/// are readable, as libass reads them (`H:MM:SS.CC`).
public struct ASSScriptReader {
    let lines: [Substring]
    let file: String
    var reading = SubtitleReading()

    init(text: String, file: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        self.file = file
    }

    /// The fields of an event line: where its times and text are, and their names in order.
    private struct EventFormat {
        var start = 1
        var end = 2
        var text = 9
        var names = ["layer", "start", "end", "style", "name", "marginl", "marginr", "marginv", "effect", "text"]
        var count: Int { names.count }
    }

    mutating func parse() -> SubtitleReading {
        guard let first = lines.firstIndex(where: { !$0.trimmingWhitespace().isEmpty }),
            lines[first].trimmingWhitespace().lowercased() == "[script info]"
        else {
            reading.error(
                "'\(file)' is not an ASS or SSA script: it must start with '[Script Info]'",
                line: (lines.firstIndex { !$0.trimmingWhitespace().isEmpty } ?? 0) + 1, column: 1, file: file,
                hint:
                    "an ASS or SSA script starts with the section '[Script Info]'; SRT and WebVTT files end in '.srt' and '.vtt'")
            return reading
        }
        // libass reads the script as C text, which ends at a NUL.
        if let line = lines.firstIndex(where: { $0.contains("\0") }) {
            let column = lines[line].unicodeScalars.prefix { $0 != "\0" }.count + 1
            reading.error("'\(file)' has a NUL byte here, which no text file has", line: line + 1, column: column, file: file)
            return reading
        }
        var section = ""
        var format = EventFormat()
        var styleFormat: [String] = []
        var knowsKind = false
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingWhitespace()
            if trimmed.hasPrefix("[") {
                section = trimmed.lowercased()
                if section == "[v4+ styles]" || section == "[v4 styles]" { knowsKind = true }
                continue
            }
            if section == "[script info]", Self.field(trimmed, "ScriptType") != nil { knowsKind = true }
            if section == "[v4+ styles]" || section == "[v4 styles]" {
                if let names = Self.field(trimmed, "Format") {
                    styleFormat = names.split(separator: ",").map { $0.trimmingWhitespace().lowercased() }
                } else if let fields = Self.field(trimmed, "Style") {
                    checkStyle(fields, format: styleFormat, line: index + 1)
                }
                continue
            }
            guard section == "[events]" else { continue }
            if let names = Self.field(trimmed, "Format") {
                guard let read = readFormat(names, line: index + 1) else { return reading }
                format = read
            } else if let fields = Self.field(trimmed, "Dialogue") {
                let indent = line.prefix { $0 == " " || $0 == "\t" }.unicodeScalars.count
                readEvent(fields, format, line: index + 1, in: trimmed, indent: indent)
            }
        }
        checkOverlap()
        if !knowsKind {
            reading.error(
                "'\(file)' has no '[V4+ Styles]' or '[V4 Styles]' section and no 'ScriptType', so it is neither ASS nor SSA",
                line: first + 1, column: 1, file: file, hint: "add 'ScriptType: v4.00+' under '[Script Info]'")
        }
        return reading
    }

    /// The value of `Name: value`, nil for another line.
    private static func field(_ line: String, _ name: String) -> Substring? {
        guard line.count > name.count, line.lowercased().hasPrefix(name.lowercased() + ":") else { return nil }
        return line.dropFirst(name.count + 1)
    }

    private mutating func readFormat(_ names: Substring, line: Int) -> EventFormat? {
        let fields = names.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace().lowercased() }
        guard let start = fields.firstIndex(of: "start"), let end = fields.firstIndex(of: "end"),
            let text = fields.firstIndex(of: "text"), text == fields.count - 1
        else {
            reading.error(
                "the events' 'Format' line must name 'Start', 'End' and, last, 'Text'", line: line, column: 1, file: file,
                hint: "as in 'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text'")
            return nil
        }
        return EventFormat(start: start, end: end, text: text, names: fields)
    }

    /// `body` is part of `line`, which stood `indent` characters in.
    private mutating func readEvent(_ body: Substring, _ format: EventFormat, line number: Int, in line: String, indent: Int) {
        let fields = body.split(separator: ",", maxSplits: format.count - 1, omittingEmptySubsequences: false)
        let location = SourceLocation(file: file, line: number, column: 1)
        guard fields.count == format.count else {
            reading.error(
                "this event has \(fields.count) fields; the events' 'Format' line names \(format.count)", line: number,
                column: 1, file: file)
            return
        }
        let column = { (field: Substring) in
            indent + line.unicodeScalars[line.startIndex..<field.startIndex].count + 1
                + field.prefix { $0 == " " || $0 == "\t" }.unicodeScalars.count
        }
        var times: [Rational] = []
        for field in [fields[format.start], fields[format.end]] {
            let written = field.trimmingWhitespace()
            guard let time = SubtitleTime.ass(written[...]) else {
                reading.error(
                    "'\(written)' is not a timestamp", line: number, column: column(field), file: file,
                    hint: "write it H:MM:SS.CC (hundredths of a second), as in '0:00:01.50'")
                continue
            }
            times.append(time)
        }
        guard times.count == 2 else { return }
        if times[1] < times[0] {
            reading.error(
                "the event ends (\(fields[format.end].trimmingWhitespace())) before it starts"
                    + " (\(fields[format.start].trimmingWhitespace()))",
                line: number, column: column(fields[format.end]), file: file)
            return
        }
        guard checkBounds(of: fields[format.text], line: number, column: column(fields[format.text])) else { return }
        let text = Self.plainText(fields[format.text])
        var cue = CaptionCue(
            start: times[0], end: times[1], spans: text.isEmpty ? [] : [CaptionSpan(text: text)], location: location)
        cue.scriptEvent = Self.matroskaFields.map { name in
            guard let index = format.names.firstIndex(of: name) else {
                return name == "layer" || name.hasPrefix("margin") ? "0" : ""
            }
            return index == format.text ? String(fields[index]) : fields[index].trimmingWhitespace()
        }.joined(separator: ",")
        reading.cues.append(cue)
    }

    // MARK: - Bounds of what reaches libass

    /// The most characters of one event's text: libass lays a line out in time
    /// that grows faster than its length (a line of 1 MB took a minute).
    static let eventTextLimit = 8192
    /// The most events that show at one time: each is laid out against the others.
    static let overlapLimit = 128
    /// The largest values of the tags (and style fields) whose pictures grow
    /// with them: a font of 100,000 pixels or a border of 10,000 took gigabytes.
    static let tagLimits: [(tag: String, style: String?, limit: Double, what: String)] = [
        ("fscx", "scalex", 1000, "a horizontal scale (%)"), ("fscy", "scaley", 1000, "a vertical scale (%)"),
        ("fsp", "spacing", 1000, "a letter spacing"), ("fs", "fontsize", 1000, "a font size"),
        ("xbord", nil, 100, "a border"), ("ybord", nil, 100, "a border"), ("bord", "outline", 100, "a border"),
        ("xshad", nil, 100, "a shadow"), ("yshad", nil, 100, "a shadow"), ("shad", "shadow", 100, "a shadow"),
        ("blur", nil, 100, "a blur"), ("be", nil, 100, "an edge blur"),
    ]

    /// Whether an event's text is within the bounds; each breach is an error.
    private mutating func checkBounds(of text: Substring, line: Int, column: @autoclosure () -> Int) -> Bool {
        guard text.utf8.count <= Self.eventTextLimit else {
            reading.error(
                "this event's text is \(text.utf8.count) bytes; an event may hold at most \(Self.eventTextLimit)",
                line: line, column: column(), file: file, hint: "split it into several events")
            return false
        }
        var fine = true
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            for tag in rest[rest.index(after: open)..<close].split(separator: "\\") {
                let tag = tag.drop { $0 == "(" }.trimmingWhitespace().lowercased()
                guard let bound = Self.tagLimits.first(where: { tag.hasPrefix($0.tag) }),
                    let value = Double(tag.dropFirst(bound.tag.count).prefix { "0123456789.-+".contains($0) }),
                    abs(value) > bound.limit
                else { continue }
                reading.error(
                    "'\\\(bound.tag)\(Self.number(value))' is \(bound.what) of \(Self.number(value)); Cutlist draws at most "
                        + "\(Self.number(bound.limit))",
                    line: line, column: column(), file: file)
                fine = false
            }
            rest = rest[rest.index(after: close)...]
        }
        return fine
    }

    /// A style's fields within the same bounds as the tags.
    private mutating func checkStyle(_ body: Substring, format: [String], line: Int) {
        let fields = body.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        for bound in Self.tagLimits {
            guard let style = bound.style, let index = format.firstIndex(of: style), index < fields.count,
                let value = Double(fields[index]), abs(value) > bound.limit
            else { continue }
            reading.error(
                "this style's \(style) is \(Self.number(value)); Cutlist draws at most \(Self.number(bound.limit))", line: line,
                column: 1, file: file)
        }
    }

    /// No more than `overlapLimit` events at once, found by one sweep over their starts and ends.
    private mutating func checkOverlap() {
        var changes: [(time: Rational, change: Int, location: SourceLocation)] = []
        for cue in reading.cues {
            changes.append((cue.start, 1, cue.location))
            changes.append((cue.end, -1, cue.location))
        }
        // Ends before starts at one time: an event that ends as another starts is not beside it.
        changes.sort { $0.time < $1.time || ($0.time == $1.time && $0.change < $1.change) }
        var showing = 0
        for (time, change, location) in changes {
            showing += change
            guard showing > Self.overlapLimit else { continue }
            reading.error(
                "more than \(Self.overlapLimit) events show at once at \(TimeValue.format(time))", line: location.line,
                column: 1, file: file, hint: "libass lays each out against the others; keep fewer on screen together")
            return
        }
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// The fields of an event as a Matroska block holds it, after its read order.
    private static let matroskaFields = ["layer", "style", "name", "marginl", "marginr", "marginv", "effect", "text"]

    /// A script's header as a subtitle stream carries it: the script up to its
    /// events' `Format` line (sections after the events, such as fonts, left out).
    public static func header(of script: String) -> String {
        var header = ""
        var inEvents = false
        for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingWhitespace()
            if trimmed.hasPrefix("[") { inEvents = trimmed.lowercased() == "[events]" }
            header += String(line.hasSuffix("\r") ? line.dropLast() : line) + "\n"
            if inEvents, field(trimmed, "Format") != nil { break }
        }
        return header
    }

    /// An event's text without override blocks and drawings: `\N` a line
    /// break, `\n` a space (a break only in wrap style 2), `\h` a no-break space.
    static func plainText(_ text: Substring) -> String {
        styledSpans(text).map(\.text).joined()
    }

    /// An event's text in runs of one style, as `plainText` reads it, with the
    /// override tags `\b`, `\i` and `\u` (`1` on, `0` off; a weight of 500 or
    /// more is bold) and `\r` (back to plain) taken as `<b>`, `<i>` and `<u>`.
    /// libav's decoders give every text subtitle stream's events in this form.
    public static func styledSpans(_ text: Substring) -> [CaptionSpan] {
        var spans: [CaptionSpan] = []
        var style: CaptionSpan.Style = []
        var drawing = false
        func append(_ text: String) {
            guard !drawing else { return }
            if let last = spans.last, last.style == style {
                spans[spans.count - 1].text += text
            } else {
                spans.append(CaptionSpan(text: text, style: style))
            }
        }
        var rest = text[...]
        while let character = rest.first {
            if character == "{", let close = rest.firstIndex(of: "}") {
                let block = rest[rest.index(after: rest.startIndex)..<close]
                for tag in block.split(separator: "\\") {
                    if tag.hasPrefix("p"), let level = Int(tag.dropFirst()) { drawing = level > 0 }
                    if tag == "r" { style = [] }
                    let toggles: [(String, CaptionSpan.Style)] = [("b", .bold), ("i", .italic), ("u", .underline)]
                    for (name, element) in toggles where tag.hasPrefix(name) {
                        guard let value = Int(tag.dropFirst(name.count)) else { continue }
                        if value == 1 || value >= 500 { style.insert(element) } else if value == 0 { style.remove(element) }
                    }
                }
                rest = rest[rest.index(after: close)...]
                continue
            }
            if character == "\\", let next = rest.dropFirst().first, "Nnh".contains(next) {
                append(next == "N" ? "\n" : next == "n" ? " " : "\u{A0}")
                rest = rest.dropFirst(2)
                continue
            }
            append(String(character))
            rest = rest.dropFirst()
        }
        return spans.filter { !$0.text.isEmpty }
    }
}
