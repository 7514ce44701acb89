import Foundation
import Synchronization

/// A helper program (`otioconvert`) that ends with render: it runs in render's
/// process group (a Ctrl-C at the terminal reaches both), is killed when
/// render is sent SIGINT or SIGTERM (render then dies by that signal), when
/// it outlives its time limit, and before `run` returns on any path.
/// Foundation's `Process` puts a child in a group of its own, which survived
/// render being interrupted.
enum ChildProcess {
    /// The running child's process id, 0 when none: read by the signal handlers.
    private static let running = Atomic<Int32>(0)

    struct Outcome {
        /// The exit status; nil when the child was stopped at its time limit.
        var status: Int32?
        /// What it wrote to standard error.
        var errors: String
    }

    struct Failure: Error {
        var code: Int32
    }

    /// Runs `arguments` (the program found on the `PATH` by `/usr/bin/env`), its
    /// standard output discarded, for at most `timeLimit` seconds.
    static func run(_ arguments: [String], timeLimit: Double) throws(Failure) -> Outcome {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { throw Failure(code: errno) }
        defer { close(pipe[0]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 2)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        posix_spawn_file_actions_addclose(&actions, pipe[1])
        // The child starts with the signals unblocked and at their default actions.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        // Signals wait until the child's id is where the handlers look for it.
        var blocked = sigset_t()
        pthread_sigmask(SIG_BLOCK, &defaults, &blocked)
        let previous = [SIGINT, SIGTERM].map { number in
            signal(number) { number in
                let child = ChildProcess.running.load(ordering: .relaxed)
                if child > 0 { kill(child, SIGKILL) }
                signal(number, SIG_DFL)
                raise(number)
            }
        }
        defer {
            for (number, handler) in zip([SIGINT, SIGTERM], previous) { signal(number, handler) }
        }
        let argv = (["/usr/bin/env"] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, environ)
        close(pipe[1])
        if spawned == 0 { running.store(pid, ordering: .relaxed) }
        pthread_sigmask(SIG_SETMASK, &blocked, nil)
        guard spawned == 0 else { throw Failure(code: spawned) }
        var status: Int32 = 0
        var reaped = false
        defer {
            running.store(0, ordering: .relaxed)
            if !reaped {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
            }
        }

        // Standard error is read as it comes, so a chatty child never blocks on a full pipe.
        let collected = Collected()
        let reader = FileHandle(fileDescriptor: pipe[0], closeOnDealloc: false)
        DispatchQueue.global().async {
            collected.data = reader.readDataToEndOfFile()
            collected.done.signal()
        }
        let deadline = Date().addingTimeInterval(timeLimit)
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard Date() < deadline else {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                reaped = true
                return Outcome(status: nil, errors: collected.text)
            }
            usleep(20_000)
        }
        reaped = true
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Outcome(status: code, errors: collected.text)
    }

    /// Standard error as the reading thread leaves it.
    private final class Collected: @unchecked Sendable {
        var data = Data()
        let done = DispatchSemaphore(value: 0)

        /// What was read, waiting a moment for the end (a grandchild may hold the pipe open).
        var text: String {
            guard done.wait(timeout: .now() + 1) == .success else { return "" }
            return String(decoding: data, as: UTF8.self)
        }
    }
}
