/// Turns decoded pictures with an alpha channel (VP9 with alpha, ProRes 4444,
/// QuickTime Animation, PNG) into premultiplied RGBA for the compositor, reusing
/// its scaler and image from one frame to the next.
final class AlphaConverter {
    private var scaler: Scaler?
    private var image: RGBAImage?

    func convert(_ frame: Frame) throws -> RGBAImage {
        if scaler == nil || image?.width != frame.width || image?.height != frame.height {
            scaler = try Scaler(
                sourceWidth: frame.width, sourceHeight: frame.height, sourceFormat: frame.pixelFormat,
                width: frame.width, height: frame.height, format: .rgba)
            image = RGBAImage(width: frame.width, height: frame.height)
        }
        guard let scaler, let image else { throw RenderFailure("cannot convert a picture with alpha") }
        let rgba = try scaler.scale(frame)
        try rgba.withPlane(0) { bytes, stride in
            image.copyPixels(from: UnsafeRawBufferPointer(bytes), stride: stride, premultiplied: false)
        }
        return image
    }
}
