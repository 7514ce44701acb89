import Foundation
import Testing

/// `render mcp` driven by the reference client (PyPI `mcp`, `ClientSession` over
/// stdio, `Fixtures/mcp/client.py`): the tools, a broken project's diagnostics
/// with their lines, a frame as a PNG of the asked size showing the project's
/// colour, a render that writes a file and reports progress, and paths outside
/// the served folder refused. Garbage on its input gets parse errors, not a crash.
@Suite struct MCPCLITests {
    static let client = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/mcp/client.py").path

    @Test func anAgentChecksLooksAndRendersThroughTheProtocol() throws {
        let space = try Workspace()
        defer { space.clean() }
        try FileManager.default.createDirectory(atPath: space.path("served"), withIntermediateDirectories: true)
        try space.makeClip("clip.mp4")
        try space.write(
            "served/good.yaml",
            "cutlist: 1\noutput: { size: 160x90, fps: 25 }\ntracks:\n  - items: [{ color: \"#ff0000\", duration: 1s }]\n")
        try space.write("served/broken.yaml", "cutlist: 1\ntracks:\n  - items: [{ color: red, duratoin: 1s }]\n")
        try space.write(
            "served/far.yaml",
            "cutlist: 1\noutput: { size: 160x90, fps: 25 }\ntracks:\n  - items: [{ source: ../clip.mp4, to: 1s }]\n")
        let served = URL(fileURLWithPath: space.path("served")).resolvingSymlinksInPath().path
        let lines = try Tool.run("python3", [Self.client, CLI.executable.path, served]).split(separator: "\n")
        let steps = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(steps.count == 6, "\(lines)")
        guard steps.count == 6 else { return }
        #expect(steps[0]["tools"] as? [String] == ["check", "frame", "plan", "render"])
        #expect(steps[1]["check"] as? Bool == true)
        #expect(
            (steps[1]["text"] as? String)?.hasPrefix(
                "\(served)/broken.yaml:3:27: error: unknown key 'duratoin' in an item\n 3 |   - items: [{ color: red, duratoin: 1s }]"
            )
                == true, "\(steps[1])")
        #expect(steps[2]["frame"] as? [Int] == [64, 36] && steps[2]["mime"] as? String == "image/png")
        let pixel = steps[2]["pixel"] as? [Int] ?? []
        #expect(pixel.count == 3 && pixel[0] > 245 && pixel[1] < 10 && pixel[2] < 10, "\(pixel)")
        #expect(steps[3]["render"] as? Bool == false)
        #expect(steps[3]["text"] as? String == "wrote \(served)/out.mp4 (25 frames)")
        #expect((steps[3]["progress"] as? [[Double]])?.last == [25, 25], "\(steps[3])")
        #expect(try Tool.videoFacts(space.path("served/out.mp4")).frames == 25)
        #expect(steps[4]["outside"] as? Bool == true)
        #expect((steps[4]["text"] as? String)?.contains("is outside the folder this server serves") == true)
        #expect(steps[5]["media"] as? Bool == true)
        #expect((steps[5]["text"] as? String)?.contains("clip.mp4', outside the folder this server serves") == true)
        #expect(!space.exists("served/far.mp4"))
    }

    @Test func garbageOnItsInputGetsParseErrorsAndTheServerGoesOn() throws {
        let space = try Workspace()
        defer { space.clean() }
        let initialize =
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["mcp", "--root", space.path(".")]
        let (input, output) = (Pipe(), Pipe())
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("garbage\n{not json\n[1,2,3]\n".utf8) + Data([0, 0xff, 0xfe, 10]))
        input.fileHandleForWriting.write(Data((initialize + "\n").utf8))
        // As a client does: the answer to `initialize` is awaited, then the input closed.
        let answered = DispatchSemaphore(value: 0)
        let received = Received()
        DispatchQueue.global().async {
            while case let chunk = output.fileHandleForReading.availableData, !chunk.isEmpty {
                received.append(chunk)
                if received.text.contains("\"serverInfo\"") { answered.signal() }
            }
            answered.signal()
        }
        #expect(answered.wait(timeout: .now() + 30) == .success)
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        let answers = received.text
        #expect(process.terminationStatus == 0)
        let lines = answers.split(separator: "\n")
        #expect(lines.filter { $0.contains("\"code\":-32700") }.count == 4, "\(answers)")
        #expect(lines.contains { $0.contains("\"id\":1") && $0.contains("\"serverInfo\"") }, "\(answers)")
    }
}

/// Bytes a reader thread collects while the test waits.
private final class Received: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ chunk: Data) { lock.withLock { data.append(chunk) } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}
