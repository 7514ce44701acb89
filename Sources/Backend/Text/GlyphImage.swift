import CText

/// One rendered glyph: 8-bit coverage with its offset from the pen position.
struct GlyphImage {
    var width: Int
    var height: Int
    /// Columns from the pen position to the bitmap's left edge.
    var left: Int
    /// Rows from the baseline up to the bitmap's top edge.
    var top: Int
    /// Row-major coverage, 0...255.
    var coverage: [UInt8]

    /// A rectangle covered all over, with its top-left at the pen position.
    init(solidWidth width: Int, height: Int) {
        self.width = width
        self.height = height
        left = 0
        top = 0
        coverage = [UInt8](repeating: 255, count: width * height)
    }

    /// Copies a FreeType bitmap (grey, mono or colour) into owned coverage.
    init(bitmap: FT_Bitmap, left: Int, top: Int) {
        width = Int(bitmap.width)
        height = Int(bitmap.rows)
        self.left = left
        self.top = top
        coverage = [UInt8](repeating: 0, count: width * height)
        guard let buffer = bitmap.buffer, width > 0, height > 0 else { return }
        let pitch = Int(bitmap.pitch)
        for row in 0..<height {
            // A negative pitch means the rows are stored bottom-up.
            let rowStart = pitch >= 0 ? row * pitch : (height - 1 - row) * -pitch
            for column in 0..<width {
                coverage[row * width + column] = Self.sample(buffer, rowStart, column, Int(bitmap.pixel_mode))
            }
        }
    }

    /// Coverage of one pixel; colour bitmaps give their alpha.
    private static func sample(
        _ buffer: UnsafeMutablePointer<UInt8>, _ rowStart: Int, _ column: Int, _ mode: Int
    ) -> UInt8 {
        switch mode {
        case Int(FT_PIXEL_MODE_MONO.rawValue):
            let byte = buffer[rowStart + column / 8]
            return (byte >> (7 - UInt8(column % 8))) & 1 == 1 ? 255 : 0
        case Int(FT_PIXEL_MODE_BGRA.rawValue):
            return buffer[rowStart + column * 4 + 3]
        default:
            return buffer[rowStart + column]
        }
    }
}
