import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file a project names (a composition, a subtitle or shader file, media),
/// looked at and read the one way: through symbolic links (shared footage
/// folders, git-annex and Nix name files by links), refusing only what the
/// link finally names when it is not a regular file, and never reading a file
/// past its kind's limit or one that could block (a pipe, a device).
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

    /// What `path` finally names: nil for a regular, readable file (its size
    /// within `limit`), else why not.
    public static func problem(_ path: String, limit: Int = .max) -> Problem? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            return code == ENOENT || code == ENOTDIR ? .missing : .unreadable(reason: String(cString: strerror(code)))
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: break
        default: return .notRegular
        }
        if Int(info.st_size) > limit { return .tooLarge(bytes: Int(info.st_size), limit: limit) }
        guard access(path, R_OK) == 0 else { return .unreadable(reason: String(cString: strerror(errno))) }
        return nil
    }

    /// The bytes of the regular file `path`, at most `limit` of them.
    public static func read(_ path: String, limit: Int) -> Result<Data, Problem> {
        if let problem = problem(path, limit: limit) { return .failure(problem) }
        // Opened without blocking: a file swapped for a FIFO since the look above must not hang the read.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.unreadable(reason: String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable(reason: String(cString: strerror(errno))))
            }
            if count == 0 { return .success(data) }
            data.append(contentsOf: chunk[0..<count])
            // A file that grew past its limit since it was looked at.
            if data.count > limit { return .failure(.tooLarge(bytes: data.count, limit: limit)) }
        }
    }

    /// The UTF-8 text of `path`; nil text when the bytes are not UTF-8.
    public static func text(_ path: String, limit: Int) -> Result<String?, Problem> {
        read(path, limit: limit).map { String(data: $0, encoding: .utf8) }
    }

    /// `limit` bytes in words: "8 MiB", "1 MiB", "512 KiB".
    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0
            ? "\(bytes >> 20) MiB" : bytes >= 1 << 10 && bytes % (1 << 10) == 0 ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
    }
}

/// Where the parser reads the files a project names (compositions, subtitle
/// and shader files): the disk, or the disk with an editor's unsaved buffers
/// over it. Every read is recorded: with the media and fonts the project
/// names, the one list of the files a project reads, which `--watch`, the
/// studio and the language server follow.
public final class ProjectFiles: @unchecked Sendable {
    /// Texts that stand for files (an editor's unsaved buffers), by absolute path.
    private let buffers: [String: String]
    /// The files read, by absolute path, in the order first read.
    public private(set) var read: [String] = []
    private var seen = Set<String>()

    public init(buffers: [String: String] = [:]) {
        self.buffers = buffers
    }

    /// The bytes of `path` (a buffer's when an editor holds one), at most `limit`.
    func data(_ path: String, limit: Int) -> Result<Data, NamedFile.Problem> {
        if seen.insert(path).inserted { read.append(path) }
        if let buffer = buffers[path] {
            let data = Data(buffer.utf8)
            return data.count > limit ? .failure(.tooLarge(bytes: data.count, limit: limit)) : .success(data)
        }
        return NamedFile.read(path, limit: limit)
    }

    /// The UTF-8 text of `path`; nil text when the bytes are not UTF-8.
    func text(_ path: String, limit: Int) -> Result<String?, NamedFile.Problem> {
        data(path, limit: limit).map { String(data: $0, encoding: .utf8) }
    }
}
