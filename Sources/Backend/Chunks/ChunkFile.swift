import Crypto
import Foundation

/// The encoded packets of one chunk, as the cache keeps them. Timestamps are in
/// frames of the chunk's own timeline (its first frame has pts 0).
///
/// Layout, little-endian:
///
///     "CUTLIST-CHUNK-1\n"
///     u32 extradata size, extradata          (the encoder's parameter sets)
///     u32 packet count
///     per packet: i64 pts, i64 dts, i64 duration, u8 keyframe, u32 size, bytes
///     32 bytes: SHA-256 of everything above  (a torn or damaged file is a miss)
struct ChunkFile: Equatable {
    struct Packet: Equatable {
        var pts: Int64
        var dts: Int64
        var duration: Int64
        var isKeyframe: Bool
        var data: [UInt8]
    }

    var extradata: [UInt8]
    var packets: [Packet]

    private static let magic = Array("CUTLIST-CHUNK-1\n".utf8)

    func encoded() -> Data {
        var data = Data(Self.magic)
        data.append(UInt32(extradata.count))
        data.append(contentsOf: extradata)
        data.append(UInt32(packets.count))
        for packet in packets {
            data.append(packet.pts)
            data.append(packet.dts)
            data.append(packet.duration)
            data.append(contentsOf: [packet.isKeyframe ? 1 : 0])
            data.append(UInt32(packet.data.count))
            data.append(contentsOf: packet.data)
        }
        data.append(contentsOf: Array(SHA256.hash(data: data)))
        return data
    }

    /// Reads what `encoded()` wrote; nil when the bytes are not a whole, intact chunk.
    init?(decoding data: Data) {
        let bytes = [UInt8](data)
        guard bytes.count >= Self.magic.count + 8 + 32, Array(bytes.prefix(Self.magic.count)) == Self.magic else {
            return nil
        }
        let body = bytes.count - 32
        guard Array(SHA256.hash(data: Data(bytes[0..<body]))) == Array(bytes[body...]) else { return nil }
        var reader = ByteReader(bytes: bytes, end: body, offset: Self.magic.count)
        guard let extraSize = reader.u32(), let extradata = reader.bytes(Int(extraSize)), let count = reader.u32() else {
            return nil
        }
        var packets: [Packet] = []
        for _ in 0..<count {
            guard let pts = reader.i64(), let dts = reader.i64(), let duration = reader.i64(), let key = reader.bytes(1),
                let size = reader.u32(), let payload = reader.bytes(Int(size))
            else { return nil }
            packets.append(Packet(pts: pts, dts: dts, duration: duration, isKeyframe: key[0] != 0, data: payload))
        }
        guard reader.offset == body else { return nil }
        self.extradata = extradata
        self.packets = packets
    }

    init(extradata: [UInt8], packets: [Packet]) {
        self.extradata = extradata
        self.packets = packets
    }
}

private struct ByteReader {
    let bytes: [UInt8]
    let end: Int
    var offset: Int

    mutating func bytes(_ count: Int) -> [UInt8]? {
        guard count >= 0, offset + count <= end else { return nil }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    mutating func u32() -> UInt32? {
        bytes(4).map { $0.reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
    }

    mutating func i64() -> Int64? {
        bytes(8).map { Int64(bitPattern: $0.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }) }
    }
}

extension Data {
    fileprivate mutating func append<T: FixedWidthInteger>(_ value: T) {
        var little = value.littleEndian
        Swift.withUnsafeBytes(of: &little) { append(contentsOf: $0) }
    }
}
