import ArgumentParser
import Backend
import Compiler
import EDLParser
import Foundation
import Studio

/// `render studio`: serves a page that plays the project, draws its timeline
/// and follows every save.
struct StudioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "studio",
        abstract: "Preview a project in a web page that follows every save (Ctrl-C stops).")

    @Argument(help: "The project file.")
    var project: String

    @Option(help: "The port to listen on (0: any free port).")
    var port: Int = 8470

    @Option(help: "The address to listen on; anything but the loopback reaches other machines.")
    var host = "127.0.0.1"

    @Option(help: "preview (a quarter of the pixels, the fastest preset) or full (as `render` writes).")
    var quality = Quality.preview

    enum Quality: String, ExpressibleByArgument, CaseIterable { case preview, full }

    @OptionGroup var variables: VariableOptions

    @Option(
        help: ArgumentHelp(
            "How an item's place opens in an editor: a URL or a command, with {file}, {line} and {column} "
                + "(default: vscode://file{file}:{line}:{column}).", valueName: "TEMPLATE"))
    var editor: String?

    @Option(help: "Chunks encoded in parallel (default: one per core).")
    var jobs: Int?

    @OptionGroup var cacheOptions: CacheOptions<RenderingCache>

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port takes 0 to 65535, not \(port)") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs takes a number of workers, 1 or more, not \(jobs)") }
    }

    func run() throws {
        if !Self.isLoopback(host) {
            Terminal.printError(
                "warning: listening on \(host): other machines can reach the studio and read the project's pictures")
        }
        let options = Studio.Options(
            host: host, port: port, editor: editor, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        let scratch = NSTemporaryDirectory() + "cutlist-studio-cache-\(ProcessInfo.processInfo.processIdentifier)"
        try cacheOptions.using(scratch: scratch) { cache in
            let studio = Studio(
                options: options, project: project, overrides: try ProjectLoader.overrides(variables.assignments),
                preview: quality == .preview, cache: cache, log: { Terminal.printError($0) })
            let failure = Failure()
            let done = DispatchSemaphore(value: 0)
            Task {
                do {
                    try await studio.run(
                        listening: { url in FileHandle.standardOutput.write(Data("studio: \(url) (Ctrl-C stops)\n".utf8)) },
                        isCancelled: { Interruption.isRequested })
                } catch {
                    failure.error = error
                }
                done.signal()
            }
            done.wait()
            if let error = failure.error {
                let reason = Terminal.describe(error)
                // NIO says it as `bind(descriptor:ptr:bytes:): Address already in use) (errno: 98)`.
                if reason.contains("Address already in use") {
                    Terminal.printError(
                        "error: the studio cannot serve on \(host):\(port): another program uses that port; "
                            + "give another with --port, or --port 0 for any free one")
                } else {
                    Terminal.printError("error: the studio cannot serve on \(host):\(port): \(reason)")
                }
                throw ExitCode(1)
            }
        }
        Terminal.printError("studio: stopped")
        throw ExitCode(130)
    }

    private final class Failure: @unchecked Sendable {
        var error: Error?
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
