import AgentServer
import ArgumentParser
import Backend
import Foundation

/// `render mcp`: the Model Context Protocol server for agents, on standard input and output.
struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve Cutlist to agents: the Model Context Protocol on standard input and output.",
        discussion: """
            Tools: check, plan, frame (a PNG) and render (with progress), each run on a project in the \
            served folder, with the diagnostics the command line prints. Paths outside the folder are refused.
            """)

    @Option(help: "The folder whose projects, media and outputs the server may read and write.")
    var root = "."

    func run() throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
            throw ValidationError("--root takes a folder, and '\(root)' is none")
        }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let folder = URL(fileURLWithPath: root, isDirectory: true)
        let failure = MCPFailure()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                try await AgentServer.run(root: folder, executable: executable, version: LibraryVersions.text)
            } catch {
                failure.error = error
            }
            done.signal()
        }
        done.wait()
        if let error = failure.error {
            Terminal.printError("error: the MCP server stopped: \(Terminal.describe(error))")
            throw ExitCode(1)
        }
    }
}

private final class MCPFailure: @unchecked Sendable {
    var error: (any Error)?
}
