import Compiler
import Foundation
import Synchronization

/// What a worker encodes into the cache: a chunk's pictures or a sound segment.
enum ChunkWork: Sendable {
    case chunk(Chunk)
    case sound(SoundSegment)

    var fingerprint: String {
        switch self {
        case .chunk(let chunk): return chunk.fingerprint
        case .sound(let segment): return segment.fingerprint
        }
    }

    var chunk: Chunk? {
        if case .chunk(let chunk) = self { return chunk }
        return nil
    }

    var sound: SoundSegment? {
        if case .sound(let segment) = self { return segment }
        return nil
    }

    /// Frames it draws, by which the work is shared out: a sound segment costs
    /// about as much as a frame.
    var frames: Int {
        switch self {
        case .chunk(let chunk): return chunk.frames.count
        case .sound: return 1
        }
    }
}

/// Encodes chunks and sound segments on `jobs` threads, each with its own
/// compositor, decoders and encoders, and stores them in the cache. The threads
/// start at once; the join follows behind them (`waitUntilEncoded`), copying
/// each piece's packets as soon as it is in the cache.
///
/// In `.timeline` order each worker takes a contiguous run of the work, so
/// its decoders read forward from one chunk into the next; a worker that runs
/// out takes work from the end of the longest run left. In `.given` order
/// every worker takes the next piece of the list, so they finish about in the
/// order the caller put first.
final class ChunkWorkers: Sendable {
    enum Order { case timeline, given }

    private let encoder: ChunkEncoder
    private let queue: WorkQueue
    private let group = DispatchGroup()

