import Compiler
import Foundation
import Synchronization

/// Encodes chunks on `jobs` threads, each with its own compositor, decoders and
/// single-threaded encoder, and stores them in the cache.
///
/// Each worker takes a contiguous run of the chunks, so its decoders read
/// forward from one chunk into the next; a worker that runs out takes chunks
/// from the end of the longest run left.
struct ChunkWorkers: Sendable {
    let plan: RenderPlan
    let cache: ChunkCache
    let jobs: Int

    /// Encodes `chunks`; `progress` gets the frames encoded so far, on the calling thread.
    func encode(
        _ chunks: [Chunk], isCancelled: @escaping @Sendable () -> Bool, progress: (Int64) -> Void
    ) throws {
        guard !chunks.isEmpty else { return }
        let queue = WorkQueue(chunks: chunks, workers: min(jobs, chunks.count))
        let group = DispatchGroup()
        for worker in 0..<min(jobs, chunks.count) {
            group.enter()
            let thread = Thread { [self] in
                defer { group.leave() }
                do {
                    try run(worker: worker, chunks: chunks, queue: queue, isCancelled: isCancelled)
                } catch {
                    queue.fail(error)
                }
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        while group.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
            progress(queue.framesDone)
        }
        if let failure = queue.failure { throw failure }
    }

    private func run(worker: Int, chunks: [Chunk], queue: WorkQueue, isCancelled: @Sendable () -> Bool) throws {
        guard let encoding = plan.output.video else { return }
        let compositor = FrameCompositor(plan: plan, text: try TextRasterizer())
        let packet = try Packet()
        while let index = queue.next(for: worker) {
            let chunk = chunks[index]
            let encoder = try PictureEncoder.forChunks(encoding: encoding, output: plan.output)
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
                if isCancelled() { throw RenderFailure.cancelled }
                if queue.failure != nil { return }
                try encoder.encode(try compositor.frame(frame, of: segment), pts: frame)
                try drain()
                queue.add(frames: 1)
            }
            try encoder.encoder.sendEndOfStream()
            try drain()
            try cache.store(ChunkFile(extradata: encoder.encoder.extradata, packets: packets), as: chunk.fingerprint)
        }
    }
}

/// The chunks still to encode, as one contiguous run per worker; frames done;
/// the first failure.
private final class WorkQueue: Sendable {
    private struct State {
        var runs: [ArraySlice<Int>]
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

    func fail(_ error: any Error) {
        state.withLock { state in
            if state.failure == nil { state.failure = error }
        }
    }

    var failure: (any Error)? { state.withLock { $0.failure } }
}
