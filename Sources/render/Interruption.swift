import Dispatch
import Foundation
import Synchronization

/// SIGINT and SIGTERM ask a render to stop; it then cleans up and exits with 130
/// instead of dying by the signal.
enum Interruption {
    private static let requested = Atomic<Bool>(false)
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// Starts catching the signals (once, before rendering).
    static func install() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { requested.store(true, ordering: .relaxed) }
            source.resume()
            sources.append(source)
        }
    }

    static var isRequested: Bool { requested.load(ordering: .relaxed) }
}
