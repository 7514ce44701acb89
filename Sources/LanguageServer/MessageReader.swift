import Foundation

/// Cuts the byte stream of standard input into messages framed as the base
/// protocol says: headers (`Content-Length: N`, optionally `Content-Type`)
/// ending in an empty line, then N bytes of JSON. Bytes arrive in any pieces;
/// a bad header block is reported and skipped, so one bad message costs only itself.
/// A wrong `Content-Length` costs only its own message too: the reader finds
/// the next header by its `Content-Length: N` line ending in a raw line break,
/// which no JSON text can hold (JSON escapes line breaks in strings).
public struct MessageReader {
    public enum Event: Equatable {
        case message(Data)
        /// A header block that cannot be read, already skipped.
        case malformed(String)
    }

    /// The largest message body taken: a project file is at most 8 MiB, and
    /// JSON escaping may double it.
    public static let bodyLimit = 32 << 20
    /// A header block longer than this is not one.
    static let headerLimit = 4096

    private var buffer: [UInt8] = []
    private var start = 0
    /// Bytes of a refused body still to be dropped as they arrive.
    private var skipping = 0
    /// Bytes of the body being awaited already searched for a next header, so
    /// a large body arriving in pieces is searched once.
    private var bodySearched = 0

    public init() {}

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next whole message, a report of a skipped bad one, or nil until more bytes arrive.
    public mutating func next() -> Event? {
        defer { compact() }
        if skipping > 0 {
            let dropped = min(skipping, buffer.count - start)
            start += dropped
            skipping -= dropped
            if skipping > 0 { return nil }
        }
        guard start < buffer.count else { return nil }
        guard let end = headerEnd() else {
            if buffer.count - start > Self.headerLimit {
                start = buffer.count
                return .malformed("a header block longer than \(Self.headerLimit) bytes")
            }
            return nil
        }
        let header = String(decoding: buffer[start..<end], as: UTF8.self)
        let bodyStart = end + 4
        switch Self.contentLength(header) {
        case .failure(let reason):
            // Bytes left over from a message whose length was given too short run into the next header.
            if end > start + 1, let next = nextHeader(in: start + 1..<end) {
                start = next
                return .malformed("bytes that are not a message, before the next header")
            }
            start = bodyStart
            return .malformed(reason.reason)
        case .success(let length):
            guard length <= Self.bodyLimit else {
                start = bodyStart
                skipping = length
                return .malformed("a message of \(length) bytes, over the limit of \(Self.bodyLimit)")
            }
            // A length given too long swallows the messages after it: a header among its bytes ends it.
            let arrived = min(buffer.count, bodyStart + length)
            if let next = nextHeader(in: min(max(bodyStart, bodyStart + bodySearched - Self.headerProbe), arrived)..<arrived) {
                bodySearched = 0
                start = next
                return .malformed("a message shorter than its Content-Length (\(length) bytes)")
            }
            bodySearched = arrived - bodyStart
            guard buffer.count - bodyStart >= length else { return nil }
            bodySearched = 0
            start = bodyStart + length
            return .message(Data(buffer[bodyStart..<start]))
        }
    }

    /// Bytes from where a search for a header resumes back to where it stopped:
    /// enough to see a `Content-Length: N` line that arrived cut in two.
    private static let headerProbe = 64
    private static let headerName = Array("content-length:".utf8)

    /// The offset of the first `Content-Length: N` line ending in CR LF that
    /// starts in `range`.
    private func nextHeader(in range: Swift.Range<Int>) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound {
            if isHeaderLine(at: index) { return index }
            index += 1
        }
        return nil
    }

    private func isHeaderLine(at offset: Int) -> Bool {
        var index = offset
        for expected in Self.headerName {
            guard index < buffer.count, buffer[index] | 0x20 == expected else { return false }
            index += 1
        }
        while index < buffer.count, buffer[index] == 32 { index += 1 }
        let digits = index
        while index < buffer.count, (48...57).contains(buffer[index]) { index += 1 }
        return index > digits && index + 1 < buffer.count && buffer[index] == 13 && buffer[index + 1] == 10
    }

    /// The offset of the `\r\n\r\n` that ends the header block, if it has arrived.
    private func headerEnd() -> Int? {
        var index = start
        let last = min(buffer.count, start + Self.headerLimit + 4) - 4
        while index <= last {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                return index
            }
            index += 1
        }
        return nil
    }

    static func contentLength(_ header: String) -> Result<Int, MalformedHeader> {
        var length: Int?
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: false) {
            guard let colon = line.firstIndex(of: ":") else {
                return .failure(MalformedHeader("a header line without a colon: '\(line.prefix(80))'"))
            }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "content-length" {
                guard let number = Int(value), number >= 0 else {
                    return .failure(MalformedHeader("Content-Length is not a length: '\(value.prefix(80))'"))
                }
                length = number
            }
        }
        guard let length else { return .failure(MalformedHeader("a header block without Content-Length")) }
        return .success(length)
    }

    struct MalformedHeader: Error, Equatable {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            start = 0
        } else if start > 1 << 16, start > buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
    }

    /// `body` framed for sending.
    public static func frame(_ body: Data) -> Data {
        Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}
