import Backend
import Foundation

/// SIGINT and SIGTERM ask a render to stop; it then cleans up and exits with 130
/// instead of dying by the signal. The signal is kept in the backend's
/// `Interrupt`, which long work checks (a shader's bands of rows).
///
/// `render` starts this program with both signals blocked (Sources/launcher):
/// one that comes while its libraries load waits. The handler is installed
/// first thing in `main`, which then unblocks them, so such a signal, or one
/// while the command line is read, is not lost and does not kill the process
/// half-way; commands that do not render put the default action back
/// (`restoreDefault`), dying at once by a signal that already came.
enum Interruption {

    /// Starts catching the signals. A parent may have started the process with
    /// them blocked (the mask is inherited); unblocked here, before any thread
    /// starts, so every thread can take them.
    static func install() {
        var set = sigset_t()
        sigemptyset(&set)
        for signalNumber in [SIGINT, SIGTERM] {
            // Only an atomic store: safe in a signal handler.
            signal(signalNumber) { number in Interrupt.received.store(number, ordering: .relaxed) }
            sigaddset(&set, signalNumber)
        }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// The default action again, for commands that do not render.
    static func restoreDefault() {
        for signalNumber in [SIGINT, SIGTERM] { signal(signalNumber, SIG_DFL) }
        let number = Interrupt.received.load(ordering: .relaxed)
        if number != 0 { raise(number) }
    }

    static var isRequested: Bool { Interrupt.received.load(ordering: .relaxed) != 0 }
}
