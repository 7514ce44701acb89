import Yams

/// Readers for the values an animatable key takes; each is `(node, key) -> value?`.
extension AnimationReader {
    var gain: (Node, String) -> Double? {
        { node, key in context.value(node, key, ValueSyntax.gain) }
    }

    var angle: (Node, String) -> Double? {
        { node, key in context.value(node, key, ValueSyntax.angle) }
    }

    var color: (Node, String) -> Color? {
        { node, key in context.value(node, key, ValueSyntax.color) }
    }

    /// A number in 0...1 (opacity).
    func unitNumber(_ name: String) -> (Node, String) -> Double? { boundedNumber(name, 0...1) }

    /// A number in `range`.
    func boundedNumber(_ name: String, _ range: ClosedRange<Double>) -> (Node, String) -> Double? {
        { node, _ in context.number(node, name, in: range) }
    }

    /// `[x, y]`, each in pixels or a percentage of the output size.
    var point: (Node, String) -> Point? {
        { node, key in
            guard let pair = pair(node, key) else { return nil }
            guard let x = context.value(pair.0, key, ValueSyntax.coordinate),
                let y = context.value(pair.1, key, ValueSyntax.coordinate)
            else { return nil }
            return Point(x: x, y: y)
        }
    }

    /// A uniform scale `1.5` or `[sx, sy]`; factors from 0 to 1000.
    var scale: (Node, String) -> Vector2? {
        { node, key in
            if case .sequence = node {
                guard let pair = pair(node, key),
                    let x = context.number(pair.0, key, in: 0...1000),
                    let y = context.number(pair.1, key, in: 0...1000)
                else { return nil }
                return Vector2(x, y)
            }
            return context.number(node, key, in: 0...1000).map { Vector2($0, $0) }
        }
    }

    /// `[w, h]` in output pixels, one side possibly `auto`; or `"WxH"`.
    var layerSize: (Node, String) -> LayerSize? {
        { node, key in
            guard case .sequence = node else {
                return context.value(node, key, ValueSyntax.pixelSize)
                    .map { LayerSize(width: .pixels(Double($0.width)), height: .pixels(Double($0.height))) }
            }
            guard let pair = pair(node, key), let width = side(pair.0, key), let height = side(pair.1, key) else { return nil }
            if width == .auto && height == .auto {
                context.error("'\(key)' cannot be [auto, auto]; give at least one side in pixels", at: node)
                return nil
            }
            return LayerSize(width: width, height: height)
        }
    }

    /// `{left, top, right, bottom}` in source pixels, each 0 or more.
    var crop: (Node, String) -> Crop? {
        { node, key in
            guard let keys = context.entries(of: node, in: "'\(key)'", allowed: ["left", "top", "right", "bottom"]) else {
                return nil
            }
            var crop = Crop()
            var valid = true
            func read(_ name: String, _ path: WritableKeyPath<Crop, Double>) {
                guard let entry = keys[name] else { return }
                if let value = context.number(entry.value, name, in: 0...100_000) {
                    crop[keyPath: path] = value
                } else {
                    valid = false
                }
            }
            read("left", \.left)
            read("top", \.top)
            read("right", \.right)
            read("bottom", \.bottom)
            return valid ? crop : nil
        }
    }

    private func side(_ node: Node, _ key: String) -> SizeSide? {
        if context.text(node, key) == "auto" { return .auto }
        return context.number(node, key, in: 0...100_000).map { .pixels($0) }
    }

    /// The two elements of a `[a, b]` list.
    func pair(_ node: Node, _ key: String) -> (Node, Node)? {
        guard let elements = context.elements(of: node, key) else { return nil }
        guard elements.count == 2 else {
            context.error("'\(key)' must be a pair [x, y], not a list of \(elements.count)", at: node)
            return nil
        }
        return (elements[0], elements[1])
    }
}
