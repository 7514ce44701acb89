import Yams

extension ItemReader {
    static let shapeStrokeKeys = ["color", "width", "dash"]
    static let fillGradientKeys = ["gradient"] + gradientKeys

    /// `shape: rectangle | ellipse` with `width` and `height` (and a rectangle's
    /// `corner_radius`), or `shape: polygon | line` with `points`; `fill` (a
    /// colour or a gradient) and `stroke`. Without either, a shape is filled
    /// white and a line stroked white, 2 pixels wide.
    func readShape(_ value: Node, _ keys: [String: ParseContext.Entry]) -> VectorShape? {
        guard let kind = context.word(value, "shape", VectorShape.Kind.self) else { return nil }
        var shape = VectorShape(kind: kind)
        var complete = true
        let boxed = kind == .rectangle || kind == .ellipse
        for key in boxed ? ["points"] : ["width", "height", "corner_radius"] {
            guard let entry = keys[key] else { continue }
            context.error(
                "'\(key)' applies to \(boxed ? "polygons and lines" : "rectangles and ellipses"), not a \(kind.rawValue)",
                at: entry.keyNode, hint: boxed ? "give 'width' and 'height'" : "give its 'points'")
            complete = false
        }
        if kind == .ellipse, let entry = keys["corner_radius"] {
            context.error("'corner_radius' rounds a rectangle's corners; an ellipse has none", at: entry.keyNode)
            complete = false
        }
        if boxed {
            for key in ["width", "height"] {
                guard let entry = keys[key] else {
                    context.error("a \(kind.rawValue) needs '\(key)' in pixels", at: value)
                    complete = false
                    continue
                }
                guard let size = context.number(entry.value, key, in: 0.001...16_384) else {
                    complete = false
                    continue
                }
                if key == "width" { shape.width = size } else { shape.height = size }
            }
            if let entry = keys["corner_radius"], let radius = context.number(entry.value, "corner_radius", in: 0...8_192) {
                shape.cornerRadius = radius
            }
        } else if let points = readPoints(keys["points"], kind: kind, at: value) {
            shape.points = points
        } else {
            complete = false
        }
        if let entry = keys["fill"] {
            if kind == .line {
                context.error("a line has no inside to fill", at: entry.keyNode, hint: "give it a 'stroke'")
                complete = false
            } else if let fill = readFill(entry.value) {
                shape.fill = fill
            } else {
                complete = false
            }
        }
        if let entry = keys["stroke"] {
            if let stroke = readStroke(entry.value) { shape.stroke = stroke } else { complete = false }
        }
        if complete, let area = Self.pictureArea(shape), area > Double(Self.largestShapeArea) {
            context.error(
                "this \(kind.rawValue) would be a picture of \(formatNumber(area.rounded())) pixels; a shape is at most \(Self.largestShapeArea)",
                at: keys[boxed ? "width" : "points"]?.keyNode ?? value,
                hint: "draw it smaller and enlarge it with 'scale' or 'size'")
            complete = false
        }
        if shape.fill == nil, shape.stroke == nil {
            if kind == .line { shape.stroke = VectorShape.Stroke(color: .white, width: 2) } else { shape.fill = .color(.white) }
        }
        return complete ? shape : nil
    }

    /// 4096 × 4096: a shape's picture and its two coverage masks stay under half a gigabyte.
    static let largestShapeArea = 16_777_216

    /// The pixels of the box a shape is drawn in (its stroke's reach aside).
    static func pictureArea(_ shape: VectorShape) -> Double? {
        if shape.kind == .rectangle || shape.kind == .ellipse { return shape.width * shape.height }
        let xs = shape.points.map(\.x)
        let ys = shape.points.map(\.y)
        guard let left = xs.min(), let right = xs.max(), let top = ys.min(), let bottom = ys.max() else { return nil }
        return max(right - left, 1) * max(bottom - top, 1)
    }

    /// `[[x, y], ...]`: at least three corners for a polygon, two points for a line.
    private func readPoints(_ entry: ParseContext.Entry?, kind: VectorShape.Kind, at node: Node) -> [VectorShape.Point]? {
        let fewest = kind == .polygon ? 3 : 2
        guard let entry else {
            context.error("a \(kind.rawValue) needs 'points': [[x, y], ...] in pixels", at: node)
            return nil
        }
        guard let elements = context.elements(of: entry.value, "points") else { return nil }
        guard elements.count >= fewest else {
            context.error("a \(kind.rawValue) needs at least \(fewest) points, not \(elements.count)", at: entry.value)
            return nil
        }
        var points: [VectorShape.Point] = []
        for element in elements {
            guard let pair = context.elements(of: element, "a point"), pair.count == 2,
                let x = context.number(pair[0], "x", in: -16_384...16_384),
                let y = context.number(pair[1], "y", in: -16_384...16_384)
            else {
                context.error("a point is [x, y] in pixels", at: element)
                return nil
            }
            points.append(VectorShape.Point(x: x, y: y))
        }
        return points
    }

    /// A colour, or `{ gradient: linear | radial, colors, ... }` over the shape's box.
    private func readFill(_ node: Node) -> VectorShape.Fill? {
        guard case .mapping = node else { return context.value(node, "fill", ValueSyntax.color).map { .color($0) } }
        guard let keys = context.entries(of: node, in: "'fill'", allowed: Self.fillGradientKeys) else { return nil }
        guard let kind = keys["gradient"] else {
            context.error("a fill is a colour, or a gradient: '{ gradient: linear, colors: [...] }'", at: node)
            return nil
        }
        return readGradient(kind.value, keys).map { .gradient($0) }
    }

    /// `{ color, width, dash }`: width in pixels (default 2), dash lengths drawn and skipped in turn.
    private func readStroke(_ node: Node) -> VectorShape.Stroke? {
        guard let keys = context.entries(of: node, in: "'stroke'", allowed: Self.shapeStrokeKeys) else { return nil }
        var stroke = VectorShape.Stroke(color: .white, width: 2)
        if let entry = keys["color"] {
            guard let color = context.value(entry.value, "color", ValueSyntax.color) else { return nil }
            stroke.color = color
        }
        if let entry = keys["width"] {
            guard let width = context.number(entry.value, "width", in: 0.001...4_096) else { return nil }
            stroke.width = width
        }
        if let entry = keys["dash"] {
            guard let elements = context.elements(of: entry.value, "dash") else { return nil }
            // Half a pixel at least: a dash is a polygon of its own, and finer ones would be millions.
            let lengths = elements.compactMap { context.number($0, "dash", in: 0.5...16_384) }
            guard lengths.count == elements.count else { return nil }
            guard !lengths.isEmpty else {
                context.error("'dash' needs lengths: drawn, skipped, ... in pixels", at: entry.value)
                return nil
            }
            stroke.dash = lengths.count % 2 == 1 ? lengths + lengths : lengths
        }
        return stroke
    }
}
