import Basics
import Foundation

/// A JSON document read with the line and column of every value, so a words
/// file's problems are told at their place; numbers keep their text, to be
/// read exactly.
struct LocatedJSON {
    indirect enum Value {
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case array([LocatedJSON])
        /// Members in file order.
        case object([(key: String, value: LocatedJSON)])
    }

    var value: Value
    var line: Int
    var column: Int

    /// The first problem of a malformed document, at its character.
    struct Failure: Error {
        var message: String
        var line: Int
        var column: Int
    }

    /// The member `key` of an object.
    subscript(key: String) -> LocatedJSON? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// `text` (line ends already `\n`) as one JSON value.
    static func parse(_ text: String) -> Result<LocatedJSON, Failure> {
        var parser = Parser(scalars: Array(text.unicodeScalars))
        do throws(Failure) {
            parser.skipWhitespace()
            let value = try parser.value(depth: 0)
            parser.skipWhitespace()
            guard parser.index == parser.scalars.count else { throw parser.failure("unexpected text after the JSON value") }
            return .success(value)
        } catch {
            return .failure(error)
        }
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0
        var line = 1
        var lineStart = 0

        /// Deeper nesting is not a words file, and would exhaust the stack.
        static let depthLimit = 64

        var column: Int { index - lineStart + 1 }
        var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        func failure(_ message: String) -> Failure { Failure(message: message, line: line, column: column) }

        /// "not 'x'" or "not the end of the file", for messages.
        var found: String {
            guard let current else { return "the end of the file" }
            return current == "\n" ? "the end of the line" : "'\(current)'"
        }

        mutating func advance() {
            if current == "\n" { (line, lineStart) = (line + 1, index + 1) }
            index += 1
        }

        mutating func skipWhitespace() {
            while let current, [" ", "\t", "\n"].contains(current) { advance() }
        }

        mutating func value(depth: Int) throws(Failure) -> LocatedJSON {
            let (line, column) = (self.line, self.column)
            guard depth < Self.depthLimit else { throw failure("JSON nested more than \(Self.depthLimit) deep") }
            let value: Value
            switch current {
            case "{": value = .object(try members(depth: depth))
            case "[": value = .array(try elements(depth: depth))
            case "\"": value = .string(try string())
            case "t": value = try literal("true", .bool(true))
            case "f": value = try literal("false", .bool(false))
            case "n": value = try literal("null", .null)
            case let scalar? where scalar == "-" || ("0"..."9").contains(scalar): value = .number(try number())
            default: throw failure("expected a JSON value, not \(found)")
            }
            return LocatedJSON(value: value, line: line, column: column)
        }

        private mutating func literal(_ word: String, _ value: Value) throws(Failure) -> Value {
            for expected in word.unicodeScalars {
                guard current == expected else { throw failure("expected '\(word)', not \(found)") }
                advance()
            }
            return value
        }

        private mutating func elements(depth: Int) throws(Failure) -> [LocatedJSON] {
            advance()
            skipWhitespace()
            var elements: [LocatedJSON] = []
            if current == "]" {
                advance()
                return elements
            }
            while true {
                elements.append(try value(depth: depth + 1))
                skipWhitespace()
                switch current {
                case ",":
                    advance()
                    skipWhitespace()
                case "]":
                    advance()
                    return elements
                default: throw failure("expected ',' or ']', not \(found)")
                }
            }
        }

        private mutating func members(depth: Int) throws(Failure) -> [(key: String, value: LocatedJSON)] {
            advance()
            skipWhitespace()
            var members: [(key: String, value: LocatedJSON)] = []
            if current == "}" {
                advance()
                return members
            }
            while true {
                guard current == "\"" else { throw failure("expected a member's name in double quotes, not \(found)") }
                let key = try string()
                skipWhitespace()
                guard current == ":" else { throw failure("expected ':' after the name \"\(key)\", not \(found)") }
                advance()
                skipWhitespace()
                members.append((key, try value(depth: depth + 1)))
                skipWhitespace()
                switch current {
                case ",":
                    advance()
                    skipWhitespace()
                case "}":
                    advance()
                    return members
                default: throw failure("expected ',' or '}', not \(found)")
                }
            }
        }

        private mutating func string() throws(Failure) -> String {
            advance()
            var text = String.UnicodeScalarView()
            while true {
                guard let scalar = current, scalar != "\n" else { throw failure("the string is not closed") }
                if scalar.value < 0x20 { throw failure("a control character must be escaped in a string") }
                advance()
                switch scalar {
                case "\"": return String(text)
                case "\\": text.append(try escaped())
                default: text.append(scalar)
                }
            }
        }

        private mutating func escaped() throws(Failure) -> Unicode.Scalar {
            let simple: [Unicode.Scalar: Unicode.Scalar] = [
                "\"": "\"", "\\": "\\", "/": "/", "b": "\u{8}", "f": "\u{C}", "n": "\n", "r": "\r", "t": "\t",
            ]
            guard let scalar = current else { throw failure("the string is not closed") }
            if let value = simple[scalar] {
                advance()
                return value
            }
            guard scalar == "u" else { throw failure("'\\\(scalar)' is not a JSON escape") }
            advance()
            let unit = try hexUnit()
            // A surrogate without its pair stands for U+FFFD, as decoders do.
            guard (0xD800..<0xDC00).contains(unit), current == "\\", index + 1 < scalars.count, scalars[index + 1] == "u"
            else { return Unicode.Scalar(unit) ?? "\u{FFFD}" }
            advance()
            advance()
            let low = try hexUnit()
            guard (0xDC00..<0xE000).contains(low) else { return "\u{FFFD}" }
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
        }

        private mutating func hexUnit() throws(Failure) -> UInt32 {
            var unit: UInt32 = 0
            for _ in 0..<4 {
                guard let scalar = current, let digit = Character(scalar).hexDigitValue else {
                    throw failure("'\\u' is followed by four hexadecimal digits")
                }
                unit = unit << 4 | UInt32(digit)
                advance()
            }
            return unit
        }

        /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, as written.
        private mutating func number() throws(Failure) -> String {
            let start = index
            func isDigit(_ scalar: Unicode.Scalar?) -> Bool { scalar.map { ("0"..."9").contains($0) } ?? false }
            if current == "-" { advance() }
            guard isDigit(current) else { throw failure("expected a digit, not \(found)") }
            if current == "0" {
                advance()
            } else {
                while isDigit(current) { advance() }
            }
            if current == "." {
                advance()
                guard isDigit(current) else { throw failure("expected a digit after '.', not \(found)") }
                while isDigit(current) { advance() }
            }
            if current == "e" || current == "E" {
                advance()
                if current == "+" || current == "-" { advance() }
                guard isDigit(current) else { throw failure("expected the exponent's digits, not \(found)") }
                while isDigit(current) { advance() }
            }
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars[start..<index])
            return String(text)
        }
    }
}
