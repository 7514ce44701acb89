/// The general path: any affine transform, any mask.
extension Compositor {
    /// Inverse-maps every destination pixel centre of the layer's (clipped)
    /// footprint to the source, samples bilinearly and blends by coverage.
    static func drawGeneral(_ layer: Layer, onto canvas: YUVImage) {
        forEachPlane(layer, onto: canvas) { target, value, alpha, scale in
            generalPlane(layer, target: target, value: value, alpha: alpha, scale: scale)
        }
    }

    /// The general path for one plane.
    static func generalPlane(_ layer: Layer, target: PlaneTarget, value: SamplePlane, alpha: SamplePlane?, scale: Double) {
        let mapping = PlaneMapping(
            inverse: layer.inverse, forward: layer.forward, planeScale: scale,
            rect: layer.rect, planeHeight: target.height
        )
        let mask = PlaneMask(layer.mask, planeScale: scale)
        let rows = mapping.rows.clamped(to: mask.rows(limit: target.height))
        for j in rows {
            let rowStrength = layer.strength * mask.rowCoverage(j)
            guard rowStrength > 0 else { continue }
            let row = GeneralRow(
                out: target.row(j), j: j, strength: rowStrength, mapping: mapping, mask: mask,
                value: value, alpha: alpha
            )
            let columns = mapping.columns(row: j, limit: target.width)
                .clamped(to: mask.columns(row: j, limit: target.width))
            let inner = mapping.innerColumns(row: j, limit: target.width)
                .clamped(to: mask.innerColumns(row: j, limit: target.width))
                .clamped(to: columns)
            if inner.isEmpty {
                row.edge(columns)
            } else {
                row.edge(columns.lowerBound..<inner.lowerBound)
                row.interior(inner)
                row.edge(inner.upperBound..<columns.upperBound)
            }
        }
    }
}

/// One destination row of the general path.
struct GeneralRow {
    let out: UnsafeMutablePointer<UInt8>
    let j: Int
    let strength: Double
    let mapping: PlaneMapping
    let mask: PlaneMask
    let value: SamplePlane
    let alpha: SamplePlane?
    /// Source luma position of column 0's centre in this row.
    let rowX: Double, rowY: Double

    init(
        out: UnsafeMutablePointer<UInt8>, j: Int, strength: Double, mapping: PlaneMapping, mask: PlaneMask,
        value: SamplePlane, alpha: SamplePlane?
    ) {
        self.out = out
        self.j = j
        self.strength = strength
        self.mapping = mapping
        self.mask = mask
        self.value = value
        self.alpha = alpha
        rowX = mapping.sx0 + mapping.sxJ * Double(j)
        rowY = mapping.sy0 + mapping.syJ * Double(j)
    }

    /// Pixels near an outline: coverage computed per pixel.
    func edge(_ columns: Range<Int>) {
        let masked: Bool
        if case .none = mask.shape { masked = false } else { masked = true }
        for i in columns {
            let x = Double(i)
            let sx = rowX + mapping.sxI * x
            let sy = rowY + mapping.syI * x
            var cover = mapping.coverage(sx: sx, sy: sy) * strength
            if masked { cover *= mask.coverage(i, j) }
            let weight = Int(cover * 65536)
            if weight <= 0 { continue }
            blend(i, u: mapping.fixedU(sx), v: mapping.fixedV(sy), weight: weight)
        }
    }

    /// Fully covered pixels: one weight for the whole span, source position
    /// stepped in 32.32 fixed point.
    func interior(_ columns: Range<Int>) {
        let first = Double(columns.lowerBound)
        let u0 = (rowX + mapping.sxI * first) * mapping.sampleScale + mapping.uOffset
        let v0 = (rowY + mapping.syI * first) * mapping.sampleScale + mapping.vOffset
        let one = 4_294_967_296.0
        let stepX = mapping.sxI * mapping.sampleScale
        let stepY = mapping.syI * mapping.sampleScale
        guard max(abs(u0), abs(v0), abs(stepX), abs(stepY)) < 1e8 else { return edge(columns) }
        var u = Int(u0 * one)
        var v = Int(v0 * one)
        let du = Int(stepX * one)
        let dv = Int(stepY * one)
        let weight = Int(strength * 65536)
        if alpha == nil, weight >= 65536 {
            for i in columns {
                out[i] = UInt8(truncatingIfNeeded: value.bilinear(u >> 24, v >> 24))
                u &+= du
                v &+= dv
            }
            return
        }
        for i in columns {
            blend(i, u: u >> 24, v: v >> 24, weight: weight)
            u &+= du
            v &+= dv
        }
    }

    @inline(__always)
    private func blend(_ i: Int, u: Int, v: Int, weight: Int) {
        if let alpha {
            // Premultiplied: no tap has more value than alpha, so where alpha
            // samples to 0 the value does too and the pixel stays as it is (a
            // logo's transparent corners, a rotated picture's empty triangles).
            let a = alpha.bilinear(u, v)
            guard a > 0 else { return }
            let coverA = Over.coverage(weight, alpha: a)
            out[i] = Over.premultiplied(value.bilinear(u, v), Int(out[i]), strength: weight, coverA: coverA)
        } else {
            out[i] = Over.opaque(value.bilinear(u, v), Int(out[i]), strength: weight)
        }
    }
}
