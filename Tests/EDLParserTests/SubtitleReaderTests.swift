import Foundation
import Testing

@testable import EDLParser
@testable import Subtitles

/// SRT and WebVTT read into cues with exact times, and malformed files
/// reported at their line and column.
@Suite struct SubtitleReaderTests {
    private func read(_ text: String, _ format: SubtitleReader.Format, bytes: Data? = nil) -> SubtitleReading {
        SubtitleReader.read(bytes ?? Data(text.utf8), format: format, file: "talk.\(format.rawValue)").reading
    }

    private func errors(_ reading: SubtitleReading) -> [String] {
        reading.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0): \($0.message)" }
    }

    @Test func srtWithByteOrderMarkAndCRLF() {
        let text =
            "\u{FEFF}1\r\n00:00:01,000 --> 00:00:02,500\r\nHello <b>bold</b> <i>world</i>\r\nline two\r\n\r\n"
            + "2\r\n00:01:02,05 --> 01:00:00.125\r\n<u>under</u> {\\an8}top\r\n"
        let reading = read(text, .srt)
        #expect(errors(reading) == [])
        #expect(reading.cues.map(\.start) == [ratio(1), ratio(6205, 100)])
        #expect(reading.cues.map(\.end) == [ratio(5, 2), ratio(3_600_125, 1000)])
        #expect(reading.cues.map(\.text) == ["Hello bold world\nline two", "under top"])
        #expect(
            reading.cues[0].spans == [
                CaptionSpan(text: "Hello "), CaptionSpan(text: "bold", style: .bold), CaptionSpan(text: " "),
                CaptionSpan(text: "world", style: .italic), CaptionSpan(text: "\nline two"),
            ])
        #expect(reading.cues[1].spans.first == CaptionSpan(text: "under", style: .underline))
        #expect(reading.cues.map(\.location.line) == [2, 7])
    }

    @Test func utf16WithByteOrderMark() {
        let text = "1\n00:00:00,500 --> 00:00:01,000\n字幕 עברית\n"
        var little = Data([0xFF, 0xFE])
        var big = Data([0xFE, 0xFF])
        for unit in text.utf16 {
            little.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)])
            big.append(contentsOf: [UInt8(unit >> 8), UInt8(unit & 0xFF)])
        }
        for bytes in [little, big] {
            let reading = read("", .srt, bytes: bytes)
            #expect(errors(reading) == [])
            #expect(reading.cues.map(\.text) == ["字幕 עברית"])
            #expect(reading.cues.map(\.start) == [ratio(1, 2)])
        }
    }

    @Test func webVTTSettingsVoicesAndInlineTimestamps() {
        let text = """
            WEBVTT - talk

            NOTE a comment
            that spans lines

            STYLE
            ::cue { color: yellow }

            intro
            00:01.000 --> 00:02.500 line:10% position:20% align:start size:50%
            <v.loud Roger Bingham>Hi &amp; <00:01.500>welcome</v>

            00:00:03.000 --> 00:00:04.000 line:-2
            <c.yellow>plain</c> &lt;3
            """
        let reading = read(text, .webVTT)
        #expect(errors(reading) == [])
        #expect(reading.cues.count == 2)
        let first = reading.cues[0]
        #expect(first.start == ratio(1) && first.end == ratio(5, 2))
        #expect(
            first.spans == [
                CaptionSpan(text: "Hi & ", voice: "Roger Bingham"),
                CaptionSpan(text: "welcome", voice: "Roger Bingham", time: ratio(3, 2)),
            ])
        var settings = CueSettings()
        settings.line = .percent(10)
        settings.position = 20
        settings.align = .start
        #expect(first.settings == settings)
        #expect(reading.cues[1].text == "plain <3")
        #expect(reading.cues[1].settings.line == .number(-2))
    }

    @Test func malformedSRT() {
        let badTime = "1\n00:00:01,000 --> 00:00:0x,500\nHello\n"
        #expect(errors(read(badTime, .srt)) == ["2:18: '00:00:0x,500' is not a timestamp"])
        let noBlank = "1\n00:00:01,000 --> 00:00:02,000\nHello\n2\n00:00:03,000 --> 00:00:04,000\nThere\n"
        #expect(errors(read(noBlank, .srt)) == ["4:1: a blank line must end the cue before this one"])
        let truncated = "1\n00:00:01,000 --> 00:00:02,000\nHello\n\n2\n00:00:03,0"
        #expect(errors(read(truncated, .srt)) == ["5:1: expected a cue number or a timing line, not '2'"])
        let backwards = "1\n00:00:02,000 --> 00:00:01,000\nHello\n"
        #expect(errors(read(backwards, .srt)) == ["2:18: the cue ends (00:00:01,000) before it starts (00:00:02,000)"])
    }

    @Test func malformedWebVTT() {
        #expect(errors(read("1\n00:01.000 --> 00:02.000\nHi\n", .webVTT)) == ["1:1: a WebVTT file starts with the line 'WEBVTT'"])
        let badSetting = "WEBVTT\n\n00:01.000 --> 00:02.000 postion:10%\nHi\n"
        let reading = read(badSetting, .webVTT)
        #expect(errors(reading) == ["3:25: 'postion:10%' is not a valid cue setting"])
        #expect(reading.diagnostics.first?.hint == "did you mean 'position'?")
        let badStamp = "WEBVTT\n\n00:01.000 --> 00:02.000\nHi <00:05.000>there <1:2>\n"
        #expect(
            errors(read(badStamp, .webVTT)) == [
                "4:5: the inline timestamp <00:05.000> is outside its cue (1s to 2s)", "4:22: '<1:2>' is not a timestamp",
            ])
        // A word at its cue's very start is in it (speech tools write the first word so); one at its end is not.
        let edges = read("WEBVTT\n\n00:00.300 --> 00:03.000\n<00:00.300>Hi <00:01.000>there <00:03.000>end\n", .webVTT)
        #expect(errors(edges) == ["4:33: the inline timestamp <00:03.000> is outside its cue (0.3s to 3s)"])
    }

    @Test func notText() {
        let noise = Data([0x31, 0x0A, 0x30, 0xC3, 0x28, 0xFF, 0x00])
        let reading = read("", .srt, bytes: noise)
        #expect(errors(reading) == ["2:2: subtitle file 'talk.srt' is not UTF-8 text here"])
        #expect(reading.diagnostics.first?.hint?.contains("UTF-16 with a byte-order mark") == true)
        #expect(
            errors(read("", .srt, bytes: Data([0xFF, 0xFE, 0x31]))) == [
                "1:1: subtitle file 'talk.srt' ends in half a UTF-16 character"
            ])
    }

    @Test func assEventsAreCuesWithTheirTimesAndPlainText() {
        let text = """
            [Script Info]
            ScriptType: v4.00+

            [V4+ Styles]
            Format: Name, Fontname, Fontsize, PrimaryColour
            Style: Default,DejaVu Sans,40,&H00FFFFFF

            [Events]
            Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
            Comment: 0,0:00:00.00,0:00:09.00,Default,,0,0,0,,not shown
            Dialogue: 0,0:00:01.00,0:00:02.50,Default,,0,0,0,,{\\k50}Hel{\\k50}lo,\\Nworld\\hthere
            Dialogue: 1,1:02:03.04,1:02:03.05,Default,,0,0,0,,{\\p1}m 0 0 l 10 10{\\p0}drawn
            """
        let reading = read(text, .ass)
        #expect(errors(reading) == [])
        #expect(reading.cues.map(\.start) == [ratio(1), ratio(372_304, 100)])
        #expect(reading.cues.map(\.end) == [ratio(5, 2), ratio(372_305, 100)])
        #expect(reading.cues.map(\.text) == ["Hello,\nworld\u{A0}there", "drawn"])
        #expect(reading.cues.map(\.location.line) == [11, 12])
    }

    @Test func ssaEventsTakeTheirFormatLine() {
        let text = """
            [Script Info]
            ScriptType: v4.00

            [Events]
            Format: Marked, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
            Dialogue: Marked=0,0:00:00.50,0:00:01.00,Default,,0000,0000,0000,,Hi
            """
        let reading = read(text, .ssa)
        #expect(errors(reading) == [])
        #expect(reading.cues.map(\.start) == [ratio(1, 2)] && reading.cues.map(\.text) == ["Hi"])
    }

    @Test func malformedASS() {
        #expect(
            errors(read("1\n00:00:01,000 --> 00:00:02,000\nHi\n", .ass)) == [
                "1:1: 'talk.ass' is not an ASS or SSA script: it must start with '[Script Info]'"
            ])
        let events = "[Script Info]\nScriptType: v4.00+\n[Events]\n"
        #expect(
            errors(read(events + "Dialogue: 0,0:00:01.00,0:00:0x.50,Default,,0,0,0,,Hi\n", .ass)) == [
                "4:24: '0:00:0x.50' is not a timestamp"
            ])
        #expect(
            errors(read(events + "Dialogue: 0,0:00:02.00,0:00:01.00,Default,,0,0,0,,Hi\n", .ass)) == [
                "4:24: the event ends (0:00:01.00) before it starts (0:00:02.00)"
            ])
        #expect(
            errors(read(events + "Dialogue: 0,0:00:01.00\n", .ass)) == [
                "4:1: this event has 2 fields; the events' 'Format' line names 10"
            ])
        #expect(
            errors(read("[Script Info]\n[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,Hi\n", .ass)) == [
                "1:1: 'talk.ass' has no '[V4+ Styles]' or '[V4 Styles]' section and no 'ScriptType', so it is neither ASS nor SSA"
            ])
        #expect(
            errors(read(events + "Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,H\0i\n", .ass)) == [
                "4:52: 'talk.ass' has a NUL byte here, which no text file has"
            ])
        // Binary noise is not text, and is said so with the file's name.
        #expect(
            errors(read("", .ass, bytes: Data([0x5B, 0x0A, 0xFF, 0x00, 0x9C]))) == [
                "2:1: subtitle file 'talk.ass' is not UTF-8 text here"
            ])
    }

    @Test func whatReachesLibassIsBounded() {
        let events = "[Script Info]\nScriptType: v4.00+\n[Events]\n"
        #expect(
            errors(read(events + "Dialogue: 0,0:00:00.00,0:00:02.00,Default,,0,0,0,,{\\fs100000}Big\n", .ass)) == [
                "4:51: '\\fs100000' is a font size of 100000; Cutlist draws at most 1000"
            ])
        #expect(
            errors(read(events + "Dialogue: 0,0:00:00.00,0:00:02.00,Default,,0,0,0,,{\\t(\\bord10000)\\blur500}x\n", .ass)) == [
                "4:51: '\\bord10000' is a border of 10000; Cutlist draws at most 100",
                "4:51: '\\blur500' is a blur of 500; Cutlist draws at most 100",
            ])
        // Tags within the bounds, and others that share their first letters, are left alone.
        #expect(
            errors(read(events + "Dialogue: 0,0:00:00.00,0:00:02.00,Default,,0,0,0,,{\\fs72\\fscx120\\b1\\be2}x\n", .ass)) == [])
        let line = String(repeating: "word ", count: 200_000)
        #expect(
            errors(read(events + "Dialogue: 0,0:00:00.00,0:00:02.00,Default,,0,0,0,,\(line)\n", .ass)) == [
                "4:51: this event's text is 999999 bytes; an event may hold at most 8192"
            ])
        let crowd = (0..<100_000).map { _ in "Dialogue: 0,0:00:00.00,0:00:02.00,Default,,0,0,0,,x\n" }.joined()
        #expect(errors(read(events + crowd, .ass)) == ["132:1: more than 128 events show at once at 0s"])
        let styles = "[Script Info]\nScriptType: v4.00+\n[V4+ Styles]\nFormat: Name, Fontname, Fontsize, Outline\n"
        #expect(
            errors(read(styles + "Style: Default,DejaVu Sans,5000,2\n[Events]\n", .ass)) == [
                "5:1: this style's fontsize is 5000; Cutlist draws at most 1000"
            ])
    }

    @Test func readingIsLinearInTheTagsOfALine() {
        // 100,000 tag pairs on one line, and as many '<' that nothing closes: read in one pass.
        let tags = String(repeating: "<b>x</b>", count: 100_000)
        let started = Date()
        let reading = read(
            "1\n00:00:01,000 --> 00:00:02,000\n\(tags)\n\n2\n00:00:03,000 --> 00:00:04,000\n"
                + String(repeating: "<", count: 100_000) + "\n", .srt)
        #expect(errors(reading) == [])
        #expect(reading.cues.first?.text == String(repeating: "x", count: 100_000))
        #expect(Date().timeIntervalSince(started) < 20)
        // A file of many bad tags is told by its first errors, not a million.
        let stamps = String(repeating: "<99:xx> ", count: 20_000)
        let bad = read("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n\(stamps)\n", .webVTT)
        #expect(bad.diagnostics.count == 50 && bad.dropped == 19_950)
    }
}
