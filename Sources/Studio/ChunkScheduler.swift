import Backend
import Compiler
import Foundation

/// Encodes the current version's chunks and sound segments into the cache on a
/// thread of its own, from the one layout its media holds: those at and after
/// the playhead first, then the rest; no file is joined (the page plays the
/// cache). A new version or a jump of the playhead to a chunk not made yet
/// stops the encoding and starts it again; what is in the cache is kept (it is
/// looked up by fingerprint).
final class ChunkScheduler: @unchecked Sendable {
    let session: StudioSession
    let cache: ChunkCache
    let jobs: Int
    let log: @Sendable (String) -> Void
    private let finished = NSCondition()
    private var running = true

    init(session: StudioSession, cache: ChunkCache, jobs: Int, log: @escaping @Sendable (String) -> Void) {
        self.session = session
        self.cache = cache
        self.jobs = jobs
        self.log = log
    }

    func start() {
        let thread = Thread { [self] in
            loop()
            finished.lock()
            running = false
            finished.broadcast()
            finished.unlock()
        }
        thread.name = "studio encoder"
        thread.start()
    }

    /// Waits for the thread to end after `session.stop()`.
    func wait() {
        finished.lock()
        while running { finished.wait() }
        finished.unlock()
    }

    private func loop() {
        while let (version, priority) = session.nextWork() { fill(version, priority: priority) }
    }

    private func fill(_ version: StudioVersion, priority: [Int]) {
        guard let executor = version.executor, !version.chunks.isEmpty else { return }
        let session = self.session
        let number = version.number
        // Workers take chunks in priority order: the first `jobs` not made are the ones under way.
        let pending = Pending(
            priority.filter { version.chunks[$0].kind == .render && !cache.chunks.contains(version.chunks[$0].fingerprint) })
        let jobs = self.jobs
        @Sendable func markUnderWay() {
            session.encoding(pending.first(jobs), version: number)
        }
        markUnderWay()
        let chunkDone: @Sendable (ChunkEvent) -> Void = { event in
            pending.remove(event.position)
            session.done(event, version: number)
            markUnderWay()
        }
        let isCancelled: @Sendable () -> Bool = { session.workIsStale }
        do {
            // Also for an output the page cannot play: its chunks are made, for the strip and `render`.
            try executor.fill(priority: priority, chunkDone: chunkDone, isCancelled: isCancelled)
        } catch let failure as RenderFailure where failure.isCancellation {
            return
        } catch {
            let message = "encoding failed: \(error)"
            log(message)
            session.tell(message)
        }
    }
}

/// The chunks of a render not made yet, in the order the workers take them.
private final class Pending: @unchecked Sendable {
    private let lock = NSLock()
    private var positions: [Int]

    init(_ positions: [Int]) { self.positions = positions }

    func remove(_ position: Int) { lock.withLock { positions.removeAll { $0 == position } } }
    func first(_ count: Int) -> [Int] { lock.withLock { Array(positions.prefix(count)) } }
}
