/// H.264 parameter sets as an MP4, MOV or Matroska file holds them: the
/// `avcC` record (ISO/IEC 14496-15), with the few fields of them that decide
/// whether a source's packets and encoded ones can share one stream.
public struct AVCRecord: Hashable, Sendable, Codable {
    /// Sequence parameter set NAL units, header byte included.
    public var sequenceSets: [[UInt8]]
    /// Picture parameter set NAL units, header byte included.
    public var pictureSets: [[UInt8]]
    /// Bytes of each NAL unit's length prefix in the packets.
    public var lengthSize: Int
    /// What follows the sets in a High profile record (chroma format, bit depths).
    var trailer: [UInt8]

    /// Reads an `avcC` record; nil when the bytes are not one.
    public init?(record bytes: [UInt8]) {
        guard bytes.count >= 7, bytes[0] == 1 else { return nil }
        lengthSize = Int(bytes[4] & 3) + 1
        var offset = 6
        func sets(count: Int) -> [[UInt8]]? {
            var found: [[UInt8]] = []
            for _ in 0..<count {
                guard offset + 2 <= bytes.count else { return nil }
                let size = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
                guard size > 0, offset + 2 + size <= bytes.count else { return nil }
                found.append(Array(bytes[offset + 2..<offset + 2 + size]))
                offset += 2 + size
            }
            return found
        }
        guard let sequence = sets(count: Int(bytes[5] & 0x1F)), offset < bytes.count else { return nil }
        let pictureCount = Int(bytes[offset])
        offset += 1
        guard let picture = sets(count: pictureCount), !sequence.isEmpty, !picture.isEmpty else { return nil }
        sequenceSets = sequence
        pictureSets = picture
        trailer = Array(bytes[offset...])
    }

    /// The parameter sets in an encoder's Annex B extradata (start codes between units).
    public init?(annexB bytes: [UInt8], lengthSize: Int = 4, trailer: [UInt8] = []) {
        let units = NALUnits.annexB(bytes)
        sequenceSets = units.filter { NALUnits.type($0) == 7 }
        pictureSets = units.filter { NALUnits.type($0) == 8 }
        guard !sequenceSets.isEmpty, !pictureSets.isEmpty else { return nil }
        self.lengthSize = lengthSize
        self.trailer = trailer
    }

    /// The record's bytes.
    var bytes: [UInt8] {
        let first = sequenceSets[0]
        var out: [UInt8] = [1, first[1], first[2], first[3], 0xFC | UInt8(lengthSize - 1)]
        out.append(0xE0 | UInt8(sequenceSets.count))
        for unit in sequenceSets { out += [UInt8(unit.count >> 8), UInt8(unit.count & 0xFF)] + unit }
        out.append(UInt8(pictureSets.count))
        for unit in pictureSets { out += [UInt8(unit.count >> 8), UInt8(unit.count & 0xFF)] + unit }
        return out + trailer
    }

    /// `profile_idc` and `level_idc` of the first sequence set.
    var profile: Int { Int(sequenceSets[0][1]) }
    var level: Int { Int(sequenceSets[0][3]) }

    /// `seq_parameter_set_id` of each sequence set.
    var sequenceIDs: [Int] {
        sequenceSets.compactMap { unit in
            var reader = ExpGolombReader(unit.dropFirst(4))
            return reader.unsigned()
        }
    }

    /// `pic_parameter_set_id` of each picture set.
    var pictureIDs: [Int] {
        pictureSets.compactMap { unit in
            var reader = ExpGolombReader(unit.dropFirst())
            return reader.unsigned()
        }
    }

    /// Whether the first picture set codes slices with CABAC (else CAVLC).
    var usesCABAC: Bool {
        var reader = ExpGolombReader(pictureSets[0].dropFirst())
        _ = reader.unsigned()
        _ = reader.unsigned()
        return reader.bit() == 1
    }

    /// This record with `other`'s sets added (their ids must differ).
    func adding(_ other: AVCRecord) -> AVCRecord {
        var joined = self
        joined.sequenceSets += other.sequenceSets
        joined.pictureSets += other.pictureSets
        return joined
    }
}

/// NAL units in Annex B byte streams and in length-prefixed packets.
public enum NALUnits {
    /// `nal_unit_type` of a unit (5 is an IDR slice, 7 an SPS, 8 a PPS).
    static func type(_ unit: some Collection<UInt8>) -> Int {
        unit.first.map { Int($0 & 0x1F) } ?? 0
    }

    /// The units of an Annex B stream (`00 00 01` or `00 00 00 01` before each).
    static func annexB(_ bytes: [UInt8]) -> [[UInt8]] {
        var units: [[UInt8]] = []
        var start: Int?
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == 0, bytes[index + 1] == 0, bytes[index + 2] == 1 {
                if let start {
                    var end = index
                    while end > start, bytes[end - 1] == 0 { end -= 1 }
                    units.append(Array(bytes[start..<end]))
                }
                index += 3
                start = index
            } else {
                index += 1
            }
        }
        if let start, start < bytes.count { units.append(Array(bytes[start...])) }
        return units
    }

    /// An Annex B packet as 4-byte length-prefixed units, the form MP4 and Matroska keep.
    public static func lengthPrefixed(annexB bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        for unit in annexB(bytes) {
            let size = UInt32(unit.count)
            out += [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
            out += unit
        }
        return out
    }

    /// The unit types of a length-prefixed packet; nil when the lengths do not add up.
    public static func types(lengthPrefixed bytes: UnsafeBufferPointer<UInt8>, lengthSize: Int) -> [Int]? {
        var types: [Int] = []
        var offset = 0
        while offset < bytes.count {
            guard offset + lengthSize <= bytes.count else { return nil }
            var size = 0
            for byte in bytes[offset..<offset + lengthSize] { size = size << 8 | Int(byte) }
            offset += lengthSize
            guard size > 0, offset + size <= bytes.count else { return nil }
            types.append(Int(bytes[offset] & 0x1F))
            offset += size
        }
        return types
    }
}

/// Reads Exp-Golomb codes and bits from a NAL unit's payload, skipping the
/// emulation prevention bytes (`00 00 03`).
struct ExpGolombReader {
    private var bytes: [UInt8] = []
    private var position = 0

    init(_ payload: some Collection<UInt8>) {
        var zeros = 0
        for byte in payload {
            if zeros >= 2, byte == 3 {
                zeros = 0
                continue
            }
            zeros = byte == 0 ? zeros + 1 : 0
            bytes.append(byte)
        }
    }

    mutating func bit() -> Int? {
        guard position < bytes.count * 8 else { return nil }
        defer { position += 1 }
        return Int(bytes[position / 8] >> (7 - UInt8(position % 8)) & 1)
    }

    /// `ue(v)`.
    mutating func unsigned() -> Int? {
        var zeros = 0
        while let bit = bit(), bit == 0 {
            zeros += 1
            guard zeros < 32 else { return nil }
        }
        var value = 1
        for _ in 0..<zeros {
            guard let bit = bit() else { return nil }
            value = value << 1 | bit
        }
        return value - 1
    }
}
