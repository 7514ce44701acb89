import CFFmpeg
import EDLParser

/// Owns one `AVPacket`: compressed data read from an input or made by an encoder.
public final class Packet {
    let pointer: UnsafeMutablePointer<AVPacket>

    public init() throws(LibAVError) {
        guard let packet = av_packet_alloc() else { throw .outOfMemory("av_packet_alloc") }
        pointer = packet
    }

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&packet)
    }

    /// Drops the packet's data, ready for reuse.
    public func unref() { av_packet_unref(pointer) }

    public var streamIndex: Int {
        get { Int(pointer.pointee.stream_index) }
        set { pointer.pointee.stream_index = Int32(newValue) }
    }

    /// Presentation timestamp in the packet's time base; nil for `AV_NOPTS_VALUE`.
    public var pts: Int64? {
        let value = pointer.pointee.pts
        return value == LibAV.noPTS ? nil : value
    }

    /// Decoding timestamp in the packet's time base; nil for `AV_NOPTS_VALUE`.
    public var dts: Int64? {
        let value = pointer.pointee.dts
        return value == LibAV.noPTS ? nil : value
    }

    public var duration: Int64 { pointer.pointee.duration }

    public var isKeyframe: Bool { pointer.pointee.flags & cutlist_packet_flag_key() != 0 }

    public var size: Int { Int(pointer.pointee.size) }

    /// A copy of the packet's payload (a PNG file's bytes, for one-picture encoders).
    public var bytes: [UInt8] {
        guard let data = pointer.pointee.data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Replaces the packet with a copy of `data` at the given timestamps.
    func fill(data: [UInt8], pts: Int64, dts: Int64, duration: Int64, isKeyframe: Bool) throws(LibAVError) {
        unref()
        try LibAV.check(av_new_packet(pointer, Int32(data.count)), "av_new_packet")
        if let payload = pointer.pointee.data {
            data.withUnsafeBufferPointer { bytes in
                if let base = bytes.baseAddress { payload.update(from: base, count: bytes.count) }
            }
        }
        pointer.pointee.pts = pts
        pointer.pointee.dts = dts
        pointer.pointee.duration = duration
        if isKeyframe { pointer.pointee.flags |= cutlist_packet_flag_key() }
    }

    /// Attaches a WebVTT cue's settings (`line:90% align:start`) to the packet.
    func attachWebVTTSettings(_ settings: String) throws(LibAVError) {
        let bytes = Array(settings.utf8)
        guard let data = av_packet_new_side_data(pointer, AV_PKT_DATA_WEBVTT_SETTINGS, bytes.count) else {
            throw .outOfMemory("av_packet_new_side_data")
        }
        data.update(from: bytes, count: bytes.count)
    }

    /// Stamps the packet for another file: at `pts` and `dts`, lasting `duration`,
    /// at no known byte position.
    func restamp(pts: Int64, dts: Int64, duration: Int64) {
        pointer.pointee.pts = pts
        pointer.pointee.dts = dts
        pointer.pointee.duration = duration
        pointer.pointee.pos = -1
    }

    /// Moves pts and dts by `delta` (in the packet's time base).
    func offset(by delta: Int64) {
        guard delta != 0 else { return }
        if pointer.pointee.pts != LibAV.noPTS { pointer.pointee.pts += delta }
        if pointer.pointee.dts != LibAV.noPTS { pointer.pointee.dts += delta }
    }

    /// Converts pts, dts and duration from one time base to another.
    func rescale(from source: AVRational, to destination: AVRational) {
        av_packet_rescale_ts(pointer, source, destination)
    }
}

extension Packet {
    /// Runs `body` over the packet's payload without copying it.
    func withData<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        body(UnsafeBufferPointer(start: pointer.pointee.data, count: size))
    }
}
