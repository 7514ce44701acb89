/// One finding about a project: what is wrong, where, and how to fix it.
public struct Diagnostic: Hashable, Sendable, Codable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable, Codable { case error, warning, note }

    public var severity: Severity
    /// Lowercase, quoting the user's values: `'to' (12s) is past the end of 'intro' (10.01s)`.
    public var message: String
    public var location: SourceLocation?
    public var hint: String?

    public init(_ severity: Severity = .error, _ message: String, at location: SourceLocation?, hint: String? = nil) {
        self.severity = severity
        self.message = Self.cuttingLongWords(message)
        self.location = location
        self.hint = hint.map(Self.cuttingLongWords)
    }

    /// The longest word a message quotes whole: a value of thousands of digits
    /// (a damaged or hostile file) is shown by its ends and its length.
    static let wordLimit = 80

    /// `text` with each run of over `wordLimit` characters without a space cut to
    /// its first 40 and last 10, and its length.
    static func cuttingLongWords(_ text: String) -> String {
        guard text.utf8.count > wordLimit else { return text }
        var result = ""
        var word: [Character] = []
        func finish() {
            if word.count > wordLimit {
                // The quotes around a value stay outside the count.
                let open = word.prefix { "'\"(".contains($0) }.count
                let close = min(word.reversed().prefix { "'\"),:".contains($0) }.count, word.count - open)
                let value = word[open..<(word.count - close)]
                result +=
                    String(word.prefix(open)) + String(value.prefix(40)) + "…(\(value.count) characters)…"
                    + String(value.suffix(10)) + String(word.suffix(close))
            } else {
                result += String(word)
            }
            word.removeAll(keepingCapacity: true)
        }
        for character in text {
            if character.isWhitespace {
                finish()
                result.append(character)
            } else {
                word.append(character)
            }
        }
        finish()
        return result
    }

    public static func error(_ message: String, at location: SourceLocation?, hint: String? = nil) -> Diagnostic {
        Diagnostic(.error, message, at: location, hint: hint)
    }

    /// `file:line:col: error: message`, without the source excerpt.
    public var description: String {
        let prefix = location.map { "\($0): " } ?? ""
        return "\(prefix)\(severity.rawValue): \(message)"
    }
}

/// Diagnostics of one phase, in source order, capped so a broken file stays readable.
public struct DiagnosticList: Sendable {
    public static let limit = 50
    public private(set) var items: [Diagnostic] = []
    public private(set) var droppedCount = 0

    public init() {}

    public var hasErrors: Bool { items.contains { $0.severity == .error } }
    /// Errors appended so far, kept or dropped past the limit.
    public var errorCount: Int { items.count { $0.severity == .error } + droppedCount }
    public var isFull: Bool { items.count >= Self.limit }

    public mutating func append(_ diagnostic: Diagnostic) {
        guard !items.contains(diagnostic) else { return }
        if isFull { droppedCount += 1 } else { items.append(diagnostic) }
    }

    public mutating func error(_ message: String, at location: SourceLocation?, hint: String? = nil) {
        append(.error(message, at: location, hint: hint))
    }

    /// Sorted by location, so output follows the file top to bottom.
    public var sorted: [Diagnostic] {
        items.enumerated().sorted { a, b in
            switch (a.element.location, b.element.location) {
            case (let x?, let y?) where x != y: return x < y
            case (nil, _?): return false
            case (_?, nil): return true
            default: return a.offset < b.offset
            }
        }.map(\.element)
    }
}
