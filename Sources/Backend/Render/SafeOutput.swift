import Foundation

/// Writes an output through a temporary file beside it, renamed into place only
/// when complete: a failed or interrupted render leaves any earlier output
/// untouched and no partial file behind.
public struct SafeOutput: Sendable {
    public let destination: String
    public let temporary: String

    /// `destination` must be absolute; the temporary name keeps its extension.
    public init(destination: String) {
        self.destination = destination
        let url = URL(fileURLWithPath: destination)
        let name = url.deletingPathExtension().lastPathComponent
        let ext = url.pathExtension
        temporary =
            url.deletingLastPathComponent()
            .appendingPathComponent(".\(name).\(AbandonedFiles.temporaryTag()).\(ext)").path
    }

    /// Moves the finished temporary file over the destination (atomic on one file system).
    public func commit() throws {
        guard rename(temporary, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw RenderFailure("cannot move the finished render to '\(destination)': \(reason)")
        }
    }

    /// Removes the temporary file, if any.
    public func discard() {
        unlink(temporary)
    }

    /// Removes what renders to the same destination left when they were killed
    /// (`.NAME.partial-HOST-PID-RANDOM.EXT` and its `.chunks` folder), once their process is gone.
    public func removeAbandonedFiles() {
        let url = URL(fileURLWithPath: destination)
        let prefix = ".\(url.deletingPathExtension().lastPathComponent).partial-"
        AbandonedFiles.remove(in: url.deletingLastPathComponent().path) { $0.hasPrefix(prefix) }
    }
}
