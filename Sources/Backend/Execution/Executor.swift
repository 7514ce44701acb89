import Compiler
import EDLParser
import Foundation

/// What a chunked render did, for the progress line and the tests.
public struct ChunkReport: Sendable, Equatable {
    /// Chunks the output was joined from.
    public var chunks: Int
    /// Chunks whose bytes were already in the cache (or encoded earlier in
    /// the same render, for content that repeats).
    public var reused: Int
    /// Chunks encoded by this render.
    public var encoded: Int
    /// Chunks copied from sources, and their frames.
    public var copied = 0
    public var copiedFrames: Int64 = 0
    /// Sound segments the sound was joined from (0 when mixed in one pass),
    /// and how many of them this render encoded.
    public var soundSegments = 0
    public var soundEncoded = 0
    /// The output was already what this render would write, and was left as it is.
    public var upToDate = false
}

extension ChunkReport {
    /// `chunks`, of which `encoded` rendered ones were encoded by this render
    /// and the other rendered ones reused; the copied ones counted with their frames.
    init(_ chunks: [Chunk], encoded: Int, soundSegments: Int = 0, soundEncoded: Int = 0) {
        let copied = chunks.filter { $0.kind == .copy }
        self.init(
            chunks: chunks.count, reused: chunks.count - encoded - copied.count, encoded: encoded, copied: copied.count,
            copiedFrames: copied.reduce(0) { $0 + Int64($1.frames.count) }, soundSegments: soundSegments,
            soundEncoded: soundEncoded)
    }
}

/// One chunk of a chunked render done: its place among the render's chunks,
/// its output frames, and how its pictures came to be.
public struct ChunkEvent: Sendable, Hashable {
    public enum Outcome: Sendable, Hashable {
        /// Already in the cache, or the same content as a chunk encoded earlier in this render.
        case reused
        case encoded
        /// Packets to be copied from a source at the join.
        case copied
    }

    public var position: Int
    public var frames: Range<Int64>
    public var outcome: Outcome

    public init(position: Int, frames: Range<Int64>, outcome: Outcome) {
        self.position = position
        self.frames = frames
        self.outcome = outcome
    }
}

/// Renders a plan in chunks (SPEC 18): cut by `Chunker`, looked up in the
/// cache by fingerprint, the missing ones encoded by `jobs` workers in
/// parallel, then joined without re-encoding. The sound's segments go the same
/// way (mixed and encoded by the workers); sound that is not segmented is mixed
/// in one pass at the join.
///
///     chunks, sound segments ──▶ cache hit? ──yes─────────────────────────────┐
///                                    └─no──▶ workers: draw or mix → encode ──▶ cache ──▶ join ──▶ output
///
/// The output is byte-identical whatever `jobs` is and wherever the chunks came
/// from: each chunk is encoded by a fresh encoder with a fixed number of threads
/// from its own frames only.
public struct ChunkedRenderer: Sendable {
    public let plan: RenderPlan
    public let cache: ChunkCache
    public let jobs: Int
    /// Frames between regular cuts inside long spans; nil for about 2 s.
    public let chunkLength: Int64?

    public init(
        plan: RenderPlan, cache: ChunkCache, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        chunkLength: Int64? = nil
    ) {
        self.plan = plan
        self.cache = cache
        self.jobs = max(1, jobs)
        self.chunkLength = chunkLength
    }

    /// Whether the output can be joined from chunks: a video codec whose
    /// packets carry no state across keyframes in a container that keeps
    /// parameter sets out of band. Others (GIF, audio only) render in one pass.
    public static func canChunk(_ plan: RenderPlan) -> Bool {
        guard let video = plan.output.video else { return false }
        return [.h264, .hevc, .vp9, .prores].contains(video.codec)
            && [.mp4, .mov, .mkv, .webm].contains(plan.output.container)
    }

    /// The chunks of `window` (every frame by default), fingerprinted.
    public func chunks(window: Range<Int64>? = nil) throws -> [Chunk] {
        try layout(window: window, sound: false).chunks
    }

    /// The chunks and the sound's segments (nil when the sound is mixed in
    /// one pass), fingerprinted, as a render of the whole output uses them.
    public func segments() throws -> (chunks: [Chunk], sound: [SoundSegment]?) {
        let layout = try layout(window: nil, sound: true)
        return (layout.chunks, layout.sound)
    }

    /// The chunks, the stream that copy chunks share with rendered ones, the
    /// scans of the sources they copy, and the sound's segments when asked for.
    typealias Layout = (chunks: [Chunk], copy: CopyStream?, scans: [SourceID: CopyScan], sound: [SoundSegment]?)

