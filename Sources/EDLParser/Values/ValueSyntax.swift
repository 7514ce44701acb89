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

    /// The known name closest to `word` by edit distance (case-insensitive
    /// Levenshtein), when close enough to be a plausible typo (distance
    /// `<= max(1, word.count / 3)`); else nil. Ties go to the earlier candidate.
    public static func closestMatch(to word: String, in candidates: [String]) -> String? {
        let target = Array(word.lowercased())
        let limit = max(1, target.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.name
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

    /// "did you mean 'x'?" (or "'x' or 'y'") for the names `word` most likely meant, or nil.
    static func didYouMean(_ word: String, in candidates: [String]) -> String? {
        let names = meant(word, in: candidates)
        guard !names.isEmpty else { return nil }
        return "did you mean \(names.map { "'\($0)'" }.joined(separator: " or "))?"
    }

    /// Names other programs use for what a key here is called.
    private static let aliases = [
        "start": "from", "end": "to", "length": "duration", "alpha": "opacity", "transparency": "opacity",
        "gain": "volume", "font-family": "font", "middle": "center", "centre": "center",
    ]

    /// The names `word` most likely meant, best first: an alias; the same words
    /// in another order (`left-top`); the name without a `center` part
    /// (`bottom-center` is `bottom`); up to three names that add a word to it
    /// (`fade` is `fade_in` or `fade_out`); a name one slip away; the longest name
    /// it adds a word to; else the closest by edit distance.
    static func meant(_ word: String, in candidates: [String]) -> [String] {
        func words(_ name: String) -> [Substring] {
            name.lowercased().split { $0 == "-" || $0 == "_" || $0 == " " }
        }
        func starts(_ long: String, with short: String) -> Bool {
            let long = long.lowercased()
            let short = short.lowercased()
            guard long.count > short.count, long.hasPrefix(short) else { return false }
            return "-_".contains(long[long.index(long.startIndex, offsetBy: short.count)])
        }
        if let alias = aliases[word.lowercased()], candidates.contains(alias) { return [alias] }
        let given = words(word)
        if let reordered = candidates.first(where: { words($0).sorted() == given.sorted() && $0 != word }) {
            return [reordered]
        }
        let withoutCenter = given.filter { !["center", "centre", "middle"].contains($0) }
        if withoutCenter.count < given.count, let plain = candidates.first(where: { words($0) == withoutCenter }) {
            return [plain]
        }
        // One wrong, missing or extra letter, or two swapped (`font_sise`, `font_szie`), beats a
        // shorter name it starts with (`font`): a slip of the finger is likelier than a word added.
        if word.count >= 4, let slip = closestMatch(to: word, in: candidates),
            editDistance(Array(word.lowercased()), Array(slip.lowercased())) == 1
        {
            return [slip]
        }
        let longer = candidates.filter { starts($0, with: word) }
        if (1...3).contains(longer.count) { return longer }
        if let shorter = candidates.filter({ starts(word, with: $0) }).max(by: { $0.count < $1.count }) { return [shorter] }
        return closestMatch(to: word, in: candidates).map { [$0] } ?? []
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

    /// Edit distance where a swap of two neighbouring letters counts as one edit
    /// (optimal string alignment), so `nmae` suggests `name`.
    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
