extension ValueSyntax {
    /// The longest time accepted anywhere: ten years of 365 days, in seconds.
    public static let maximumTimeSeconds: Int64 = 315_360_000
    /// The most frames accepted: ten years at the highest frame rate (1000 fps).
    static let maximumTimeFrames: Int64 = maximumTimeSeconds * 1000

    static let timeForms =
        "expected seconds (2.5), '2.5s', '250ms', '1m30s', 'HH:MM:SS.mmm', SMPTE 'HH:MM:SS:FF' or frames '45f'"

    /// A time in any SPEC form, kept exact.
    ///
    /// - Plain seconds: `2`, `2.5`, `1e3`.
    /// - Units, largest first, each at most once: `2.5s`, `250ms`, `1m30s`,
    ///   `1h2m3.5s`, `45f` (frames at the output fps, whole), `1s12f`.
    /// - Clock: `MM:SS(.fff)` or `H:MM:SS(.fff)`; minutes (after hours) and
    ///   seconds below 60, the leading field unbounded (`90:00` is 90 minutes).
    /// - A fraction of seconds: `71393/30000s`, as plans print a time off the millisecond.
    /// - SMPTE: `HH:MM:SS:FF`, all whole; `FF` becomes `frames`, and whether it
    ///   is below the output fps is for the caller to check. Drop-frame (`;`) is
    ///   rejected.
    ///
    /// A leading `-` negates the time; a negative result is an error unless
    /// `allowNegative`. More than ten years (or more frames than ten years at
    /// 1000 fps) is an error, as is a fraction too fine to keep exactly.
    public static func time(_ text: String, allowNegative: Bool = false) throws(ValueError) -> TimeValue {
        let t = trimmed(text)
        let value = try signedTime(t[...], quoting: t)
        if value.isNegative && !allowNegative {
            throw ValueError("'\(t)' is negative; a time here must be 0 or later")
        }
        return value
    }

    /// A keyframe or ramp time: a time from the item's start, `end`, or
    /// `end-TIME` (spaces around `-` allowed).
    ///
    /// `end+TIME` is an error: keyframes and ramps lie within the item, so a
    /// time measured from `end` can only count back. Negative times are errors
    /// too; the hint suggests the `end-` form. `end` is case-insensitive, and
    /// the offset keeps its frames (`end-00:00:01:12`).
    public static func relativeTime(_ text: String) throws(ValueError) -> RelativeTime {
        let t = trimmed(text)
        guard t.lowercased().hasPrefix("end") else {
            return RelativeTime(.start, offset: try startRelativeTime(t))
        }
        let rest = trimmed(t.dropFirst(3))
        let operand = trimmed(rest.dropFirst())
        switch rest.first {
        case nil:
            return RelativeTime(.end)
        case "-":
            return RelativeTime(.end, offset: try unsignedTime(operand[...], quoting: t).negated)
        case "+":
            throw ValueError(
                "'\(t)' is after the item's end; keyframe and ramp times must lie within the item",
                hint: "count back from the end with 'end-\(operand)', or give a time from the item's start")
        default:
            throw notARelativeTime(t)
        }
    }

    // MARK: - Pieces

    private static func startRelativeTime(_ t: String) throws(ValueError) -> TimeValue {
        if let first = t.first, first.isLetter { throw notARelativeTime(t) }
        let value = try signedTime(t[...], quoting: t)
        if value.isNegative {
            throw ValueError(
                "'\(t)' is before the item's start; keyframe and ramp times must be 0 or later",
                hint: "to count back from the item's end, write 'end\(t)'")
        }
        return value
    }

    private static func notARelativeTime(_ t: String) -> ValueError {
        ValueError(
            "'\(t)' is not a keyframe time; expected a time from the item's start such as '2s', or 'end', 'end-2s'",
            hint: NameSuggestions.didYouMean(String(t.prefix { $0.isLetter }), in: ["end"]))
    }

    private static func signedTime(_ text: Substring, quoting t: String) throws(ValueError) -> TimeValue {
        if text.first == "-" { return try unsignedTime(text.dropFirst(), quoting: t).negated }
        return try unsignedTime(text, quoting: t)
    }

