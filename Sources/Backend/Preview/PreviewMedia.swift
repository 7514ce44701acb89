import Compiler
import EDLParser
import Foundation

/// A plan's render as fragmented MP4 for a browser's Media Source Extensions:
/// the very packets `Executor.join` joins into the output file, so that what
/// plays is what renders.
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
    /// The one layout of the plan: what the player plays and what `fill` encodes.
    public let executor: Executor
    /// The video's init segment.
    public let videoInit: InitSegment
    /// The sound, when the plan has some that a browser plays (AAC or Opus).
    public let sound: (any PreviewAudio)?
    /// Why the plan's sound cannot be played (`sound` is nil then), to show the user.
    public let soundProblem: String?

    public var plan: RenderPlan { executor.plan }
    /// The plan's chunks in timeline order; `videoSegment` takes a position in it.
    public var chunks: [Chunk] { executor.job.chunks }

    /// What the player plays of `executor`'s job (the whole timeline). Throws
    /// when the output cannot be played by a browser.
    public init(_ executor: Executor) throws {
        let plan = executor.plan
        self.executor = executor
        guard let video = plan.output.video, video.codec == .h264 else {
            throw RenderFailure(
                "the preview plays H.264 video; this output is \(plan.output.video?.codec.rawValue ?? "sound only")")
        }
        videoInit = try Self.videoInit(executor)
        if let format = plan.audio.format, let segments = executor.job.sound {
            sound = PreviewSoundSegments(segments, encoder: executor.encoder, format: format)
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

    /// The media segment of the chunk at `position`: a `moof` + `mdat` holding
    /// its packets at its place on the output's timeline.
    public func videoSegment(_ position: Int) throws -> Data {
        let (header, fragment) = try executor.fragment(position)
        guard header == videoInit.bytes else {
            let frames = executor.job.chunks[position].frames
            throw RenderFailure(
                "the chunk of frames \(frames.lowerBound)..<\(frames.upperBound) needs another init segment")
        }
        return fragment
    }

    /// The init segment, with the codec its parameter sets name.
    private static func videoInit(_ executor: Executor) throws -> InitSegment {
        let (header, extradata) = try executor.fragmentInit()
        let parameterSets =
            executor.job.copy.flatMap { $0.record(encoderExtradata: extradata) }.flatMap {
                AVCRecord(record: $0)
            } ?? AVCRecord(annexB: extradata)
        guard let sequence = parameterSets?.sequenceSets.first, sequence.count >= 4 else {
            throw RenderFailure("the encoder gave no H.264 sequence parameter set")
        }
        // RFC 6381: profile_idc, the constraint flags and level_idc of the SPS.
        let codec = "avc1." + sequence[1...3].map { String(format: "%02X", $0) }.joined()
        return InitSegment(bytes: header, codec: codec, kind: "video")
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
