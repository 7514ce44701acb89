import Backend
import Foundation
import Workspace
import XCTest

@testable import LanguageServer

/// A server in this process, fed messages and read back as JSON objects, with
/// the project files of one test in a temporary folder.
final class ServerHarness {
    let folder: URL
    private var sent: [Any] = []
    private(set) var server: LanguageServer!
    private var nextID = 1

    init(utf8: Bool = false) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("cutlist-lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        server = LanguageServer(compiler: ProjectCompiler(media: MediaProbe(), checks: RenderChecks())) { [unowned self] data in
            var reader = MessageReader()
            reader.append(data)
            while case .message(let body)? = reader.next() {
                sent.append(try! JSONSerialization.jsonObject(with: body))
            }
        }
        let offered: [String: Any] = utf8 ? ["general": ["positionEncodings": ["utf-8", "utf-16"]]] : [:]
        _ = request("initialize", ["capabilities": offered])
        notify("initialized", [:])
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func uri(_ name: String) -> String { folder.appendingPathComponent(name).absoluteString }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    /// Makes media in the folder with the ffmpeg program.
    func ffmpeg(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-v", "error", "-nostdin", "-y"] + arguments
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "ffmpeg \(arguments)")
    }

    func notify(_ method: String, _ params: [String: Any]) {
        send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// The response's `result` (or its `error`).
    func request(_ method: String, _ params: [String: Any]) -> Any? {
        let id = nextID
        nextID += 1
        send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        let response = sent.compactMap { $0 as? [String: Any] }.first { ($0["id"] as? Int) == id }
        return response?["result"] ?? response?["error"]
    }

    func send(_ message: [String: Any]) {
        let body = try! JSONSerialization.data(withJSONObject: message)
        server.handle(.message(body))
    }

    /// Opens `name` with `text` and runs the diagnostics due; what was published, by document name.
    @discardableResult
    func open(_ name: String, _ text: String) -> [String: [String]] {
        notify("textDocument/didOpen", ["textDocument": ["uri": uri(name), "languageId": "yaml", "version": 1, "text": text]])
        return publishedNow()
    }

    /// Runs all the diagnostics to come; each published diagnostic as `line:col-line:col message`, by document name.
    func publishedNow() -> [String: [String]] { publishedBy(.distantFuture) }

    /// Runs the diagnostics due by `time`; each published as `publishedNow` gives it.
    func publishedBy(_ time: Date) -> [String: [String]] {
        let before = sent.count
        server.runDueWork(now: time)
        var result: [String: [String]] = [:]
        for case let message as [String: Any] in sent[before...]
        where message["method"] as? String == "textDocument/publishDiagnostics" {
            let params = message["params"] as! [String: Any]
            let name = (params["uri"] as! String).replacingOccurrences(of: folder.absoluteString + "/", with: "")
                .replacingOccurrences(of: folder.absoluteString, with: "")
            result[name] = (params["diagnostics"] as! [[String: Any]]).map {
                "\(Self.text(ofRange: $0["range"]!)) \($0["message"]!)"
            }
        }
        return result
    }

    static func text(ofRange range: Any) -> String {
        let range = range as! [String: [String: Int]]
        return
            "\(range["start"]!["line"]!):\(range["start"]!["character"]!)-\(range["end"]!["line"]!):\(range["end"]!["character"]!)"
    }

    func position(_ name: String, line: Int, character: Int) -> [String: Any] {
        ["textDocument": ["uri": uri(name)], "position": ["line": line, "character": character]]
    }

    /// The inlay hints over lines `lines` of NAME, each as `LINE LABEL`.
    func inlayHints(_ name: String, lines: Swift.Range<Int>) -> [String] {
        let range = ["start": ["line": lines.lowerBound, "character": 0], "end": ["line": lines.upperBound, "character": 0]]
        let found = request("textDocument/inlayHint", ["textDocument": ["uri": uri(name)], "range": range]) as? [[String: Any]]
        return (found ?? []).map { "\(($0["position"] as! [String: Int])["line"]!) \($0["label"]!)" }
    }

    /// The hover's text at a place.
    func hover(_ name: String, line: Int, character: Int) -> String? {
        let result = request("textDocument/hover", position(name, line: line, character: character)) as? [String: Any]
        return (result?["contents"] as? [String: Any])?["value"] as? String
    }

    /// `NAME line:col-line:col` of a definition.
    func definition(_ name: String, line: Int, character: Int) -> String? {
        guard let result = request("textDocument/definition", position(name, line: line, character: character)) as? [String: Any]
        else { return nil }
        let target = (result["uri"] as! String).replacingOccurrences(of: folder.absoluteString + "/", with: "")
        return "\(target) \(Self.text(ofRange: result["range"]!))"
    }
}
