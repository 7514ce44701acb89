extension ValueSyntax {
    /// The highest frame rate accepted.
    static let maximumFrameRate: Int64 = 1000

    /// The decimal spellings of the NTSC rates and the exact rates they mean.
    private static let ntscRates: [(decimal: Rational?, exact: Rational?)] = [
        (Rational(23976, 1000), Rational(24000, 1001)),
        (Rational(2398, 100), Rational(24000, 1001)),
        (Rational(2997, 100), Rational(30000, 1001)),
        (Rational(47952, 1000), Rational(48000, 1001)),
        (Rational(5994, 100), Rational(60000, 1001)),
        (Rational(11988, 100), Rational(120000, 1001)),
    ]

    /// A frame rate: a whole or decimal number (`30`, `12.5`), a fraction
    /// (`30000/1001`, `30/1`), or an NTSC decimal, which means its exact rate:
    /// `23.976` and `23.98` are 24000/1001, `29.97` is 30000/1001, `47.952` is
    /// 48000/1001, `59.94` is 60000/1001, `119.88` is 120000/1001.
    /// Must be more than 0 and at most 1000.
    public static func frameRate(_ text: String) throws(ValueError) -> FrameRate {
        let t = trimmed(text)
        let rate = try exactRate(t)
        let exact = ntscRates.first { $0.decimal == rate }?.exact ?? rate
        guard let fps = FrameRate(exact), exact <= Rational(maximumFrameRate) else {
            throw ValueError("'\(t)' is out of range; a frame rate must be more than 0 and at most \(maximumFrameRate)")
        }
        return fps
    }

    private static func exactRate(_ t: String) throws(ValueError) -> Rational {
        let notARate = ValueError(
            "'\(t)' is not a frame rate; expected frames per second such as '30', '29.97' or '30000/1001'")
        let parts = t.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2 {
            let numerator = trimmed(parts[0])[...]
            let denominator = trimmed(parts[1])[...]
            guard numerator.allSatisfy(isDigit), denominator.allSatisfy(isDigit) else { throw notARate }
            guard let n = smallInteger(numerator), let d = smallInteger(denominator) else {
                throw ValueError(
                    "'\(t)' is out of range; a frame rate must be more than 0 and at most \(maximumFrameRate)")
            }
            guard d > 0, let rate = Rational(n, d) else {
                throw ValueError("'\(t)' divides by zero; a fraction frame rate needs a positive denominator")
            }
            return rate
        }
        switch DecimalLiteral.parse(t[...]) {
        case .value(let rate): return rate
        case .malformed: throw notARate
        case .tooLarge, .tooPrecise:
            throw ValueError("'\(t)' is out of range; a frame rate must be more than 0 and at most \(maximumFrameRate)")
        }
    }

    /// The highest bitrate, 10 Gbit/s: above any codec's levels (H.264's highest
    /// allows 800 Mbit/s), and low enough that encoders' own arithmetic in
    /// kilobits does not overflow (x264 refuses 9e18).
    static let maximumBitrate: Int64 = 10_000_000_000

    /// A bitrate in bits per second: `128000`, `192k`, `8M`, `2.5M`, `1G`.
    ///
    /// The suffixes `k`, `M`, `G` (either case) multiply by 1000, 10^6 and
    /// 10^9. The result must be a whole number of bits per second above 0 and
    /// at most `maximumBitrate`.
    public static func bitrate(_ text: String) throws(ValueError) -> Int64 {
        let t = trimmed(text)
        var digits = t[...]
        var multiplier: Int64 = 1
        switch t.last {
        case "k", "K": multiplier = 1_000
        case "m", "M": multiplier = 1_000_000
        case "g", "G": multiplier = 1_000_000_000
        default: break
        }
        if multiplier != 1 { digits = digits.dropLast() }
        let amount: Rational
        switch DecimalLiteral.parse(digits) {
        case .value(let value): amount = value
        case .malformed:
            throw ValueError("'\(t)' is not a bitrate; expected bits per second such as '128000', '192k' or '8M'")
        case .tooLarge, .tooPrecise:
            throw ValueError("'\(t)' is out of range; a bitrate must be more than 0 and at most 10G")
        }
        guard let bits = amount.checkedMultiply(Rational(multiplier)), bits <= Rational(maximumBitrate) else {
            throw ValueError("'\(t)' is out of range; a bitrate must be more than 0 and at most 10G")
        }
        guard let whole = bits.exactInteger else {
            throw ValueError("'\(t)' is not a whole number of bits per second; use fewer decimal places")
        }
        guard whole > 0 else {
            throw ValueError("'\(t)' is out of range; a bitrate must be more than 0")
        }
        return whole
    }
}
