extension ValueSyntax {
    private static let colorForms =
        "expected a CSS name such as 'red', 'transparent', '#rgb', '#rrggbb', '#rrggbbaa' or 'rgba(255, 0, 0, 0.5)'"

    /// A colour, straight alpha:
    ///
    /// - the 148 CSS named colours and `transparent`, case-insensitive;
    /// - hex `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` (digits either case);
    /// - `rgb(r, g, b)` and `rgba(r, g, b, a)` with channels 0...255 (decimals
    ///   allowed) and alpha 0...1; either function takes 3 or 4 arguments,
    ///   as in CSS Color 4.
    ///
    /// An unknown name gets a "did you mean" hint when a name is close.
    public static func color(_ text: String) throws(ValueError) -> Color {
        let t = trimmed(text)
        let lower = t.lowercased()
        if lower.hasPrefix("#") { return try hexColor(lower.dropFirst(), quoting: t) }
        if lower.hasPrefix("rgb") && lower.contains("(") { return try functionalColor(lower, quoting: t) }
        if lower == "transparent" { return .transparent }
        if let rgb = cssColorNames[lower] { return color(rgb: rgb, alpha: 0xFF) }
        throw ValueError(
            "'\(t)' is not a color; \(colorForms)",
            hint: NameSuggestions.didYouMean(lower, in: cssColorNames.keys.sorted() + ["transparent"]))
    }

    /// The digits after `#`: 3, 4, 6 or 8 hex digits.
    private static func hexColor(_ digits: Substring, quoting t: String) throws(ValueError) -> Color {
        let values = digits.compactMap { $0.isASCII ? $0.hexDigitValue.map(UInt32.init) : nil }
        guard values.count == digits.count, [3, 4, 6, 8].contains(values.count) else {
            throw ValueError(
                "'\(t)' is not a hex color; expected '#rgb', '#rgba', '#rrggbb' or '#rrggbbaa' with hex digits 0-9 and a-f"
            )
        }
        // Short forms repeat each digit: #f80 is #ff8800.
        let bytes: [UInt32] =
            values.count <= 4
            ? values.map { $0 * 17 }
            : stride(from: 0, to: values.count, by: 2).map { values[$0] * 16 + values[$0 + 1] }
        let rgb = bytes[0] << 16 | bytes[1] << 8 | bytes[2]
        return color(rgb: rgb, alpha: bytes.count == 4 ? bytes[3] : 0xFF)
    }

    /// `rgb(...)` or `rgba(...)`, already lowercased.
    private static func functionalColor(_ lower: String, quoting t: String) throws(ValueError) -> Color {
        let notAColor = ValueError(
            "'\(t)' is not a color; expected 'rgb(255, 0, 0)' or 'rgba(255, 0, 0, 0.5)' with commas between the numbers"
        )
        let name = lower.prefix { $0 != "(" }
        guard name == "rgb" || name == "rgba", lower.hasSuffix(")") else { throw notAColor }
        let arguments = lower.dropFirst(name.count + 1).dropLast().split(separator: ",", omittingEmptySubsequences: false)
        guard arguments.count == 3 || arguments.count == 4 else { throw notAColor }
        var channels: [Double] = []
        for argument in arguments {
            guard let value = try parseDouble(trimmed(argument)[...], quoting: t) else { throw notAColor }
            channels.append(value)
        }
        let alpha = channels.count == 4 ? channels[3] : 1
        guard channels.prefix(3).allSatisfy({ (0...255).contains($0) }), (0...1).contains(alpha) else {
            throw ValueError(
                "'\(t)' is out of range; red, green and blue must be 0 to 255 and alpha 0 to 1")
        }
        return Color(red: channels[0] / 255, green: channels[1] / 255, blue: channels[2] / 255, alpha: alpha)
    }

    private static func color(rgb: UInt32, alpha: UInt32) -> Color {
        Color(
            red: Double(rgb >> 16 & 0xFF) / 255,
            green: Double(rgb >> 8 & 0xFF) / 255,
            blue: Double(rgb & 0xFF) / 255,
            alpha: Double(alpha) / 255)
    }
}
