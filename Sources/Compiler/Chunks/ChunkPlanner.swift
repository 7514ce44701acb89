import EDLParser
import Foundation

/// Lays a plan out in chunks (SPEC 18): the one planner behind `render`,
/// `render split`, `render plan` and `render diff`. Pure: what it needs to
/// know of media and of the encoder comes through `facts`.
///
///     sources ──facts: content hashes, generated pictures──▶ identities ────────┐
///     lone video layers ──facts: copy scans──▶ CopyPlanner ──▶ runs, CopyStream ─┴▶ Chunker ──▶ chunks
///                                          facts: the encoder, once a chunk renders ──┘
public struct ChunkPlanner {
    public let plan: RenderPlan
    public let facts: any ChunkFacts
    /// Frames between regular cuts inside long spans; nil for about 2 s.
    public let length: Int64?

    public init(plan: RenderPlan, facts: any ChunkFacts, length: Int64? = nil) {
        self.plan = plan
        self.facts = facts
        self.length = length
    }

    /// The chunks of `window` (every frame by default), fingerprinted, and how
    /// rendered chunks are encoded when some are copied.
    public func layout(window: Range<Int64>? = nil) throws -> ChunkLayout {
        let identities = try identities(of: plan)
        var sources: [SourceID: CopySource] = [:]
        for id in CopyPlanner.candidates(in: plan) {
            guard case .file(let file)? = plan.source(id)?.kind else { continue }
            sources[id] = try facts.copySource(of: file)
        }
        var runs = CopyPlanner(plan: plan, sources: sources).runs()
        let copy = CopyStream.of(runs, sources: sources)
        if copy == nil { runs = [] }
        let chunker = Chunker(plan: plan, identities: identities, length: length, copies: runs)
        return ChunkLayout(chunks: try chunker.chunks(window: window) { try renderer(copy: copy) }, copy: copy)
    }

    /// The sound's segments, fingerprinted (see `SoundPlanner`); nil when the
    /// sound is mixed and encoded in one pass.
    public func soundSegments() throws -> [SoundSegment]? {
        try SoundPlanner(plan: plan, identities: soundIdentities(), facts: facts).segments()
    }

    /// What each source of the plan sounds like by content: a file by its
    /// bytes and its sound stream, a tone by its parameters; others are silent.
    func soundIdentities() throws -> [String] {
        try plan.sources.map { source in
            switch source.kind {
            case .file(let file):
                guard let stream = file.audioStream else { return "silent" }
                return "file sha256 \(try facts.contentHash(ofFile: file.path)) audio#\(stream)"
            case .tone:
                return "generator " + Fingerprint.sha256(source.kind)
            default:
                return "silent"
            }
        }
    }

    /// What each source of `plan` is by content, for fingerprints: a file by
    /// the SHA-256 of its bytes (so a project moved to another folder or
    /// machine finds its chunks), a text or a pattern by its pixels (so the
    /// fonts actually found are covered), other generators by their
    /// parameters, a composition by what its pictures are made of.
    func identities(of plan: RenderPlan) throws -> [String] {
        try plan.sources.map { source in
            switch source.kind {
            case .file(let file):
                let stream = file.videoStream.map { " video#\($0)" } ?? ""
                return "file sha256 \(try facts.contentHash(ofFile: file.path))\(stream)"
            case .text(let content):
                return "text " + (try facts.pictureHash(of: .text(content)))
            case .pattern(let pattern):
                let picture = GeneratedPicture.pattern(pattern, size: plan.output.size, fps: plan.output.fps)
                return "pattern \(pattern.rawValue) " + (try facts.pictureHash(of: picture))
            case .lut(let path):
                return "lut sha256 \(try facts.contentHash(ofFile: path))"
            case .composition(_, let nested):
                return "composition " + nested.pictureFingerprint(identities: try identities(of: nested))
            case .color, .tone, .gradient, .shape, .shader, .captionScript:
                return "generator " + Fingerprint.sha256(source.kind)
            }
        }
    }

    /// The renderer's part of every rendered chunk's fingerprint: the chunk
    /// format, and the encoder's threads (x264's bytes depend on them; its
    /// options are not in the parameter sets), library, name and parameter sets.
    private func renderer(copy: CopyStream?) throws -> String {
        guard let encoding = plan.output.video else { return "cutlist chunks 2 no video" }
        let encoder = try facts.chunkEncoder(encoding, output: plan.output, copy: copy)
        return "cutlist chunks 2 threads \(encoder.threads) \(encoder.library) \(encoder.name) "
            + ContentHash.sha256(Data(encoder.parameterSets))
    }
}

/// A plan's chunks, as `ChunkPlanner` lays them out.
public struct ChunkLayout: Sendable {
    /// Every chunk of the window, in order.
    public var chunks: [Chunk]
    /// Set when some chunks are copied from sources: how the rendered ones are
    /// encoded to share their stream.
    public var copy: CopyStream?

    public init(chunks: [Chunk], copy: CopyStream?) {
        self.chunks = chunks
        self.copy = copy
    }
}
