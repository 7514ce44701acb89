import Foundation

/// A file a project names (a composition, a subtitle or shader file, media):
/// why it cannot be read. The parser reads no file itself: it asks a
/// `FileReader` (the `Disk` module's, or a test's) through `ProjectFiles`.
public enum NamedFile {
    /// Why a named file cannot be read, as the end of a sentence about it
    /// ("'a.srt' is a directory, not a file").
    public enum Problem: Error, Equatable, Sendable {
        case missing
        case directory
        /// A FIFO, socket or device: reading one would block or never end.
        case notRegular
        case tooLarge(bytes: Int, limit: Int)
        case unreadable(reason: String)

        public var description: String {
            switch self {
            case .missing: return "does not exist"
            case .directory: return "is a directory, not a file"
            case .notRegular: return "is not a regular file (a pipe, socket or device)"
            case .tooLarge(let bytes, let limit): return "is \(bytes) bytes, over the limit of \(NamedFile.size(limit))"
            case .unreadable(let reason): return "cannot be read (\(reason))"
            }
        }
    }

    /// `limit` bytes in words: "8 MiB", "1 MiB", "512 KiB".
    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0
            ? "\(bytes >> 20) MiB" : bytes >= 1 << 10 && bytes % (1 << 10) == 0 ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
    }
}

/// Where files come from: the disk, in the programs (`Disk`).
public protocol FileReader: Sendable {
    /// The bytes of the regular file `path`, at most `limit` of them, or why not.
    func read(_ path: String, limit: Int) -> Result<Data, NamedFile.Problem>
}

/// Where the parser reads the files a project names (compositions, subtitle
/// and shader files): a `FileReader`, with an editor's unsaved buffers over
/// it. Every read is recorded: with the media and fonts the project
/// names, the one list of the files a project reads, which `--watch`, the
/// studio and the language server follow.
public final class ProjectFiles: @unchecked Sendable {
    private let source: any FileReader
    /// Texts that stand for files (an editor's unsaved buffers), by absolute path.
    private let buffers: [String: String]
    /// The files read, by absolute path, in the order first read.
    public private(set) var read: [String] = []
    private var seen = Set<String>()

    public init(source: any FileReader, buffers: [String: String] = [:]) {
        self.source = source
        self.buffers = buffers
    }

    /// The bytes of `path` (a buffer's when an editor holds one), at most `limit`.
    func data(_ path: String, limit: Int) -> Result<Data, NamedFile.Problem> {
        if seen.insert(path).inserted { read.append(path) }
        if let buffer = buffers[path] {
            let data = Data(buffer.utf8)
            return data.count > limit ? .failure(.tooLarge(bytes: data.count, limit: limit)) : .success(data)
        }
        return source.read(path, limit: limit)
    }

    /// The UTF-8 text of `path`; nil text when the bytes are not UTF-8.
    func text(_ path: String, limit: Int) -> Result<String?, NamedFile.Problem> {
        data(path, limit: limit).map { String(data: $0, encoding: .utf8) }
    }
}
