import Basics
import Foundation

/// Writes cues as SRT and WebVTT files, and as the text of a WebVTT stream's
/// packets. The formats count milliseconds: times are rounded to the nearest
/// (halves up), and a cue that rounds to nothing is left out.
public enum SubtitleWriter {
    /// SRT: numbered cues, `HH:MM:SS,mmm`, `<b>`, `<i>` and `<u>` kept.
    public static func srt(_ cues: [CaptionCue]) -> String {
        var text = ""
        for (number, cue) in timed(cues).enumerated() {
            text += "\(number + 1)\n\(timestamp(cue.start, ",")) --> \(timestamp(cue.end, ","))\n"
            text += cue.cue.spans.map { tagged($0.text, $0.style, voice: nil) }.joined() + "\n\n"
        }
        return text
    }

    /// WebVTT: `HH:MM:SS.mmm`, each cue's settings, styles and voices kept.
    public static func webVTT(_ cues: [CaptionCue]) -> String {
        var text = "WEBVTT\n\n"
        for cue in timed(cues) {
            let settings = webVTTSettings(cue.cue.settings)
            text += "\(timestamp(cue.start, ".")) --> \(timestamp(cue.end, "."))\(settings.isEmpty ? "" : " " + settings)\n"
            text += webVTTText(cue.cue) + "\n\n"
        }
        return text
    }

    /// A cue's text as WebVTT writes it: styles and voices as tags, `&`, `<`
    /// and `>` as entities.
    public static func webVTTText(_ cue: CaptionCue) -> String {
        cue.spans.map { span in
            let escaped = span.text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
            return tagged(escaped, span.style, voice: span.voice)
        }.joined()
    }

    /// WebVTT cue settings (`line:90% position:50% align:center`); empty for none.
    public static func webVTTSettings(_ settings: CueSettings) -> String {
        var parts: [String] = []
        switch settings.line {
        case .percent(let percent)?: parts.append("line:\(formatNumber(percent))%")
        case .number(let number)?: parts.append("line:\(number)")
        case nil: break
        }
        if let position = settings.position { parts.append("position:\(formatNumber(position))%") }
        if let align = settings.align { parts.append("align:\(align.rawValue)") }
        return parts.joined(separator: " ")
    }

    /// `time` in whole milliseconds, the nearest, halves up.
    public static func milliseconds(_ time: Rational) -> Int64 {
        (time * Rational(1000) + Rational.one / Rational(2)).floor
    }

    /// The cues with their times in milliseconds, those that last at least one.
    private static func timed(_ cues: [CaptionCue]) -> [(cue: CaptionCue, start: Int64, end: Int64)] {
        cues.map { ($0, milliseconds($0.start), milliseconds($0.end)) }.filter { $0.start < $0.end }
    }

    private static func timestamp(_ milliseconds: Int64, _ separator: String) -> String {
        let (seconds, fraction) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let digits = String(fraction)
        return "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))\(separator)"
            + String(repeating: "0", count: 3 - digits.count) + digits
    }

    private static func tagged(_ text: String, _ style: CaptionSpan.Style, voice: String?) -> String {
        var tags: [(open: String, close: String)] = []
        if let voice { tags.append(("<v \(voice)>", "</v>")) }
        if style.contains(.bold) { tags.append(("<b>", "</b>")) }
        if style.contains(.italic) { tags.append(("<i>", "</i>")) }
        if style.contains(.underline) { tags.append(("<u>", "</u>")) }
        return tags.map(\.open).joined() + text + tags.reversed().map(\.close).joined()
    }
}
