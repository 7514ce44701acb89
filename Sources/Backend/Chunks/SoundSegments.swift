import Compiler
import EDLParser

extension SoundSegment {
    /// Whether its first sample sounds before output frame `frame` starts.
    func starts(before frame: Int64, of plan: RenderPlan) -> Bool {
        guard let format = plan.audio.format else { return true }
        return Rational(samples.lowerBound) < Rational(frame) / plan.output.fps.rate * Rational(Int64(format.sampleRate))
    }

    /// Mixes and encodes the segment with a fresh encoder: the mix from
    /// `mixFrom` (the effects' state settling), the encoder fed from
    /// `encodeFrom` to `encodeTo`, and only the packets the segment keeps.
    /// Packet timestamps count output samples, as the one-pass encoder's do.
    /// The encoder runs on one thread, so the bytes never depend on the machine.
    func encode(_ plan: RenderPlan, threads: ThreadBudget) throws -> ChunkFile {
        guard let format = plan.audio.format else { throw RenderFailure("a plan without sound has no sound segments") }
        let renderer = try AudioRenderer(
            plan: plan, format: format, from: mixFrom, gain: Float(GainCurve.linear(decibels: gainDecibels)),
            threads: threads)
        var settling = encodeFrom - mixFrom
        while settling > 0 {
            let count = min(settling, Int64(format.sampleRate))
            _ = try renderer.render(count: Int(count))
            settling -= count
        }
        let encoder = try SoundEncoder(format: format, globalHeader: true, threads: .single)
        let packet = try Packet()
        var packets: [ChunkFile.Packet] = []
        func drain() throws {
            while try encoder.encoder.receive(into: packet) {
                guard let pts = packet.pts, keeps(pts: pts) else { continue }
                packets.append(
                    ChunkFile.Packet(pts: pts, dts: pts, duration: packet.duration, isKeyframe: true, data: packet.bytes))
            }
        }
        let size = Int64(encoder.frameSize)
        var position = encodeFrom
        while position < encodeTo {
            let count = Int(min(size, encodeTo - position))
            try encoder.encode(try renderer.render(count: count), count: count, pts: position)
            try drain()
            position += Int64(count)
        }
        try encoder.encoder.sendEndOfStream()
        try drain()
        return ChunkFile(extradata: encoder.encoder.extradata, packets: packets)
    }
}

/// The output's sound joined from its segments' packets, written as the video
/// advances so the muxer interleaves without buffering. Before a segment is
/// read, `ready` waits until it is in the cache (the workers encode it); one
/// missing from the cache then (or damaged there) is encoded on the spot and stored.
final class SegmentedSound: SoundFeed {
    private let segments: [SoundSegment]
    private let encoder: ChunkEncoder
    private let ready: (SoundSegment) throws -> Void
    private var next = 0
    private var pending: [ChunkFile.Packet] = []
    private var written = 0
    /// Fingerprints of the segments this join encoded.
    private(set) var encoded: Set<String> = []
    private var plan: RenderPlan { encoder.plan }

    init(_ segments: [SoundSegment], encoder: ChunkEncoder, ready: @escaping (SoundSegment) throws -> Void) {
        self.segments = segments
        self.encoder = encoder
        self.ready = ready
    }

    /// Writes the packets that start before the end of output frame `frames`.
    func write(throughFrames frames: Int64, to writer: MediaWriter) throws {
        guard let format = plan.audio.format else { return }
        try write(before: (Rational(frames) / plan.output.fps.rate * Rational(Int64(format.sampleRate))).ceil, to: writer)
    }

    /// Writes the rest.
    func finish(_ writer: MediaWriter) throws { try write(before: nil, to: writer) }

    private func write(before target: Int64?, to writer: MediaWriter) throws {
        while true {
            if written == pending.count {
                guard next < segments.count else { return }
                pending = try load(segments[next], parameters: writer.audioExtradata).packets
                written = 0
                next += 1
                continue
            }
            let packet = pending[written]
            if let target, packet.pts >= target { return }
            try writer.writeAudioPacket(data: packet.data, pts: packet.pts, duration: packet.duration)
            written += 1
        }
    }

    private func load(_ segment: SoundSegment, parameters: [UInt8]) throws -> ChunkFile {
        try ready(segment)
        let file: ChunkFile
        if let stored = encoder.cache.chunks.load(segment.fingerprint) {
            file = stored
        } else {
            file = try encoder.encode(segment)
            encoded.insert(segment.fingerprint)
        }
        guard file.extradata == parameters else {
            throw RenderFailure(
                "the sound of samples \(segment.samples.lowerBound)..<\(segment.samples.upperBound) was encoded "
                    + "with other parameters than the output's")
        }
        return file
    }
}
