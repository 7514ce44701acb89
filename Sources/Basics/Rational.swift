/// An exact fraction of two `Int64`s, always reduced, denominator positive.
///
/// Timeline arithmetic never goes through `Double`: `1.1` is 11/10 exactly, and
/// forty cuts of 0.1 s add up to exactly 4 s. Arithmetic runs through a 128-bit
/// intermediate; a result that does not fit is reported as `nil` by the
/// `checked…` functions (and traps in the operators, which callers use only on
/// values already validated to be in range).
public struct Rational: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public let numerator: Int64
    public let denominator: Int64

    public static let zero = Rational(0)
    public static let one = Rational(1)

    public init(_ integer: Int64) {
        numerator = integer
        denominator = 1
    }

    /// Reduces `numerator / denominator`; returns nil for a zero denominator or overflow.
    public init?(_ numerator: Int64, _ denominator: Int64) {
        guard let value = Rational.reduced(Int128(numerator), Int128(denominator)) else { return nil }
        self = value
    }

    private init(unchecked numerator: Int64, _ denominator: Int64) {
        self.numerator = numerator
        self.denominator = denominator
    }

    private static func gcd(_ a: Int128, _ b: Int128) -> Int128 {
        var (a, b) = (a.magnitude, b.magnitude)
        while b != 0 { (a, b) = (b, a % b) }
        return Int128(a)
    }

    private static func reduced(_ n: Int128, _ d: Int128) -> Rational? {
        guard d != 0 else { return nil }
        let g = max(gcd(n, d), 1)
        var (n, d) = (n / g, d / g)
        if d < 0 { (n, d) = (-n, -d) }
        guard let n64 = Int64(exactly: n), let d64 = Int64(exactly: d) else { return nil }
        return Rational(unchecked: n64, d64)
    }

    public func checkedAdd(_ other: Rational) -> Rational? {
        Rational.reduced(
            Int128(numerator) * Int128(other.denominator) + Int128(other.numerator) * Int128(denominator),
            Int128(denominator) * Int128(other.denominator))
    }

    public func checkedSubtract(_ other: Rational) -> Rational? {
        checkedAdd(Rational(unchecked: -other.numerator, other.denominator))
    }

    public func checkedMultiply(_ other: Rational) -> Rational? {
        Rational.reduced(Int128(numerator) * Int128(other.numerator), Int128(denominator) * Int128(other.denominator))
    }

    public func checkedDivide(_ other: Rational) -> Rational? {
        Rational.reduced(Int128(numerator) * Int128(other.denominator), Int128(denominator) * Int128(other.numerator))
    }

    public static func + (a: Rational, b: Rational) -> Rational { a.checkedAdd(b).orOverflow() }
    public static func - (a: Rational, b: Rational) -> Rational { a.checkedSubtract(b).orOverflow() }
    public static func * (a: Rational, b: Rational) -> Rational { a.checkedMultiply(b).orOverflow() }
    public static func / (a: Rational, b: Rational) -> Rational { a.checkedDivide(b).orOverflow() }
    public static prefix func - (a: Rational) -> Rational { Rational(unchecked: -a.numerator, a.denominator) }

    public static func < (a: Rational, b: Rational) -> Bool {
        Int128(a.numerator) * Int128(b.denominator) < Int128(b.numerator) * Int128(a.denominator)
    }

    /// The largest integer not greater than the value.
    public var floor: Int64 {
        let q = numerator / denominator
        return (numerator % denominator != 0 && numerator < 0) ? q - 1 : q
    }

    /// The smallest integer not less than the value.
    public var ceil: Int64 {
        let q = numerator / denominator
        return (numerator % denominator != 0 && numerator > 0) ? q + 1 : q
    }

    /// Rounds half away from zero, as `round(duration × fps)` in the spec.
    public var rounded: Int64 {
        let twice = Int128(numerator) * 2
        let d = Int128(denominator)
        let q = (twice.magnitude + d.magnitude) / (2 * d.magnitude)
        return Int64(numerator < 0 ? -Int128(q) : Int128(q))
    }

    public var isZero: Bool { numerator == 0 }
    public var isNegative: Bool { numerator < 0 }

    /// For display and for sampling curves only; never for timeline arithmetic.
    public var approximateDouble: Double { Double(numerator) / Double(denominator) }

    public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }
}

extension Optional where Wrapped == Rational {
    fileprivate func orOverflow() -> Rational {
        guard let value = self else { preconditionFailure("Rational arithmetic overflowed a validated value") }
        return value
    }
}
