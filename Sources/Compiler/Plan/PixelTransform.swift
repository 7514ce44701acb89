import EDLParser
import Foundation

/// A 2-D affine map from a layer's source pixels to output pixels:
///
/// ```
/// x' = a·x + c·y + tx        [x']   [a c] [x]   [tx]
/// y' = b·x + d·y + ty        [y'] = [b d] [y] + [ty]
/// ```
///
/// Coordinates are continuous with y pointing down: pixel `(i, j)` covers
/// `[i, i+1) × [j, j+1)` and its centre is `(i + 0.5, j + 0.5)`. A positive
/// rotation turns clockwise on screen. The compiler builds these for layers;
/// the compositor draws with them.
public struct PixelTransform: Hashable, Sendable, Codable, CustomStringConvertible {
    public var a: Double
    public var b: Double
    public var c: Double
    public var d: Double
    public var tx: Double
    public var ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = PixelTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(x: Double, y: Double) -> PixelTransform {
        PixelTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    public static func scale(x: Double, y: Double) -> PixelTransform {
        PixelTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// Turns clockwise on screen (y down) about the origin. Multiples of 90°
    /// are exact, so they stay on the compositor's axis-aligned fast path.
    public static func rotation(degrees: Double) -> PixelTransform {
        let quarterTurns = degrees / 90
        let (sine, cosine): (Double, Double)
        if abs(quarterTurns) < 1e9, quarterTurns == quarterTurns.rounded() {
            let turn = ((Int(quarterTurns) % 4) + 4) % 4
            (sine, cosine) = [(0.0, 1.0), (1, 0), (0, -1), (-1, 0)][turn]
        } else {
            let radians = degrees * .pi / 180
            (sine, cosine) = (sin(radians), cos(radians))
        }
        return PixelTransform(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Mirrors a `width × height` box in place: horizontally maps x to
    /// `width − x`, vertically maps y to `height − y`.
    public static func flip(horizontal: Bool, vertical: Bool, width: Double, height: Double) -> PixelTransform {
        PixelTransform(
            a: horizontal ? -1 : 1, b: 0, c: 0, d: vertical ? -1 : 1,
            tx: horizontal ? width : 0, ty: vertical ? height : 0)
    }

    /// Rows `[[a, c, tx], [b, d, ty]]`.
    public var matrix: [[Double]] { [[a, c, tx], [b, d, ty]] }

    /// This map followed by `next`: `next(self(p))`.
    public func concatenating(_ next: PixelTransform) -> PixelTransform {
        PixelTransform(
            a: next.a * a + next.c * b, b: next.b * a + next.d * b,
            c: next.a * c + next.c * d, d: next.b * c + next.d * d,
            tx: next.a * tx + next.c * ty + next.tx, ty: next.b * tx + next.d * ty + next.ty)
    }

    /// Where the point `(x, y)` lands.
    public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + tx, b * x + d * y + ty)
    }

    /// The determinant of the linear part; its magnitude is the area scale.
    public var determinant: Double { a * d - b * c }

    /// The inverse map (output to source, for sampling), or `nil` when the map
    /// flattens the picture to a line or holds a non-finite value.
    public func inverted() -> PixelTransform? {
        let det = determinant
        guard det.isFinite, abs(det) > 1e-12, tx.isFinite, ty.isFinite else { return nil }
        let ia = d / det
        let ib = -b / det
        let ic = -c / det
        let id = a / det
        return PixelTransform(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }

    /// True when the linear part has no rotation or shear, so rows map to rows
    /// and columns to columns.
    public var isAxisAligned: Bool { b == 0 && c == 0 }

    /// True when this is the identity within a thousandth of a pixel.
    public var isIdentity: Bool {
        isAxisAligned && abs(a - 1) < 1e-9 && abs(d - 1) < 1e-9 && abs(tx) < 1e-3 && abs(ty) < 1e-3
    }

    public var description: String {
        "[[\(formatNumber(a)), \(formatNumber(c)), \(formatNumber(tx))], [\(formatNumber(b)), \(formatNumber(d)), \(formatNumber(ty))]]"
    }
}
