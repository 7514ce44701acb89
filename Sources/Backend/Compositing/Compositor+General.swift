/// The general path: any affine transform, any mask.
extension Compositor {
    /// Inverse-maps every destination pixel centre of the layer's (clipped)
    /// footprint to the source, samples bilinearly and blends by coverage.
    static func drawGeneral(_ layer: Layer, onto canvas: YUVImage) {
        forEachPlane(layer, onto: canvas) { target, value, alpha, scale in
            let mapping = PlaneMapping(
                inverse: layer.inverse, forward: layer.forward, planeScale: scale,
                rect: layer.rect, planeHeight: target.height
            )
            let mask = PlaneMask(layer.mask, planeScale: scale)
            let rows = mapping.rows.clamped(to: mask.rows(limit: target.height))
            for j in rows {
                let rowStrength = layer.strength * mask.rowCoverage(j)
                guard rowStrength > 0 else { continue }
                let columns = mapping.columns(row: j, limit: target.width)
                    .clamped(to: mask.columns(row: j, limit: target.width))
                generalRow(
                    target.row(j), j: j, columns: columns, strength: rowStrength,
                    mapping: mapping, mask: mask, value: value, alpha: alpha
                )
            }
        }
    }

    /// One destination row of the general path.
    @inline(__always)
    private static func generalRow(
        _ row: UnsafeMutablePointer<UInt8>, j: Int, columns: Range<Int>, strength: Double,
        mapping: PlaneMapping, mask: PlaneMask, value: SamplePlane, alpha: SamplePlane?
    ) {
        let y = Double(j)
        let rowX = mapping.sx0 + mapping.sxJ * y, rowY = mapping.sy0 + mapping.syJ * y
        let masked: Bool
        if case .none = mask.shape { masked = false } else { masked = true }
        for i in columns {
            let x = Double(i)
            let sx = rowX + mapping.sxI * x, sy = rowY + mapping.syI * x
            var cover = mapping.coverage(sx: sx, sy: sy) * strength
            if masked { cover *= mask.coverage(i, j) }
            let weight = Int(cover * 65536)
            if weight <= 0 { continue }
            let u = mapping.fixedU(sx), v = mapping.fixedV(sy)
            let sample = value.bilinear(u, v)
            let destination = Int(row[i])
            if let alpha {
                let coverA = Over.coverage(weight, alpha: alpha.bilinear(u, v))
                row[i] = Over.premultiplied(sample, destination, strength: weight, coverA: coverA)
            } else {
                row[i] = Over.opaque(sample, destination, strength: weight)
            }
        }
    }
}
