import Backend
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
        // Signals wait until the child's id is where the handlers look for it.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
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
        // The child starts with the signals unblocked and at their default actions.
        let started = ChildSpawn.start(
            ["/usr/bin/env"] + arguments, stdout: .discard, stderr: .pipe(read: pipe[0], write: pipe[1]),
            defaultSignals: [SIGINT, SIGTERM])
        close(pipe[1])
        if case .success(let pid) = started { running.store(pid, ordering: .relaxed) }
        pthread_sigmask(SIG_SETMASK, &blocked, nil)
        let pid: pid_t
        switch started {
        case .success(let started): pid = started
        case .failure(let error): throw Failure(code: error.code.rawValue)
        }
        defer { running.store(0, ordering: .relaxed) }

        // Standard error is read as it comes, so a chatty child never blocks on a full pipe.
        let collected = Collected()
        let reader = FileHandle(fileDescriptor: pipe[0], closeOnDealloc: false)
        DispatchQueue.global().async {
            collected.data = reader.readDataToEndOfFile()
            collected.done.signal()
        }
        guard let status = ChildSpawn.wait(pid, until: Date().addingTimeInterval(timeLimit), interval: 0.02) else {
            return Outcome(status: nil, errors: collected.text)
        }
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
