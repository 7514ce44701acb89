import Foundation

/// Where output goes, and whether it is a terminal (colour and progress bars only then).
enum Terminal {
    static var standardErrorIsTerminal: Bool {
        isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    static func printError(_ text: String, terminator: String = "\n") {
        FileHandle.standardError.write(Data((text + terminator).utf8))
    }

    /// An error in a user's words: Foundation's file errors as the file and the
    /// system's reason ("'out': File exists"), not their domain, code and user info.
    static func describe(_ error: Error) -> String {
        let found = error as NSError
        guard found.domain == NSCocoaErrorDomain || found.domain == NSPOSIXErrorDomain else { return "\(error)" }
        let path = found.userInfo[NSFilePathErrorKey] as? String ?? (found.userInfo[NSURLErrorKey] as? URL)?.path
        let underlying = found.userInfo[NSUnderlyingErrorKey] as? NSError
        let code =
            found.domain == NSPOSIXErrorDomain ? found.code : underlying?.domain == NSPOSIXErrorDomain ? underlying?.code : nil
        let reason =
            code.map { String(cString: strerror(Int32($0))) }
            ?? found.localizedDescription.replacingOccurrences(of: "The operation could not be completed. ", with: "")
        return path.map { "'\($0)': \(reason)" } ?? reason
    }
}
