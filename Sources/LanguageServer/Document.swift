/// An open document as it is in the editor: its text and version, changed by
/// the client's edits.
public struct Document: Sendable {
    public let uri: String
    public private(set) var version: Int
    public private(set) var text: String
    public private(set) var index: LineIndex

    public init(uri: String, version: Int, text: String, encoding: PositionEncoding = .utf16) {
        self.uri = uri
        self.version = version
        self.text = text
        index = LineIndex(text, encoding: encoding)
    }

    /// Applies the edits in order: each range is in the text as the edits before it left it.
    public mutating func apply(_ changes: [TextDocumentContentChangeEvent], version: Int?) {
        for change in changes {
            if let range = change.range {
                var bytes = index.bytes
                let start = index.offset(of: range.start)
                let end = max(start, index.offset(of: range.end))
                bytes.replaceSubrange(start..<end, with: Array(change.text.utf8))
                text = String(decoding: bytes, as: UTF8.self)
            } else {
                text = change.text
            }
            index = LineIndex(text, encoding: index.encoding)
        }
        if let version { self.version = version }
    }
}
