import ArgumentParser
import Backend
import Foundation
import LanguageServer
import Workspace

/// `render lsp`: the language server for editors, on standard input and output.
struct LSPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Run the language server (LSP 3.17 on standard input and output) for editors.",
        discussion: "Exit status: 0 after the client's 'shutdown' then 'exit', 1 when it exits or leaves without 'shutdown'.")

    @Option(help: "Milliseconds diagnostics wait for the next edit when edits come closer together than this.")
    var debounce = 20

    func run() throws {
        guard debounce >= 0 else { throw ValidationError("--debounce takes milliseconds, 0 or more") }
        MemoryPolicy.reuseFreedMemory()
        let compiler = ProjectCompiler(media: MediaProbe(), checks: RenderChecks())
        throw ExitCode(StandardStreams.run(compiler: compiler, debounce: Double(debounce) / 1000))
    }
}
