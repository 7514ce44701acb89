import EDLParser

extension Ease {
    /// The CSS control points of the named curves; `nil` for `linear` and `hold`.
    public var controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double)? {
        switch self {
        case .linear, .hold: return nil
        case .easeIn: return (0.42, 0, 1, 1)
        case .easeOut: return (0, 0, 0.58, 1)
        case .easeInOut: return (0.42, 0, 0.58, 1)
        case .cubicBezier(let x1, let y1, let x2, let y2): return (x1, y1, x2, y2)
        }
    }

    /// Eased progress for a time fraction `x` in 0...1, as CSS timing functions:
    /// `hold` stays 0 until the span ends; a bezier is solved for `x`, then
    /// gives `y` (which may overshoot 0...1).
    public func progress(_ x: Double) -> Double {
        let x = min(max(x, 0), 1)
        switch self {
        case .linear: return x
        case .hold: return x >= 1 ? 1 : 0
        default:
            guard let p = controlPoints else { return x }
            return UnitBezier(x1: p.x1, y1: p.y1, x2: p.x2, y2: p.y2).y(forX: x)
        }
    }
}

/// A CSS `cubic-bezier(x1, y1, x2, y2)` from (0, 0) to (1, 1), evaluated the way
/// browsers do: find the curve parameter for `x` by Newton's method, falling back
/// to bisection where the slope is too flat, then read `y` there.
struct UnitBezier {
    private let ax, bx, cx, ay, by, cy: Double

    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    private func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    func y(forX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return y(parameter(forX: x))
    }

    /// The curve parameter `t` with `x(t) == x`, to 1e-9.
    func parameter(forX target: Double, epsilon: Double = 1e-9) -> Double {
        var t = target
        for _ in 0..<8 {
            let error = x(t) - target
            if abs(error) < epsilon { return t }
            let slope = dx(t)
            if abs(slope) < 1e-6 { break }
            t -= error / slope
        }
        var low = 0.0
        var high = 1.0
        t = target
        for _ in 0..<60 {
            let value = x(t)
            if abs(value - target) < epsilon { return t }
            if value < target { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }
}
