/// An 8-bit planar YUV 4:2:0 picture (BT.709, limited range): the canvas the
/// compositor draws on, a decoded video frame, and what the encoder is given.
///
/// The Y plane is `width × height`; U and V are `chromaWidth × chromaHeight`,
/// that is `(width + 1) / 2 × (height + 1) / 2`. Chroma sample `(i, j)` sits at
/// the centre of the 2×2 luma block it covers. Rows are `stride(of:)` bytes
/// apart; the padding at a row's end is never read by the compositor.
///
/// The planes are allocated once, in `init`, and reused: fill, copy and draw
/// onto the same image every frame. Pixels are reached only inside the
/// `withUnsafe…` methods; the pointers they pass must not escape the closure.
/// They lie in one `SharedBytes`, so an encoder takes the picture without a
/// copy; a change while the encoder still reads them goes to a copy.
public final class YUVImage {
    /// One of the three planes.
    public enum Plane: Int, CaseIterable, Sendable {
        case y, u, v
    }

    /// Luma width in pixels.
    public let width: Int
    /// Luma height in pixels.
    public let height: Int
    /// Width of the U and V planes: `(width + 1) / 2`.
    public let chromaWidth: Int
    /// Height of the U and V planes: `(height + 1) / 2`.
    public let chromaHeight: Int
    /// Bytes from one Y row to the next.
    public let lumaStride: Int
    /// Bytes from one U (or V) row to the next.
    public let chromaStride: Int

    /// The Y plane, then U, then V.
    let planes: SharedBytes

    /// A `width × height` picture filled with `color`. Rows are padded to a
    /// multiple of 32 bytes.
    public init(width: Int, height: Int, color: YUVColor = .black) {
        precondition(width > 0 && height > 0, "a YUV image needs a positive size, got \(width)x\(height)")
        self.width = width
        self.height = height
        chromaWidth = (width + 1) / 2
        chromaHeight = (height + 1) / 2
        lumaStride = (width + 31) & ~31
        chromaStride = (chromaWidth + 31) & ~31
        planes = SharedBytes(count: lumaStride * height + 2 * chromaStride * chromaHeight)
        fill(color: color)
    }

    /// Where `plane` starts in `planes`.
    func offset(of plane: Plane) -> Int {
        switch plane {
        case .y: return 0
        case .u: return lumaStride * height
        case .v: return lumaStride * height + chromaStride * chromaHeight
        }
    }

    /// Width in pixels of `plane`.
    public func width(of plane: Plane) -> Int {
        plane == .y ? width : chromaWidth
    }

    /// Height in rows of `plane`.
    public func height(of plane: Plane) -> Int {
        plane == .y ? height : chromaHeight
    }

    /// Bytes between rows of `plane`.
    public func stride(of plane: Plane) -> Int {
        plane == .y ? lumaStride : chromaStride
    }

    /// Whether `other` has the same luma size (and so the same plane sizes).
    public func hasSameSize(as other: YUVImage) -> Bool {
        width == other.width && height == other.height
    }

    /// Sets every pixel to `color`.
    public func fill(color: YUVColor) {
        for plane in Plane.allCases {
            let value = plane == .y ? color.y : plane == .u ? color.u : color.v
            withUnsafeMutablePlane(plane) { $0.update(repeating: value) }
        }
    }

    /// Calls `body` with the bytes of `plane` (`stride(of:) × height(of:)`).
    public func withUnsafePlane<R>(_ plane: Plane, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: planes.base + offset(of: plane), count: stride(of: plane) * height(of: plane)))
    }

    /// Calls `body` with the writable bytes of `plane`.
    public func withUnsafeMutablePlane<R>(
        _ plane: Plane, _ body: (UnsafeMutableBufferPointer<UInt8>) throws -> R
    ) rethrows -> R {
        try body(
            UnsafeMutableBufferPointer(start: planes.writable() + offset(of: plane), count: stride(of: plane) * height(of: plane))
        )
    }

    /// The colour at luma pixel `(x, y)`: its Y and the U, V of its 2×2 block.
    public func pixel(x: Int, y: Int) -> YUVColor {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)x\(height)")
        let chroma = (y / 2) * chromaStride + x / 2
        return YUVColor(
            y: planes.base[y * lumaStride + x], u: planes.base[offset(of: .u) + chroma],
            v: planes.base[offset(of: .v) + chroma])
    }
}
