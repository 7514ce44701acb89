import EDLParser
import Foundation
import Workspace

/// A language server for Cutlist projects: reads framed JSON-RPC messages,
/// answers requests, and publishes each open document's diagnostics a moment
/// after its last edit. Single-threaded: the caller feeds it messages and runs
/// its due work (`StandardStreams` does both around `poll`).
public final class LanguageServer {
    enum Phase { case starting, running, shutDown }

    private var phase = Phase.starting
    /// Set by `exit`: 0 after `shutdown`, 1 without.
    public private(set) var exitCode: Int32?
    /// What a client that vanishes (end of input) gets: 0 after `shutdown`, else 1.
    public var exitCodeAtEnd: Int32 { phase == .shutDown ? 0 : 1 }

    private let send: (Data) -> Void
    private let compiler: ProjectCompiler
    /// How long diagnostics wait for the next edit when edits come this close together.
    private let debounce: TimeInterval
    private var encoding = PositionEncoding.utf16
    private var documents: [String: Document] = [:]
    private var analyses: [String: DocumentAnalysis] = [:]
    /// When each document's diagnostics are due.
    private var due: [String: Date] = [:]
    /// When each document's text last came (opened or edited).
    private var lastEdit: [String: Date] = [:]
    /// What each document's analysis published, by the document it is about
    /// (itself, or a composition file it reads).
    private var published: [String: [String: [LSPDiagnostic]]] = [:]
    /// Requests cancelled before they were answered.
    private var cancelled: Set<RequestID> = []

    private let decoder = JSONDecoder()
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// `compiler` compiles with the backend's facts and checks, which the program that runs the server gives.
    public init(compiler: ProjectCompiler, debounce: TimeInterval = 0.02, send: @escaping (Data) -> Void) {
        self.compiler = compiler
        self.debounce = debounce
        self.send = send
    }

    // MARK: - Messages

    /// Notes `$/cancelRequest`s among messages about to be handled, so a request
    /// read in the same batch as its cancellation is not worked on.
    public func noteCancellations(in events: [MessageReader.Event]) {
        for case .message(let body) in events {
            guard let header = try? decoder.decode(IncomingHeader.self, from: body), header.method == "$/cancelRequest",
                let params = try? decoder.decode(IncomingParams<CancelParams>.self, from: body)
            else { continue }
            cancelled.insert(params.params.id)
        }
    }

    public func handle(_ event: MessageReader.Event) {
        switch event {
        case .malformed(let reason):
            respond(nil, error: ResponseError(code: ResponseError.parseError, message: "skipped: \(reason)"))
        case .message(let body):
            handle(body)
        }
    }

    /// Forgets cancellations once the messages read with them are handled: a
    /// later request may reuse an id.
    public func finishBatch() { cancelled.removeAll() }

