import Compiler

/// Decodes a still picture (PNG, JPEG, WebP) once: opaque pictures become YUV
/// (so a full-frame still takes the compositor's fast paths), pictures with an
/// alpha channel premultiplied RGBA.
enum StillImage {
    static func load(_ file: FileSource) throws -> LayerPicture {
        let reader = try VideoReader(path: file.path, streamIndex: file.videoStream)
        let frame = try reader.frame(at: .zero)
        if frame.pixelFormat.hasAlpha {
            let scaler = try Scaler(
                sourceWidth: frame.width, sourceHeight: frame.height, sourceFormat: frame.pixelFormat,
                width: frame.width, height: frame.height, format: .rgba)
            let rgba = try scaler.scale(frame)
            let image = RGBAImage(width: frame.width, height: frame.height)
            try rgba.withPlane(0) { bytes, stride in
                image.copyPixels(from: UnsafeRawBufferPointer(bytes), stride: stride, premultiplied: false)
            }
            return .rgba(image)
        }
        let image = YUVImage(width: frame.width, height: frame.height)
        try FrameConverter().copy(frame, into: image)
        return .yuv(image)
    }
}
