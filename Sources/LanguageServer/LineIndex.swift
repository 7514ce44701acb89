/// The units of `Position.character`: UTF-16 code units as the protocol
/// says, or UTF-8 bytes when the client offers them (LSP 3.17).
public enum PositionEncoding: String, Sendable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
}

/// Converts between the protocol's positions, byte offsets in the text and the
/// parser's locations (1-based line, and column in Unicode scalars as libyaml
/// counts them). Lines end at `\n`, `\r\n` or `\r`, as both YAML and LSP say.
public struct LineIndex: Sendable {
    public let bytes: [UInt8]
    /// Byte offset where each line starts.
    public let lineStarts: [Int]
    public let encoding: PositionEncoding

    public init(_ text: String, encoding: PositionEncoding = .utf16) {
        bytes = Array(text.utf8)
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 10 || (byte == 13 && (index == bytes.count || bytes[index] != 10)) {
                starts.append(index)
            }
        }
        lineStarts = starts
        self.encoding = encoding
    }

    /// Byte range of a 0-based line, without its line break.
    public func lineRange(_ line: Int) -> Swift.Range<Int> {
        guard line >= 0, line < lineStarts.count else { return bytes.count..<bytes.count }
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        if end > lineStarts[line], bytes[end - 1] == 10 { end -= 1 }
        if end > lineStarts[line], bytes[end - 1] == 13 { end -= 1 }
        return lineStarts[line]..<end
    }

    public func lineText(_ line: Int) -> String { String(decoding: bytes[lineRange(line)], as: UTF8.self) }

    /// Bytes in a UTF-8 sequence that starts with `lead`.
    static func sequenceLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// Code units of the position encoding for the sequence starting with `lead`.
    func units(_ lead: UInt8) -> Int {
        switch encoding {
        case .utf8: return Self.sequenceLength(lead)
        case .utf16: return lead >= 0xF0 ? 2 : 1
        }
    }

    /// The byte offset of a position, clamped to its line (and the text).
    public func offset(of position: Position) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        let range = lineRange(position.line)
        var offset = range.lowerBound
        var column = 0
        while offset < range.upperBound, column < position.character {
            let length = Self.sequenceLength(bytes[offset])
            column += units(bytes[offset])
            // A position inside a surrogate pair or a UTF-8 sequence stays before it.
            if column > position.character { break }
            offset = min(offset + length, range.upperBound)
        }
        return offset
    }

    /// The position of a byte offset.
    public func position(ofOffset target: Int) -> Position {
        let target = min(max(target, 0), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= target { low = middle } else { high = middle - 1 }
        }
        var offset = lineStarts[low]
        var column = 0
        let end = min(target, lineRange(low).upperBound)
        while offset < end {
            column += units(bytes[offset])
            offset += Self.sequenceLength(bytes[offset])
        }
        return Position(line: low, character: column)
    }

    /// The byte offset of a parser location (1-based line; column in Unicode scalars, 1-based).
    public func offset(line: Int, scalarColumn: Int) -> Int {
        let range = lineRange(line - 1)
        var offset = range.lowerBound
        var scalars = 1
        while offset < range.upperBound, scalars < scalarColumn {
            offset += Self.sequenceLength(bytes[offset])
            scalars += 1
        }
        return min(offset, range.upperBound)
    }

    /// The position of a parser location.
    public func position(line: Int, scalarColumn: Int) -> Position {
        position(ofOffset: offset(line: line, scalarColumn: scalarColumn))
    }
}
