import Yams

extension ItemReader {
    /// `gradient: linear | radial` with `colors` (plain colours spaced evenly, or
    /// `{ color, at }` stops), `angle` for linear, `center` and `radius` for radial.
    func readGradient(_ value: Node, _ keys: [String: ParseContext.Entry]) -> Gradient? {
        guard let shape = context.word(value, "gradient", Gradient.Shape.self, choices: Gradient.Shape.allCases) else {
            return nil
        }
        for key in shape == .linear ? ["center", "radius"] : ["angle"] {
            guard let entry = keys[key] else { continue }
            let other = shape == .linear ? "radial" : "linear"
            context.error("'\(key)' applies to \(other) gradients, not \(shape.rawValue) ones", at: entry.keyNode)
        }
        guard let colors = keys["colors"] else {
            context.error("a gradient needs 'colors': two or more colours, from its start to its end", at: value)
            return nil
        }
        guard let stops = readStops(colors.value) else { return nil }
        var gradient = Gradient(shape: shape, stops: stops)
        if shape == .linear, let entry = keys["angle"], let angle = context.number(entry.value, "angle") {
            gradient.angle = angle
        }
        if shape == .radial {
            if let entry = keys["center"] { gradient.center = AnimationReader(context: context).point(entry.value, "center") }
            if let entry = keys["radius"] {
                gradient.radius = context.number(entry.value, "radius", in: Double.leastNonzeroMagnitude...1_000_000)
            }
        }
        return gradient
    }

    /// The stops, with the positions not given spread evenly between those that
    /// are (the first at 0 and the last at 1 by default), as CSS does.
    private func readStops(_ node: Node) -> [Gradient.Stop]? {
        guard let elements = context.elements(of: node, "colors") else { return nil }
        guard elements.count >= 2 else {
            context.error("'colors' needs at least two colours, not \(elements.count)", at: node)
            return nil
        }
        var colors: [Color] = []
        var positions: [Double?] = []
        var failed = false
        for element in elements {
            if case .mapping = element {
                guard let keys = context.entries(of: element, in: "a gradient stop", allowed: ["color", "at"]) else {
                    failed = true
                    continue
                }
                guard let entry = keys["color"] else {
                    context.error("a gradient stop needs 'color'", at: element)
                    failed = true
                    continue
                }
                let color = context.value(entry.value, "color", ValueSyntax.color)
                let at = keys["at"].map { context.number($0.value, "at", in: 0...1) }
                guard let color, at != .some(nil) else {
                    failed = true
                    continue
                }
                colors.append(color)
                positions.append(at ?? nil)
            } else if let color = context.value(element, "colors", ValueSyntax.color) {
                colors.append(color)
                positions.append(nil)
            } else {
                failed = true
            }
        }
        guard !failed else { return nil }
        if positions[0] == nil { positions[0] = 0 }
        if positions[positions.count - 1] == nil { positions[positions.count - 1] = 1 }
        var previous = 0
        for index in 1..<positions.count {
            guard let at = positions[index] else { continue }
            let start = positions[previous] ?? 0
            guard at >= start else {
                context.error(
                    "gradient stops must be in order: \(formatNumber(at)) comes after \(formatNumber(start))", at: elements[index]
                )
                return nil
            }
            for gap in (previous + 1)..<index {
                positions[gap] = start + (at - start) * Double(gap - previous) / Double(index - previous)
            }
            previous = index
        }
        return zip(colors, positions).map { Gradient.Stop(color: $0, at: $1 ?? 0) }
    }
}
