import Compiler
import EDLParser

/// Draws layers onto a YUV 4:2:0 canvas with premultiplied-alpha *over*,
/// blending the encoded values directly in YUV (RGB→YUV is affine, so this
/// equals blending the encoded RGB).
///
/// Conventions: continuous coordinates, y down, pixel `(i, j)` covers
/// `[i, i+1) × [j, j+1)` and is sampled at its centre; the transform maps
/// source pixels (relative to the source rectangle's corner) to output
/// pixels; bilinear filtering with clamped edges; the layer's outline is
/// anti-aliased by coverage over one output pixel. Luma is composited at
/// full resolution, chroma at half, sampling the source's chroma at the
/// chroma sample's position (the centre of its 2×2 block).
///
/// The fastest correct path is chosen automatically; see `Path`.
public enum Compositor {
    /// The code path a draw took.
    public enum Path: Hashable, Sendable {
        /// Nothing visible: zero opacity, a degenerate transform, or off the canvas.
        case nothing
        /// An opaque full-frame picture at identity: the planes were copied.
        case planeCopy
        /// An opaque full-frame picture at identity with opacity below 1: one
        /// blend pass per plane (a crossfade's second layer).
        case fullFrameBlend
        /// Scale and translation only (fit contain/cover, unrotated overlays,
        /// flips): per-row work from column tables, no per-pixel matrix; at
        /// unit scale and whole-pixel offsets, straight row copies or blends
        /// (masks only cost their soft edges).
        case axisAligned
        /// Rotation or shear: per-pixel inverse mapping (stepped in fixed
        /// point where the pixel is fully covered).
        case general
    }

    /// Draws `source` onto `canvas`.
    ///
    /// - Parameters:
    ///   - source: the picture; `.yuv` is opaque, `.rgba` premultiplied.
    ///   - sourceRect: the part of `source` drawn (its crop); whole picture if `nil`.
    ///   - transform: source pixels (relative to `sourceRect`'s corner) to output pixels.
    ///   - opacity: 0...1, multiplies the picture's own alpha.
    ///   - mask: hides what falls outside it, in output pixels.
    ///   - canvas: the destination; must not be the source image.
    /// - Returns: the path taken, for tests and statistics.
    @discardableResult
    public static func draw(
        _ source: LayerPicture, sourceRect: PixelRect? = nil, transform: PixelTransform,
        opacity: Double = 1, mask: CompositeMask? = nil, onto canvas: YUVImage
    ) -> Path {
        draw(source, sourceRect: sourceRect, transform: transform, opacity: opacity, mask: mask, onto: canvas, path: nil)
    }

    /// `draw`, optionally forcing a path (tests compare paths this way).
    static func draw(
        _ source: LayerPicture, sourceRect: PixelRect?, transform: PixelTransform,
        opacity: Double, mask: CompositeMask?, onto canvas: YUVImage, path forced: Path?
    ) -> Path {
        let rect = sourceRect ?? PixelRect(width: source.width, height: source.height)
        precondition(
            rect.isNonEmptyPart(ofWidth: source.width, height: source.height),
            "source rectangle \(rect) is not inside the \(source.width)x\(source.height) picture"
        )
        if case .yuv(let image) = source { precondition(image !== canvas, "a YUV image cannot be drawn onto itself") }
        let strength = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
        guard strength > 0, let inverse = transform.inverted() else { return .nothing }
        let path = forced ?? choosePath(source, rect: rect, transform: transform, strength: strength, mask: mask, canvas: canvas)
        let layer = Layer(picture: source, rect: rect, forward: transform, inverse: inverse, strength: strength, mask: mask)
        switch path {
        case .nothing: break
        case .planeCopy: copyFullFrame(source, onto: canvas)
        case .fullFrameBlend: blendFullFrame(source, strength: strength, onto: canvas)
        case .axisAligned: drawAxisAligned(layer, onto: canvas)
        case .general: drawGeneral(layer, onto: canvas)
        }
        return path
    }

