import Foundation

/// Writes an output through a temporary file beside it (see `TemporaryFile`),
/// renamed into place only when complete: a failed or interrupted render
/// leaves any earlier output untouched and no partial file behind.
public struct SafeOutput: Sendable {
    private let file: TemporaryFile

    public var destination: String { file.destination }
    /// Where the render writes: `.NAME.partial-HOST-PID-RANDOM.EXT` beside the destination.
    public var temporary: String { file.path }

    /// `destination` must be absolute; the temporary name keeps its extension.
    public init(destination: String) {
        let url = URL(fileURLWithPath: destination)
        file = TemporaryFile(
            for: destination, in: url.deletingLastPathComponent().path,
            prefix: "." + url.deletingPathExtension().lastPathComponent, suffix: "." + url.pathExtension)
    }

    /// Puts the finished temporary file in place of the destination.
    public func commit() throws {
        do {
            try file.commit()
        } catch {
            throw RenderFailure("cannot move the finished render to '\(destination)': \(error.reason)")
        }
    }

    /// Removes the temporary file, if any.
    public func discard() {
        file.discard()
    }

    /// Removes what renders to the same destination left when they were killed
    /// (`.NAME.partial-HOST-PID-RANDOM.EXT` and its `.chunks` folder), once their process is gone.
    public func removeAbandonedFiles() {
        let url = URL(fileURLWithPath: destination)
        let prefix = ".\(url.deletingPathExtension().lastPathComponent).partial-"
        AbandonedFiles.remove(in: url.deletingLastPathComponent().path) { $0.hasPrefix(prefix) }
    }
}
