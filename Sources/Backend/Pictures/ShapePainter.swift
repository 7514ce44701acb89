import EDLParser
import Foundation

/// Paints `shape:` items as premultiplied RGBA: each outline flattened to
/// within 1/500 of a pixel, then covered by exact area (`AreaCoverage`), so an
/// edge pixel holds the share of it the shape covers, not a count of samples.
/// The stroke is drawn over the fill, centred on the outline.
enum ShapePainter {
    typealias Point = (x: Double, y: Double)

    /// The largest distance between a curve and the chords that stand for it.
    static let tolerance = 0.002

    static func paint(_ shape: VectorShape) -> RGBAImage {
        let half = (shape.stroke?.width ?? 0) / 2
        // A pixel of room around the outline and its stroke.
        let pad = (half + 1).rounded(.up)
        var outline: [Point]
        let size: (width: Int, height: Int)
        switch shape.kind {
        case .rectangle, .ellipse:
            size = (Int((shape.width + 2 * pad).rounded(.up)), Int((shape.height + 2 * pad).rounded(.up)))
            outline =
                shape.kind == .rectangle
                ? roundedRectangle(x: pad, y: pad, width: shape.width, height: shape.height, radius: shape.cornerRadius)
                : ellipse(cx: pad + shape.width / 2, cy: pad + shape.height / 2, rx: shape.width / 2, ry: shape.height / 2)
        case .polygon, .line:
            let xs = shape.points.map(\.x)
            let ys = shape.points.map(\.y)
            let (minX, minY) = (xs.min() ?? 0, ys.min() ?? 0)
            size = (
                Int(((xs.max() ?? 0) - minX + 2 * pad).rounded(.up)), Int(((ys.max() ?? 0) - minY + 2 * pad).rounded(.up))
            )
            outline = shape.points.map { (x: $0.x - minX + pad, y: $0.y - minY + pad) }
        }
        let (width, height) = (max(size.width, 1), max(size.height, 1))
        let closed = shape.kind != .line
        var fill: [Double]?
        if shape.fill != nil, closed {
            var coverage = AreaCoverage(width: width, height: height)
            coverage.add(outline)
            fill = coverage.coverage()
        }
        var stroke: [Double]?
        if let line = shape.stroke {
            var coverage = AreaCoverage(width: width, height: height)
            if !line.dash.isEmpty {
                for dash in dashes(along: outline, closed: closed, pattern: line.dash) {
                    coverage.add(strokeOutline(dash, halfWidth: line.width / 2))
                }
            } else if closed {
                // A ring: the outline moved out by half the width, and moved in, drawn the other way.
                coverage.add(offset(outline, by: line.width / 2))
                coverage.add(offset(outline, by: -line.width / 2).reversed())
            } else {
                coverage.add(strokeOutline(outline, halfWidth: line.width / 2))
            }
            stroke = coverage.coverage()
        }
        return compose(shape, width: width, height: height, fill: fill, stroke: stroke)
    }

    /// The stroke over the fill, premultiplied.
    private static func compose(_ shape: VectorShape, width: Int, height: Int, fill: [Double]?, stroke: [Double]?)
        -> RGBAImage
    {
        typealias Premultiplied = (red: Double, green: Double, blue: Double, alpha: Double)
        func premultiplied(_ color: Color) -> Premultiplied {
            (color.red * color.alpha, color.green * color.alpha, color.blue * color.alpha, color.alpha)
        }
        let image = RGBAImage(width: width, height: height)
        var gradient: RGBAImage?
        var solid: Premultiplied = (0, 0, 0, 0)
        switch shape.fill {
        case .color(let color)?: solid = premultiplied(color)
        case .gradient(let fill)?: gradient = GradientPainter.paint(fill, width: width, height: height)
        case nil: break
        }
        let line = shape.stroke.map { premultiplied($0.color) }
        // The fill's colour at each pixel: the solid one, or the gradient's there.
        let colors: [Premultiplied] =
            gradient?.withUnsafeBytes { bytes in
                (0..<width * height).map { index in
                    let o = index * 4
                    return (
                        Double(bytes[o]) / 255, Double(bytes[o + 1]) / 255, Double(bytes[o + 2]) / 255, Double(bytes[o + 3]) / 255
                    )
                }
            } ?? []
        image.withUnsafeMutableBytes { bytes in
            for index in 0..<width * height {
                var pixel: Premultiplied = (0, 0, 0, 0)
                if let fill, fill[index] > 0 {
                    let (f, color) = (fill[index], colors.isEmpty ? solid : colors[index])
                    pixel = (color.red * f, color.green * f, color.blue * f, color.alpha * f)
                }
                if let stroke, let line, stroke[index] > 0 {
                    let s = stroke[index]
                    let keep = 1 - line.alpha * s
                    pixel = (
                        line.red * s + pixel.red * keep, line.green * s + pixel.green * keep, line.blue * s + pixel.blue * keep,
                        line.alpha * s + pixel.alpha * keep
                    )
                }
                let o = index * 4
                bytes[o] = byte(pixel.red)
                bytes[o + 1] = byte(pixel.green)
                bytes[o + 2] = byte(pixel.blue)
                bytes[o + 3] = byte(pixel.alpha)
            }
        }
        return image
    }

    private static func byte(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }

