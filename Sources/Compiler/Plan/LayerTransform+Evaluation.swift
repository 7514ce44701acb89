import EDLParser

extension LayerTransform {
    /// The matrix mapping source pixels to output pixels at a timeline time.
    /// `sourceSize` overrides the stored size (the backend passes a text
    /// bitmap's size); with neither, the output size is assumed.
    public func transform(at time: Rational, sourceSize override: PixelSize? = nil) -> PixelTransform {
        let coded = override ?? sourceSize ?? outputSize
        let (cw, ch) = (Double(coded.width), Double(coded.height))
        let (crop, visible, box, drawn) = framing(at: time, coded: coded)
        let inset = Vector2((box.x - drawn.x) / 2, (box.y - drawn.y) / 2)
        let anchor = self.anchor
        let scale = self.scale.value(at: time)
        let position = self.position.value(at: time)
        let shift = shifts.reduce(Vector2(0, 0)) { sum, curve in
            let v = curve.value(at: time)
            return Vector2(sum.x + v.x, sum.y + v.y)
        }
        let zoom = self.zoom.value(at: time)
        let centre = (x: Double(outputSize.width) / 2, y: Double(outputSize.height) / 2)

        let steps: [PixelTransform] = [
            displayMatrix(width: cw, height: ch),
            .translation(x: -crop.left, y: -crop.top),
            flipMatrix(width: visible.w, height: visible.h),
            .scale(x: drawn.x / visible.w, y: drawn.y / visible.h),
            .translation(x: inset.x - anchor.x * box.x, y: inset.y - anchor.y * box.y),
            .scale(x: scale.x, y: scale.y),
            .rotation(degrees: rotation.value(at: time)),
            .translation(x: position.x + shift.x, y: position.y + shift.y),
            .translation(x: -centre.x, y: -centre.y),
            .scale(x: zoom, y: zoom),
            .translation(x: centre.x, y: centre.y),
        ]
        let own = steps.reduce(PixelTransform.identity) { $0.concatenating($1) }
        return parents.reduce(own) { $0.concatenating($1.transform(at: time)) }
    }

    /// At a time: the crop (the item's, and what `cover` cuts to fit its box),
    /// the size it leaves, the item's box, and the size the picture is drawn at
    /// in the box (centred in it).
    private func framing(at time: Rational, coded: PixelSize)
        -> (crop: Crop, visible: (w: Double, h: Double), box: Vector2, drawn: Vector2)
    {
        let (cw, ch) = (Double(coded.width), Double(coded.height))
        let displayed = autoRotation % 180 == 0 ? (w: cw, h: ch) : (w: ch, h: cw)
        var crop = self.crop.value(at: time)
        var visible = (w: max(displayed.w - crop.left - crop.right, 1), h: max(displayed.h - crop.top - crop.bottom, 1))
        let box = boxSize(at: time, content: visible)
        if case .fit = sizing { return (crop, visible, box, box) }
        switch boxFill {
        case .stretch:
            return (crop, visible, box, box)
        case .contain:
            let k = min(box.x / visible.w, box.y / visible.h)
            return (crop, visible, box, Vector2(visible.w * k, visible.h * k))
        case .cover:
            let k = max(box.x / visible.w, box.y / visible.h)
            let cut = (w: (visible.w - box.x / k) / 2, h: (visible.h - box.y / k) / 2)
            crop.left += cut.w
            crop.right += cut.w
            crop.top += cut.h
            crop.bottom += cut.h
            visible = (w: visible.w - 2 * cut.w, h: visible.h - 2 * cut.h)
            return (crop, visible, box, box)
        }
    }

    /// Whether nothing of the placement changes during `span`.
    public func isConstant(over span: ClosedRange<Rational>) -> Bool {
        let sized: Bool
        switch sizing {
        case .fit: sized = true
        case .box(let size): sized = size.isConstant(over: span)
        case .autoWidth(let height): sized = height.isConstant(over: span)
        case .autoHeight(let width): sized = width.isConstant(over: span)
        }
        return sized && crop.isConstant(over: span) && position.isConstant(over: span) && scale.isConstant(over: span)
            && rotation.isConstant(over: span) && zoom.isConstant(over: span)
            && shifts.allSatisfy { $0.isConstant(over: span) } && parents.allSatisfy { $0.isConstant(over: span) }
    }

