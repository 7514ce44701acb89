import Foundation
import Testing

/// What a user sees after running `render`: its standard output, standard
/// error and exit status.
struct CLIResult: CustomStringConvertible {
    var status: Int32
    /// False when the process died by a signal instead of exiting.
    var exited: Bool
    var stdout: String
    var stderr: String
    /// Wall-clock seconds from launch to exit.
    var seconds: Double

    var description: String {
        "status \(status)\(exited ? "" : " (signal)")\n--- stdout\n\(stdout)--- stderr\n\(stderr)---"
    }
}

/// Runs the built `render` executable the way a user does: not on a
/// terminal, with `NO_COLOR` set, so no colour and no progress bar.
enum CLI {
    /// The `render` executable SwiftPM built beside the test bundle.
    static let executable: URL = {
        let candidates = [Bundle.main.executableURL, Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0])]
        for candidate in candidates.compactMap({ $0 }) {
            var directory = candidate.deletingLastPathComponent()
            for _ in 0..<4 {
                let render = directory.appendingPathComponent("render")
                if FileManager.default.isExecutableFile(atPath: render.path) { return render }
                directory = directory.deletingLastPathComponent()
            }
        }
        // Fall back to the package's own build folder.
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return package.appendingPathComponent(".build/debug/render")
    }()

    /// The cache folder's parent for every `render` the tests run (`$XDG_CACHE_HOME`).
    static let cacheHome = FileManager.default.temporaryDirectory.appendingPathComponent("cutlist-cli-cache-\(UUID().uuidString)")
        .path

    /// Runs `render ARGUMENTS` in `directory` and waits for it, at most `timeout` seconds.
    @discardableResult
    static func run(
        _ arguments: [String], in directory: URL, environment: [String: String] = [:], timeout: Double = 60
    ) throws -> CLIResult {
        try RunningCLI(arguments, in: directory, environment: environment).wait(timeout: timeout)
    }
}

/// A `render` process started in the background, its output collected in files
/// (so a chatty command can never block on a full pipe).
final class RunningCLI {
    let process = Process()
    private let outputFile: URL
    private let errorFile: URL
    private let started = Date()

    /// `environment` adds to (or overrides) the test's own environment.
    init(_ arguments: [String], in directory: URL, environment extra: [String: String] = [:]) throws {
        let logs = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        outputFile = logs.appendingPathComponent("stdout")
        errorFile = logs.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.executableURL = CLI.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["TERM"] = "dumb"
        // Chunks go to this test run's own cache, never the user's.
        environment["XDG_CACHE_HOME"] = CLI.cacheHome
        environment.merge(extra) { $1 }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
    }

    var stdoutSoFar: String { (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "" }
    var stderrSoFar: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

    /// Polls until `condition` holds or the process ends; true if it held.
    func waitUntil(timeout: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            if !process.isRunning { return condition() }
            usleep(20_000)
        }
        return condition()
    }

    /// Sends SIGINT, as Ctrl-C does, and waits for the process to end.
    func interrupt(timeout: Double = 20) throws -> CLIResult {
        kill(process.processIdentifier, SIGINT)
        return try wait(timeout: timeout)
    }

    func wait(timeout: Double) throws -> CLIResult {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)  // SIGTERM would be a polite interruption.
            process.waitUntilExit()
            Issue.record("render \(process.arguments ?? []) did not finish within \(timeout) s")
        }
        process.waitUntilExit()
        let result = CLIResult(
            status: process.terminationStatus, exited: process.terminationReason == .exit,
            stdout: stdoutSoFar, stderr: stderrSoFar, seconds: Date().timeIntervalSince(started))
        try? FileManager.default.removeItem(at: outputFile.deletingLastPathComponent())
        return result
    }
}
