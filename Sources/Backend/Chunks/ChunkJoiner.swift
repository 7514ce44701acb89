import Compiler
import EDLParser

/// Writes the output from encoded chunks without decoding them: their packets
/// copied with timestamps moved to the chunk's place, the sound mixed and
/// encoded in one pass beside them. Every seam is checked, not hoped for: the
/// parameter sets equal the output stream's, each chunk has one packet per
/// frame, and decoding timestamps strictly increase.
struct ChunkJoiner {
    let plan: RenderPlan
    let cache: ChunkCache

    func join(_ chunks: [Chunk], window: Range<Int64>, into path: String, isCancelled: () -> Bool) throws {
        let writer = try MediaWriter(path: path, output: plan.output, audio: plan.audio.format, copyingChunks: true)
        let audio = try AudioFeed(plan: plan, window: window)
        let parameterSets = writer.videoExtradata
        var lastDTS = Int64.min
        for chunk in chunks {
            if isCancelled() { throw RenderFailure.cancelled }
            let name = "chunk of frames \(chunk.frames.lowerBound)..<\(chunk.frames.upperBound)"
            guard let file = cache.load(chunk.fingerprint) else {
                throw RenderFailure("the \(name) left the cache folder '\(cache.directory)' during the render")
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
        try writer.finish(copiedChunks: true)
    }
}
