import Compiler

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Size, modification time and inode of a regular, readable file: while they
/// stay the same, the file's content hash is taken to be the same.
struct FileIdentity: Hashable, Sendable {
    var size: Int64
    /// Nanoseconds since 1970.
    var modificationTime: Int64
    var device: UInt64
    var inode: UInt64

    init(path: String) throws(MediaProbeError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: throw MediaProbeError("'\(path)' does not exist")
            case EACCES: throw MediaProbeError("'\(path)' cannot be read (permission denied)")
            default: throw MediaProbeError("'\(path)' cannot be read (\(String(cString: strerror(code))))")
            }
        }
        if info.st_mode & S_IFMT == S_IFDIR { throw MediaProbeError("'\(path)' is a directory, not a media file") }
        // A FIFO, socket or device would block reading (or never end): only files are media.
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw MediaProbeError("'\(path)' is not a regular file (a pipe, socket or device), so it cannot be a media file")
        }
        guard access(path, R_OK) == 0 else { throw MediaProbeError("'\(path)' cannot be read (permission denied)") }
        size = Int64(info.st_size)
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        #if canImport(Darwin)
            modificationTime = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
            modificationTime = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
    }

    /// Size, modification time, device and inode, one per line: what a
    /// remembered fact about the file is valid for.
    var key: String { "\(size)\n\(modificationTime)\n\(device)\n\(inode)" }
}
