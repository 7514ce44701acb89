extension ValueSyntax {
    /// The colon forms of a time, without sign:
    ///
    ///     MM:SS(.fff)        75:30.5      leading minutes unbounded
    ///     H:MM:SS(.fff)      01:02:03.250
    ///     HH:MM:SS:FF        00:00:10:15  SMPTE; FF becomes `frames`
    ///
    /// Minutes after hours, and seconds, must be below 60. The frames field is
    /// not compared with the fps here: the output fps may not be known yet.
    static func clockTime(_ body: Substring, quoting t: String) throws(ValueError) -> TimeValue {
        let fields = body.split(separator: ":", omittingEmptySubsequences: false)
        switch fields.count {
        case 2:
            let minutes = try wholeField(fields[0], quoting: t)
            let seconds = try secondsField(fields[1], quoting: t)
            return TimeValue(seconds: try clockSum(hours: 0, minutes: minutes, seconds: seconds, quoting: t))
        case 3:
            let hours = try wholeField(fields[0], quoting: t)
            let minutes = try sexagesimalField(fields[1], unit: "minutes", quoting: t)
            let seconds = try secondsField(fields[2], quoting: t)
            return TimeValue(seconds: try clockSum(hours: hours, minutes: minutes, seconds: seconds, quoting: t))
        case 4:
            let hours = try wholeField(fields[0], quoting: t)
            let minutes = try sexagesimalField(fields[1], unit: "minutes", quoting: t)
            let seconds = try sexagesimalField(fields[2], unit: "seconds", quoting: t)
            let frames = try wholeField(fields[3], quoting: t)
            let sum = try clockSum(hours: hours, minutes: minutes, seconds: Rational(seconds), quoting: t)
            return TimeValue(seconds: sum, frames: frames)
        default:
            throw ValueError("'\(t)' is not a time; \(timeForms)")
        }
    }

    /// A field of digits only.
    private static func wholeField(_ field: Substring, quoting t: String) throws(ValueError) -> Int64 {
        guard !field.isEmpty, field.allSatisfy(isDigit) else {
            throw ValueError("'\(t)' is not a time; \(timeForms)")
        }
        guard let value = smallInteger(field) else { throw timeOutOfRange(t, .tooLarge) }
        return value
    }

    /// A whole minutes or seconds field, below 60.
    private static func sexagesimalField(_ field: Substring, unit: String, quoting t: String) throws(ValueError)
        -> Int64
    {
        let value = try wholeField(field, quoting: t)
        guard value < 60 else { throw sixtyOrMore(field, unit: unit, quoting: t) }
        return value
    }

    /// The last field of a clock time: seconds below 60, with an optional fraction.
    private static func secondsField(_ field: Substring, quoting t: String) throws(ValueError) -> Rational {
        guard field.first.map(isDigit) == true else { throw ValueError("'\(t)' is not a time; \(timeForms)") }
        let seconds: Rational
        switch DecimalLiteral.parse(field, allowSign: false, allowExponent: false) {
        case .value(let value): seconds = value
        case .malformed: throw ValueError("'\(t)' is not a time; \(timeForms)")
        case let outcome: throw timeOutOfRange(t, outcome)
        }
        guard seconds < Rational(60) else { throw sixtyOrMore(field, unit: "seconds", quoting: t) }
        return seconds
    }

    private static func clockSum(hours: Int64, minutes: Int64, seconds: Rational, quoting t: String) throws(ValueError)
        -> Rational
    {
        let (h, hOverflow) = hours.multipliedReportingOverflow(by: 3600)
        let (m, mOverflow) = minutes.multipliedReportingOverflow(by: 60)
        let (whole, sumOverflow) = h.addingReportingOverflow(m)
        guard !hOverflow, !mOverflow, !sumOverflow, let sum = Rational(whole).checkedAdd(seconds) else {
            throw timeOutOfRange(t, .tooLarge)
        }
        return sum
    }

    private static func sixtyOrMore(_ field: Substring, unit: String, quoting t: String) -> ValueError {
        ValueError("'\(t)' has \(field) \(unit); minutes and seconds in a timecode must be below 60")
    }
}
