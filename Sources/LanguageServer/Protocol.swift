// The subset of the Language Server Protocol 3.17 this server speaks, as the
// specification names its fields.

/// A place in a document: 0-based line, and column in the position encoding's
/// code units (UTF-16 unless the client and server agreed on UTF-8).
public struct Position: Codable, Hashable, Sendable, Comparable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public static func < (a: Position, b: Position) -> Bool { (a.line, a.character) < (b.line, b.character) }

    /// A negative line or column is refused where it is read, so no answer
    /// has to guard against one (a request with it gets an error response).
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        line = try container.decode(Int.self, forKey: .line)
        character = try container.decode(Int.self, forKey: .character)
        guard line >= 0, character >= 0 else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "a position's line and character are 0 or more"))
        }
    }
}

public struct Range: Codable, Hashable, Sendable {
    public var start: Position
    public var end: Position

    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    public func overlaps(_ other: Range) -> Bool { start <= other.end && other.start <= end }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        start = try container.decode(Position.self, forKey: .start)
        end = try container.decode(Position.self, forKey: .end)
        guard start <= end else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "a range ends before it starts"))
        }
    }
}

public struct Location: Codable, Hashable, Sendable {
    public var uri: String
    public var range: Range
}

public struct TextDocumentIdentifier: Codable, Hashable, Sendable {
    public var uri: String
}

public struct TextDocumentItem: Codable, Hashable, Sendable {
    public var uri: String
    public var languageId: String?
    public var version: Int
    public var text: String
}

public struct VersionedTextDocumentIdentifier: Codable, Hashable, Sendable {
    public var uri: String
    public var version: Int?
}

public struct DidOpenTextDocumentParams: Codable, Sendable {
    public var textDocument: TextDocumentItem
}

/// One edit: `range` replaced by `text`, or the whole text when there is no range.
public struct TextDocumentContentChangeEvent: Codable, Hashable, Sendable {
    public var range: Range?
    public var text: String

    public init(range: Range?, text: String) {
        self.range = range
        self.text = text
    }
}

public struct DidChangeTextDocumentParams: Codable, Sendable {
    public var textDocument: VersionedTextDocumentIdentifier
    public var contentChanges: [TextDocumentContentChangeEvent]
}

public struct DidCloseTextDocumentParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
}

public struct TextDocumentPositionParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var position: Position
}

public struct TextDocumentParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
}

public struct CancelParams: Codable, Sendable {
    public var id: RequestID
}

public struct InitializeParams: Codable, Sendable {
    public struct Capabilities: Codable, Sendable {
        public struct General: Codable, Sendable {
            public var positionEncodings: [String]?
        }
        public var general: General?
    }
    public var capabilities: Capabilities?
}

public struct InitializeResult: Codable, Sendable {
    public struct ServerInfo: Codable, Sendable {
        public var name: String
    }
    public var capabilities: ServerCapabilities
    public var serverInfo: ServerInfo
}

public struct ServerCapabilities: Codable, Sendable {
    public struct Sync: Codable, Sendable {
        public var openClose = true
        /// 2: incremental.
        public var change = 2
        public var save = true
    }
    public struct CodeActionOptions: Codable, Sendable {
        public var codeActionKinds = ["quickfix"]
    }
    public struct CompletionOptions: Codable, Sendable {
        public var triggerCharacters = [":", " ", "/", "{"]
    }
    public var positionEncoding: String
    public var textDocumentSync = Sync()
    public var hoverProvider = true
    public var definitionProvider = true
    public var codeActionProvider = CodeActionOptions()
    public var completionProvider = CompletionOptions()
    public var documentSymbolProvider = true
    public var inlayHintProvider = true
}

public struct LSPDiagnostic: Codable, Hashable, Sendable {
    /// 1 error, 2 warning, 3 information, 4 hint.
    public var severity: Int
    public var range: Range
    public var message: String
    public var source = "cutlist"
}

public struct PublishDiagnosticsParams: Codable, Sendable {
    public var uri: String
    public var version: Int?
    public var diagnostics: [LSPDiagnostic]
}

public struct MarkupContent: Codable, Hashable, Sendable {
    public var kind = "markdown"
    public var value: String
}

public struct Hover: Codable, Hashable, Sendable {
    public var contents: MarkupContent
    public var range: Range?
}

public struct TextEdit: Codable, Hashable, Sendable {
    public var range: Range
    public var newText: String
}

public struct WorkspaceEdit: Codable, Hashable, Sendable {
    public var changes: [String: [TextEdit]]
}

public struct CodeActionParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var range: Range
}

public struct CodeAction: Codable, Hashable, Sendable {
    public var title: String
    public var kind = "quickfix"
    public var diagnostics: [LSPDiagnostic]
    public var isPreferred: Bool
    public var edit: WorkspaceEdit
}

public struct CompletionItem: Codable, Hashable, Sendable {
    /// The protocol's kinds used here.
    public enum Kind: Int, Codable, Sendable {
        case value = 12
        case keyword = 14
        case file = 17
        case reference = 18
        case property = 10
        case enumMember = 20
        case variable = 6
    }
    public var label: String
    public var kind: Kind
    public var detail: String?
}

public struct DocumentSymbol: Codable, Hashable, Sendable {
    /// The protocol's kinds used here.
    public enum Kind: Int, Codable, Sendable {
        case file = 1
        case module = 2
        case namespace = 3
        case object = 19
        case event = 24
        case key = 20
        case array = 18
    }
    public var name: String
    public var detail: String?
    public var kind: Kind
    public var range: Range
    public var selectionRange: Range
    public var children: [DocumentSymbol]?
}

public struct InlayHint: Codable, Hashable, Sendable {
    public var position: Position
    public var label: String
    public var paddingLeft = true
}

public struct InlayHintParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var range: Range
}
