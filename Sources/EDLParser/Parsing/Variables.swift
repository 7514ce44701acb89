/// `${name}` substitution (SPEC section 9): values from `vars:`, overridden by `--set`.
public struct Variables: Sendable {
    public private(set) var values: [String: String]

    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    public mutating func define(_ name: String, as value: String) {
        values[name] = value
    }

    /// Replaces every `${name}` with its value; `$${` writes a literal `${`.
    func substitute(in text: String) throws(ValueError) -> String {
        // Byte search first: Foundation's substring search is slow, and every value comes through here.
        guard text.utf8.contains(UInt8(ascii: "$")), text.contains("${") else { return text }
        var result = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let after = rest[dollar...]
            if after.hasPrefix("$${") {
                result += "${"
                rest = after.dropFirst(3)
            } else if after.hasPrefix("${") {
                guard let close = after.firstIndex(of: "}") else {
                    throw ValueError("'${' is not closed in '\(text)'", hint: "write '${name}', or '$${' for a literal '${'")
                }
                let name = String(after[after.index(after.startIndex, offsetBy: 2)..<close])
                guard let value = values[name] else {
                    let hint =
                        NameSuggestions.closestMatch(to: name, in: values.keys.sorted()).map { "did you mean '${\($0)}'?" }
                        ?? "define it under 'vars:' or pass --set \(name)=VALUE"
                    throw ValueError("undefined variable '\(name)'", hint: hint)
                }
                result += value
                rest = after[after.index(after: close)...]
            } else {
                result += "$"
                rest = after.dropFirst()
            }
        }
        return result + rest
    }
}