    /// A picture of coded size `size` as displayed, after the auto-rotation.
    public func displayed(_ size: PixelSize) -> PixelSize {
        autoRotation % 180 == 0 ? size : PixelSize(width: size.height, height: size.width)
    }

    /// Whether the crop at `time` leaves nothing of the picture (its coded size
    /// `sourceSize`, else the stored one): nothing of it is drawn then.
    public func cropRemovesAll(at time: Rational, sourceSize override: PixelSize? = nil) -> Bool {
        let size = displayed(override ?? sourceSize ?? outputSize)
        let crop = self.crop.value(at: time)
        return crop.left + crop.right >= Double(size.width) || crop.top + crop.bottom >= Double(size.height)
    }

    /// The box the picture fills before `scale`, for content of the given size.
    public func boxSize(at time: Rational, content: (w: Double, h: Double)) -> Vector2 {
        let (ow, oh) = (Double(outputSize.width), Double(outputSize.height))
        switch sizing {
        case .fit(.none): return Vector2(content.w, content.h)
        case .fit(.fill): return Vector2(ow, oh)
        case .fit(.contain), .fit(.containBlur):
            let k = min(ow / content.w, oh / content.h)
            return Vector2(content.w * k, content.h * k)
        case .fit(.cover):
            let k = max(ow / content.w, oh / content.h)
            return Vector2(content.w * k, content.h * k)
        case .box(let size): return size.value(at: time)
        case .autoWidth(let height):
            let h = height.value(at: time)
            return Vector2(h * content.w / content.h, h)
        case .autoHeight(let width):
            let w = width.value(at: time)
            return Vector2(w, w * content.h / content.w)
        }
    }

    /// Coded pixels → displayed pixels: the auto-rotation, then the auto-mirror.
    func displayMatrix(width cw: Double, height ch: Double) -> PixelTransform {
        let rotated = Self.rotationMatrix(autoRotation, width: cw, height: ch)
        guard autoMirror else { return rotated }
        let displayedWidth = autoRotation % 180 == 0 ? cw : ch
        return rotated.concatenating(.scale(x: -1, y: 1)).concatenating(.translation(x: displayedWidth, y: 0))
    }

    /// Coded pixels → displayed pixels for a clockwise rotation.
    static func rotationMatrix(_ degrees: Int, width: Double, height: Double) -> PixelTransform {
        switch ((degrees % 360) + 360) % 360 {
        case 90: return PixelTransform(a: 0, b: 1, c: -1, d: 0, tx: height, ty: 0)
        case 180: return PixelTransform(a: -1, b: 0, c: 0, d: -1, tx: width, ty: height)
        case 270: return PixelTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: width)
        default: return .identity
        }
    }

    private func flipMatrix(width: Double, height: Double) -> PixelTransform {
        switch flip {
        case nil: return .identity
        case .horizontal: return PixelTransform(a: -1, b: 0, c: 0, d: 1, tx: width, ty: 0)
        case .vertical: return PixelTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: height)
        case .both: return PixelTransform(a: -1, b: 0, c: 0, d: -1, tx: width, ty: height)
        }
    }

    /// The visible part of the source in coded pixels at a time: the crop
    /// (given on the displayed picture) taken back through the auto-rotation and mirror.
    public func sourceRect(at time: Rational, sourceSize override: PixelSize? = nil) -> Rect {
        let coded = override ?? sourceSize ?? outputSize
        let (cw, ch) = (Double(coded.width), Double(coded.height))
        let crop = framing(at: time, coded: coded).crop
        let toDisplay = displayMatrix(width: cw, height: ch)
        guard let back = toDisplay.inverted() else { return Rect(x: 0, y: 0, width: cw, height: ch) }
        let displayed = autoRotation % 180 == 0 ? (w: cw, h: ch) : (w: ch, h: cw)
        let p = back.apply(x: crop.left, y: crop.top)
        let q = back.apply(x: displayed.w - crop.right, y: displayed.h - crop.bottom)
        return Rect(x: min(p.x, q.x), y: min(p.y, q.y), width: abs(q.x - p.x), height: abs(q.y - p.y))
    }
}
