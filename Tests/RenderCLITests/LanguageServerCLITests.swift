import Foundation
import Testing

/// `render lsp` driven by real editors' clients: Neovim's built-in one and
/// pygls's (Python), each running the built `render`.
@Suite struct LanguageServerCLITests {
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/lsp")

    /// Runs a program with a deadline (then kills it); its exit status and output.
    static func run(
        _ program: String, _ arguments: [String], in directory: URL, environment: [String: String] = [:], timeout: Double
    ) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let logs = directory.appendingPathComponent(".logs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: logs) }
        let (output, errors) = (logs.appendingPathComponent("out"), logs.appendingPathComponent("err"))
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("\(program) did not finish within \(timeout) s")
        }
        process.waitUntilExit()
        return (
            process.terminationStatus, (try? String(contentsOf: output, encoding: .utf8)) ?? "",
            (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        )
    }

    @Test func neovimShowsBothErrorsAppliesTheirFixesHoversAnItemAndJumpsToAComposition() throws {
        let folder = try Workspace()
        defer { folder.clean() }
        try folder.makeClip("clip.mp4", seconds: 2)
        try folder.write(
            "edit.yaml",
            """
            cutlist: 1
            output: { path: out.mp4, fps: 25 }
            compositions:
              intro:
                duration: 1s
                tracks: [{ items: [{ color: red, duration: 1s }] }]
            tracks:
              - items:
                  - { composition: intor }
                  - { source: clip.mp4, from: 0.5s, duraton: 1s }

            """)
        let result = try Self.run(
            "nvim", ["--headless", "-u", "NONE", "-i", "NONE", "-n", "+luafile \(Self.scripts.path)/neovim.lua"],
            in: folder.url,
            environment: [
                "CUTLIST_RENDER": CLI.executable.path, "CUTLIST_PROJECT": "edit.yaml",
                "CUTLIST_RESULT": folder.path("result.txt"), "CUTLIST_HOVER": "clip.mp4",
                "CUTLIST_DEFINITION": #"composition: \zsintro"#,
            ], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let seen = String(decoding: folder.data("result.txt") ?? Data(), as: UTF8.self)
        #expect(
            seen == """
                diagnostic 8:23-8:28 unknown composition 'intor' | hint: did you mean 'intro'?
                diagnostic 9:40-9:47 unknown key 'duraton' in an item | hint: did you mean 'duration'?
                action Change 'intor' to 'intro'
                line       - { composition: intro }
                action Change 'duraton' to 'duration'
                line       - { source: clip.mp4, from: 0.5s, duration: 1s }
                diagnostics after the fixes none
                hover **'clip.mp4'**: video h264 160x90, 25 fps; lasts 2s
                hover **On the output**: 00:00:01:00 (frame 25) → 00:00:02:00 (frame 50), 1s (25 frames)
                hover **Source**: 0.5s → 1.5s
                definition 4:2   intro:

                """)
        // What the quick fixes changed is in the buffer, not on disk: the editor saves.
        #expect(String(decoding: folder.data("edit.yaml") ?? Data(), as: UTF8.self).contains("intor"))
    }

