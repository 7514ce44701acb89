import Compiler
import EDLParser
import Foundation

/// Runs a `RenderJob` (SPEC 18): every way a plan is rendered in chunks goes
/// through its three verbs. `fill` encodes what the cache lacks (chunks and
/// sound segments, by `jobs` workers); `join` writes the output from the
/// cache, encoding what is still missing as it goes; `fragment` cuts one
/// chunk's packets as the studio's player takes them.
///
///     chunks, sound segments ──▶ cache hit? ──yes─────────────────────────────┐
///                                    └─no──▶ workers: draw or mix → encode ──▶ cache ──▶ join ──▶ output
///                                                                                   └──▶ fragment ──▶ the studio
///
/// The output is byte-identical whatever `jobs` is and wherever the chunks came
/// from: each chunk is encoded by a fresh encoder with a fixed number of threads
/// from its own frames only.
public struct Executor: Sendable {
    public let job: RenderJob
    public let cache: ChunkCache
    public let jobs: Int
    /// Encodes the job's missing pieces into the cache, once however many ask.
    let encoder: ChunkEncoder

    public init(_ job: RenderJob, cache: ChunkCache, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.job = job
        self.cache = cache
        self.jobs = max(1, jobs)
        encoder = ChunkEncoder(plan: job.plan, cache: cache, copy: job.copy)
    }

    public var plan: RenderPlan { job.plan }

    // MARK: fill

    /// Fills the cache with what the job lacks (its chunks and sound segments),
    /// `priority`'s positions first, else in timeline order, without joining a
    /// file: what the studio needs, which plays the chunks from the cache.
    /// `chunkDone` hears of every chunk once: those needing no encoding at once,
    /// the others from the worker's thread as each reaches the cache.
    public func fill(
        priority: [Int] = [], chunkDone: @escaping @Sendable (ChunkEvent) -> Void = { _ in },
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) throws {
        let (missing, _, fills, ready) = work(priority: priority)
        ready.forEach(chunkDone)
        guard !missing.isEmpty else { return }
        let chunks = job.chunks
        let workers = ChunkWorkers(
            encoder: encoder, work: missing, jobs: jobs, order: priority.isEmpty ? .timeline : .given,
            encoded: { [fills] index in
                for (nth, position) in fills[index].enumerated() {
                    chunkDone(
                        ChunkEvent(position: position, frames: chunks[position].frames, outcome: nth == 0 ? .encoded : .reused))
                }
            }, isCancelled: isCancelled)
        try workers.finish()
        _ = try? cache.prune()
    }

    /// Fills the cache with what of `work` (a job folder's task) it lacks.
    /// Returns how many chunks and sound segments it encoded.
    func fill(_ work: [ChunkWork], isCancelled: @escaping @Sendable () -> Bool) throws -> (chunks: Int, sound: Int) {
        var seen: Set<String> = []
        let missing = work.filter { seen.insert($0.fingerprint).inserted && !cache.chunks.contains($0.fingerprint) }
        let soundCount = missing.count(where: { $0.sound != nil })
        guard !missing.isEmpty else { return (0, 0) }
        try ChunkWorkers(encoder: encoder, work: missing, jobs: jobs, isCancelled: isCancelled).finish()
        return (missing.count - soundCount, soundCount)
    }

    // MARK: join

    /// Renders the job into `output`, put in place when whole; or leaves the
    /// file there as it is when it is up to date: joined by an earlier render
    /// from chunks and sound segments of the same fingerprints with the same
    /// file settings, and not changed since (the cache remembers what each
    /// output was joined from). Sound mixed in one pass is not fingerprinted,
    /// so its outputs are always written.
    public func join(
        into output: SafeOutput, progress: (RenderProgress) -> Void = { _ in },
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) throws -> ChunkReport {
        let joined = job.joinedFingerprint
        if let joined, cache.outputs.fingerprint(ofOutput: output.destination) == joined {
            var report = ChunkReport(job.chunks, encoded: 0, soundSegments: job.sound?.count ?? 0)
            report.upToDate = true
            let frames = Int64(job.window.count)
            progress(
                ProgressMeter(report, frameCount: frames, alreadyDone: frames, fps: plan.output.fps).progress(done: frames))
            return report
        }
        let report = try join(to: output.temporary, progress: progress, isCancelled: isCancelled)
        try output.commit()
        // Unremembered, the next render writes the file again: slower, never wrong.
        if let joined { try? cache.outputs.remember(output: output.destination, fingerprint: joined) }
        return report
    }

