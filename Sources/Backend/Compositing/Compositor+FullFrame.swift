/// Full-frame fast paths: plane copies and one-pass blends of same-size
/// opaque YUV pictures.
extension Compositor {
    /// Replaces every plane of `canvas` with the source's (path 1).
    static func copyFullFrame(_ source: LayerPicture, onto canvas: YUVImage) {
        guard case .yuv(let image) = source else { preconditionFailure("plane copy needs a YUV source") }
        canvas.copyPlanes(from: image)
    }

    /// `canvas = canvas + (source − canvas) × strength`, per plane (path 3).
    static func blendFullFrame(_ source: LayerPicture, strength: Double, onto canvas: YUVImage) {
        guard case .yuv(let image) = source else { preconditionFailure("full-frame blend needs a YUV source") }
        let weight = Int(strength * 65536)
        for plane in YUVImage.Plane.allCases {
            let rows = canvas.height(of: plane)
            let count = canvas.width(of: plane)
            let ownStride = canvas.stride(of: plane)
            let otherStride = image.stride(of: plane)
            canvas.withUnsafeMutablePlane(plane) { destination in
                image.withUnsafePlane(plane) { other in
                    guard let d = destination.baseAddress, let s = other.baseAddress else { return }
                    for row in 0..<rows {
                        blendRow(
                            d + row * ownStride, from: d + row * ownStride, to: s + row * otherStride, count: count,
                            weight: weight)
                    }
                }
            }
        }
    }

    /// `destination[k] = from[k] + (to[k] − from[k]) × weight / 65536`;
    /// `destination` may be `from`.
    @inline(__always)
    static func blendRow(
        _ destination: UnsafeMutablePointer<UInt8>, from: UnsafePointer<UInt8>, to: UnsafePointer<UInt8>,
        count: Int, weight: Int
    ) {
        let w = Int32(truncatingIfNeeded: weight)
        for k in 0..<count {
            let a = Int32(from[k])
            let b = Int32(to[k])
            destination[k] = UInt8(truncatingIfNeeded: a &+ (((b &- a) &* w &+ 32768) >> 16))
        }
    }

    /// `blendRow` with a mutable `from`.
    @inline(__always)
    static func blendRow(
        _ destination: UnsafeMutablePointer<UInt8>, from: UnsafeMutablePointer<UInt8>, to: UnsafePointer<UInt8>,
        count: Int, weight: Int
    ) {
        blendRow(destination, from: UnsafePointer(from), to: to, count: count, weight: weight)
    }
}
