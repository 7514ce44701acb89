import Compiler
import Foundation

/// How the pixels of one destination plane map into the drawn source
/// rectangle, for one draw: the inverse transform, rewritten in the plane's
/// own pixel units (luma: 1, chroma: 2 luma pixels per pixel).
///
/// For destination plane pixel `(i, j)`, whose centre is at luma position
/// `s·(i + 0.5, j + 0.5)`, `sx`/`sy` are the source position in luma pixels
/// relative to the source rectangle's top-left corner.
struct PlaneMapping {
    let sx0: Double, sxI: Double, sxJ: Double
    let sy0: Double, syI: Double, syJ: Double
    /// Source rectangle size, luma pixels.
    let width: Double, height: Double
    /// Source luma distance to destination plane pixels, across x and y edges.
    let edgeX: Double, edgeY: Double
    /// Source luma position to source plane position: `u = sx·sampleScale + uOffset`.
    let sampleScale: Double
    let uOffset: Double, vOffset: Double
    /// Destination plane rows that can be touched.
    let rows: Range<Int>

    init(inverse m: PixelTransform, forward: PixelTransform, planeScale s: Double, rect: PixelRect, planeHeight: Int) {
        sxI = m.a * s
        sxJ = m.c * s
        sx0 = 0.5 * (sxI + sxJ) + m.tx
        syI = m.b * s
        syJ = m.d * s
        sy0 = 0.5 * (syI + syJ) + m.ty
        width = Double(rect.width)
        height = Double(rect.height)
        edgeX = 1 / (s * (m.a * m.a + m.c * m.c).squareRoot())
        edgeY = 1 / (s * (m.b * m.b + m.d * m.d).squareRoot())
        sampleScale = 1 / s
        uOffset = Double(rect.x) / s - 0.5
        vOffset = Double(rect.y) / s - 0.5
        let corners = [(0.0, 0.0), (width, 0), (0, height), (width, height)].map { forward.apply(x: $0.0, y: $0.1).y }
        let top = (corners.min() ?? 0) / s - 1
        let bottom = (corners.max() ?? 0) / s + 1
        rows = Self.indexRange(top, bottom, limit: planeHeight)
    }

    /// Columns of row `j` whose coverage can be non-zero, within `0 ..< limit`.
    func columns(row j: Int, limit: Int) -> Range<Int> {
        let y = Double(j)
        var lo = -Double.infinity
        var hi = Double.infinity
        let marginX = 0.5 / edgeX
        let marginY = 0.5 / edgeY
        Self.narrow(&lo, &hi, start: sx0 + sxJ * y, step: sxI, above: -marginX, below: width + marginX)
        Self.narrow(&lo, &hi, start: sy0 + syJ * y, step: syI, above: -marginY, below: height + marginY)
        return Self.indexRange(lo - 1, hi + 1, limit: limit)
    }

    /// Columns of row `j` where the source covers the whole pixel (coverage
    /// exactly 1), within `0 ..< limit`.
    func innerColumns(row j: Int, limit: Int) -> Range<Int> {
        let y = Double(j)
        var lo = -Double.infinity
        var hi = Double.infinity
        let marginX = 0.5 / edgeX
        let marginY = 0.5 / edgeY
        Self.narrow(&lo, &hi, start: sx0 + sxJ * y, step: sxI, above: marginX, below: width - marginX)
        Self.narrow(&lo, &hi, start: sy0 + syJ * y, step: syI, above: marginY, below: height - marginY)
        return Self.innerIndexRange(lo, hi, limit: limit)
    }

    /// Columns whose coverage can be non-zero in some row, for an
    /// axis-aligned mapping (`sxJ == 0`).
    func axisAlignedColumns(limit: Int) -> Range<Int> {
        var lo = -Double.infinity
        var hi = Double.infinity
        let marginX = 0.5 / edgeX
        Self.narrow(&lo, &hi, start: sx0, step: sxI, above: -marginX, below: width + marginX)
        return Self.indexRange(lo - 1, hi + 1, limit: limit)
    }

    /// The coverage (0...1) of the source rectangle at a source position.
    @inline(__always)
    func coverage(sx: Double, sy: Double) -> Double {
        let cx = min(max(min(sx, width - sx) * edgeX + 0.5, 0), 1)
        let cy = min(max(min(sy, height - sy) * edgeY + 0.5, 0), 1)
        return cx * cy
    }

    /// 24.8 fixed-point sample coordinate (see `SamplePlane.bilinear`) of a
    /// source luma position along x.
    @inline(__always)
    func fixedU(_ sx: Double) -> Int {
        Int(min(max((sx * sampleScale + uOffset) * 256, -1e15), 1e15))
    }

    /// 24.8 fixed-point sample coordinate along y.
    @inline(__always)
    func fixedV(_ sy: Double) -> Int {
        Int(min(max((sy * sampleScale + vOffset) * 256, -1e15), 1e15))
    }

    /// Limits `(lo, hi)` to the indices `i` with `above < start + step·i < below`.
    private static func narrow(_ lo: inout Double, _ hi: inout Double, start: Double, step: Double, above: Double, below: Double)
    {
        if step == 0 {
            if !(start > above && start < below) { (lo, hi) = (1, 0) }
            return
        }
        let first = (above - start) / step
        let second = (below - start) / step
        lo = max(lo, min(first, second))
        hi = min(hi, max(first, second))
    }

    /// Integer indices `ceil(lo) ... floor(hi)` clamped to `0 ..< limit`.
    static func innerIndexRange(_ lo: Double, _ hi: Double, limit: Int) -> Range<Int> {
        guard lo <= hi, !lo.isNaN, !hi.isNaN else { return 0..<0 }
        let first = Int(min(max(lo.rounded(.up), 0), Double(limit)))
        let last = Int(min(max(hi.rounded(.down) + 1, 0), Double(limit)))
        return first..<max(first, last)
    }

    /// Integer indices `floor(lo) ... ceil(hi)` clamped to `0 ..< limit`.
    static func indexRange(_ lo: Double, _ hi: Double, limit: Int) -> Range<Int> {
        guard lo <= hi, !lo.isNaN, !hi.isNaN else { return 0..<0 }
        let first = Int(min(max(lo.rounded(.down), 0), Double(limit)))
        let last = Int(min(max(hi.rounded(.up), 0), Double(limit)))
        return first..<max(first, last)
    }
}