    @Test func theNeovimSetUpOfTheDocsWorksInDebiansNeovim() throws {
        let folder = try Workspace()
        defer { folder.clean() }
        // The set-up exactly as docs/editors.md gives it, so the two cannot drift.
        let docs = try String(
            contentsOf: Self.scripts.appendingPathComponent("../../../../docs/editors.md").standardizedFileURL, encoding: .utf8)
        let neovim = try #require(docs.range(of: "## Neovim"))
        let start = try #require(docs.range(of: "```lua\n", range: neovim.upperBound..<docs.endIndex))
        let end = try #require(docs.range(of: "```", range: start.upperBound..<docs.endIndex))
        try folder.write("init.lua", String(docs[start.upperBound..<end.lowerBound]))
        try folder.write("edit.yaml", "cutlist: 1\ntracks:\n  - items:\n      - { color: red, duraton: 1s }\n")
        try folder.write(
            "report.lua",
            """
            vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 20)
            local out = io.open("report.txt", "w")
            for _, d in ipairs(vim.diagnostic.get(0)) do out:write(d.lnum, ":", d.col, " ", (d.message:gsub("\\n", " | ")), "\\n") end
            out:write("clients ", #vim.lsp.get_active_clients(), "\\n")
            out:close()
            vim.cmd("qa!")
            """)
        let bin = CLI.executable.deletingLastPathComponent().path
        let result = try Self.run(
            "nvim", ["--headless", "-u", "init.lua", "-i", "NONE", "-n", "edit.yaml", "+luafile report.lua"],
            in: folder.url, environment: ["PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")],
            timeout: 60)
        #expect(result.status == 0, "\(result)")
        #expect(
            String(decoding: folder.data("report.txt") ?? Data(), as: UTF8.self)
                == "3:22 unknown key 'duraton' in an item | hint: did you mean 'duration'?\nclients 1\n", "\(result)")
    }

    @Test func pyglsFindsTheProtocolsEdgesHandled() throws {
        let folder = try Workspace()
        defer { folder.clean() }
        // `字` is one UTF-16 unit and three UTF-8 bytes, `🎬` two units and four bytes.
        try folder.write("edges.yaml", "cutlist: 1\ntracks:\n  - items:\n      - { text: \"字幕🎬\", duraton: 2s }\n")
        let result = try Self.run(
            "python3", [Self.scripts.appendingPathComponent("protocol_edges.py").path, CLI.executable.path, folder.url.path],
            in: folder.url, timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                before initialize: -32002
                position encoding: utf-16
                split message: 3:24-3:31 unknown key 'duraton' in an item
                malformed JSON: -32700
                malformed header: -32700
                unknown method: -32601
                cancelled: -32800
                exit after shutdown: 0
                exit without shutdown: 1

                """, "\(result.stderr)")
    }

    @Test func anEditorThatLeavesWithoutShutdownGetsOneAndABadDebounceIsAUsageError() throws {
        let folder = try Workspace()
        defer { folder.clean() }
        // Standard input is empty: the client is gone before it said `shutdown`.
        let gone = try folder.render("lsp", timeout: 30)
        #expect(gone.status == 1 && gone.stdout.isEmpty, "\(gone)")
        #expect(gone.stderr.hasPrefix("render lsp: the input ended before the client sent 'shutdown' and 'exit'"), "\(gone)")
        let negative = try folder.render("lsp", "--debounce=-5", timeout: 30)
        #expect(negative.status == 2, "\(negative)")
        #expect(negative.stderr.hasPrefix("Error: --debounce takes milliseconds, 0 or more\n"), "\(negative)")
    }

    @Test func requestsFromAFileAreAnsweredBeforeTheInputEnds() throws {
        let folder = try Workspace()
        defer { folder.clean() }
        let messages = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#, #"{"jsonrpc":"2.0","method":"exit"}"#,
        ]
        try folder.write("requests", messages.map { "Content-Length: \($0.utf8.count)\r\n\r\n\($0)" }.joined())
        let result = try Self.run(
            "sh", ["-c", "exec \"$0\" lsp < requests", CLI.executable.path], in: folder.url, timeout: 30)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""serverInfo":{"name":"cutlist"}"#) && result.stdout.contains(#""id":2"#))
        // Without `exit`, the end of the file ends the server with a word why.
        try folder.write("requests", messages.prefix(1).map { "Content-Length: \($0.utf8.count)\r\n\r\n\($0)" }.joined())
        let unfinished = try Self.run(
            "sh", ["-c", "exec \"$0\" lsp < requests", CLI.executable.path], in: folder.url, timeout: 30)
        #expect(unfinished.status == 1 && unfinished.stdout.contains("serverInfo"), "\(unfinished)")
        #expect(unfinished.stderr.contains("see docs/editors.md"), "\(unfinished)")
    }
}
