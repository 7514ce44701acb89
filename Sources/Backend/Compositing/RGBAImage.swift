/// A premultiplied 8-bit RGBA bitmap: still images, rendered text and
/// generated pictures.
///
/// Pixels are `r, g, b, a` bytes, rows `width * 4` bytes apart, colour
/// components already multiplied by alpha (so `r, g, b <= a`). The first time
/// the image is drawn its premultiplied YUVA 4:2:0 form is computed and kept;
/// later draws reuse it until the pixels are changed through
/// `withUnsafeMutableBytes` or `copyPixels`.
public final class RGBAImage {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes from one row to the next: `width * 4`.
    public var stride: Int { width * 4 }

    private var bytes: [UInt8]
    private var cachedPlanes: YUVAPlanes?

    /// A fully transparent `width × height` bitmap.
    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "an RGBA image needs a positive size, got \(width)x\(height)")
        self.width = width
        self.height = height
        bytes = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// A bitmap filled with one colour: components 0...1, straight alpha.
    public convenience init(width: Int, height: Int, red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.init(width: width, height: height)
        func byte(_ x: Double) -> UInt8 { UInt8((min(max(x, 0), 1) * 255).rounded()) }
        let a = min(max(alpha, 0), 1)
        let pixel = [byte(red * a), byte(green * a), byte(blue * a), byte(a)]
        for index in bytes.indices { bytes[index] = pixel[index & 3] }
    }

    /// Copies `height` rows of `width` RGBA pixels from `source`, rows
    /// `stride` bytes apart. With `premultiplied: false` (PNG decoders give
    /// straight alpha) the colour is multiplied by alpha on the way in.
    public func copyPixels(from source: UnsafeRawBufferPointer, stride sourceStride: Int, premultiplied: Bool) {
        let rowBytes = width * 4
        precondition(sourceStride >= rowBytes, "RGBA stride \(sourceStride) is shorter than a row of \(rowBytes) bytes")
        precondition(source.count >= sourceStride * (height - 1) + rowBytes, "RGBA buffer of \(source.count) bytes is too small")
        guard let sourceBase = source.baseAddress else { return }
        withUnsafeMutableBytes { destination in
            guard let destinationBase = destination.baseAddress else { return }
            copyRows(height, of: rowBytes, from: sourceBase, stride: sourceStride, to: destinationBase, stride: rowBytes)
            if !premultiplied {
                for row in 0..<height { Self.premultiply(destination, row: row, width: width) }
            }
        }
    }

    /// Calls `body` with the premultiplied RGBA bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes(body)
    }

    /// Calls `body` with writable premultiplied RGBA bytes; the cached YUVA
    /// form is dropped, to be recomputed at the next draw.
    public func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        cachedPlanes = nil
        return try bytes.withUnsafeMutableBytes { try body($0) }
    }

    /// A bitmap with the same pixels.
    public func copy() -> RGBAImage {
        let copy = RGBAImage(width: width, height: height)
        copy.bytes = bytes
        return copy
    }

    /// Passes every visible pixel's straight colour (components 0...1) through
    /// `transform`, keeping its alpha; the result is clamped to 0...1 and
    /// premultiplied again.
    public func mapColors(_ transform: (Double, Double, Double) -> (Double, Double, Double)) {
        withUnsafeMutableBytes { bytes in
            for offset in Swift.stride(from: 0, to: bytes.count, by: 4) {
                let alpha = Double(bytes[offset + 3]) / 255
                guard alpha > 0 else { continue }
                let scale = 1 / (255 * alpha)
                let out = transform(
                    Double(bytes[offset]) * scale, Double(bytes[offset + 1]) * scale, Double(bytes[offset + 2]) * scale)
                bytes[offset] = UInt8((min(max(out.0, 0), 1) * alpha * 255).rounded())
                bytes[offset + 1] = UInt8((min(max(out.1, 0), 1) * alpha * 255).rounded())
                bytes[offset + 2] = UInt8((min(max(out.2, 0), 1) * alpha * 255).rounded())
            }
        }
    }

    /// The premultiplied pixel at `(x, y)`.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)x\(height)")
        let i = (y * width + x) * 4
        return (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
    }

    /// The premultiplied YUVA 4:2:0 planes, converted on first use.
    var yuvaPlanes: YUVAPlanes {
        if let planes = cachedPlanes { return planes }
        let planes = bytes.withUnsafeBufferPointer { YUVAPlanes(rgba: $0, width: width, height: height, matrix: .bt709) }
        cachedPlanes = planes
        return planes
    }

    private static func premultiply(_ pixels: UnsafeMutableRawBufferPointer, row: Int, width: Int) {
        let start = row * width * 4
        for pixel in 0..<width {
            let i = start + pixel * 4
            let alpha = Int(pixels[i + 3])
            for component in 0..<3 {
                pixels[i + component] = UInt8((Int(pixels[i + component]) * alpha + 127) / 255)
            }
        }
    }
}
