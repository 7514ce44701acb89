import Compiler
import Foundation
import Synchronization

/// Encodes chunks on `jobs` threads, each with its own compositor, decoders and
/// encoder, and stores them in the cache. The threads start at
/// once; the join follows behind them (`waitUntilEncoded`), so the sound is
/// mixed while pictures are still being encoded.
///
/// Each worker takes a contiguous run of the chunks, so its decoders read
/// forward from one chunk into the next; a worker that runs out takes chunks
/// from the end of the longest run left.
final class ChunkWorkers: Sendable {
    private let encoder: ChunkEncoder
    private let chunks: [Chunk]
    private let queue: WorkQueue
    private let group = DispatchGroup()

    init(encoder: ChunkEncoder, chunks: [Chunk], jobs: Int, isCancelled: @escaping @Sendable () -> Bool) {
        self.encoder = encoder
        self.chunks = chunks
        let workers = min(max(jobs, 1), chunks.count)
        queue = WorkQueue(chunks: chunks, workers: workers)
        for worker in 0..<workers {
            group.enter()
            let thread = Thread { [encoder, chunks, queue, group] in
                defer { group.leave() }
                do {
                    try encoder.run(worker: worker, chunks: chunks, queue: queue, isCancelled: isCancelled)
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

    /// Blocks until chunk `index` of those given is in the cache; throws the
    /// first worker's failure. `poll` is called about every 100 ms meanwhile.
    func waitUntilEncoded(_ index: Int, poll: () -> Void) throws {
        var polled = Date()
        while true {
            if let failure = queue.failure { throw failure }
            if queue.isEncoded(index) { return }
            Thread.sleep(forTimeInterval: 0.005)
            if Date().timeIntervalSince(polled) >= 0.1 {
                poll()
                polled = Date()
            }
        }
    }

    /// Stops handing out chunks (after a failure elsewhere) and waits for the threads to end.
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

/// Draws and encodes chunks into the cache.
struct ChunkEncoder: Sendable {
    let plan: RenderPlan
    let cache: ChunkCache
    /// Set when other chunks are copied from sources: encode to fit beside them.
    var copy: CopyStream?

    /// One worker's loop: chunks from the queue until none is left.
    fileprivate func run(worker: Int, chunks: [Chunk], queue: WorkQueue, isCancelled: @Sendable () -> Bool) throws {
        let compositor = FrameCompositor(plan: plan, text: try TextRasterizer())
        while let index = queue.next(for: worker) {
            let encoded = try encode(chunks[index], with: compositor) {
                if queue.failure != nil || isCancelled() { throw RenderFailure.cancelled }
                queue.add(frames: 1)
            }
            guard encoded != nil else { return }
            queue.markEncoded(index)
        }
    }

    /// Encodes one chunk on this thread (a chunk the join found missing or
    /// damaged) and returns it: the join does not read it back, so a prune
    /// running beside it cannot take it away.
    func encodeNow(_ chunk: Chunk) throws -> ChunkFile {
        guard let file = try encode(chunk, with: FrameCompositor(plan: plan, text: try TextRasterizer()), frameDone: {})
        else { throw RenderFailure("the output has no video to encode") }
        return file
    }

    /// Draws, encodes and stores `chunk`; `frameDone` runs after each frame and
    /// may throw to stop. Returns nil when there is no video to encode.
    private func encode(_ chunk: Chunk, with compositor: FrameCompositor, frameDone: () throws -> Void) throws -> ChunkFile? {
        guard let encoding = plan.output.video else { return nil }
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
        try cache.store(file, as: chunk.fingerprint)
        return file
    }
}

/// The chunks still to encode, as one contiguous run per worker; the chunks
/// encoded; frames done; the first failure.
private final class WorkQueue: Sendable {
    private struct State {
        var runs: [ArraySlice<Int>]
        var encoded: Set<Int> = []
        var framesDone: Int64 = 0
        var failure: (any Error)?
    }

    private let state: Mutex<State>

    init(chunks: [Chunk], workers: Int) {
        // Runs of about equal frame counts, in timeline order.
        let total = chunks.reduce(0) { $0 + $1.frames.count }
        var runs: [ArraySlice<Int>] = []
        var start = 0
        var counted = 0
        for (index, chunk) in chunks.enumerated() {
            counted += chunk.frames.count
            if counted * workers >= total * (runs.count + 1) || index == chunks.count - 1 {
                runs.append(ArraySlice(start...index))
                start = index + 1
            }
        }
        while runs.count < workers { runs.append([]) }
        state = Mutex(State(runs: runs))
    }

    /// The next chunk for `worker`: the front of its run, else the back of the longest run.
    func next(for worker: Int) -> Int? {
        state.withLock { state in
            guard state.failure == nil else { return nil }
            if let index = state.runs[worker].popFirst() { return index }
            guard let longest = state.runs.indices.max(by: { state.runs[$0].count < state.runs[$1].count }) else {
                return nil
            }
            return state.runs[longest].popLast()
        }
    }

    func add(frames: Int64) { state.withLock { $0.framesDone += frames } }
    var framesDone: Int64 { state.withLock { $0.framesDone } }

    func markEncoded(_ index: Int) { _ = state.withLock { $0.encoded.insert(index) } }
    func isEncoded(_ index: Int) -> Bool { state.withLock { $0.encoded.contains(index) } }

    func fail(_ error: any Error) {
        state.withLock { state in
            if state.failure == nil { state.failure = error }
        }
    }

    var failure: (any Error)? { state.withLock { $0.failure } }
}
