import Foundation

/// Where output goes, and whether it is a terminal (colour and progress bars only then).
enum Terminal {
    static var standardErrorIsTerminal: Bool {
        isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    static func printError(_ text: String, terminator: String = "\n") {
        FileHandle.standardError.write(Data((text + terminator).utf8))
    }
}
