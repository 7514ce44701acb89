import Compiler
import EDLParser

/// Writes the output from encoded chunks without decoding them: their packets
/// copied with timestamps moved to the chunk's place, the sound mixed and
/// encoded in one pass beside them. Every seam is checked, not hoped for: the
/// parameter sets equal the output stream's, each chunk has one packet per
/// frame, and decoding timestamps strictly increase.
///
/// The join runs beside the workers: before each chunk, `ready` waits until it
/// is in the cache. A chunk that has left the cache or fails its checksum when
/// read is encoded again on the spot, so the cache needs no reading ahead.
struct ChunkJoiner {
    let encoder: ChunkEncoder
    var plan: RenderPlan { encoder.plan }
    var cache: ChunkCache { encoder.cache }

    /// Writes the output; returns how many chunks had to be encoded again.
    func join(
        _ chunks: [Chunk], window: Range<Int64>, into path: String, isCancelled: () -> Bool, ready: (Int) throws -> Void
    ) throws -> Int {
        let writer = try MediaWriter(path: path, output: plan.output, audio: plan.audio.format, copyingChunks: true)
        let audio = try AudioFeed(plan: plan, window: window)
        let parameterSets = writer.videoExtradata
        var lastDTS = Int64.min
        var repaired = 0
        for (position, chunk) in chunks.enumerated() {
            if isCancelled() { throw RenderFailure.cancelled }
            try ready(position)
            let name = "chunk of frames \(chunk.frames.lowerBound)..<\(chunk.frames.upperBound)"
            var loaded = cache.load(chunk.fingerprint)
            if loaded == nil {
                try encoder.encodeNow(chunk)
                repaired += 1
                loaded = cache.load(chunk.fingerprint)
            }
            guard let file = loaded else {
                throw RenderFailure("the \(name) cannot be read back from the cache folder '\(cache.directory)'")
            }
            guard file.extradata == parameterSets else {
                throw RenderFailure("the \(name) was encoded with other parameter sets than the output's")
            }
            guard file.packets.count == chunk.frames.count else {
                throw RenderFailure("the \(name) holds \(file.packets.count) pictures, not \(chunk.frames.count)")
            }
            let offset = chunk.frames.lowerBound - window.lowerBound
            for packet in file.packets {
                guard packet.dts + offset > lastDTS else {
                    throw RenderFailure("the \(name) would make decoding timestamps go back at its start")
                }
                lastDTS = packet.dts + offset
                try writer.writeVideoPacket(packet, offset: offset)
            }
            try audio.write(throughFrames: chunk.frames.upperBound - window.lowerBound, to: writer)
        }
        try audio.finish(writer)
        try writer.finish()
        return repaired
    }
}