    private func handle(_ body: Data) {
        guard let header = try? decoder.decode(IncomingHeader.self, from: body) else {
            let isJSON = (try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])) != nil
            respond(
                nil,
                error: isJSON
                    ? ResponseError(code: ResponseError.invalidRequest, message: "not a JSON-RPC message")
                    : ResponseError(code: ResponseError.parseError, message: "the message is not JSON"))
            return
        }
        guard let method = header.method else { return }  // a response: this server asks nothing
        if let id = header.id {
            request(method, id: id, body: body)
        } else {
            notification(method, body: body)
        }
    }

    private func request(_ method: String, id: RequestID, body: Data) {
        if phase == .starting, method != "initialize" {
            return respond(
                id, error: ResponseError(code: ResponseError.serverNotInitialized, message: "the server is not initialized"))
        }
        if phase == .shutDown {
            return respond(id, error: ResponseError(code: ResponseError.invalidRequest, message: "the server is shut down"))
        }
        if cancelled.remove(id) != nil {
            return respond(id, error: ResponseError(code: ResponseError.requestCancelled, message: "cancelled"))
        }
        do {
            switch method {
            case "initialize":
                guard phase == .starting else {
                    throw ResponseError(code: ResponseError.invalidRequest, message: "initialize was already sent")
                }
                let params = try decode(InitializeParams.self, body)
                encoding = (params.capabilities?.general?.positionEncodings ?? []).contains("utf-8") ? .utf8 : .utf16
                phase = .running
                respond(
                    id,
                    result: InitializeResult(
                        capabilities: ServerCapabilities(positionEncoding: encoding.rawValue),
                        serverInfo: .init(name: "cutlist")))
            case "shutdown":
                phase = .shutDown
                respond(id, result: JSON.null)
            case "textDocument/hover":
                let params = try decode(TextDocumentPositionParams.self, body)
                respond(id, result: analysis(params.textDocument.uri)?.hover(at: params.position))
            case "textDocument/definition":
                let params = try decode(TextDocumentPositionParams.self, body)
                respond(id, result: analysis(params.textDocument.uri)?.definition(at: params.position))
            case "textDocument/codeAction":
                let params = try decode(CodeActionParams.self, body)
                respond(id, result: analysis(params.textDocument.uri)?.quickFixes(in: params.range) ?? [])
            case "textDocument/completion":
                let params = try decode(TextDocumentPositionParams.self, body)
                respond(id, result: analysis(params.textDocument.uri)?.completions(at: params.position) ?? [])
            case "textDocument/documentSymbol":
                let params = try decode(TextDocumentParams.self, body)
                respond(id, result: analysis(params.textDocument.uri)?.symbols() ?? [])
            case "textDocument/inlayHint":
                let params = try decode(InlayHintParams.self, body)
                respond(id, result: analysis(params.textDocument.uri)?.inlayHints(in: params.range) ?? [])
            default:
                throw ResponseError(code: ResponseError.methodNotFound, message: "unknown method '\(method)'")
            }
        } catch let error as ResponseError {
            respond(id, error: error)
        } catch {
            respond(id, error: ResponseError(code: ResponseError.invalidParams, message: "invalid params: \(error)"))
        }
    }

    private func notification(_ method: String, body: Data) {
        if method == "exit" {
            exitCode = exitCodeAtEnd
            return
        }
        // Before `initialize` notifications are dropped; after `shutdown` only `exit` counts.
        guard phase == .running else { return }
        switch method {
        case "textDocument/didOpen":
            guard let params = try? decode(DidOpenTextDocumentParams.self, body) else { return }
            let item = params.textDocument
            documents[item.uri] = Document(uri: item.uri, version: item.version, text: item.text, encoding: encoding)
            lastEdit[item.uri] = Date()
            due[item.uri] = Date()
            recheckReaders(of: item.uri)
        case "textDocument/didChange":
            guard let params = try? decode(DidChangeTextDocumentParams.self, body),
                var document = documents[params.textDocument.uri]
            else { return }
            document.apply(params.contentChanges, version: params.textDocument.version)
            documents[document.uri] = document
            recheckReaders(of: document.uri)
            // An edit after a pause is checked at once; one close behind the one
            // before waits for the edits to pause, so a burst costs one compile.
            let now = Date()
            let inBurst = lastEdit[document.uri].map { now.timeIntervalSince($0) < debounce } ?? false
            lastEdit[document.uri] = now
            due[document.uri] = inBurst ? now + debounce : now
        case "textDocument/didClose":
            guard let params = try? decode(DidCloseTextDocumentParams.self, body) else { return }
            let uri = params.textDocument.uri
            documents[uri] = nil
            analyses[uri] = nil
            due[uri] = nil
            lastEdit[uri] = nil
            publish(owner: uri, diagnostics: [:])
            // Who read its buffer reads the file on disk again.
            recheckReaders(of: uri)
        case "textDocument/didSave":
            // Another document's compositions may read the saved file.
            for uri in documents.keys where due[uri] == nil { due[uri] = Date() + debounce }
        default:
            break  // `initialized`, `$/cancelRequest` (noted before), and what this server does not use
        }
    }

    private func decode<T: Decodable>(_ type: T.Type, _ body: Data) throws -> T {
        try decoder.decode(IncomingParams<T>.self, from: body).params
    }

    private func respond<Result: Encodable>(_ id: RequestID?, result: Result) {
        write(OutgoingResponse(id: id, result: result, error: nil))
    }

    private func respond(_ id: RequestID?, error: ResponseError) {
        write(OutgoingResponse<JSON>(id: id, result: nil, error: error))
    }

    private func write(_ message: some Encodable) {
        guard let body = try? encoder.encode(message) else { return }
        send(MessageReader.frame(body))
    }

    // MARK: - Diagnostics

    /// When the next diagnostics are due.
    public var nextDeadline: Date? { due.values.min() }

    /// Publishes the diagnostics that are due by `now`.
    public func runDueWork(now: Date = Date()) {
        for (uri, deadline) in due.sorted(by: { $0.value < $1.value }) where deadline <= now {
            due[uri] = nil
            guard let analysis = analysis(uri) else { continue }
            publish(owner: uri, diagnostics: analysis.diagnosticsByDocument())
        }
    }

    /// Replaces what `owner`'s analysis says and sends each document touched
    /// everything all analyses say of it.
    private func publish(owner: String, diagnostics: [String: [LSPDiagnostic]]) {
        let before = published[owner] ?? [:]
        published[owner] = diagnostics.isEmpty ? nil : diagnostics
        var touched = Set(before.keys).union(diagnostics.keys)
        if documents[owner] != nil { touched.insert(owner) }
        for uri in touched.sorted() {
            // A composition file open beside the project that reads it is compiled by both: its errors once.
            var seen = Set<LSPDiagnostic>()
            let all = published.keys.sorted().flatMap { published[$0]?[uri] ?? [] }.filter { seen.insert($0).inserted }
            write(
                OutgoingNotification(
                    method: "textDocument/publishDiagnostics",
                    params: PublishDiagnosticsParams(uri: uri, version: documents[uri]?.version, diagnostics: all)))
        }
    }

    /// Marks out of date the analyses of the open documents that read `uri`'s
    /// file (a project reading a composition being edited), to check again.
    private func recheckReaders(of uri: String) {
        let path = DocumentAnalysis.path(ofURI: uri)
        for (other, analysis) in analyses where other != uri && analysis.compilation.filesRead.contains(path) {
            analyses[other] = nil
            due[other] = Date() + debounce
        }
    }

    /// The analysis of an open document's current text, compiled now if it is
    /// out of date; the other open documents' texts stand for their files.
    private func analysis(_ uri: String) -> DocumentAnalysis? {
        guard let document = documents[uri] else { return nil }
        if let known = analyses[uri], known.document.version == document.version, known.document.text == document.text {
            return known
        }
        var buffers: [String: String] = [:]
        for (other, open) in documents where other != uri { buffers[DocumentAnalysis.path(ofURI: other)] = open.text }
        let analysis = DocumentAnalysis(document: document, compiler: compiler, buffers: buffers)
        analyses[uri] = analysis
        return analysis
    }
}
