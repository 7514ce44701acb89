import EDLParser
import Foundation

/// Writes single pictures as PNG files: `render frame` and `render thumbnails`.
public enum PictureFile {
    /// Writes a composited frame, scaled to `size` when given.
    public static func writePNG(_ image: YUVImage, to path: String, size: PixelSize? = nil) throws {
        try write(try pngData(image, size: size), to: path)
    }

    /// Writes a decoded frame, converted to RGB and scaled to `size` when given.
    public static func writePNG(_ frame: Frame, to path: String, size: PixelSize? = nil) throws {
        try write(try pngData(frame, size: size), to: path)
    }

    /// A composited frame as PNG bytes, scaled to `size` when given (`render frame`, the studio's stills).
    public static func pngData(_ image: YUVImage, size: PixelSize? = nil) throws -> Data {
        let frame = try Frame.video(width: image.width, height: image.height, format: .yuv420p)
        try frame.withPlanes { planes in
            guard planes.count >= 3 else { return }
            image.copyPlanes(
                to: planes[0].bytes, yStride: planes[0].lineSize, u: planes[1].bytes,
                uStride: planes[1].lineSize, v: planes[2].bytes, vStride: planes[2].lineSize)
        }
        return try pngData(frame, size: size)
    }

    /// A decoded frame as PNG bytes, converted to RGB and scaled to `size` when given.
    static func pngData(_ frame: Frame, size: PixelSize? = nil) throws -> Data {
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
        return Data(bytes)
    }

    private static func write(_ data: Data, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: data) else {
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
