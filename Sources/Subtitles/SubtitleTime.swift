import Basics
import Foundation

/// The timestamps of subtitle files, as exact seconds.
enum SubtitleTime {
    /// SRT's `HH:MM:SS,mmm` (a `.` is taken for the comma, and 1 to 3 digits of milliseconds).
    static func srt(_ text: Substring) -> Rational? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let hours = digits(parts[0], count: 1...6) else { return nil }
        let last = parts[2].split(omittingEmptySubsequences: false) { $0 == "," || $0 == "." }
        guard last.count == 2 else { return nil }
        return seconds(hours: hours, minutes: parts[1], seconds: last[0], fraction: last[1], fractionDigits: 1...3)
    }

    /// WebVTT's `[hh:]mm:ss.ttt`.
    static func webVTT(_ text: Substring) -> Rational? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        var hours: Int64 = 0
        if parts.count == 3 {
            guard let value = digits(parts[0], count: 2...6) else { return nil }
            hours = value
        }
        let last = parts[parts.count - 1].split(separator: ".", omittingEmptySubsequences: false)
        guard last.count == 2 else { return nil }
        return seconds(
            hours: hours, minutes: parts[parts.count - 2], seconds: last[0], fraction: last[1], fractionDigits: 3...3)
    }

    /// ASS's `H:MM:SS.CC`: hundredths, which libass reads as ten milliseconds each.
    static func ass(_ text: Substring) -> Rational? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let hours = digits(parts[0], count: 1...6) else { return nil }
        let last = parts[2].split(separator: ".", omittingEmptySubsequences: false)
        guard last.count == 2 else { return nil }
        return seconds(hours: hours, minutes: parts[1], seconds: last[0], fraction: last[1], fractionDigits: 2...2)
    }

    private static func seconds(
        hours: Int64, minutes: Substring, seconds: Substring, fraction: Substring, fractionDigits: ClosedRange<Int>
    ) -> Rational? {
        guard let minutes = digits(minutes, count: 2...2), minutes < 60,
            let seconds = digits(seconds, count: 2...2), seconds < 60,
            let fractionValue = digits(fraction, count: fractionDigits)
        else { return nil }
        var scale: Int64 = 1
        for _ in 0..<fraction.count { scale *= 10 }
        let whole = (hours * 60 + minutes) * 60 + seconds
        return Rational(whole * scale + fractionValue, scale)
    }

    private static func digits(_ text: Substring, count: ClosedRange<Int>) -> Int64? {
        guard count.contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int64(text)
    }
}
