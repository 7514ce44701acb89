import Compiler
import EDLParser
import Foundation

/// A plan's render as fragmented MP4 for a browser's Media Source Extensions:
/// the very packets `ChunkedRenderer.render` joins into the output file, so
/// that what plays is what renders.
///
///     video  init ─┬─ chunk 0 (moof + mdat, tfdt = its first frame)
///                  ├─ chunk 1            any order, any thread
///                  └─ …
///     sound  init ─── segment 0 ─ segment 1 ─ …  the render's sound segments (`PreviewSoundSegments`),
///                                                 or one encode of a mix not segmented (`PreviewSound`)
///
/// Each video segment is made on its own from its chunk, read from the cache or
/// encoded there and then when missing; the same chunk always gives the same bytes.
/// Every chunk, copied from a source or encoded, plays after the one init
/// segment: as in the rendered file, the stream's parameter sets hold the copied
/// sources' and the encoder's side by side (`CopyStream`).
///
/// Times in the segments are the output's: the edit list of each init segment
/// takes away the decoding delay (video) or the encoder's priming (sound), so
/// frame `n` shows at `n / fps` and sample `s` sounds at `s / sampleRate`.
public struct PreviewMedia: Sendable {
    public let plan: RenderPlan
    /// The plan's chunks in timeline order; `videoSegment` takes a position in it.
    public let chunks: [Chunk]
    /// The video's init segment; nil when the plan has no video.
    public let videoInit: InitSegment?
    /// The sound, when the plan has some that a browser plays (AAC or Opus).
    public let sound: (any PreviewAudio)?
    /// Why the plan's sound cannot be played (`sound` is nil then), to show the user.
    public let soundProblem: String?
    private let joiner: ChunkJoiner
    /// The one layout of the plan: what the player plays and what `fill` encodes.
    private let renderer: ChunkedRenderer
    private let layout: ChunkedRenderer.Layout

    /// The chunks of `renderer`'s plan (its whole timeline) and their stream.
    /// Throws when the output cannot be chunked or played by a browser.
    public init(renderer: ChunkedRenderer) throws {
        let plan = renderer.plan
        self.plan = plan
        guard ChunkedRenderer.canChunk(plan), let video = plan.output.video else {
            throw RenderFailure("the preview plays outputs with chunked video only")
        }
        guard video.codec == .h264 else {
            throw RenderFailure("the preview plays H.264 video; this output is \(video.codec.rawValue)")
        }
        let layout = try renderer.layout(window: nil, sound: true)
        let (chunks, copy, scans, segments) = layout
        (self.renderer, self.layout) = (renderer, layout)
        self.chunks = chunks
        joiner = ChunkJoiner(
            encoder: ChunkEncoder(plan: plan, cache: renderer.cache, copy: copy), scans: scans, threads: .single)
        videoInit = try Self.videoInit(plan: plan, joiner: joiner)
        if let format = plan.audio.format, let segments {
            sound = PreviewSoundSegments(segments, encoder: joiner.encoder, format: format)
            soundProblem = nil
        } else if let format = plan.audio.format, let codec = PreviewSound.codec(format.codec) {
            sound = try PreviewSound(plan: plan, format: format, codec: codec)
            soundProblem = nil
        } else {
            sound = nil
            soundProblem = plan.audio.format.map {
                "the preview plays AAC or Opus sound; browsers do not play \($0.codec.rawValue) from fragmented MP4"
            }
        }
    }

    /// Encodes into the cache what the chunks and sound segments lack,
    /// `priority`'s positions first; no file is joined (see `ChunkedRenderer.fill`).
    public func fill(
        priority: [Int], chunkDone: @escaping @Sendable (ChunkEvent) -> Void, isCancelled: @escaping @Sendable () -> Bool
    ) throws {
        try renderer.fill(layout, priority: priority, chunkDone: chunkDone, isCancelled: isCancelled)
    }

    /// The media segment of the chunk at `position`: a `moof` + `mdat` holding
    /// its packets at its place on the output's timeline.
    public func videoSegment(_ position: Int) throws -> Data {
        guard chunks.indices.contains(position), let videoInit else {
            throw RenderFailure("the preview has no chunk \(position)")
        }
        let chunk = chunks[position]
        let writer = try Self.videoWriter(plan: plan, joiner: joiner, fragment: position + 1)
        var seams = joiner.seams(for: writer)
        _ = try joiner.write(chunk, at: chunk.frames.lowerBound, seams: &seams, inputs: OpenInputs(), to: writer)
        let (header, fragment) = try writer.cutFragment()
        guard Data(header) == videoInit.bytes else {
            throw RenderFailure(
                "the chunk of frames \(chunk.frames.lowerBound)..<\(chunk.frames.upperBound) needs another init segment")
        }
        return Data(fragment)
    }

    /// A fragmented writer of the output's video stream alone, as the join writes it.
    private static func videoWriter(plan: RenderPlan, joiner: ChunkJoiner, fragment: Int) throws -> MediaWriter {
        try MediaWriter(
            to: .fragments(MovieFragments(firstIndex: fragment, startsAnywhere: true)), output: plan.output, audio: nil,
            video: .chunks(copy: joiner.encoder.copy), threads: joiner.threads)
    }

    /// libavformat writes the `moov` when the first fragment is cut, with the edit
    /// list its first packet asks for; every chunk starts alike (an IDR picture
    /// decoded the stream's delay ahead of showing), so a stand-in packet so
    /// stamped gives the `moov` of all, and is dropped with its fragment.
    private static func videoInit(plan: RenderPlan, joiner: ChunkJoiner) throws -> InitSegment {
        let writer = try videoWriter(plan: plan, joiner: joiner, fragment: 1)
        var seams = joiner.seams(for: writer)
        seams.begin("init segment", at: 0)
        let (pts, dts) = try seams.next(pts: 0, dts: 0)
        try writer.writeVideoPacket(data: [0, 0, 0, 1, 0x65], pts: pts, dts: dts, duration: 1, isKeyframe: true)
        let header = try writer.cutFragment().header
        let parameterSets =
            joiner.encoder.copy.flatMap { $0.record(encoderExtradata: writer.videoExtradata) }.flatMap {
                AVCRecord(record: $0)
            } ?? AVCRecord(annexB: writer.videoExtradata)
        guard let sequence = parameterSets?.sequenceSets.first, sequence.count >= 4 else {
            throw RenderFailure("the encoder gave no H.264 sequence parameter set")
        }
        // RFC 6381: profile_idc, the constraint flags and level_idc of the SPS.
        let codec = "avc1." + sequence[1...3].map { String(format: "%02X", $0) }.joined()
        return InitSegment(bytes: Data(header), codec: codec, kind: "video")
    }
}

/// An init segment (`ftyp` + `moov` without samples) and the codec its
/// segments hold.
public struct InitSegment: Sendable, Hashable {
    public var bytes: Data
    /// RFC 6381's `codecs` value: `avc1.64001F`, `mp4a.40.2`.
    public var codec: String
    /// "video" or "audio".
    public var kind: String

    /// The type for `MediaSource.isTypeSupported` and `addSourceBuffer`:
    /// `video/mp4; codecs="avc1.64001F"`.
    public var mimeType: String { "\(kind)/mp4; codecs=\"\(codec)\"" }
}
