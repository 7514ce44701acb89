import Compiler
import EDLParser

/// A plan laid out for a chunked render, once: its chunks (fingerprinted), the
/// stream copied chunks share with rendered ones and the scans of the sources
/// they copy, and the sound's segments. What the `Executor` runs, what
/// `render plan` and `render diff` list, and what a job folder's manifest carries.
public struct RenderJob: Sendable {
    public let plan: RenderPlan
    /// The output frames it renders.
    public let window: Range<Int64>
    /// In timeline order.
    public let chunks: [Chunk]
    /// Set when some chunks are copied from sources.
    public let copy: CopyStream?
    /// What copying reads from each copied source.
    let scans: [SourceID: CopyScan]
    /// The sound's segments; nil when the sound is mixed in one pass at the
    /// join (a codec that cannot be segmented, or a window that is not the whole output).
    public let sound: [SoundSegment]?

    /// Lays out `plan` (its frames `window`, all by default) in chunks of about
    /// `chunkLength` frames (nil: about 2 s), with the facts found through
    /// `cache`: sources' hashes and copy scans remembered there, texts and
    /// patterns drawn to hash their pixels (see `ChunkProbe`).
    public init(plan: RenderPlan, cache: ChunkCache, window: Range<Int64>? = nil, chunkLength: Int64? = nil) throws {
        try plan.checkedForRendering()  // render chunk and join check the manifest's plan as they load it
        let window = window ?? 0..<plan.output.frameCount
        let probe = ChunkProbe(cache: cache)
        let planner = ChunkPlanner(plan: plan, facts: probe, length: chunkLength)
        let layout = try planner.layout(window: window)
        var scans: [SourceID: CopyScan] = [:]
        for source in plan.sources {
            if case .file(let file) = source.kind, let scan = probe.scans[file] { scans[source.id] = scan }
        }
        let whole = window == 0..<plan.output.frameCount
        self.init(
            plan: plan, window: window, chunks: layout.chunks, copy: layout.copy, scans: scans,
            sound: whole ? try planner.soundSegments() : nil)
    }

    /// A job as a manifest carries it.
    init(
        plan: RenderPlan, window: Range<Int64>, chunks: [Chunk], copy: CopyStream?, scans: [SourceID: CopyScan],
        sound: [SoundSegment]?
    ) {
        self.plan = plan
        self.window = window
        self.chunks = chunks
        self.copy = copy
        self.scans = scans
        self.sound = sound
    }

    /// Whether the output can be joined from chunks: a video codec whose
    /// packets carry no state across keyframes in a container that keeps
    /// parameter sets out of band. Others (GIF, audio only) render in one pass.
    public static func canChunk(_ plan: RenderPlan) -> Bool {
        guard let video = plan.output.video else { return false }
        return [.h264, .hevc, .vp9, .prores].contains(video.codec)
            && [.mp4, .mov, .mkv, .webm].contains(plan.output.container)
    }

    /// What the file joined from the job is made of, for the up-to-date check;
    /// nil when the sound is mixed in one pass (not fingerprinted).
    var joinedFingerprint: String? {
        plan.joinedFingerprint(
            libraries: LibraryVersions.text, window: window, chunks: chunks, copy: copy, segments: sound)
    }
}
