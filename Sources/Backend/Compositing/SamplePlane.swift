/// A read-only view of one 8-bit source plane for bilinear sampling, with
/// coordinates clamped to the drawn rectangle so nothing outside a crop
/// bleeds in. Only valid inside the `withUnsafe…` closure that made it.
struct SamplePlane {
    let base: UnsafePointer<UInt8>
    let stride: Int
    /// Inclusive clamp bounds, in plane pixels.
    let minX: Int, maxX: Int, minY: Int, maxY: Int

    /// The bilinear sample at `(u, v)`, 24.8 fixed point, measured from the
    /// centre of pixel (0, 0): `u = 256 × (x − 0.5)` for a continuous `x`.
    @inline(__always)
    func bilinear(_ u: Int, _ v: Int) -> Int {
        let x0 = u >> 8
        let y0 = v >> 8
        let wx = u & 255
        let wy = v & 255
        let xa = min(max(x0, minX), maxX)
        let xb = min(max(x0 &+ 1, minX), maxX)
        let ya = min(max(y0, minY), maxY)
        let yb = min(max(y0 &+ 1, minY), maxY)
        let rowA = base + ya &* stride
        let rowB = base + yb &* stride
        let top = Int(rowA[xa]) &* (256 &- wx) &+ Int(rowA[xb]) &* wx
        let bottom = Int(rowB[xa]) &* (256 &- wx) &+ Int(rowB[xb]) &* wx
        return (top &* (256 &- wy) &+ bottom &* wy &+ 32768) >> 16
    }

    /// The pixel at `(x, y)`, unclamped.
    @inline(__always)
    func at(_ x: Int, _ y: Int) -> Int {
        Int(base[y &* stride &+ x])
    }
}

/// The destination plane of a draw. Only valid inside the closure that made it.
struct PlaneTarget {
    let base: UnsafeMutablePointer<UInt8>
    let stride: Int
    let width: Int
    let height: Int

    /// The first byte of row `y`.
    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<UInt8> {
        base + y &* stride
    }
}

/// The *over* operator on one 8-bit value, 16-bit fixed point weights.
enum Over {
    /// `src` premultiplied by an alpha whose product with the layer strength
    /// is `coverA` (0...65536); `strength` (0...65536) scales `src`.
    @inline(__always)
    static func premultiplied(_ src: Int, _ dst: Int, strength: Int, coverA: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: min((src &* strength &+ dst &* (65536 &- coverA) &+ 32768) >> 16, 255))
    }

    /// An opaque `src` at `strength` (0...65536): `dst + (src − dst) × strength`.
    @inline(__always)
    static func opaque(_ src: Int, _ dst: Int, strength: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: dst &+ (((src &- dst) &* strength &+ 32768) >> 16))
    }

    /// `strength × alpha / 255`, rounded: the weight left for `dst` is 65536 minus this.
    @inline(__always)
    static func coverage(_ strength: Int, alpha: Int) -> Int {
        (strength &* alpha &+ 127) / 255
    }
}