    /// Whether drawing `source` this way replaces every pixel of `canvas` (the
    /// plane-copy path), so whatever the canvas held before does not matter.
    public static func replacesCanvas(
        _ source: LayerPicture, sourceRect: PixelRect? = nil, transform: PixelTransform,
        opacity: Double = 1, mask: CompositeMask? = nil, canvas: YUVImage
    ) -> Bool {
        guard case .yuv(let image) = source, image !== canvas else { return false }
        return replacesCanvas(
            size: PixelSize(width: image.width, height: image.height), sourceRect: sourceRect, transform: transform,
            opacity: opacity, mask: mask, canvasSize: PixelSize(width: canvas.width, height: canvas.height))
    }

    /// Whether an opaque YUV picture of `size` drawn so would cover every pixel
    /// of a canvas of `canvasSize` with its own, unchanged.
    public static func replacesCanvas(
        size: PixelSize, sourceRect: PixelRect? = nil, transform: PixelTransform, opacity: Double = 1,
        mask: CompositeMask? = nil, canvasSize: PixelSize
    ) -> Bool {
        let whole = PixelRect(width: size.width, height: size.height)
        return opacity >= 1 && mask == nil && transform.isIdentity && size == canvasSize
            && (sourceRect ?? whole) == whole
    }

    /// Everything about one draw that the per-plane passes need.
    struct Layer {
        let picture: LayerPicture
        let rect: PixelRect
        let forward: PixelTransform
        let inverse: PixelTransform
        let strength: Double
        let mask: CompositeMask?
    }

    /// The cheapest path that gives the same picture as `.general`.
    static func choosePath(
        _ source: LayerPicture, rect: PixelRect, transform: PixelTransform,
        strength: Double, mask: CompositeMask?, canvas: YUVImage
    ) -> Path {
        if !isOnCanvas(rect: rect, transform: transform, mask: mask, canvas: canvas) { return .nothing }
        if case .yuv(let image) = source, image.hasSameSize(as: canvas), mask == nil, transform.isIdentity,
            rect == PixelRect(width: image.width, height: image.height)
        {
            return strength >= 1 ? .planeCopy : .fullFrameBlend
        }
        if transform.isAxisAligned { return .axisAligned }
        return .general
    }

    /// Whether the layer's outline (and the mask) reach the canvas at all.
    private static func isOnCanvas(rect: PixelRect, transform: PixelTransform, mask: CompositeMask?, canvas: YUVImage) -> Bool {
        let w = Double(rect.width)
        let h = Double(rect.height)
        let corners = [(0.0, 0.0), (w, 0), (0, h), (w, h)].map { transform.apply(x: $0.0, y: $0.1) }
        var x0 = corners.map(\.x).min() ?? 0
        var x1 = corners.map(\.x).max() ?? 0
        var y0 = corners.map(\.y).min() ?? 0
        var y1 = corners.map(\.y).max() ?? 0
        if let bounds = mask?.bounds {
            (x0, y0) = (max(x0, bounds.x0), max(y0, bounds.y0))
            (x1, y1) = (min(x1, bounds.x1), min(y1, bounds.y1))
        }
        return x1 > -1 && y1 > -1 && x0 < Double(canvas.width) + 1 && y0 < Double(canvas.height) + 1 && x0 < x1 && y0 < y1
    }

    /// Calls `body` once per plane with the destination, the source planes
    /// and the plane's scale (1 for luma, 2 for chroma).
    static func forEachPlane(
        _ layer: Layer, onto canvas: YUVImage,
        _ body: (PlaneTarget, SamplePlane, SamplePlane?, Double) -> Void
    ) {
        for plane in YUVImage.Plane.allCases {
            let scale: Double = plane == .y ? 1 : 2
            let width = canvas.width(of: plane)
            let height = canvas.height(of: plane)
            let stride = canvas.stride(of: plane)
            canvas.withUnsafeMutablePlane(plane) { destination in
                guard let base = destination.baseAddress else { return }
                let target = PlaneTarget(base: base, stride: stride, width: width, height: height)
                layer.picture.withSamplePlanes(plane, rect: layer.rect) { value, alpha in
                    body(target, value, alpha, scale)
                }
            }
        }
    }
}