    // MARK: Outlines

    /// Chords per quarter turn of an arc of `radius` so that none strays more than `tolerance` from it.
    private static func chords(radius: Double) -> Int {
        guard radius > tolerance else { return 1 }
        let step = 2 * acos(1 - tolerance / radius)
        return max(2, Int((Double.pi / 2 / step).rounded(.up)))
    }

    static func roundedRectangle(x: Double, y: Double, width: Double, height: Double, radius: Double) -> [Point] {
        let r = min(max(radius, 0), width / 2, height / 2)
        guard r > 0 else { return [(x, y), (x + width, y), (x + width, y + height), (x, y + height)] }
        let n = chords(radius: r)
        // Each corner's arc, clockwise on screen (y down) from the top-left corner's.
        let corners: [(cx: Double, cy: Double, start: Double)] = [
            (x + r, y + r, Double.pi), (x + width - r, y + r, 1.5 * Double.pi),
            (x + width - r, y + height - r, 0), (x + r, y + height - r, 0.5 * Double.pi),
        ]
        return corners.flatMap { corner in
            (0...n).map { i -> Point in
                let angle = corner.start + Double(i) / Double(n) * Double.pi / 2
                return (corner.cx + r * cos(angle), corner.cy + r * sin(angle))
            }
        }
    }

    static func ellipse(cx: Double, cy: Double, rx: Double, ry: Double) -> [Point] {
        let n = 4 * chords(radius: max(rx, ry))
        return (0..<n).map { i in
            let angle = Double(i) / Double(n) * 2 * Double.pi
            return (cx + rx * cos(angle), cy + ry * sin(angle))
        }
    }

    /// A closed outline moved `distance` outwards (inwards when negative), its
    /// corners mitred (a miter at most four times the distance long).
    static func offset(_ outline: [Point], by distance: Double) -> [Point] {
        let count = outline.count
        guard count >= 3 else { return outline }
        // Outward is to the left of travel for an outline running anticlockwise on screen.
        let area = (0..<count).reduce(0.0) { sum, i in
            let (a, b) = (outline[i], outline[(i + 1) % count])
            return sum + a.x * b.y - b.x * a.y
        }
        let side = area > 0 ? 1.0 : -1.0
        func normal(_ a: Point, _ b: Point) -> Point {
            let (dx, dy) = (b.x - a.x, b.y - a.y)
            let length = max((dx * dx + dy * dy).squareRoot(), .leastNormalMagnitude)
            return (side * dy / length, -side * dx / length)
        }
        return (0..<count).map { i in
            let (previous, point, next) = (outline[(i + count - 1) % count], outline[i], outline[(i + 1) % count])
            return mitre(point, normal(previous, point), normal(point, next), distance)
        }
    }

    /// The corner at `point` of two edges with unit normals `a` and `b`, moved `distance` along them.
    private static func mitre(_ point: Point, _ a: Point, _ b: Point, _ distance: Double) -> Point {
        let (mx, my) = (a.x + b.x, a.y + b.y)
        let length = (mx * mx + my * my).squareRoot()
        guard length > 1e-9 else { return (point.x + a.x * distance, point.y + a.y * distance) }
        let (ux, uy) = (mx / length, my / length)
        let along = distance / max(ux * a.x + uy * a.y, 1e-9)
        let limited = min(max(along, -4 * abs(distance)), 4 * abs(distance))
        return (point.x + ux * limited, point.y + uy * limited)
    }

    /// The outline of an open polyline's stroke: one side forwards, the other back, ends cut square.
    static func strokeOutline(_ line: [Point], halfWidth: Double) -> [Point] {
        guard line.count >= 2 else { return [] }
        func normal(_ a: Point, _ b: Point) -> Point {
            let (dx, dy) = (b.x - a.x, b.y - a.y)
            let length = max((dx * dx + dy * dy).squareRoot(), .leastNormalMagnitude)
            return (-dy / length, dx / length)
        }
        let normals = zip(line, line.dropFirst()).map { normal($0, $1) }
        func side(_ distance: Double) -> [Point] {
            line.indices.map { i in
                let before = normals[max(0, i - 1)]
                let after = normals[min(normals.count - 1, i)]
                return mitre(line[i], before, after, distance)
            }
        }
        return side(halfWidth) + side(-halfWidth).reversed()
    }

    /// The stretches of a path that `pattern` (lengths drawn, skipped, ...) draws.
    static func dashes(along path: [Point], closed: Bool, pattern: [Double]) -> [[Point]] {
        let points = closed ? path + [path[0]] : path
        var result: [[Point]] = []
        var current: [Point] = []
        var index = 0
        var left = pattern[0]
        var drawing = true
        if drawing, let first = points.first { current = [first] }
        for (a, b) in zip(points, points.dropFirst()) {
            let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            var travelled = 0.0
            while length - travelled > left {
                travelled += left
                let t = travelled / length
                let point = (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
                if drawing {
                    current.append(point)
                    result.append(current)
                    current = []
                } else {
                    current = [point]
                }
                drawing.toggle()
                index = (index + 1) % pattern.count
                left = pattern[index]
            }
            left -= length - travelled
            if drawing { current.append(b) }
        }
        if drawing, current.count >= 2 { result.append(current) }
        return result
    }
}
