/// A rasterised text layer.
///
/// Pixels are premultiplied RGBA, 4 bytes each, row-major from the top-left,
/// with no padding between rows (`pixels.count == width * height * 4`).
///
///     ┌──────────────── bitmap ─────────────────┐
///     │   background padding (when there is one)│
///     │   ┌──────── contentRect ─────────┐      │
///     │   │ first line, ascent           │      │
///     │   │ ─────────── baseline ─────── │      │
///     │   │ ...lines, line_height apart  │      │
///     │   └──────────────────────────────┘      │
///     │                    shadow / stroke spill│
///     └─────────────────────────────────────────┘
///
/// The bitmap is the union of the layout box (the background box when there
/// is one, else the text block) and the ink (glyphs widened by the stroke,
/// and their shadow), rounded out to whole pixels. Nothing is clipped.
public struct TextBitmap: Equatable, Sendable {
    public var width: Int
    public var height: Int
    /// Premultiplied RGBA, row-major, no padding.
    public var pixels: [UInt8]
    /// The text block inside the bitmap: as wide as the widest line, from the
    /// first line's ascent to the last line's descent. Alignment happens
    /// within it; the background box is this rectangle plus the padding.
    public var contentRect: PixelRect
    /// The first line's baseline, in bitmap rows from the top.
    public var firstBaseline: Int

    /// The premultiplied RGBA of one pixel.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}
