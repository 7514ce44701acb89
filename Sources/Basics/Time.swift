/// A constant frame rate, as an exact rational (29.97 is 30000/1001).
public struct FrameRate: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Frames per second.
    public let rate: Rational

    public init?(_ rate: Rational) {
        guard rate > .zero else { return nil }
        self.rate = rate
    }

    /// The duration of one frame.
    public var frameDuration: Rational { Rational.one / rate }

    public var description: String { rate.denominator == 1 ? "\(rate.numerator)" : "\(rate.numerator)/\(rate.denominator)" }
}

/// A time as the user wrote it: exact seconds plus a whole number of frames at the
/// output frame rate (`45f`, or the FF field of SMPTE timecode). Frames can only be
/// turned into seconds once the output fps is known, which may need media facts.
public struct TimeValue: Hashable, Sendable, Codable, CustomStringConvertible {
    public var seconds: Rational
    public var frames: Int64

    public init(seconds: Rational, frames: Int64 = 0) {
        self.seconds = seconds
        self.frames = frames
    }

    public static let zero = TimeValue(seconds: .zero)

    public var isFrameBased: Bool { frames != 0 }

    /// Exact seconds at the given output frame rate; nil on overflow.
    public func resolved(at fps: FrameRate) -> Rational? {
        guard frames != 0 else { return seconds }
        guard let frameTime = Rational(frames, 1)?.checkedMultiply(fps.frameDuration) else { return nil }
        return seconds.checkedAdd(frameTime)
    }

    public func adding(_ other: TimeValue) -> TimeValue? {
        guard let s = seconds.checkedAdd(other.seconds) else { return nil }
        let (f, overflow) = frames.addingReportingOverflow(other.frames)
        return overflow ? nil : TimeValue(seconds: s, frames: f)
    }

    public var negated: TimeValue { TimeValue(seconds: -seconds, frames: -frames) }

    public var isNegative: Bool { (seconds.isNegative && frames <= 0) || (frames < 0 && seconds <= .zero) }

    /// `2.5s`, `45f`, or `1s+3f`: how plans and messages print a time.
    public var description: String {
        let s = Self.format(seconds)
        switch (seconds.isZero, frames) {
        case (_, 0): return s
        case (true, _): return "\(frames)f"
        default: return "\(s)\(frames < 0 ? "-" : "+")\(frames.magnitude)f"
        }
    }

    /// Seconds in decimal when exact to the millisecond, else as a fraction.
    public static func format(_ seconds: Rational) -> String {
        if let millis = (seconds * Rational(1000)).exactInteger {
            let sign = millis < 0 ? "-" : ""
            let m = millis.magnitude
            let whole = m / 1000
            let frac = m % 1000
            if frac == 0 { return "\(sign)\(whole)s" }
            var digits = String(frac)
            digits = String(repeating: "0", count: 3 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            return "\(sign)\(whole).\(digits)s"
        }
        return "\(seconds.numerator)/\(seconds.denominator)s"
    }

    /// Seconds as people write them, for messages: exact when whole milliseconds
    /// (`8.815s`), else rounded to the millisecond (`about 2.38s` for 71393/30000 s).
    public static func readable(_ seconds: Rational) -> String {
        guard (seconds * Rational(1000)).exactInteger == nil else { return format(seconds) }
        let scaled = seconds * Rational(1000)
        let half = Rational(1, 2) ?? .zero
        let millis = scaled < .zero ? (scaled - half).ceil : (scaled + half).floor
        return "about " + format(Rational(millis, 1000) ?? seconds)
    }
}

extension Rational {
    /// The value as an integer when it is one.
    public var exactInteger: Int64? { denominator == 1 ? numerator : nil }
}

/// A time measured from an item's start, or from its end (`end`, `end-2s`), as
/// keyframes and ramps take it.
public struct RelativeTime: Hashable, Sendable, Codable, CustomStringConvertible {
    public enum Anchor: String, Hashable, Sendable, Codable { case start, end }
    public var anchor: Anchor
    /// Added to the anchor; negative for `end-2s`.
    public var offset: TimeValue

    public init(_ anchor: Anchor = .start, offset: TimeValue = .zero) {
        self.anchor = anchor
        self.offset = offset
    }

    /// Exact time from the item's start, given the item's length and the output fps.
    public func resolved(itemDuration: Rational, fps: FrameRate) -> Rational? {
        guard let off = offset.resolved(at: fps) else { return nil }
        return anchor == .start ? off : itemDuration.checkedAdd(off)
    }

    public var description: String {
        switch anchor {
        case .start: return offset.description
        case .end:
            if offset == .zero { return "end" }
            return offset.isNegative ? "end-\(offset.negated)" : "end+\(offset)"
        }
    }
}
