import Foundation
import Testing

/// Ctrl-C or a scheduler's SIGTERM ends a render with status 130 and no
/// output, however early it comes: also while the program's libraries are
/// still being loaded, before any of its code runs (tens of milliseconds).
@Suite struct InterruptionCLITests {
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalInTheFirstMillisecondsEndsWith130(signal: Int32) throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write(
            "edit.yaml", "cutlist: 1\noutput: { size: 160x90, fps: 25 }\ntracks:\n  - items: [{ color: red, duration: 20s }]\n")
        for delay: useconds_t in [5_000, 10_000, 20_000, 30_000] {
            for _ in 0..<5 {
                let process = try Self.spawn(
                    [
                        CLI.executable.path, space.path("edit.yaml"), "-o", space.path("out.mp4"), "--progress", "none",
                        "--no-cache",
                    ])
                usleep(delay)
                kill(process, signal)
                var status: Int32 = 0
                waitpid(process, &status, 0)
                let exited = status & 0x7f == 0
                #expect(exited && (status >> 8) & 0xff == 130, "signal \(signal) after \(delay / 1000) ms: status \(status)")
            }
        }
        #expect(!space.exists("out.mp4"))
    }

    /// Starts `arguments` as a shell would: SIGINT and SIGTERM unblocked and at
    /// their default action (a test runner's threads may block them, and a child
    /// started by Foundation's Process inherits that mask).
    static func spawn(_ arguments: [String]) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = CLI.cacheHome
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var process: pid_t = 0
        let failed = posix_spawn(&process, arguments[0], &actions, &attributes, argv, envp)
        guard failed == 0 else { throw Tool.Failure(description: "posix_spawn: \(String(cString: strerror(failed)))") }
        return process
    }
}