    /// `encoded` runs on the worker's thread with the index of each piece once it is in the cache.
    init(
        encoder: ChunkEncoder, work: [ChunkWork], jobs: Int, order: Order = .timeline,
        encoded: @escaping @Sendable (Int) -> Void = { _ in }, isCancelled: @escaping @Sendable () -> Bool
    ) {
        self.encoder = encoder
        let workers = min(max(jobs, 1), work.count)
        queue = WorkQueue(work: work, workers: workers, order: order)
        for worker in 0..<workers {
            group.enter()
            let thread = Thread { [encoder, work, queue, group] in
                defer { group.leave() }
                do {
                    try encoder.run(worker: worker, work: work, queue: queue, isCancelled: isCancelled) { index in
                        queue.markEncoded(index)
                        encoded(index)
                    }
                } catch {
                    queue.fail(error)
                }
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Frames encoded so far.
    var framesDone: Int64 { queue.framesDone }

    /// Blocks until piece `index` of the work given is in the cache; throws the
    /// first worker's failure. `poll` is called about every 100 ms meanwhile.
    func waitUntilEncoded(_ index: Int, poll: () -> Void) throws {
        while try !queue.wait(for: index, until: Date(timeIntervalSinceNow: 0.1)) { poll() }
    }

    /// Stops handing out work (after a failure elsewhere) and waits for the threads to end.
    func stop() {
        queue.fail(RenderFailure.cancelled)
        group.wait()
    }

    /// Waits for every thread to end; throws the first failure.
    func finish() throws {
        group.wait()
        if let failure = queue.failure { throw failure }
    }
}

/// Draws and encodes chunks, and mixes and encodes sound segments, into the cache.
struct ChunkEncoder: Sendable {
    let plan: RenderPlan
    let cache: ChunkCache
    /// Set when other chunks are copied from sources: encode to fit beside them.
    var copy: CopyStream?
    /// The workers are the parallelism: each decoder gets one thread (the
    /// encoders have `PictureEncoder.chunkThreads`).
    static let decoderThreads = ThreadBudget.single

    /// One worker's loop: work from the queue until none is left.
    fileprivate func run(
        worker: Int, work: [ChunkWork], queue: WorkQueue, isCancelled: @Sendable () -> Bool, encoded: (Int) -> Void
    ) throws {
        let compositor = FrameCompositor(plan: plan, text: try TextRasterizer(), threads: Self.decoderThreads)
        while let index = queue.next(for: worker) {
            switch work[index] {
            case .chunk(let chunk):
                let file = try encode(chunk, with: compositor) {
                    if queue.failure != nil || isCancelled() { throw RenderFailure.cancelled }
                    queue.add(frames: 1)
                }
                guard file != nil else { return }
            case .sound(let segment):
                if queue.failure != nil || isCancelled() { throw RenderFailure.cancelled }
                _ = try encode(segment)
            }
            encoded(index)
        }
    }

    /// Mixes, encodes and stores a sound segment, and returns it.
    func encode(_ segment: SoundSegment) throws -> ChunkFile {
        let file = try segment.encode(plan, threads: Self.decoderThreads)
        try cache.chunks.store(file, as: segment.fingerprint)
        return file
    }

    /// Encodes one chunk on this thread (a chunk the join found missing or
    /// damaged) and returns it: the join does not read it back, so a prune
    /// running beside it cannot take it away.
    func encodeNow(_ chunk: Chunk) throws -> ChunkFile {
        let compositor = FrameCompositor(plan: plan, text: try TextRasterizer(), threads: Self.decoderThreads)
        guard let file = try encode(chunk, with: compositor, frameDone: {}) else {
            throw RenderFailure("the output has no video to encode")
        }
        return file
    }

    /// Draws, encodes and stores `chunk`, once per cache in this process however many ask
    /// at once (the studio's requests and workers): who asks while it is under
    /// way waits for that encode's file. `frameDone` runs after each frame and
    /// may throw to stop. Returns nil when there is no video to encode.
    private func encode(_ chunk: Chunk, with compositor: FrameCompositor, frameDone: () throws -> Void) throws -> ChunkFile? {
        guard let encoding = plan.output.video else { return nil }
        while true {
            // Shared within one cache only: the file lands in the owner's cache, where the waiter's join reads it.
            let key = cache.directory + "\n" + chunk.fingerprint
            let (flight, owns) = Self.flights.withLock { flights in
                if let flight = flights[key] { return (flight, false) }
                let flight = Flight()
                flights[key] = flight
                return (flight, true)
            }
            if owns {
                defer { _ = Self.flights.withLock { $0.removeValue(forKey: key) } }
                do {
                    let file = try encodeHere(chunk, encoding: encoding, with: compositor, frameDone: frameDone)
                    flight.finish(.success(file))
                    return file
                } catch {
                    flight.finish(.failure(error))
                    throw error
                }
            }
            switch flight.wait() {
            case .success(let file): return file
            // The one that encoded it was stopped, not failed: encode it here.
            case .failure(let failure as RenderFailure) where failure.isCancellation: continue
            case .failure(let error): throw error
            }
        }
    }

    /// The encodes under way in this process, by cache folder and chunk fingerprint.
    private static let flights = Mutex<[String: Flight]>([:])

    /// One encode under way, and its file once it is done.
    private final class Flight: @unchecked Sendable {
        private let done = NSCondition()
        private var result: Result<ChunkFile, any Error>?

        func finish(_ result: Result<ChunkFile, any Error>) {
            done.withLock {
                self.result = result
                done.broadcast()
            }
        }

        func wait() -> Result<ChunkFile, any Error> {
            done.withLock {
                while true {
                    if let result { return result }
                    done.wait()
                }
            }
        }
    }

    private func encodeHere(
        _ chunk: Chunk, encoding: VideoEncoding, with compositor: FrameCompositor, frameDone: () throws -> Void
    ) throws -> ChunkFile {
        let encoder = try PictureEncoder.forChunks(encoding: encoding, output: plan.output, copy: copy)
        let packet = try Packet()
        var packets: [ChunkFile.Packet] = []
        func drain() throws {
            while try encoder.encoder.receive(into: packet) {
                let pts = packet.pts ?? Int64(packets.count)
                packets.append(
                    ChunkFile.Packet(
                        pts: pts, dts: packet.dts ?? pts, duration: packet.duration, isKeyframe: packet.isKeyframe,
                        data: packet.bytes))
            }
        }
        let segment = chunk.localSegment
        compositor.begin(segment, firstFrame: chunk.frames.lowerBound)
        for frame in segment.frames {
            try encoder.encode(try compositor.outputPicture(frame, of: segment), pts: frame)
            try drain()
            try frameDone()
        }
        try encoder.encoder.sendEndOfStream()
        try drain()
        let file = ChunkFile(extradata: encoder.encoder.extradata, packets: packets)
        try cache.chunks.store(file, as: chunk.fingerprint)
        return file
    }
}

/// The work still to do, as one run per worker (in `.given` order one run
/// all share); the pieces encoded; frames done; the first failure. Who
/// waits for a piece sleeps on `changed`, which is signalled under its lock
/// whenever a piece is encoded or a failure set, so no signal is missed.
private final class WorkQueue: Sendable {
    private struct State {
        var runs: [ArraySlice<Int>]
        var encoded: Set<Int> = []
        var framesDone: Int64 = 0
        var failure: (any Error)?
    }

    private let state: Mutex<State>
    private let changed = NSCondition()
    private let order: ChunkWorkers.Order

    init(work: [ChunkWork], workers: Int, order: ChunkWorkers.Order) {
        self.order = order
        var runs: [ArraySlice<Int>] = []
        switch order {
        case .given:
            runs = [ArraySlice(work.indices)]
        case .timeline:
            // Runs of about equal frame counts, in timeline order.
            let total = work.reduce(0) { $0 + $1.frames }
            var start = 0
            var counted = 0
            for (index, piece) in work.enumerated() {
                counted += piece.frames
                if counted * workers >= total * (runs.count + 1) || index == work.count - 1 {
                    runs.append(ArraySlice(start...index))
                    start = index + 1
                }
            }
        }
        while runs.count < workers { runs.append([]) }
        state = Mutex(State(runs: runs))
    }

    /// The next piece for `worker`: the front of its run, else the back of the
    /// longest run (its front in `.given` order).
    func next(for worker: Int) -> Int? {
        state.withLock { state in
            guard state.failure == nil else { return nil }
            if let index = state.runs[worker].popFirst() { return index }
            guard let longest = state.runs.indices.max(by: { state.runs[$0].count < state.runs[$1].count }) else {
                return nil
            }
            return order == .given ? state.runs[longest].popFirst() : state.runs[longest].popLast()
        }
    }

    func add(frames: Int64) { state.withLock { $0.framesDone += frames } }
    var framesDone: Int64 { state.withLock { $0.framesDone } }

    func markEncoded(_ index: Int) {
        signalling { _ = state.withLock { $0.encoded.insert(index) } }
    }

    /// Whether piece `index` is encoded, waiting for it until `deadline`; throws the first failure.
    func wait(for index: Int, until deadline: Date) throws -> Bool {
        changed.lock()
        defer { changed.unlock() }
        while true {
            let (encoded, failure) = state.withLock { ($0.encoded.contains(index), $0.failure) }
            if let failure { throw failure }
            if encoded { return true }
            if !changed.wait(until: deadline) { return false }
        }
    }

    func fail(_ error: any Error) {
        signalling {
            state.withLock { state in
                if state.failure == nil { state.failure = error }
            }
        }
    }

    var failure: (any Error)? { state.withLock { $0.failure } }

    private func signalling(_ change: () -> Void) {
        changed.lock()
        defer { changed.unlock() }
        change()
        changed.broadcast()
    }
}
