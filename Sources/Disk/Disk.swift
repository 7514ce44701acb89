import EDLParser
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The files a project names, on this machine's disk, looked at and read the
/// one way: through symbolic links (shared footage folders, git-annex and Nix
/// name files by links), refusing only what the link finally names when it is
/// not a regular file, and never reading a file past its kind's limit or one
/// that could block (a pipe, a device). The one place files come in: the
/// parser reads through it (`ProjectFiles`), `Workspace` looks at media with it.
public struct Disk: FileReader {
    public init() {}

    /// What `path` finally names: nil for a regular, readable file (its size
    /// within `limit`), else why not.
    public func problem(_ path: String, limit: Int = .max) -> NamedFile.Problem? {
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
    public func read(_ path: String, limit: Int) -> Result<Data, NamedFile.Problem> {
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
}

extension ProjectFiles {
    /// The disk, with an editor's unsaved `buffers` (by absolute path) over it.
    public static func disk(buffers: [String: String] = [:]) -> ProjectFiles {
        ProjectFiles(source: Disk(), buffers: buffers)
    }
}