    /// The plan's `Layout` over `window`, with the sound's segments when `sound`
    /// (see `ChunkProbe.layout`).
    func layout(window: Range<Int64>?, sound: Bool) throws -> Layout {
        try ChunkProbe.layout(of: plan, cache: cache, window: window, length: chunkLength, sound: sound)
    }

    /// Renders output frames `window` (all by default) into the file at `path`,
    /// each worker encoding a stretch of the timeline, which reads the sources
    /// fastest (the studio's order is `fill`'s).
    @discardableResult
    public func render(
        to path: String, frames window: Range<Int64>? = nil, progress: (RenderProgress) -> Void = { _ in },
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) throws -> ChunkReport {
        let window = window ?? 0..<plan.output.frameCount
        return try render(
            try layout(window: window, sound: true), frames: window, to: path, progress: progress, isCancelled: isCancelled
        )
    }

    /// Renders output frames `window` (all by default) into `output`, put in
    /// place when whole; or leaves the file there as it is when it is up to
    /// date: joined by an earlier render from chunks and sound segments of the
    /// same fingerprints with the same file settings, and not changed since
    /// (the cache remembers what each output was joined from). Sound mixed in
    /// one pass is not fingerprinted, so its outputs are always written.
    public func render(
        into output: SafeOutput, frames window: Range<Int64>? = nil, progress: (RenderProgress) -> Void = { _ in },
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) throws -> ChunkReport {
        let window = window ?? 0..<plan.output.frameCount
        let layout = try layout(window: window, sound: true)
        let joined = plan.joinedFingerprint(
            libraries: LibraryVersions.text, window: window, chunks: layout.chunks, copy: layout.copy,
            segments: layout.sound)
        if let joined, cache.joinedFingerprint(ofOutput: output.destination) == joined {
            var report = ChunkReport(layout.chunks, encoded: 0, soundSegments: layout.sound?.count ?? 0)
            report.upToDate = true
            progress(
                ProgressMeter(report, frameCount: Int64(window.count), alreadyDone: Int64(window.count), fps: plan.output.fps)
                    .progress(done: Int64(window.count)))
            return report
        }
        let report = try render(layout, frames: window, to: output.temporary, progress: progress, isCancelled: isCancelled)
        try output.commit()
        // Unremembered, the next render writes the file again: slower, never wrong.
        if let joined { try? cache.rememberJoined(output: output.destination, fingerprint: joined) }
        return report
    }

    private func render(
        _ layout: Layout,
        frames window: Range<Int64>, to path: String, progress: (RenderProgress) -> Void,
        isCancelled: @escaping @Sendable () -> Bool
    ) throws -> ChunkReport {
        let (chunks, copy, scans, sound) = layout
        let (missing, missingIndex, _, _) = work(layout, priority: [])
        let missingChunks = missing.compactMap(\.chunk)
        let toEncode = missingChunks.reduce(Int64(0)) { $0 + Int64($1.frames.count) }
        let meter = ProgressMeter(
            ChunkReport(chunks, encoded: missingChunks.count), frameCount: Int64(window.count),
            alreadyDone: Int64(window.count) - toEncode, fps: plan.output.fps)
        // Finished only once joined: the last frame is counted after the join.
        func report(_ done: Int64) {
            progress(meter.progress(done: min(meter.alreadyDone + done, max(meter.frameCount - 1, 0))))
        }
        report(0)
        let encoder = ChunkEncoder(plan: plan, cache: cache, copy: copy)
        let workers = ChunkWorkers(encoder: encoder, work: missing, jobs: jobs, isCancelled: isCancelled)
        let repaired: Set<String>
        let soundEncoded: Set<String>
        do {
            (repaired, soundEncoded) = try ChunkJoiner(encoder: encoder, scans: scans, threads: .single).join(
                chunks, sound: sound, window: window, into: path, isCancelled: isCancelled
            ) { fingerprint in
                guard let index = missingIndex[fingerprint] else { return }
                try workers.waitUntilEncoded(index) { report(workers.framesDone) }
            }
            try workers.finish()
        } catch {
            workers.stop()
            throw error
        }
        progress(meter.progress(done: Int64(window.count)))
        _ = try? cache.prune()  // the output is written; a cache that cannot shrink is not its failure
        // A chunk encoded by a worker and again at the join (pruned meanwhile) counts once.
        let encodedCount = repaired.union(missingChunks.map(\.fingerprint)).count
        return ChunkReport(
            chunks, encoded: encodedCount, soundSegments: sound?.count ?? 0,
            soundEncoded: soundEncoded.union(missing.compactMap(\.sound?.fingerprint)).count)
    }
}

