/// The pixel-for-pixel case of path 2: unit scale, whole-pixel offset, edges
/// on pixel boundaries, no mask (a native-size overlay or a same-size video
/// placed at whole pixels). No filtering: rows are copied or blended.
extension Compositor {
    static func shiftedPlane(
        _ target: PlaneTarget, value: SamplePlane, alpha: SamplePlane?, shift: PixelShift, strength: Double
    ) {
        let weight = Int(strength * 65536)
        let count = shift.columns.count
        for j in shift.rows {
            let out = target.row(j) + shift.columns.lowerBound
            let source = value.base + (j + shift.y) * value.stride + (shift.columns.lowerBound + shift.x)
            guard let alpha else {
                if weight >= 65536 {
                    out.update(from: source, count: count)
                } else {
                    blendRow(out, from: out, to: source, count: count, weight: weight)
                }
                continue
            }
            let coverage = alpha.base + (j + shift.y) * alpha.stride + (shift.columns.lowerBound + shift.x)
            for k in 0..<count {
                let coverA = Over.coverage(weight, alpha: Int(coverage[k]))
                out[k] = Over.premultiplied(Int(source[k]), Int(out[k]), strength: weight, coverA: coverA)
            }
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
    init?(_ layer: Compositor.Layer, mapping: PlaneMapping, scale: Double, target: PlaneTarget, value: SamplePlane) {
        guard layer.mask == nil, value.stride > 0, abs(mapping.sxI - scale) < 1e-9, abs(mapping.syJ - scale) < 1e-9,
            mapping.sxJ == 0, mapping.syI == 0,
            let left = Self.whole(mapping.sx0 / scale - 0.5), let top = Self.whole(mapping.sy0 / scale - 0.5),
            let width = Self.whole(mapping.width / scale), let height = Self.whole(mapping.height / scale),
            let x = Self.whole(mapping.sx0 * mapping.sampleScale + mapping.uOffset),
            let y = Self.whole(mapping.sy0 * mapping.sampleScale + mapping.vOffset)
        else { return nil }
        // Destination column i shows source (rect-relative) plane column i + left.
        self.x = x
        self.y = y
        columns = (-left..<(width - left)).clamped(to: 0..<target.width)
        rows = (-top..<(height - top)).clamped(to: 0..<target.height)
    }

    private static func whole(_ value: Double) -> Int? {
        let r = value.rounded()
        guard abs(value - r) < 1e-6, abs(r) < 1e9 else { return nil }
        return Int(r)
    }
}
