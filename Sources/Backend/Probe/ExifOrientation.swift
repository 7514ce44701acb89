import Foundation

/// The orientation a JPEG photo's EXIF data gives (tag 0x0112, values 1–8),
/// as the clockwise rotation and the mirror that show it upright the way photo
/// viewers do. Cameras and phones store pictures as the sensor saw them and
/// say in this tag how to turn them.
///
///     1 as stored   2 mirrored       3 180°           4 180°, mirrored
///     5 90°, mirrored   6 90°        7 270°, mirrored  8 270°
///
/// (Rotation first, then a mirror left to right of the rotated picture.)
struct ExifOrientation: Equatable {
    var rotation: Int
    var mirrored: Bool

    init?(tag: Int) {
        switch tag {
        case 1: (rotation, mirrored) = (0, false)
        case 2: (rotation, mirrored) = (0, true)
        case 3: (rotation, mirrored) = (180, false)
        case 4: (rotation, mirrored) = (180, true)
        case 5: (rotation, mirrored) = (90, true)
        case 6: (rotation, mirrored) = (90, false)
        case 7: (rotation, mirrored) = (270, true)
        case 8: (rotation, mirrored) = (270, false)
        default: return nil
        }
    }

    /// The orientation of the JPEG file at `path`; nil when it has none.
    static func ofJPEG(at path: String) -> ExifOrientation? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        // EXIF comes in an APP1 segment near the start, at most 64 KiB long.
        guard let data = try? handle.read(upToCount: 1 << 17) else { return nil }
        return ofJPEG([UInt8](data))
    }

    static func ofJPEG(_ bytes: [UInt8]) -> ExifOrientation? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        // Segments until the image data starts: marker, 2-byte big-endian length, payload.
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] != 0xDA {
            let marker = bytes[offset + 1]
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let payload = offset + 4
            guard length >= 2, payload + length - 2 <= bytes.count else { return nil }
            if marker == 0xE1, Array(bytes[payload..<min(payload + 6, bytes.count)]) == Array("Exif\0\0".utf8) {
                return orientation(tiff: Array(bytes[payload + 6..<payload + length - 2]))
            }
            offset = payload + length - 2
        }
        return nil
    }

    /// Tag 0x0112 of the first image directory of a TIFF structure.
    private static func orientation(tiff: [UInt8]) -> ExifOrientation? {
        guard tiff.count >= 8 else { return nil }
        let little = tiff[0] == 0x49 && tiff[1] == 0x49
        guard little || (tiff[0] == 0x4D && tiff[1] == 0x4D) else { return nil }
        func read(_ at: Int, _ count: Int) -> Int? {
            guard at >= 0, at + count <= tiff.count else { return nil }
            let field = tiff[at..<at + count]
            return (little ? field.reversed() : Array(field)).reduce(0) { $0 << 8 | Int($1) }
        }
        guard let directory = read(4, 4), let entries = read(directory, 2) else { return nil }
        for index in 0..<entries {
            let entry = directory + 2 + 12 * index
            guard let tag = read(entry, 2) else { return nil }
            if tag == 0x0112, let value = read(entry + 8, 2) { return ExifOrientation(tag: value) }
        }
        return nil
    }
}