    /// Writes the job into the file at `path` in timeline order, the workers
    /// encoding what the cache lacks ahead of the join, each a stretch of the
    /// timeline, which reads the sources fastest.
    @discardableResult
    public func join(
        to path: String, progress: (RenderProgress) -> Void = { _ in },
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) throws -> ChunkReport {
        let (chunks, window) = (job.chunks, job.window)
        let (missing, missingIndex, _, _) = work(priority: [])
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
        let workers = ChunkWorkers(encoder: encoder, work: missing, jobs: jobs, isCancelled: isCancelled)
        // With no worker beside it, the join's own decoding may take every core.
        let joiner = ChunkJoiner(encoder: encoder, scans: job.scans, threads: missing.isEmpty ? .perCore : .single)
        let repaired: Set<String>
        let soundEncoded: Set<String>
        do {
            (repaired, soundEncoded) = try joiner.join(
                chunks, sound: job.sound, window: window, into: path, isCancelled: isCancelled
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
            chunks, encoded: encodedCount, soundSegments: job.sound?.count ?? 0,
            soundEncoded: soundEncoded.union(missing.compactMap(\.sound?.fingerprint)).count)
    }

    // MARK: fragment

    /// The chunk at `position` as a movie fragment of the output's video
    /// stream alone (`moof` + `mdat`, numbered `position + 1`) and the init
    /// segment its writer made (`ftyp` + `moov`): its packets from the cache,
    /// encoded there and then when missing, at its place on the timeline.
    public func fragment(_ position: Int) throws -> (header: Data, fragment: Data) {
        guard job.chunks.indices.contains(position) else { throw RenderFailure("the job has no chunk \(position)") }
        let chunk = job.chunks[position]
        let joiner = ChunkJoiner(encoder: encoder, scans: job.scans, threads: .single)
        let writer = try fragmentWriter(number: position + 1, joiner: joiner)
        var seams = joiner.seams(for: writer)
        _ = try joiner.write(chunk, at: chunk.frames.lowerBound, seams: &seams, inputs: OpenInputs(), to: writer)
        let (header, fragment) = try writer.cutFragment()
        return (Data(header), Data(fragment))
    }

    /// The init segment every fragment of the job plays after, and the
    /// encoder's parameter sets in it. libavformat writes the `moov` when the
    /// first fragment is cut, with the edit list its first packet asks for;
    /// every chunk starts alike (an IDR picture decoded the stream's delay ahead
    /// of showing), so a stand-in packet so stamped gives the `moov` of all, and
    /// is dropped with its fragment.
    func fragmentInit() throws -> (header: Data, extradata: [UInt8]) {
        let joiner = ChunkJoiner(encoder: encoder, scans: job.scans, threads: .single)
        let writer = try fragmentWriter(number: 1, joiner: joiner)
        var seams = joiner.seams(for: writer)
        seams.begin("init segment", at: 0)
        let (pts, dts) = try seams.next(pts: 0, dts: 0)
        try writer.writeVideoPacket(data: [0, 0, 0, 1, 0x65], pts: pts, dts: dts, duration: 1, isKeyframe: true)
        return (Data(try writer.cutFragment().header), writer.videoExtradata)
    }

    /// A fragmented writer of the output's video stream alone, as the join writes it.
    private func fragmentWriter(number: Int, joiner: ChunkJoiner) throws -> MediaWriter {
        try MediaWriter(
            to: .fragments(MovieFragments(firstIndex: number, startsAnywhere: true)), output: plan.output, audio: nil,
            video: .chunks(copy: job.copy), threads: joiner.threads)
    }
}

extension Executor {
    /// What the job lacks in the cache, each content once, in the order to do
    /// it: the sound segments beside the chunks they sound under (after the
    /// chunks when `priority` orders them); the positions each piece fills,
    /// the first counted as encoded; and the chunks that need no encoding.
    private func work(priority: [Int]) -> (
        missing: [ChunkWork], missingIndex: [String: Int], fills: [[Int]], ready: [ChunkEvent]
    ) {
        let chunks = job.chunks
        let order = Self.order(of: chunks.count, priority: priority)
        var missing: [ChunkWork] = []
        var missingIndex: [String: Int] = [:]
        var fills: [[Int]] = []
        var ready: [ChunkEvent] = []
        var sounds = (job.sound ?? [])[...]
        func addSounds(before frame: Int64?) {
            while let segment = sounds.first, frame.map({ segment.starts(before: $0, of: plan) }) ?? true {
                sounds.removeFirst()
                guard !cache.chunks.contains(segment.fingerprint) else { continue }
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
            } else if chunk.kind == .render && !cache.chunks.contains(chunk.fingerprint) {
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

    /// Positions `0..<count`: those of `priority` in range first, once each, then the rest in timeline order.
    static func order(of count: Int, priority: [Int]) -> [Int] {
        var seen = Set<Int>()
        let first = priority.filter { (0..<count).contains($0) && seen.insert($0).inserted }
        return first + (0..<count).filter { !seen.contains($0) }
    }
}
