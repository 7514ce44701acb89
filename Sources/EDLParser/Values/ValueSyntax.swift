/// Why a value's text was rejected: lowercase message quoting the user's text, and an optional hint.
public struct ValueError: Error, Hashable, Sendable {
    public var message: String
    public var hint: String?

    public init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }
}

/// Parsers for the scalar value kinds of the project format (SPEC section 2).
///
/// Each function takes the text of one YAML scalar, after variable substitution,
/// trims whitespace around it, and returns the typed value or a `ValueError`
/// whose message quotes the trimmed text. The caller knows which kind a key
/// takes and attaches the node's location.
///
/// Times, frame rates and bitrates are exact: they are read digit by digit into
/// a `Rational`, never through `Double`. Quantities that are not timeline
/// positions (opacity, angles, gains, colour channels) are `Double`s.
public enum ValueSyntax {
    /// Exact decimal: "2", "-0.5", "1.1" (11/10), "1e3", "2.5e-1". Never through `Double`.
    ///
    /// Accepts the YAML 1.2 float shape: an optional sign, digits with an optional
    /// fraction (`.5` and `5.` included), and an optional exponent. Values whose
    /// numerator or denominator do not fit in 64 bits are rejected, never rounded.
    public static func decimal(_ text: String) throws(ValueError) -> Rational {
        let t = trimmed(text)
        switch DecimalLiteral.parse(t[...]) {
        case .value(let value):
            return value
        case .malformed:
            throw ValueError("'\(t)' is not a number; expected a decimal such as '2', '-0.5' or '1e3'")
        case .tooLarge:
            throw ValueError("'\(t)' is too large; exact numbers must lie within about ±9.2e18")
        case .tooPrecise:
            throw ValueError("'\(t)' has too many digits to keep exactly; use fewer decimal places")
        }
    }

    /// An exact ratio: a decimal (`1.5`) or a fraction of two (`5/9`, `1/0.75`).
    public static func ratio(_ text: String) throws(ValueError) -> Rational {
        let t = trimmed(text)
        guard let slash = t.firstIndex(of: "/") else { return try decimal(t) }
        let numerator = try decimal(String(t[..<slash]))
        let denominator = try decimal(String(t[t.index(after: slash)...]))
        guard denominator != .zero, let value = numerator.checkedDivide(denominator) else {
            throw ValueError("'\(t)' divides by zero or does not fit an exact number")
        }
        return value
    }

    /// Plain number as `Double` for non-time quantities (opacity, scale, font size...).
    ///
    /// Same shape as `decimal` (so `nan`, `inf`, hex floats and `1_000` are
    /// rejected); the result lies within ±`numberLimit`.
    public static func number(_ text: String) throws(ValueError) -> Double {
        let t = trimmed(text)
        guard let value = try parseDouble(t[...], quoting: t) else {
            throw ValueError("'\(t)' is not a number; expected a decimal such as '2', '-0.5' or '1e3'")
        }
        return value
    }

    // MARK: - Shared helpers

    /// The text without whitespace (spaces, tabs, newlines) around it.
    static func trimmed(_ text: some StringProtocol) -> String {
        let text = String(text)
        // Most values have nothing to trim: a printable ASCII byte at each end
        // starts and ends a character that is not whitespace.
        let printable = UInt8(ascii: "!")...UInt8(ascii: "~")
        if let first = text.utf8.first, let last = text.utf8.last, printable.contains(first), printable.contains(last) {
            return text
        }
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }

    /// The largest size of a number read as a `Double`. Far beyond any position,
    /// angle or factor a project means, and small enough that what the compiler
    /// makes of a few of them (a percentage of the frame, scaled, eased past its
    /// keyframes) stays finite and fits the backend's whole-pixel arithmetic.
    public static let numberLimit: Double = 1_000_000

    /// A `Double` from text of the decimal shape; nil when the shape is wrong.
    /// - Throws: when it lies beyond ±`numberLimit`, quoting `whole`, the value the number is part of.
    static func parseDouble(_ text: Substring, quoting whole: String) throws(ValueError) -> Double? {
        guard DecimalLiteral.hasDecimalShape(text), let value = Double(text) else { return nil }
        guard abs(value) <= numberLimit else {
            throw ValueError("'\(whole)' is out of range; numbers must lie within ±1000000")
        }
        return value
    }

    static func isDigit(_ c: Character) -> Bool { c >= "0" && c <= "9" && c.isASCII }

    /// A whole number of at most 15 ASCII digits (no sign), else nil.
    static func smallInteger(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.count <= 15, text.allSatisfy(isDigit) else { return nil }
        return Int64(text)
    }
}
