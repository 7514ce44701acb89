/// The pixel-for-pixel case of path 2: unit scale, whole-pixel offset and
/// source edges on pixel boundaries (a native-size overlay, a same-size video
/// at whole pixels, a wipe). No filtering: rows are copied or blended; a mask
/// costs only its one-pixel soft edge.
extension Compositor {
    static func shiftedPlane(
        _ target: PlaneTarget, value: SamplePlane, alpha: SamplePlane?, shift: PixelShift,
        strength: Double, mask: CompositeMask?, scale: Double
    ) {
        let mask = PlaneMask(mask, planeScale: scale)
        for j in shift.rows.clamped(to: mask.rows(limit: target.height)) {
            let rowStrength = strength * mask.rowCoverage(j)
            guard rowStrength > 0 else { continue }
            let columns = shift.columns.clamped(to: mask.columns(row: j, limit: target.width))
            let inner = mask.innerColumns(row: j, limit: target.width).clamped(to: columns)
            let row = ShiftedRow(out: target.row(j), j: j, value: value, alpha: alpha, shift: shift)
            if inner.isEmpty {
                row.edge(columns, strength: rowStrength, mask: mask)
            } else {
                row.edge(columns.lowerBound..<inner.lowerBound, strength: rowStrength, mask: mask)
                row.interior(inner, weight: Int(rowStrength * 65536))
                row.edge(inner.upperBound..<columns.upperBound, strength: rowStrength, mask: mask)
            }
        }
    }
}

/// One destination row of a whole-pixel shift.
struct ShiftedRow {
    let out: UnsafeMutablePointer<UInt8>
    let j: Int
    let source: UnsafePointer<UInt8>
    let coverage: UnsafePointer<UInt8>?
    let dx: Int

    init(out: UnsafeMutablePointer<UInt8>, j: Int, value: SamplePlane, alpha: SamplePlane?, shift: PixelShift) {
        self.out = out
        self.j = j
        source = value.base + (j + shift.y) * value.stride
        coverage = alpha.map { $0.base + (j + shift.y) * $0.stride }
        dx = shift.x
    }

    /// Columns with one weight (0...65536).
    func interior(_ columns: Range<Int>, weight: Int) {
        guard !columns.isEmpty else { return }
        let from = source + (columns.lowerBound + dx)
        let to = out + columns.lowerBound
        guard let coverage else {
            if weight >= 65536 {
                to.update(from: from, count: columns.count)
            } else {
                Compositor.blendRow(to, from: to, to: from, count: columns.count, weight: weight)
            }
            return
        }
        let alphas = coverage + (columns.lowerBound + dx)
        for k in 0..<columns.count {
            // Where nothing is drawn (most of a text's box) the canvas stays as it is;
            // where the sample and the layer both weigh fully, the sample replaces it.
            let alpha = Int(alphas[k])
            if alpha == 0, from[k] == 0 { continue }
            if alpha == 255, weight == 65536 {
                to[k] = from[k]
                continue
            }
            let coverA = Over.coverage(weight, alpha: alpha)
            to[k] = Over.premultiplied(Int(from[k]), Int(to[k]), strength: weight, coverA: coverA)
        }
    }

    /// Columns on a mask's soft edge: weight per pixel.
    func edge(_ columns: Range<Int>, strength: Double, mask: PlaneMask) {
        for i in columns {
            let weight = Int(strength * mask.coverage(i, j) * 65536)
            if weight <= 0 { continue }
            interior(i..<(i + 1), weight: weight)
        }
    }
}

/// A whole-pixel placement of one plane: destination rows and columns the
/// source covers exactly, and source index minus destination index.
struct PixelShift {
    let x: Int, y: Int
    let columns: Range<Int>
    let rows: Range<Int>

    /// `nil` unless the layer maps pixel for pixel onto this plane (and the
    /// source is not a constant colour).
    init?(_ layer: Compositor.Layer, scale: Double, target: PlaneTarget, value: SamplePlane) {
        let t = layer.forward
        let rect = layer.rect
        guard value.stride > 0, t.isAxisAligned, abs(t.a - 1) < 1e-9, abs(t.d - 1) < 1e-9,
            let left = Self.whole(t.tx / scale), let top = Self.whole(t.ty / scale),
            let originX = Self.whole(Double(rect.x) / scale), let originY = Self.whole(Double(rect.y) / scale),
            let width = Self.whole(Double(rect.width) / scale), let height = Self.whole(Double(rect.height) / scale)
        else { return nil }
        // Destination column i shows source plane column i - left + originX.
        x = originX - left
        y = originY - top
        columns = (left..<(left + width)).clamped(to: 0..<target.width)
        rows = (top..<(top + height)).clamped(to: 0..<target.height)
    }

    private static func whole(_ value: Double) -> Int? {
        let r = value.rounded()
        guard abs(value - r) < 1e-6, abs(r) < 1e9 else { return nil }
        return Int(r)
    }
}
