import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one way Cutlist puts a file in place: written under a temporary name
/// (`PREFIX.partial-HOST-PID-RANDOM`, see `AbandonedFiles`), flushed to disk,
/// then renamed over the destination, which is atomic on one file system.
/// Readers find the earlier file or the whole new one, never part of one,
/// even after a crash or a power cut.
struct TemporaryFile: Sendable {
    /// Where the file is written until `commit()`.
    let path: String
    /// Where `commit()` puts it.
    let destination: String

    /// A system call's failure; callers say what failed, `reason` says why.
    struct Failure: Error {
        var code: Int32
        var reason: String { String(cString: strerror(code)) }
    }

    /// The temporary file for `destination`, in `folder` (which must be on the
    /// destination's file system), named `PREFIX.partial-HOST-PID-RANDOM` then `suffix`.
    init(for destination: String, in folder: String, prefix: String, suffix: String = "") {
        self.destination = destination
        path = (folder.hasSuffix("/") ? folder : folder + "/") + prefix + "." + AbandonedFiles.temporaryTag() + suffix
    }

    /// Writes `data` as the whole file and commits it.
    func write(_ data: Data) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(code: errno) }
        let failure = data.withUnsafeBytes { bytes -> Int32 in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
                guard written >= 0 else {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
        try finish(descriptor, failure: failure)
    }

    /// Commits what was written at `path` by other means (an encoder's muxer).
    func commit() throws(Failure) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let failure = Failure(code: errno)
            discard()
            throw failure
        }
        try finish(descriptor, failure: 0)
    }

    /// Removes the temporary file, if any.
    func discard() {
        unlink(path)
    }

    /// Flushes and closes `descriptor`, then renames the file into place; on
    /// any failure (`failure` is one already met) the temporary file is removed.
    private func finish(_ descriptor: Int32, failure: Int32) throws(Failure) {
        var failure = failure
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(path, destination) != 0 { failure = errno }
        guard failure == 0 else {
            discard()
            throw Failure(code: failure)
        }
    }
}
