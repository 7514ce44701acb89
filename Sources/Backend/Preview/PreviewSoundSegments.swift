import Compiler
import Foundation

/// A plan's sound as `render` joins it: each of its sound segments (AAC frames
/// on a fixed grid, fingerprinted and cached like a chunk) as one fragment of
/// a fragmented MP4 audio track, holding the very packets the join copies. A
/// segment named by its fingerprint is the same bytes in every version that
/// has it, so an edit of the sound changes only the segments it touches, and
/// an edit of the picture (or a comment) none.
public final class PreviewSoundSegments: PreviewAudio, @unchecked Sendable {
    public let codec = "mp4a.40.2"
    public let sampleRate: Int
    public let segments: [Range<Int64>]
    /// Each fragment's name: its segment's fingerprint.
    public var keys: [String] { soundSegments.map(\.fingerprint) }

    private let soundSegments: [SoundSegment]
    private let encoder: ChunkEncoder
    private let format: AudioFormat

    /// `segments` of `encoder`'s plan, as `RenderJob` cuts them.
    init(_ segments: [SoundSegment], encoder: ChunkEncoder, format: AudioFormat) {
        soundSegments = segments
        self.encoder = encoder
        self.format = format
        sampleRate = format.sampleRate
        self.segments = segments.map(\.samples)
    }

    /// The init segment: the first segment's writer's, whose edit list takes
    /// away the encoder's priming (its first packet sounds before 0).
    public func initSegment() throws -> InitSegment {
        InitSegment(bytes: try fragment(0).header, codec: codec, kind: "audio")
    }

    /// Segment `index`: a `moof` + `mdat` of its packets, read from the cache or encoded there and then.
    public func segment(_ index: Int) throws -> Data {
        guard soundSegments.indices.contains(index) else { throw RenderFailure("the preview's sound has no segment \(index)") }
        return try fragment(index).fragment
    }

    /// A segment's packets cut as one fragment by a writer of its own. The
    /// first segment's starts the stream: its priming packet (before 0) makes
    /// the muxer count media time from it, and the init segment's edit list
    /// takes the priming away again. A later segment's writer starts anywhere,
    /// its packets shifted by the priming alike, so its `tfdt` is where one
    /// stream of them all would have it.
    private func fragment(_ index: Int) throws -> (header: Data, fragment: Data) {
        let segment = soundSegments[index]
        var output = encoder.plan.output
        output.video = nil
        let writer = try MediaWriter(
            to: .fragments(MovieFragments(firstIndex: index + 1, startsAnywhere: index > 0)), output: output, audio: format,
            sound: .packets, threads: .single)
        let file = try encoder.cache.chunks.load(segment.fingerprint) ?? encoder.encode(segment)
        guard file.extradata == writer.audioExtradata else {
            throw RenderFailure("the sound of segment \(index) was encoded with other parameters than the output's")
        }
        let shift = index == 0 ? 0 : Int64(writer.audioPriming)
        for packet in file.packets {
            try writer.writeAudioPacket(data: packet.data, pts: packet.pts + shift, duration: packet.duration)
        }
        let (header, fragment) = try writer.cutFragment()
        return (Data(header), Data(fragment))
    }
}

/// A plan's sound for the studio's player: fragments of a fragmented MP4 audio
/// track, each named by a key that changes exactly when its bytes do.
public protocol PreviewAudio: AnyObject, Sendable {
    /// RFC 6381's `codecs` value: `mp4a.40.2` (AAC) or `opus`.
    var codec: String { get }
    var sampleRate: Int { get }
    /// The output samples each fragment sounds, in order.
    var segments: [Range<Int64>] { get }
    func initSegment() throws -> InitSegment
    func segment(_ index: Int) throws -> Data
}
