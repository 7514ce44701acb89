import EDLParser
import Foundation

/// A 2×3 affine matrix mapping `(x, y)` to `(a·x + c·y + tx, b·x + d·y + ty)`,
/// in pixel coordinates with the origin top-left and y down.
public struct AffineTransform: Hashable, Sendable, Codable, CustomStringConvertible {
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

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(_ x: Double, _ y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    public static func scale(_ x: Double, _ y: Double) -> AffineTransform {
        AffineTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// Clockwise on screen (y down) by `degrees`.
    public static func rotation(degrees: Double) -> AffineTransform {
        let r = degrees * Double.pi / 180
        let (s, c) = (sin(r), cos(r))
        return AffineTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// Rows `[[a, c, tx], [b, d, ty]]`.
    public var matrix: [[Double]] { [[a, c, tx], [b, d, ty]] }

    /// `self` applied after `first`: `(self ∘ first)(p) = self(first(p))`.
    public func concatenating(after first: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * first.a + c * first.b, b: b * first.a + d * first.b,
            c: a * first.c + c * first.d, d: b * first.c + d * first.d,
            tx: a * first.tx + c * first.ty + tx, ty: b * first.tx + d * first.ty + ty)
    }

    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + tx, b * x + d * y + ty)
    }

    /// The inverse (output → source, for sampling); `nil` when singular.
    public var inverted: AffineTransform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        return AffineTransform(a: d / det, b: -b / det, c: -c / det, d: a / det,
                               tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    public var description: String {
        "[[\(formatNumber(a)), \(formatNumber(c)), \(formatNumber(tx))], [\(formatNumber(b)), \(formatNumber(d)), \(formatNumber(ty))]]"
    }
}
