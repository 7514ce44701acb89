/// A `CompositeMask` in one destination plane's pixel units, with the soft
/// edge one plane pixel wide.
struct PlaneMask {
    enum Shape {
        case none
        case rectangle(x0: Double, y0: Double, x1: Double, y1: Double)
        case circle(cx: Double, cy: Double, radius: Double)
    }

    let shape: Shape

    init(_ mask: CompositeMask?, planeScale s: Double) {
        switch mask {
        case nil:
            shape = .none
        case .rectangle(let x0, let y0, let x1, let y1)?:
            shape = .rectangle(x0: min(x0, x1) / s, y0: min(y0, y1) / s, x1: max(x0, x1) / s, y1: max(y0, y1) / s)
        case .circle(let cx, let cy, let radius)?:
            shape = .circle(cx: cx / s, cy: cy / s, radius: abs(radius) / s)
        }
    }

    /// Whether the mask can be split into a column factor times a row factor.
    var isSeparable: Bool {
        if case .circle = shape { return false }
        return true
    }

    /// Plane rows the mask leaves visible.
    func rows(limit: Int) -> Range<Int> {
        switch shape {
        case .none: return 0..<limit
        case .rectangle(_, let y0, _, let y1): return PlaneMapping.indexRange(y0 - 1, y1 + 1, limit: limit)
        case .circle(_, let cy, let r): return PlaneMapping.indexRange(cy - r - 1, cy + r + 1, limit: limit)
        }
    }

    /// Columns of row `j` the mask leaves visible.
    func columns(row j: Int, limit: Int) -> Range<Int> {
        switch shape {
        case .none:
            return 0..<limit
        case .rectangle(let x0, _, let x1, _):
            return PlaneMapping.indexRange(x0 - 1, x1 + 1, limit: limit)
        case .circle(let cx, let cy, let r):
            let dy = Double(j) + 0.5 - cy
            let outer = r + 0.5
            let reach = outer * outer - dy * dy
            guard reach > 0 else { return 0..<0 }
            let half = reach.squareRoot()
            return PlaneMapping.indexRange(cx - half - 1, cx + half + 1, limit: limit)
        }
    }

    /// Columns of row `j` where the column part of the coverage is exactly 1.
    func innerColumns(row j: Int, limit: Int) -> Range<Int> {
        switch shape {
        case .none:
            return 0..<limit
        case .rectangle(let x0, _, let x1, _):
            return PlaneMapping.innerIndexRange(x0, x1 - 1, limit: limit)
        case .circle(let cx, let cy, let r):
            let dy = Double(j) + 0.5 - cy
            let inner = r - 0.5
            let reach = inner * inner - dy * dy
            guard inner > 0, reach >= 0 else { return 0..<0 }
            let half = reach.squareRoot()
            return PlaneMapping.innerIndexRange(cx - half - 0.5, cx + half - 0.5, limit: limit)
        }
    }

    /// The part of the coverage that depends on the row only (1 for circles).
    func rowCoverage(_ j: Int) -> Double {
        guard case .rectangle(_, let y0, _, let y1) = shape else { return 1 }
        let y = Double(j) + 0.5
        return min(max(min(y - y0, y1 - y) + 0.5, 0), 1)
    }

    /// The rest of the coverage at pixel `(i, j)`: multiply by `rowCoverage(j)`.
    @inline(__always)
    func coverage(_ i: Int, _ j: Int) -> Double {
        switch shape {
        case .none:
            return 1
        case .rectangle(let x0, _, let x1, _):
            let x = Double(i) + 0.5
            return min(max(min(x - x0, x1 - x) + 0.5, 0), 1)
        case .circle(let cx, let cy, let r):
            let dx = Double(i) + 0.5 - cx
            let dy = Double(j) + 0.5 - cy
            let squared = dx * dx + dy * dy
            let inner = max(r - 0.5, 0)
            if squared <= inner * inner { return 1 }
            return min(max(r - squared.squareRoot() + 0.5, 0), 1)
        }
    }
}
