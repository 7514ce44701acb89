import Backend
import Compiler
import Foundation

/// Encodes the current version's chunks into the cache on a thread of its own:
/// those at and after the playhead first, then the rest. A new version or a
/// jump of the playhead to a chunk not made yet stops the render and starts it
/// again; chunks already in the cache are kept (they are looked up by fingerprint).
final class ChunkScheduler: @unchecked Sendable {
    let session: StudioSession
    let cache: ChunkCache
    let jobs: Int
    /// The joined file each render writes (the studio plays the chunks, not this file).
    let scratch: String
    let log: @Sendable (String) -> Void
    private let finished = NSCondition()
    private var running = true

    init(session: StudioSession, cache: ChunkCache, jobs: Int, scratch: String, log: @escaping @Sendable (String) -> Void) {
        self.session = session
        self.cache = cache
        self.jobs = jobs
        self.scratch = scratch
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
        let changed = session.changed
        while true {
            changed.lock()
            while !session.restart && !session.stopped { changed.wait() }
            if session.stopped { return changed.unlock() }
            session.restart = false
            guard let version = session.version else {
                changed.unlock()
                continue
            }
            let priority = session.priority(of: version)
            changed.unlock()
            render(version, priority: priority)
        }
    }

    private func render(_ version: StudioVersion, priority: [Int]) {
        guard !version.chunks.isEmpty else { return }  // an output not made of chunks (GIF, sound only)
        let session = self.session
        let number = version.number
        // Workers take chunks in priority order: the first `jobs` not made are the ones under way.
        let pending = Pending(
            priority.filter { version.chunks[$0].kind == .render && !cache.contains(version.chunks[$0].fingerprint) })
        let jobs = self.jobs
        @Sendable func markUnderWay() {
            session.encoding(pending.first(jobs), version: number)
        }
        markUnderWay()
        let renderer = ChunkedRenderer(plan: version.plan, cache: cache, jobs: jobs)
        do {
            try FileManager.default.createDirectory(
                atPath: URL(fileURLWithPath: scratch).deletingLastPathComponent().path, withIntermediateDirectories: true)
            try renderer.render(
                to: scratch, priority: priority,
                chunkDone: { event in
                    pending.remove(event.position)
                    session.done(event, version: number)
                    markUnderWay()
                },
                isCancelled: {
                    session.changed.lock()
                    defer { session.changed.unlock() }
                    return session.restart || session.stopped
                })
        } catch let failure as RenderFailure where failure.isCancellation {
            return
        } catch {
            let message = "encoding failed: \(error)"
            log(message)
            session.tell(message)
        }
        try? FileManager.default.removeItem(atPath: scratch)
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
