import Compiler
import EDLParser
import Foundation

/// The whole mix of a plan as one fragmented MP4 audio track, encoded once as
/// `render` encodes it (the same packets), so there is no priming or seam
/// between chunks to hear. It is encoded as far as a segment asked for needs,
/// and kept: asking for a segment far ahead waits for the sound before it.
///
/// Segment `i` holds `packetsPerSegment` encoder packets (the last, the rest):
/// about 2 s, and exactly the output samples `segments[i]`.
public final class PreviewSound: PreviewAudio, @unchecked Sendable {
    /// RFC 6381's `codecs` value: `mp4a.40.2` (AAC) or `opus`.
    public let codec: String
    public let sampleRate: Int
    /// The output samples each segment sounds, in order: sample `s` sounds at `s / sampleRate` seconds.
    public let segments: [Range<Int64>]

    private let plan: RenderPlan
    private let packetsPerSegment: Int
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var encoding: Encoding?
    private var failure: (any Error)?
    private let cuts = Cuts()

    /// Bytes of the init segment and of the segments cut so far.
    private final class Cuts {
        var header = Data()
        var segments: [Data] = []
    }

    /// What encodes the sound, made when the first segment is asked for
    /// (a loudness target measures the whole mix first).
    private struct Encoding {
        let writer: MediaWriter
        let feed: AudioFeed
        var framesFed: Int64 = 0
        var finished = false
    }

    static let segmentSeconds = 2

    /// `codec` is `Self.codec(format.codec)`.
    init(plan: RenderPlan, format: AudioFormat, codec: String) throws {
        self.plan = plan
        sampleRate = format.sampleRate
        self.codec = codec
        // The encoder's frame size and priming place its packets: packet `k`
        // sounds samples `k·F − P ..< (k+1)·F − P`.
        let probe = try Self.writer(plan: plan, format: format)
        let frameSize = Int64(probe.audioFrameSize)
        let priming = Int64(probe.audioPriming)
        let total = AudioFeed.samples(of: 0..<plan.output.frameCount, fps: plan.output.fps, format: format).count
        let perSegment = max(1, (Int64(Self.segmentSeconds * format.sampleRate) + frameSize - 1) / frameSize)
        let packetsNeeded = (Int64(total) + priming + frameSize - 1) / frameSize
        let count = max(1, (packetsNeeded + perSegment - 1) / perSegment)
        packetsPerSegment = Int(perSegment)
        segments = (0..<count).map { index in
            let start = max(0, index * perSegment * frameSize - priming)
            let end = index == count - 1 ? Int64(total) : min(Int64(total), (index + 1) * perSegment * frameSize - priming)
            return start..<end
        }
    }

    /// The init segment: made with the first segment.
    public func initSegment() throws -> InitSegment {
        _ = try segment(0)
        return InitSegment(bytes: lock.withLock { cuts.header }, codec: codec, kind: "audio")
    }

    /// Segment `index` (of `segments`): a `moof` + `mdat`.
    public func segment(_ index: Int) throws -> Data {
        guard segments.indices.contains(index) else { throw RenderFailure("the preview's sound has no segment \(index)") }
        return try lock.withLock {
            if let failure { throw failure }
            do {
                while cuts.segments.count <= index { try encodeMore() }
            } catch {
                failure = error
                throw error
            }
            return cuts.segments[index]
        }
    }

    /// Encodes about a second more of the sound, cutting segments as their
    /// last packets are written. Called under `lock`.
    private func encodeMore() throws {
        guard var encoding = try encoding ?? start() else { return }
        defer { self.encoding = encoding }
        let frames = plan.output.frameCount
        if encoding.framesFed < frames {
            encoding.framesFed = min(frames, encoding.framesFed + max(1, Int64(plan.output.fps.rate.ceil)))
            try encoding.feed.write(throughFrames: encoding.framesFed, to: encoding.writer)
        } else if !encoding.finished {
            encoding.finished = true
            try encoding.feed.finish(encoding.writer)
            try encoding.writer.flushEncoders()
            try cut(encoding.writer)
            guard cuts.segments.count == segments.count else {
                throw RenderFailure("the sound was cut into \(cuts.segments.count) segments, not \(segments.count)")
            }
        } else {
            throw RenderFailure("the sound has no more segments")
        }
    }

    private func start() throws -> Encoding? {
        guard let format = plan.audio.format else { return nil }
        let writer = try Self.writer(plan: plan, format: format)
        let (perSegment, last) = (packetsPerSegment, segments.count - 1)
        writer.afterAudioPacket = { [cuts] writer throws(LibAVError) in
            guard writer.audioPackets % perSegment == 0, cuts.segments.count < last else { return }
            try Self.cut(writer, into: cuts)
        }
        return Encoding(
            writer: writer, feed: try AudioFeed(plan: plan, window: 0..<plan.output.frameCount, threads: Self.threads))
    }

    private func cut(_ writer: MediaWriter) throws { try Self.cut(writer, into: cuts) }

    private static func cut(_ writer: MediaWriter, into cuts: Cuts) throws(LibAVError) {
        let (header, fragment) = try writer.cutFragment()
        if cuts.segments.isEmpty { cuts.header = Data(header) }
        cuts.segments.append(Data(fragment))
    }

    /// A fragmented writer of the output's sound alone.
    private static func writer(plan: RenderPlan, format: AudioFormat) throws -> MediaWriter {
        var output = plan.output
        output.video = nil
        return try MediaWriter(to: .fragments(MovieFragments()), output: output, audio: format, threads: threads)
    }

    /// As the join of a chunked render: the chunk workers are the parallelism.
    private static let threads = ThreadBudget.single

    /// RFC 6381's `codecs` value of the sound codecs a browser plays from
    /// fragmented MP4 (Chromium takes neither MP3 nor FLAC in MP4 there, and
    /// libavformat writes FLAC in MP4 only as an experiment); nil for the others.
    static func codec(_ codec: AudioCodec) -> String? {
        switch codec {
        case .aac: return "mp4a.40.2"
        case .opus: return "opus"
        case .mp3, .flac, .pcm: return nil
        }
    }
}
