import Compiler
import EDLParser

/// Writes the output from encoded chunks without decoding them: their packets
/// copied with timestamps moved to the chunk's place, the sound mixed and
/// encoded beside them in one pass or copied from sound segments. Every seam
/// is checked, not hoped for: the
/// parameter sets equal the output stream's, each chunk has one packet per
/// frame, and decoding timestamps strictly increase.
///
/// The join runs beside the workers: before each chunk and sound segment,
/// `ready` waits until it is in the cache. One that has left the cache or fails
/// its checksum when read is encoded again on the spot, so the cache needs no
/// reading ahead.
///
/// Copy chunks' packets come from their sources (`SourcePackets`). Every
/// chunk's decoding timestamps are counted again, one frame apart from its
/// first frame less the stream's decoding delay, so that they run on across
/// the seams between sources and encoded chunks of other B-frame depths (and
/// x264 counts a chunk shorter than its delay from 0, not from −delay).
struct ChunkJoiner: Sendable {
    let encoder: ChunkEncoder
    /// The copied sources' scans, by source.
    var scans: [SourceID: CopyScan] = [:]
    /// For the sound's decoders and encoder: one each beside chunk workers.
    var threads: ThreadBudget
    var plan: RenderPlan { encoder.plan }
    var cache: ChunkCache { encoder.cache }

    /// Writes the output, its sound from `sound`'s segments when given (else
    /// mixed and encoded in one pass); returns the fingerprints of the chunks
    /// and sound segments that had to be encoded here. `ready` is called with
    /// the fingerprint of each rendered chunk and sound segment before it is
    /// read from the cache.
    func join(
        _ chunks: [Chunk], sound segments: [SoundSegment]? = nil, window: Range<Int64>, into path: String,
        isCancelled: () -> Bool, ready: (String) throws -> Void
    ) throws -> (repaired: Set<String>, soundEncoded: Set<String>) {
        try withoutActuallyEscaping(ready) { ready in
            let sound = segments.map { SegmentedSound($0, encoder: encoder) { try ready($0.fingerprint) } }
            let writer = try MediaWriter(
                to: .file(path), output: plan.output, audio: plan.audio.format, video: .chunks(copy: encoder.copy),
                sound: sound != nil ? .packets : .samples,
                subtitles: plan.subtitles.map { SubtitleCues($0, window: window, fps: plan.output.fps) }, threads: threads)
            let audio: any SoundFeed = try sound ?? AudioFeed(plan: plan, window: window, threads: threads)
            var seams = seams(for: writer)
            let inputs = OpenInputs()
            var repaired: Set<String> = []
            for chunk in chunks {
                if isCancelled() { throw RenderFailure.cancelled }
                if chunk.kind == .render { try ready(chunk.fingerprint) }
                if try write(
                    chunk, at: chunk.frames.lowerBound - window.lowerBound, seams: &seams, inputs: inputs, to: writer)
                {
                    repaired.insert(chunk.fingerprint)
                }
                let written = chunk.frames.upperBound - window.lowerBound
                try audio.write(throughFrames: written, to: writer)
                try writer.writeSubtitles(before: Rational(written) / plan.output.fps.rate)
            }
            try audio.finish(writer)
            try writer.finish()
            return (repaired, sound?.encoded ?? [])
        }
    }

    /// The timestamps of the chunks' stream in `writer`. x264 says its decoding
    /// delay exactly; other encoders' own timestamps are kept.
    func seams(for writer: MediaWriter) -> Seams {
        let counted = plan.output.video?.codec == .h264
        return Seams(delay: counted ? max(encoder.copy?.delay ?? 0, writer.videoReorderDelay) : nil)
    }

    /// Writes the pictures of `chunk`, which starts at frame `start` of the
    /// stream, a copied one read through `inputs`; returns whether it had to
    /// be encoded again.
    func write(
        _ chunk: Chunk, at start: Int64, seams: inout Seams, inputs: OpenInputs, to writer: MediaWriter
    ) throws -> Bool {
        seams.begin("chunk of frames \(chunk.frames.lowerBound)..<\(chunk.frames.upperBound)", at: start)
        var repaired = false
        if let run = chunk.copied {
            guard case .file(let file)? = plan.source(run.source)?.kind, let scan = scans[run.source] else {
                throw RenderFailure("the \(seams.name) names a source that was not read for copying")
            }
            do {
                try SourcePackets(file: file, scan: scan, inputs: inputs).read(run) { packet, frame in
                    let (pts, dts) = try seams.next(pts: start + Int64(frame), dts: start + Int64(frame))
                    try writer.writeCopiedPacket(packet, pts: pts, dts: dts)
                }
            } catch {
                cache.scans.forget(file)  // the file contradicts its scan: the next render reads it again
                throw error
            }
        } else {
            let file: ChunkFile
            (file, repaired) = try load(chunk, name: seams.name, parameterSets: writer.videoExtradata)
            for var packet in file.packets {
                (packet.pts, packet.dts) = try seams.next(pts: packet.pts + start, dts: packet.dts + start)
                if encoder.copy != nil { packet.data = NALUnits.lengthPrefixed(annexB: packet.data) }
                try writer.writeVideoPacket(
                    data: packet.data, pts: packet.pts, dts: packet.dts, duration: packet.duration,
                    isKeyframe: packet.isKeyframe)
            }
        }
        try seams.end(frames: chunk.frames.count)
        return repaired
    }

    /// The chunk's packets from the cache, or encoded again when they are not
    /// there or damaged; and whether they had to be.
    private func load(_ chunk: Chunk, name: String, parameterSets: [UInt8]) throws -> (ChunkFile, repaired: Bool) {
        let stored = cache.chunks.load(chunk.fingerprint)
        let file = try stored ?? encoder.encodeNow(chunk)
        guard file.extradata == parameterSets else {
            throw RenderFailure("the \(name) was encoded with other parameter sets than the output's")
        }
        return (file, stored == nil)
    }
}

/// The timestamps of the joined stream, checked at every seam: decoding
/// timestamps strictly increase, no picture shows before it is decoded, and
/// each chunk holds one packet per frame. Packet `k` of a chunk starting at
/// frame `s` decodes at `s − delay + k` (without a `delay`, at its own time).
struct Seams {
    let delay: Int?
    private(set) var name = ""
    private var start: Int64 = 0
    private var count = 0
    private var lastDTS = Int64.min

    init(delay: Int?) { self.delay = delay }

    mutating func begin(_ name: String, at start: Int64) {
        self.name = name
        self.start = start
        count = 0
    }

    /// The timestamps in the output of the chunk's next packet, which shows
    /// frame `pts` and, as encoded, decodes at `dts`.
    mutating func next(pts: Int64, dts encoded: Int64) throws -> (pts: Int64, dts: Int64) {
        let dts = delay.map { start - Int64($0) + Int64(count) } ?? encoded
        guard dts > lastDTS else {
            throw RenderFailure("the \(name) would make decoding timestamps go back at its start")
        }
        guard dts <= pts else { throw RenderFailure("the \(name) shows a picture before it is decoded") }
        lastDTS = dts
        count += 1
        return (pts, dts)
    }

    func end(frames: Int) throws {
        guard count == frames else { throw RenderFailure("the \(name) holds \(count) pictures, not \(frames)") }
    }
}
