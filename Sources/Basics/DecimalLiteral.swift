/// Exact reading of decimal text into a `Rational`, digit by digit.
///
/// Shape (YAML 1.2 float, without `.inf`/`.nan`):
///
///     [+-]? ( digits ( '.' digits? )? | '.' digits ) ( [eE] [+-]? digits )?
///
/// The value is `M × 10^scale` for the significant digits `M`; it is built in
/// 128 bits, reduced, and must then fit a `Rational` of two `Int64`s.
public enum DecimalLiteral {
    public enum Outcome: Equatable {
        case value(Rational)
        /// The text is not of the decimal shape.
        case malformed
        /// The integer part does not fit in 64 bits.
        case tooLarge
        /// The value is in range but its exact fraction does not fit in 64 bits.
        case tooPrecise
    }

    /// The pieces of a well-formed literal.
    private struct Parts {
        var negative = false
        var integerDigits: Substring = ""
        var fractionDigits: Substring = ""
        var exponentNegative = false
        var exponentDigits: Substring = ""
    }

    /// Parses `text`; `allowSign` and `allowExponent` narrow the accepted shape.
    public static func parse(_ text: Substring, allowSign: Bool = true, allowExponent: Bool = true) -> Outcome {
        let signed = text.first == "+" || text.first == "-"
        guard let parts = split(text), allowSign || !signed, allowExponent || parts.exponentDigits.isEmpty else {
            return .malformed
        }
        return evaluate(parts)
    }

    /// Whether `text` has the shape `parse` accepts with sign and exponent.
    public static func hasDecimalShape(_ text: Substring) -> Bool { split(text) != nil }

    /// Reads the text's bytes: the shape is ASCII, and a `Character` at a time costs
    /// more than the rest of reading a project's times.
    private static func split(_ text: Substring) -> Parts? {
        let bytes = text.utf8
        var i = bytes.startIndex
        func take(_ accepted: (UInt8) -> Bool) -> Bool {
            guard i < bytes.endIndex, accepted(bytes[i]) else { return false }
            i = bytes.index(after: i)
            return true
        }
        func digits() -> Substring {
            let start = i
            while take(isDigit) {}
            return text[start..<i]
        }
        var parts = Parts()
        if i < bytes.endIndex, bytes[i] == UInt8(ascii: "-") { parts.negative = true }
        _ = take(isSign)
        parts.integerDigits = digits()
        if take({ $0 == UInt8(ascii: ".") }) { parts.fractionDigits = digits() }
        guard !parts.integerDigits.isEmpty || !parts.fractionDigits.isEmpty else { return nil }
        if take({ $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            if i < bytes.endIndex, bytes[i] == UInt8(ascii: "-") { parts.exponentNegative = true }
            _ = take(isSign)
            parts.exponentDigits = digits()
            guard !parts.exponentDigits.isEmpty else { return nil }
        }
        return i == bytes.endIndex ? parts : nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static func isSign(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") }

    private static func evaluate(_ parts: Parts) -> Outcome {
        var digits = Array((Array(parts.integerDigits.utf8) + parts.fractionDigits.utf8).drop { $0 == UInt8(ascii: "0") })
        var trailingZeros = 0
        while digits.last == UInt8(ascii: "0") {
            digits.removeLast()
            trailingZeros += 1
        }
        if digits.isEmpty { return .value(.zero) }

        // Exponents beyond ±100,000 are out of range whatever the digits.
        let exponentDigits = parts.exponentDigits.drop { $0 == "0" }
        guard exponentDigits.count <= 6, let exponent = Int(exponentDigits.isEmpty ? "0" : exponentDigits) else {
            return parts.exponentNegative ? .tooPrecise : .tooLarge
        }
        let scale = (parts.exponentNegative ? -exponent : exponent) - parts.fractionDigits.count + trailingZeros
        // Number of digits before the decimal point of the value.
        let integerLength = digits.count + scale
        if integerLength > 19 { return .tooLarge }
        if digits.count > 38 || scale < -38 { return .tooPrecise }

        var mantissa: Int128 = 0
        for digit in digits { mantissa = mantissa * 10 + Int128(digit - UInt8(ascii: "0")) }
        let value: Rational?
        if scale >= 0 {
            value = Int64(exactly: mantissa * power10(scale)).flatMap { Rational($0, 1) }
        } else {
            value = reduced(mantissa, power10(-scale))
        }
        guard let value else {
            return scale >= 0 || mantissa / power10(-scale) > Int128(Int64.max) ? .tooLarge : .tooPrecise
        }
        return .value(parts.negative ? -value : value)
    }

    /// `10^n` for `0 <= n <= 38`.
    private static func power10(_ n: Int) -> Int128 {
        var result: Int128 = 1
        for _ in 0..<n { result *= 10 }
        return result
    }

    /// `n / d` (both positive) in lowest terms, if it fits in 64 bits.
    private static func reduced(_ n: Int128, _ d: Int128) -> Rational? {
        var (a, b) = (n, d)
        while b != 0 { (a, b) = (b, a % b) }
        guard let num = Int64(exactly: n / a), let den = Int64(exactly: d / a) else { return nil }
        return Rational(num, den)
    }
}
