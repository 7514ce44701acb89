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

/// Turns frames done into `RenderProgress`.
struct ProgressMeter {
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