extension ChunkedRenderer {
    /// What `layout` lacks in the cache, each content once, in the order to do
    /// it: the sound segments beside the chunks they sound under (after the
    /// chunks when `priority` orders them); the positions each piece fills,
    /// the first counted as encoded; and the chunks that need no encoding.
    private func work(_ layout: Layout, priority: [Int]) -> (
        missing: [ChunkWork], missingIndex: [String: Int], fills: [[Int]], ready: [ChunkEvent]
    ) {
        let (chunks, _, _, sound) = layout
        let order = Self.order(of: chunks.count, priority: priority)
        var missing: [ChunkWork] = []
        var missingIndex: [String: Int] = [:]
        var fills: [[Int]] = []
        var ready: [ChunkEvent] = []
        var sounds = (sound ?? [])[...]
        func addSounds(before frame: Int64?) {
            while let segment = sounds.first, frame.map({ segment.starts(before: $0, of: plan) }) ?? true {
                sounds.removeFirst()
                guard !cache.contains(segment.fingerprint) else { continue }
                missingIndex[segment.fingerprint] = missing.count
                missing.append(.sound(segment))
                fills.append([])
            }
        }
        for position in order {
            let chunk = chunks[position]
            if priority.isEmpty { addSounds(before: chunk.frames.lowerBound) }
            if chunk.kind == .render, let index = missingIndex[chunk.fingerprint] {
                fills[index].append(position)
            } else if chunk.kind == .render && !cache.contains(chunk.fingerprint) {
                missingIndex[chunk.fingerprint] = missing.count
                missing.append(.chunk(chunk))
                fills.append([position])
            } else {
                ready.append(
                    ChunkEvent(position: position, frames: chunk.frames, outcome: chunk.kind == .copy ? .copied : .reused))
            }
        }
        addSounds(before: nil)
        return (missing, missingIndex, fills, ready)
    }

    /// Fills the cache with the whole output's chunks and sound segments, laid
    /// out once here (see `fill(_:priority:chunkDone:isCancelled:)`).
    public func fill(
        priority: [Int], chunkDone: @escaping @Sendable (ChunkEvent) -> Void, isCancelled: @escaping @Sendable () -> Bool
    ) throws {
        try fill(layout(window: nil, sound: true), priority: priority, chunkDone: chunkDone, isCancelled: isCancelled)
    }

    /// Fills the cache with what `layout` lacks (its chunks and sound
    /// segments), `priority`'s positions first, without joining a file: what
    /// the studio needs, which plays the chunks from the cache. `chunkDone`
    /// hears of every chunk once: those needing no encoding at once, the
    /// others from the worker's thread as each reaches the cache.
    func fill(
        _ layout: Layout, priority: [Int], chunkDone: @escaping @Sendable (ChunkEvent) -> Void,
        isCancelled: @escaping @Sendable () -> Bool
    ) throws {
        let (missing, _, fills, ready) = work(layout, priority: priority)
        ready.forEach(chunkDone)
        guard !missing.isEmpty else { return }
        let chunks = layout.chunks
        let workers = ChunkWorkers(
            encoder: ChunkEncoder(plan: plan, cache: cache, copy: layout.copy), work: missing, jobs: jobs, order: .given,
            encoded: { [fills] index in
                for (nth, position) in fills[index].enumerated() {
                    chunkDone(
                        ChunkEvent(position: position, frames: chunks[position].frames, outcome: nth == 0 ? .encoded : .reused))
                }
            }, isCancelled: isCancelled)
        try workers.finish()
        _ = try? cache.prune()
    }

    /// Positions `0..<count`: those of `priority` in range first, once each, then the rest in timeline order.
    static func order(of count: Int, priority: [Int]) -> [Int] {
        var seen = Set<Int>()
        let first = priority.filter { (0..<count).contains($0) && seen.insert($0).inserted }
        return first + (0..<count).filter { !seen.contains($0) }
    }
}

/// Turns frames done into `RenderProgress`.
private struct ProgressMeter {
    let chunks: ChunkReport
    let frameCount: Int64
    let alreadyDone: Int64
    let fps: FrameRate

    init(_ chunks: ChunkReport, frameCount: Int64, alreadyDone: Int64, fps: FrameRate) {
        self.chunks = chunks
        self.frameCount = frameCount
        self.alreadyDone = alreadyDone
        self.fps = fps
    }

    func progress(done: Int64) -> RenderProgress {
        let rate = fps.rate.approximateDouble
        var progress = RenderProgress(
            framesDone: min(done, frameCount), frameCount: frameCount, mediaSeconds: Double(min(done, frameCount)) / rate,
            totalMediaSeconds: Double(frameCount) / rate)
        progress.chunks = (total: chunks.chunks, reused: chunks.reused, copiedFrames: chunks.copiedFrames)
        progress.framesReused = min(alreadyDone, progress.framesDone)
        return progress
    }
}
