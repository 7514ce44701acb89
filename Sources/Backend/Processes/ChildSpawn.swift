import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// How Cutlist starts a helper program and waits for it: standard input from
/// `/dev/null`, no signal blocked in the child (a caller may block SIGINT and
/// SIGTERM to take them on a thread of its own), and a deadline after which
/// the child is killed. The shader checker and `otioconvert` are started so.
public enum ChildSpawn {
    /// Where a standard stream of the child goes.
    public enum Stream {
        case discard
        /// A file, made or emptied.
        case file(String)
        /// The write end of a pipe whose read end the parent keeps.
        case pipe(read: Int32, write: Int32)
    }

    /// Starts `arguments` (the first names the program, by its path), with
    /// `defaultSignals` at their default actions in the child. The child's id,
    /// or the error number.
    public static func start(
        _ arguments: [String], stdout: Stream, stderr: Stream, defaultSignals: [Int32] = []
    ) -> Result<pid_t, POSIXError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (descriptor, stream) in [(Int32(1), stdout), (2, stderr)] {
            switch stream {
            case .discard:
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_WRONLY, 0)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            case .pipe(let read, let write):
                posix_spawn_file_actions_adddup2(&actions, write, descriptor)
                posix_spawn_file_actions_addclose(&actions, read)
                posix_spawn_file_actions_addclose(&actions, write)
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in defaultSignals { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, arguments[0], &actions, &attributes, argv, environ)
        guard spawned == 0 else { return .failure(POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL)) }
        return .success(child)
    }

    /// Waits for `child` to end, polling every `interval` seconds: its wait
    /// status; nil when `deadline` passed or `stop` said so first, and the
    /// child was killed (and reaped) then.
    public static func wait(
        _ child: pid_t, until deadline: Date, interval: Double, stop: () -> Bool = { false }
    ) -> Int32? {
        var status: Int32 = 0
        while waitpid(child, &status, WNOHANG) == 0 {
            if Date() > deadline || stop() {
                kill(child, SIGKILL)
                waitpid(child, &status, 0)
                return nil
            }
            usleep(useconds_t(interval * 1_000_000))
        }
        return status
    }
}
