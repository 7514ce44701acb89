import Basics
import Foundation

/// The text of a subtitle file: UTF-8 with or without a byte-order mark, or
/// UTF-16 with one; line ends (CRLF, CR) made `\n`.
enum SubtitleText {
    enum Decoded {
        case text(String)
        case failure(Diagnostic)
    }

    static let encodingsHint =
        "subtitle files are read as UTF-8 (with or without a byte-order mark) or UTF-16 with a byte-order mark;"
        + " convert it, for example with 'iconv -f WINDOWS-1252 -t UTF-8'"

    /// The decoded text, or an error at the first byte that is not text.
    static func decode(_ data: Data, file: String) -> Decoded {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFF, 0xFE, 0, 0]) || bytes.starts(with: [0, 0, 0xFE, 0xFF]) {
            return .failure(failure("is UTF-32, which is not read", file, line: 1, column: 1))
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let littleEndian = bytes[0] == 0xFF
            let body = bytes.dropFirst(2)
            let units = stride(from: body.startIndex, to: body.endIndex - 1, by: 2).map { index -> UInt16 in
                let (a, b) = (UInt16(body[index]), UInt16(body[index + 1]))
                return littleEndian ? a | b << 8 : a << 8 | b
            }
            return decode(units, UTF16.self, file: file, oddTail: body.count % 2 == 1)
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        return decode(body, UTF8.self, file: file, oddTail: false)
    }

    private static func decode<Units: Collection, Codec: UnicodeCodec>(
        _ units: Units, _ codec: Codec.Type, file: String, oddTail: Bool
    ) -> Decoded where Units.Element == Codec.CodeUnit {
        var iterator = units.makeIterator()
        var decoder = Codec()
        var scalars = String.UnicodeScalarView()
        var (line, column) = (1, 1)
        var afterCR = false
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                // CRLF and a lone CR end a line as LF does.
                if scalar == "\n" && afterCR {
                    afterCR = false
                    continue
                }
                afterCR = scalar == "\r"
                if scalar == "\r" || scalar == "\n" {
                    scalars.append("\n")
                    (line, column) = (line + 1, 1)
                } else {
                    scalars.append(scalar)
                    column += 1
                }
            case .emptyInput:
                if oddTail { return .failure(failure("ends in half a UTF-16 character", file, line: line, column: column)) }
                return .text(String(scalars))
            case .error:
                let encoding = Codec.self == UTF16.self ? "UTF-16" : "UTF-8"
                return .failure(failure("is not \(encoding) text here", file, line: line, column: column))
            }
        }
    }

    private static func failure(_ problem: String, _ file: String, line: Int, column: Int) -> Diagnostic {
        .error(
            "subtitle file '\(file)' \(problem)", at: SourceLocation(file: file, line: line, column: column),
            hint: encodingsHint)
    }
}
