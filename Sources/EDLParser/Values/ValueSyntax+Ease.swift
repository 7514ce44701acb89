extension ValueSyntax {
    private static let easeNames: [(name: String, ease: Ease)] = [
        ("linear", .linear), ("hold", .hold), ("ease-in", .easeIn), ("ease-out", .easeOut), ("ease-in-out", .easeInOut),
    ]

    /// `linear`, `hold`, `ease-in`, `ease-out`, `ease-in-out` (the CSS curves),
    /// or `cubic-bezier(x1, y1, x2, y2)` with `x1` and `x2` in 0...1, as CSS
    /// requires (the y values may overshoot). Names are case-insensitive; an
    /// unknown name gets a "did you mean" hint when one is close.
    public static func ease(_ text: String) throws(ValueError) -> Ease {
        let t = trimmed(text)
        let lower = t.lowercased()
        if let known = easeNames.first(where: { $0.name == lower }) { return known.ease }
        let name = trimmed(lower.prefix { $0 != "(" })
        if name == "cubic-bezier" { return try cubicBezier(lower, quoting: t) }
        throw ValueError(
            "'\(t)' is not an ease; expected 'linear', 'hold', 'ease-in', 'ease-out', 'ease-in-out' or 'cubic-bezier(x1, y1, x2, y2)'",
            hint: NameSuggestions.didYouMean(name, in: easeNames.map(\.name) + ["cubic-bezier"]))
    }

    private static func cubicBezier(_ lower: String, quoting t: String) throws(ValueError) -> Ease {
        let notABezier = ValueError(
            "'\(t)' is not a cubic-bezier; expected four numbers, e.g. 'cubic-bezier(0.25, 0.1, 0.25, 1)'")
        guard let open = lower.firstIndex(of: "("), lower.hasSuffix(")") else { throw notABezier }
        let arguments = lower[lower.index(after: open)...].dropLast().split(separator: ",", omittingEmptySubsequences: false)
        var values: [Double] = []
        for argument in arguments {
            guard let value = try parseDouble(trimmed(argument)[...], quoting: t) else { throw notABezier }
            values.append(value)
        }
        guard values.count == 4 else { throw notABezier }
        let (x1, y1, x2, y2) = (values[0], values[1], values[2], values[3])
        guard (0...1).contains(x1), (0...1).contains(x2) else {
            throw ValueError("'\(t)' has an x value outside 0 to 1; x1 and x2 of a cubic-bezier must be 0 to 1")
        }
        return .cubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
    }
}