    /// Any time form without a sign, range-checked; messages quote `t`.
    private static func unsignedTime(_ body: Substring, quoting t: String) throws(ValueError) -> TimeValue {
        let value: TimeValue
        if body.utf8.contains(UInt8(ascii: ";")) {
            throw ValueError(
                "'\(t)' is drop-frame timecode, which is not supported",
                hint: "write non-drop SMPTE 'HH:MM:SS:FF' or seconds")
        } else if body.utf8.contains(UInt8(ascii: ":")) {
            value = try clockTime(body, quoting: t)
        } else if body.utf8.contains(UInt8(ascii: "/")) {
            value = try fractionTime(body, quoting: t)
        } else {
            switch DecimalLiteral.parse(body, allowSign: false) {
            case .value(let seconds): value = TimeValue(seconds: seconds)
            case .malformed: value = try unitTime(body, quoting: t)
            case let outcome: throw timeOutOfRange(t, outcome)
            }
        }
        let limit = Rational(maximumTimeSeconds)
        guard -limit <= value.seconds, value.seconds <= limit, value.frames.magnitude <= maximumTimeFrames else {
            throw timeOutOfRange(t, .tooLarge)
        }
        return value
    }

    /// `71393/30000s`: exact seconds as a fraction, as plans print a time that is not whole milliseconds.
    private static func fractionTime(_ body: Substring, quoting t: String) throws(ValueError) -> TimeValue {
        let parts = body.dropLast().split(separator: "/", omittingEmptySubsequences: false)
        guard body.last == "s", parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isDigit) }) else {
            throw ValueError("'\(t)' is not a time; \(timeForms)")
        }
        guard let numerator = Int64(parts[0]), let denominator = Int64(parts[1]), denominator > 0,
            let seconds = Rational(numerator, denominator)
        else { throw timeOutOfRange(t, .tooLarge) }
        return TimeValue(seconds: seconds)
    }

    /// `1h2m3.5s`, `250ms`, `45f`, `1s12f`: numbers with units, largest unit first.
    /// Every form is ASCII, so the text is read byte by byte, and any other
    /// character makes it not a time (projects have thousands of times).
    private static func unitTime(_ body: Substring, quoting t: String) throws(ValueError) -> TimeValue {
        let bytes = body.utf8
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 < 0x80 }) else { throw ValueError("'\(t)' is not a time; \(timeForms)") }
        func run(while accepted: (UInt8) -> Bool, from start: String.Index) -> Substring {
            var end = start
            while end < bytes.endIndex, accepted(bytes[end]) { end = bytes.index(after: end) }
            return body[start..<end]
        }
        var position = bytes.startIndex
        var result = TimeValue.zero
        var previous: TimeUnit?
        while position < bytes.endIndex {
            let number = run(
                while: { $0 == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }, from: position)
            let symbol = run(while: { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) }, from: number.endIndex)
            position = symbol.endIndex
            guard !number.isEmpty, let unit = TimeUnit(rawValue: symbol.lowercased()) else {
                throw ValueError("'\(t)' is not a time; \(timeForms)")
            }
            if let previous, previous >= unit {
                throw ValueError("'\(t)' is not a time; write each unit once, largest first, as in '1h2m3.5s'")
            }
            previous = unit
            let amount: Rational
            switch DecimalLiteral.parse(number, allowSign: false, allowExponent: false) {
            case .value(let v): amount = v
            case .malformed: throw ValueError("'\(t)' is not a time; \(timeForms)")
            case let outcome: throw timeOutOfRange(t, outcome)
            }
            if unit == .frames {
                guard let frames = amount.exactInteger else {
                    throw ValueError(
                        "'\(t)' is not a whole number of frames; write frames as a whole number, e.g. '45f'")
                }
                result.frames = frames
            } else {
                guard let sum = amount.checkedMultiply(unit.seconds).flatMap(result.seconds.checkedAdd) else {
                    throw timeOutOfRange(t, .tooLarge)
                }
                result.seconds = sum
            }
        }
        return result
    }

    static func timeOutOfRange(_ t: String, _ outcome: DecimalLiteral.Outcome) -> ValueError {
        if outcome == .tooPrecise {
            return ValueError("'\(t)' is too precise to keep exactly; use fewer decimal places")
        }
        return ValueError("'\(t)' is too long; times are limited to 10 years (\(maximumTimeSeconds)s)")
    }
}

/// A unit of the `1h2m3.5s` / `45f` time forms, ordered largest first.
private enum TimeUnit: String, Comparable {
    case hours = "h"
    case minutes = "m"
    case seconds = "s"
    case milliseconds = "ms"
    case frames = "f"

    private var rank: Int {
        switch self {
        case .hours: 0
        case .minutes: 1
        case .seconds: 2
        case .milliseconds: 3
        case .frames: 4
        }
    }

    static func < (a: TimeUnit, b: TimeUnit) -> Bool { a.rank < b.rank }

    /// Seconds per unit; frames have none until the fps is known.
    var seconds: Rational {
        switch self {
        case .hours: Rational(3600)
        case .minutes: Rational(60)
        case .seconds: .one
        case .milliseconds: Rational(1, 1000) ?? .zero
        case .frames: .zero
        }
    }
}
