import Compiler
import EDLParser

/// Decodes a still picture (PNG, JPEG, WebP) once: opaque pictures become YUV
/// (so a full-frame still takes the compositor's fast paths), pictures with an
/// alpha channel premultiplied RGBA.
enum StillImage {
    /// The picture at `size`, or at its own size when that is nil or not smaller
    /// (or the picture has alpha). A JPEG much larger than `size` (a camera's 8000x6000 in a 1080p slideshow)
    /// decodes at 1/2, 1/4 or 1/8 of its size straight from the file, so the
    /// full-size picture is never made; libswscale then filters it down to `size`,
    /// which also spares the compositor's bilinear sampling a large reduction.
    static func load(_ file: FileSource, size wanted: PixelSize? = nil, threads: ThreadBudget) throws -> LayerPicture {
        var target: PixelSize?
        var reduction = 0
        if let wanted, let natural = file.facts.video?.size {
            let fitted = PixelSize(width: min(wanted.width, natural.width), height: min(wanted.height, natural.height))
            target = fitted
            reduction = (0...3).last { natural.width >> $0 >= fitted.width && natural.height >> $0 >= fitted.height } ?? 0
        }
        let reader = try VideoReader(path: file.path, streamIndex: file.videoStream, reduction: reduction, threads: threads)
        let frame = try reader.frame(at: .zero)
        // Scaling straight (not premultiplied) alpha would bleed the colour of
        // transparent pixels into edges: pictures with alpha keep their decoded size.
        if frame.pixelFormat.hasAlpha { return .rgba(try AlphaConverter().convert(frame)) }
        let own = PixelSize(width: frame.width, height: frame.height)
        // Tone mapping converts at the frame's own size.
        let size = frame.hdrTransfer == nil ? target ?? own : own
        let image = YUVImage(width: size.width, height: size.height)
        try FrameConverter().copy(frame, into: image)
        return .yuv(image)
    }
}
