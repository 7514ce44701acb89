/// Access to a layer's planes as `SamplePlane`s.
extension LayerPicture {
    /// Calls `body` with the source plane matching destination `plane` (for a
    /// bitmap: premultiplied) and, for bitmaps, its alpha plane; both are
    /// clamped to `rect`.
    func withSamplePlanes<R>(_ plane: YUVImage.Plane, rect: PixelRect, _ body: (SamplePlane, SamplePlane?) -> R) -> R {
        let chroma = plane != .y
        let minX = chroma ? rect.x / 2 : rect.x
        let maxX = chroma ? (rect.maxX - 1) / 2 : rect.maxX - 1
        let minY = chroma ? rect.y / 2 : rect.y
        let maxY = chroma ? (rect.maxY - 1) / 2 : rect.maxY - 1
        func view(_ pointer: UnsafeBufferPointer<UInt8>, stride: Int) -> SamplePlane? {
            guard let base = pointer.baseAddress else { return nil }
            return SamplePlane(base: base, stride: stride, minX: minX, maxX: maxX, minY: minY, maxY: maxY)
        }
        switch self {
        case .yuv(let image):
            return image.withUnsafePlane(plane) { values in
                guard let value = view(values, stride: image.stride(of: plane)) else { preconditionFailure("empty plane") }
                return body(value, nil)
            }
        case .rgba(let image):
            let planes = image.yuvaPlanes
            let stride = chroma ? planes.chromaWidth : planes.width
            let values = plane == .y ? planes.luma : plane == .u ? planes.u : planes.v
            let alphas = chroma ? planes.chromaAlpha : planes.alpha
            return values.withUnsafeBufferPointer { values in
                alphas.withUnsafeBufferPointer { alphas in
                    guard let value = view(values, stride: stride), let alpha = view(alphas, stride: stride) else {
                        preconditionFailure("empty plane")
                    }
                    return body(value, alpha)
                }
            }
        case .color(let color, _, _):
            let constant = plane == .y ? color.y : plane == .u ? color.u : color.v
            return withUnsafePointer(to: constant) { base in
                body(SamplePlane(base: base, stride: 0, minX: 0, maxX: 0, minY: 0, maxY: 0), nil)
            }
        }
    }
}
