import EDLParser
import Foundation

/// Writes single pictures as PNG files: `render frame` and `render thumbnails`.
public enum PictureFile {
    /// Writes a composited frame, scaled to `size` when given.
    public static func writePNG(_ image: YUVImage, to path: String, size: PixelSize? = nil) throws {
        let frame = try Frame.video(width: image.width, height: image.height, format: .yuv420p)
        try frame.withPlanes { planes in
            guard planes.count >= 3 else { return }
            image.copyPlanes(
                to: planes[0].bytes, yStride: planes[0].lineSize, u: planes[1].bytes,
                uStride: planes[1].lineSize, v: planes[2].bytes, vStride: planes[2].lineSize)
        }
        try writePNG(frame, to: path, size: size)
    }

    /// Writes a decoded frame, converted to RGB and scaled to `size` when given.
    public static func writePNG(_ frame: Frame, to path: String, size: PixelSize? = nil) throws {
        let target = size ?? PixelSize(width: frame.width, height: frame.height)
        let scaler = try Scaler(
            sourceWidth: frame.width, sourceHeight: frame.height, sourceFormat: frame.pixelFormat,
            width: target.width, height: target.height, format: .rgb24)
        let rgb = try scaler.scale(frame)
        rgb.pts = 0
        guard let rate = FrameRate(.one) else { throw RenderFailure("no frame rate") }
        let encoder = try Encoder(
            video: VideoEncoderSettings(
                codec: "png", width: target.width, height: target.height,
                pixelFormat: .rgb24, frameRate: rate,
                quality: .codecDefault),
            globalHeader: false)
        try encoder.send(rgb)
        try encoder.sendEndOfStream()
        let packet = try Packet()
        var bytes: [UInt8] = []
        while try encoder.receive(into: packet) {
            bytes += packet.bytes
            packet.unref()
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw RenderFailure("cannot write '\(path)'")
        }
    }

    /// The largest size within `box` with the picture's aspect ratio (even sides not needed for PNG).
    public static func fitting(_ size: PixelSize, within box: PixelSize) -> PixelSize {
        let scale = min(Double(box.width) / Double(size.width), Double(box.height) / Double(size.height), 1)
        return PixelSize(
            width: max(Int((Double(size.width) * scale).rounded()), 1),
            height: max(Int((Double(size.height) * scale).rounded()), 1))
    }
}
