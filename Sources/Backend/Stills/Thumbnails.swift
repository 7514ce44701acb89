import EDLParser
import Foundation

/// Exact frames of a video at chosen times, scaled within a box and written
/// as PNGs: one file each into a folder (`thumb-001.png`, …) and/or all of
/// them tiled into one contact sheet (see `ContactSheet`).
public struct Thumbnails {
    public let video: String
    /// The largest thumbnail size; the picture's aspect ratio is kept.
    public let maxSize: PixelSize

    public init(video: String, maxSize: PixelSize) {
        self.video = video
        self.maxSize = maxSize
    }

    /// Writes the frame shown at each of `times` into `folder` (which must
    /// exist) as `thumb-NNN.png`, calling `wrote` with each file's name and
    /// time, and/or tiles them all into the PNG file `contactSheet`. Returns
    /// whether a contact sheet was written (none of no thumbnails).
    @discardableResult
    public func write(
        at times: [Rational], into folder: String?, contactSheet: String?, wrote: (String, Rational) -> Void = { _, _ in }
    ) throws -> Bool {
        var sheet = ContactSheet()
        let reader = try VideoReader(path: video)
        for (number, time) in times.enumerated() {
            let frame = try reader.frame(at: time)
            let size = PictureFile.fitting(PixelSize(width: frame.width, height: frame.height), within: maxSize)
            if let folder {
                let name = String(format: "thumb-%03d.png", number + 1)
                try PictureFile.writePNG(frame, to: URL(fileURLWithPath: folder).appendingPathComponent(name).path, size: size)
                wrote(name, time)
            }
            if contactSheet != nil { try sheet.add(frame, size: size) }
        }
        guard let contactSheet, let picture = sheet.picture() else { return false }
        try PictureFile.writePNG(picture, to: contactSheet)
        return true
    }
}
