/// What a layer draws.
public enum LayerPicture {
    /// An opaque video frame (or anything already in YUV 4:2:0).
    case yuv(YUVImage)
    /// A premultiplied RGBA bitmap: an image, text, a generated picture.
    case rgba(RGBAImage)
    /// A solid opaque colour filling a `width × height` box; a `color` item.
    /// Colour alpha goes into the draw's opacity.
    case color(YUVColor, width: Int, height: Int)

    /// Width of the full picture in pixels.
    public var width: Int {
        switch self {
        case .yuv(let image): return image.width
        case .rgba(let image): return image.width
        case .color(_, let width, _): return width
        }
    }

    /// Height of the full picture in pixels.
    public var height: Int {
        switch self {
        case .yuv(let image): return image.height
        case .rgba(let image): return image.height
        case .color(_, _, let height): return height
        }
    }
}
