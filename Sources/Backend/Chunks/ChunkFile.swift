import Crypto
import Foundation

/// The encoded packets of one chunk, as the cache keeps them. Timestamps are in
/// frames of the chunk's own timeline (its first frame has pts 0).
///
/// Layout, little-endian:
///
///     "CUTLIST-CHUNK-2\n"
///     u32 extradata size, extradata          (the encoder's parameter sets)
///     u32 packet count
///     per packet: i64 pts, i64 dts, i64 duration, u8 keyframe, u32 size, bytes
///     32 bytes: SHA-256 of the fingerprint it is stored under, then everything above
///
/// A torn or damaged file is a miss, and so is a whole chunk stored under
/// another chunk's name (two files swapped).
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

    private static let magic = Array("CUTLIST-CHUNK-2\n".utf8)

    /// The bytes stored under `fingerprint`.
    func encoded(as fingerprint: String) -> Data {
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
        data.append(contentsOf: Self.checksum(data, fingerprint: fingerprint))
        return data
    }

    private static func checksum(_ body: Data, fingerprint: String) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(data: Data(fingerprint.utf8))
        hasher.update(data: body)
        return Array(hasher.finalize())
    }

    /// Reads what `encoded(as: fingerprint)` wrote; nil when the bytes are not
    /// a whole, intact chunk stored under that fingerprint.
    init?(decoding data: Data, as fingerprint: String) {
        let bytes = [UInt8](data)
        guard bytes.count >= Self.magic.count + 8 + 32, Array(bytes.prefix(Self.magic.count)) == Self.magic else {
            return nil
        }
        let body = bytes.count - 32
        guard Self.checksum(Data(bytes[0..<body]), fingerprint: fingerprint) == Array(bytes[body...]) else { return nil }
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
