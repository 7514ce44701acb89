import EDLParser

// Moving plan values along the timeline: `shifted(by: d)` gives the value that,
// evaluated at `t − d`, equals the original at `t`. A chunk's layers are shifted
// by minus its start, so they read the same wherever the chunk sits. Every time
// is exact, and every evaluation works on differences of times, so a shifted
// value evaluates to bit-identical results.

extension TimeMap {
    public func shifted(by offset: Rational) -> TimeMap {
        var map = self
        map.start = start + offset
        return map
    }
}

extension TimeRange {
    public func shifted(by offset: Rational) -> TimeRange {
        TimeRange(start: start + offset, end: end + offset)
    }
}

extension Curve {
    public func shifted(by offset: Rational) -> Curve {
        switch self {
        case .constant: return self
        case .keyframes(var curve):
            curve.origin = curve.origin + offset
            return .keyframes(curve)
        case .ramp(var ramp):
            ramp.start = ramp.start + offset
            return .ramp(ramp)
        }
    }
}

extension Envelope {
    public func shifted(by offset: Rational) -> Envelope {
        Envelope(factors.map { $0.shifted(by: offset) })
    }
}

extension Sizing {
    public func shifted(by offset: Rational) -> Sizing {
        switch self {
        case .fit: return self
        case .box(let size): return .box(size.shifted(by: offset))
        case .autoWidth(let height): return .autoWidth(height: height.shifted(by: offset))
        case .autoHeight(let width): return .autoHeight(width: width.shifted(by: offset))
        }
    }
}

extension LayerTransform {
    public func shifted(by offset: Rational) -> LayerTransform {
        var moved = self
        moved.crop = crop.shifted(by: offset)
        moved.sizing = sizing.shifted(by: offset)
        moved.position = position.shifted(by: offset)
        moved.scale = scale.shifted(by: offset)
        moved.rotation = rotation.shifted(by: offset)
        moved.shifts = shifts.map { $0.shifted(by: offset) }
        moved.zoom = zoom.shifted(by: offset)
        moved.parents = parents.map { $0.shifted(by: offset) }
        return moved
    }
}

extension Mask {
    public func shifted(by offset: Rational) -> Mask {
        switch self {
        case .rectangle(let rect): return .rectangle(rect.shifted(by: offset))
        case .circle(let center, let radius): return .circle(center: center, radius: radius.shifted(by: offset))
        case .frames(let frames): return .frames(frames.map { $0.shifted(by: offset) })
        }
    }
}

extension Layer {
    public func shifted(by offset: Rational) -> Layer {
        var moved = self
        moved.timeMap = timeMap.shifted(by: offset)
        moved.transform = transform.shifted(by: offset)
        moved.opacity = opacity.shifted(by: offset)
        moved.mask = mask?.shifted(by: offset)
        moved.filters = filters.map { LayerFilter(kind: $0.kind, amount: $0.amount.shifted(by: offset), lut: $0.lut) }
        moved.shader = shader?.shifted(by: offset)
        moved.transitionIn = transitionIn?.shifted(by: offset)
        moved.range = range.shifted(by: offset)
        return moved
    }
}
