/// Path 2: scale, translation and flips, no rotation. Columns map to
/// columns and rows to rows, so source positions, filter weights and edge
/// coverage are computed once per column and once per row.
extension Compositor {
    static func drawAxisAligned(_ layer: Layer, onto canvas: YUVImage) {
        forEachPlane(layer, onto: canvas) { target, value, alpha, scale in
            if let shift = PixelShift(layer, scale: scale, target: target, value: value) {
                shiftedPlane(
                    target, value: value, alpha: alpha, shift: shift, strength: layer.strength, mask: layer.mask, scale: scale)
                return
            }
            guard layer.mask.map({ PlaneMask($0, planeScale: scale).isSeparable }) ?? true else {
                generalPlane(layer, target: target, value: value, alpha: alpha, scale: scale)
                return
            }
            let mapping = PlaneMapping(
                inverse: layer.inverse, forward: layer.forward, planeScale: scale,
                rect: layer.rect, planeHeight: target.height
            )
            let mask = PlaneMask(layer.mask, planeScale: scale)
            let rows = mapping.rows.clamped(to: mask.rows(limit: target.height))
            let columns = mapping.axisAlignedColumns(limit: target.width)
                .clamped(to: mask.columns(row: 0, limit: target.width))
            guard !rows.isEmpty, !columns.isEmpty else { return }
            withUnsafeTemporaryAllocation(of: ColumnTap.self, capacity: columns.count) { taps in
                for (k, i) in columns.enumerated() {
                    taps[k] = ColumnTap(i, mapping: mapping, mask: mask, clampTo: value)
                }
                for j in rows {
                    let tap = RowTap(j, mapping: mapping, mask: mask, strength: layer.strength, clampTo: value)
                    if tap.weight == 0 { continue }
                    scaledRow(target.row(j), columns: columns, taps: taps, row: tap, value: value, alpha: alpha)
                }
            }
        }
    }

    /// One destination row from precomputed column taps.
    @inline(__always)
    private static func scaledRow(
        _ out: UnsafeMutablePointer<UInt8>, columns: Range<Int>, taps: UnsafeMutableBufferPointer<ColumnTap>,
        row: RowTap, value: SamplePlane, alpha: SamplePlane?
    ) {
        let top = value.base + row.first &* value.stride
        let bottom = value.base + row.second &* value.stride
        let wy = row.fraction
        let base = columns.lowerBound
        guard let alpha else {
            for k in 0..<columns.count {
                let tap = taps[k]
                let weight = Int(tap.weight) &* row.weight
                let sample = lerp(top, bottom, tap, wy)
                out[base &+ k] = Over.opaque(sample, Int(out[base &+ k]), strength: weight)
            }
            return
        }
        let alphaTop = alpha.base + row.first &* alpha.stride
        let alphaBottom = alpha.base + row.second &* alpha.stride
        for k in 0..<columns.count {
            let tap = taps[k]
            let weight = Int(tap.weight) &* row.weight
            if weight == 0 { continue }
            let sample = lerp(top, bottom, tap, wy)
            let coverA = Over.coverage(weight, alpha: lerp(alphaTop, alphaBottom, tap, wy))
            out[base &+ k] = Over.premultiplied(sample, Int(out[base &+ k]), strength: weight, coverA: coverA)
        }
    }

    /// The bilinear sample between two source rows at a column tap.
    @inline(__always)
    private static func lerp(_ top: UnsafePointer<UInt8>, _ bottom: UnsafePointer<UInt8>, _ tap: ColumnTap, _ wy: Int) -> Int {
        let a = Int(tap.first)
        let b = Int(tap.second)
        let wx = Int(tap.fraction)
        let upper = Int(top[a]) &* (256 &- wx) &+ Int(top[b]) &* wx
        let lower = Int(bottom[a]) &* (256 &- wx) &+ Int(bottom[b]) &* wx
        return (upper &* (256 &- wy) &+ lower &* wy &+ 32768) >> 16
    }
}

/// Per destination column: the two source columns, the filter fraction
/// (0...255) and the edge × mask coverage (0...256).
struct ColumnTap {
    let first: Int32, second: Int32, fraction: Int32, weight: Int32

    init(_ i: Int, mapping: PlaneMapping, mask: PlaneMask, clampTo value: SamplePlane) {
        let sx = mapping.sx0 + mapping.sxI * Double(i)
        let u = mapping.fixedU(sx)
        let x0 = u >> 8
        first = Int32(truncatingIfNeeded: min(max(x0, value.minX), value.maxX))
        second = Int32(truncatingIfNeeded: min(max(x0 + 1, value.minX), value.maxX))
        fraction = Int32(truncatingIfNeeded: u & 255)
        let edge = min(max(min(sx, mapping.width - sx) * mapping.edgeX + 0.5, 0), 1)
        weight = Int32((edge * mask.coverage(i, 0) * 256).rounded())
    }
}

/// Per destination row: the two source rows, the filter fraction (0...255)
/// and the edge × mask × opacity weight (0...256).
struct RowTap {
    let first: Int, second: Int, fraction: Int, weight: Int

    init(_ j: Int, mapping: PlaneMapping, mask: PlaneMask, strength: Double, clampTo value: SamplePlane) {
        let sy = mapping.sy0 + mapping.syJ * Double(j)
        let v = mapping.fixedV(sy)
        let y0 = v >> 8
        first = min(max(y0, value.minY), value.maxY)
        second = min(max(y0 + 1, value.minY), value.maxY)
        fraction = v & 255
        let edge = min(max(min(sy, mapping.height - sy) * mapping.edgeY + 0.5, 0), 1)
        weight = Int((edge * mask.rowCoverage(j) * strength * 256).rounded())
    }
}
