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
                guard alpha == nil else {
                    for j in rows {
                        let tap = RowTap(j, mapping: mapping, mask: mask, strength: layer.strength, clampTo: value)
                        if tap.weight == 0 { continue }
                        scaledRow(target.row(j), columns: columns, taps: taps, row: tap, value: value, alpha: alpha)
                    }
                    return
                }
                let covered = fullyCovered(taps)
                withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 2 * columns.count) { buffer in
                    guard let base = buffer.baseAddress else { return }
                    var filtered = FilteredRows(base, taps: taps, value: value)
                    for j in rows {
                        let tap = RowTap(j, mapping: mapping, mask: mask, strength: layer.strength, clampTo: value)
                        if tap.weight == 0 { continue }
                        let (upper, lower) = filtered.rows(tap.first, tap.second)
                        opaqueRow(
                            target.row(j) + columns.lowerBound, upper: upper, lower: lower, taps: taps, row: tap,
                            covered: covered)
                    }
                }
            }
        }
    }

    /// The columns whose taps all have full weight, between the partly covered
    /// edge columns; empty when a partial one lies between full ones.
    private static func fullyCovered(_ taps: UnsafeMutableBufferPointer<ColumnTap>) -> Range<Int> {
        guard let first = taps.firstIndex(where: { $0.weight == 256 }),
            let last = taps.lastIndex(where: { $0.weight == 256 })
        else { return 0..<0 }
        return taps[first...last].allSatisfy { $0.weight == 256 } ? first..<(last + 1) : 0..<0
    }

    /// One destination row of an opaque picture from two horizontally filtered
    /// source rows: the same sums as `lerp`, so the same pixels. Where column,
    /// row and opacity all weigh fully, the sample replaces the canvas, in a loop
    /// the compiler vectorises.
    @inline(__always)
    private static func opaqueRow(
        _ out: UnsafeMutablePointer<UInt8>, upper: UnsafePointer<UInt16>, lower: UnsafePointer<UInt16>,
        taps: UnsafeMutableBufferPointer<ColumnTap>, row: RowTap, covered: Range<Int>
    ) {
        let wy = row.fraction
        let inner = row.weight == 256 ? covered : 0..<0
        for k in 0..<taps.count where !inner.contains(k) {
            let sample = (Int(upper[k]) &* (256 &- wy) &+ Int(lower[k]) &* wy &+ 32768) >> 16
            out[k] = Over.opaque(sample, Int(out[k]), strength: Int(taps[k].weight) &* row.weight)
        }
        let (a, b) = (Int32(256 &- wy), Int32(wy))
        for k in inner {
            out[k] = UInt8(truncatingIfNeeded: (Int32(upper[k]) &* a &+ Int32(lower[k]) &* b &+ 32768) >> 16)
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
            if weight == 0 || isNothing(alphaTop, alphaBottom, tap) && isNothing(top, bottom, tap) { continue }
            let sample = lerp(top, bottom, tap, wy)
            let coverA = Over.coverage(weight, alpha: lerp(alphaTop, alphaBottom, tap, wy))
            out[base &+ k] = Over.premultiplied(sample, Int(out[base &+ k]), strength: weight, coverA: coverA)
        }
    }

    /// Whether the four samples a column tap reads are 0: transparent premultiplied
    /// samples there leave the canvas as it is (most of a text's box).
    @inline(__always)
    private static func isNothing(_ top: UnsafePointer<UInt8>, _ bottom: UnsafePointer<UInt8>, _ tap: ColumnTap) -> Bool {
        let (a, b) = (Int(tap.first), Int(tap.second))
        return top[a] | top[b] | bottom[a] | bottom[b] == 0
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

/// Source rows filtered horizontally at the column taps (the bilinear filter's
/// first step, 8 bits of fraction kept), two at a time: consecutive destination
/// rows that sample the same source rows (an enlargement, mostly) filter them once.
struct FilteredRows {
    private let slots: (UnsafeMutablePointer<UInt16>, UnsafeMutablePointer<UInt16>)
    private var held = (-1, -1)
    private let taps: UnsafeMutableBufferPointer<ColumnTap>
    private let value: SamplePlane

    /// `base` holds two rows of `taps.count` values.
    init(_ base: UnsafeMutablePointer<UInt16>, taps: UnsafeMutableBufferPointer<ColumnTap>, value: SamplePlane) {
        slots = (base, base + taps.count)
        self.taps = taps
        self.value = value
    }

    /// Source rows `first` and `second`, filtered.
    mutating func rows(_ first: Int, _ second: Int) -> (UnsafePointer<UInt16>, UnsafePointer<UInt16>) {
        let upper = row(first, keeping: second)
        return (upper, row(second, keeping: first))
    }

    private mutating func row(_ index: Int, keeping other: Int) -> UnsafePointer<UInt16> {
        if held.0 == index { return UnsafePointer(slots.0) }
        if held.1 == index { return UnsafePointer(slots.1) }
        let useSecond = held.0 == other
        let slot = useSecond ? slots.1 : slots.0
        let source = value.base + index &* value.stride
        for k in 0..<taps.count {
            let tap = taps[k]
            let wx = Int(tap.fraction)
            slot[k] = UInt16(truncatingIfNeeded: Int(source[Int(tap.first)]) &* (256 &- wx) &+ Int(source[Int(tap.second)]) &* wx)
        }
        if useSecond { held.1 = index } else { held.0 = index }
        return UnsafePointer(slot)
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
