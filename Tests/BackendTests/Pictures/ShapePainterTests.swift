import EDLParser
import Foundation
import Testing

@testable import Backend

/// Shapes are covered by exact area: each pixel holds the share of it inside
/// the outline, checked against the area computed another way (the polygon
/// clipped to the pixel; the circle's chord integrated across it).
@Suite struct ShapePainterTests {
    typealias Point = (x: Double, y: Double)

    /// The area of `polygon` inside the unit pixel at (column, row): Sutherland–Hodgman, then the shoelace.
    static func area(of polygon: [Point], inPixel column: Int, _ row: Int) -> Double {
        var shape = polygon
        let (x0, y0, x1, y1) = (Double(column), Double(row), Double(column + 1), Double(row + 1))
        let edges: [(inside: (Point) -> Bool, cut: (Point, Point) -> Point)] = [
            ({ $0.x >= x0 }, { a, b in (x0, a.y + (b.y - a.y) * (x0 - a.x) / (b.x - a.x)) }),
            ({ $0.x <= x1 }, { a, b in (x1, a.y + (b.y - a.y) * (x1 - a.x) / (b.x - a.x)) }),
            ({ $0.y >= y0 }, { a, b in (a.x + (b.x - a.x) * (y0 - a.y) / (b.y - a.y), y0) }),
            ({ $0.y <= y1 }, { a, b in (a.x + (b.x - a.x) * (y1 - a.y) / (b.y - a.y), y1) }),
        ]
        for edge in edges {
            guard !shape.isEmpty else { return 0 }
            var kept: [Point] = []
            for (i, current) in shape.enumerated() {
                let previous = shape[(i + shape.count - 1) % shape.count]
                switch (edge.inside(previous), edge.inside(current)) {
                case (true, true): kept.append(current)
                case (true, false): kept.append(edge.cut(previous, current))
                case (false, true): kept += [edge.cut(previous, current), current]
                case (false, false): break
                }
            }
            shape = kept
        }
        let twice = shape.indices.reduce(0.0) { sum, i in
            let (a, b) = (shape[i], shape[(i + 1) % shape.count])
            return sum + a.x * b.y - b.x * a.y
        }
        return abs(twice) / 2
    }

    @Test func aPolygonsPixelsHoldTheAreaInsideThem() {
        let polygons: [[Point]] = [
            [(10.25, 5.5), (30.75, 5.5), (30.75, 20.5), (10.25, 20.5)],
            [(2.3, 27.9), (17.6, 1.2), (38.1, 22.7)],
            // Drawn the other way round, with a steep and a shallow edge.
            [(5.5, 3.2), (6.1, 28.4), (37.3, 25.9)],
        ]
        for polygon in polygons {
            var mask = AreaCoverage(width: 40, height: 30)
            mask.add(polygon)
            let coverage = mask.coverage()
            var worst = 0.0
            for row in 0..<30 {
                for column in 0..<40 {
                    worst = max(worst, abs(coverage[row * 40 + column] - Self.area(of: polygon, inPixel: column, row)))
                }
            }
            #expect(worst < 1e-9, "\(polygon): off by \(worst)")
        }
    }

    /// A disc's edge pixels within 1/255 of the disc's area in them.
    @Test func aCirclesEdgeIsWithinOneLevelOfItsArea() {
        var shape = VectorShape(kind: .ellipse)
        (shape.width, shape.height, shape.fill) = (37, 37, .color(.white))
        let image = ShapePainter.paint(shape)
        // The painter leaves a pixel of room: the centre is at 1 + 18.5.
        let (centre, radius) = (19.5, 18.5)
        func inside(_ column: Int, _ row: Int) -> Double {
            // ∫ over the pixel's width of the chord's length within its rows.
            let steps = 4000
            var sum = 0.0
            for step in 0..<steps {
                let x = Double(column) + (Double(step) + 0.5) / Double(steps) - centre
                guard abs(x) < radius else { continue }
                let half = (radius * radius - x * x).squareRoot()
                let (top, bottom) = (max(Double(row), centre - half), min(Double(row + 1), centre + half))
                sum += max(0, bottom - top)
            }
            return sum / Double(steps)
        }
        var worst = 0.0
        for row in 0..<image.height {
            for column in 0..<image.width {
                let alpha = Double(image.pixel(x: column, y: row).alpha) / 255
                worst = max(worst, abs(alpha - inside(column, row)))
            }
        }
        // 8-bit alpha rounds to half a level; the rest is the outline's flattening and the integral.
        #expect(worst < 1.0 / 255, "off by \(worst * 255) levels")
    }

    /// A stroke is a ring centred on the outline; a dashed one leaves gaps.
    @Test func strokesRingTheOutlineAndDashesLeaveGaps() {
        var shape = VectorShape(kind: .rectangle)
        (shape.width, shape.height) = (40, 20)
        shape.fill = nil
        shape.stroke = VectorShape.Stroke(color: .white, width: 4)
        let ring = ShapePainter.paint(shape)
        // Room of 3 pixels (half the width, plus one): the outline runs at x = 3 and y = 3.
        #expect(ring.width == 46 && ring.height == 26)
        #expect(ring.pixel(x: 2, y: 12).alpha == 255 && ring.pixel(x: 3, y: 12).alpha == 255)
        #expect(ring.pixel(x: 0, y: 12).alpha == 0 && ring.pixel(x: 5, y: 12).alpha == 0)
        #expect(ring.pixel(x: 20, y: 12).alpha == 0, "the inside is not filled")
        shape.stroke?.dash = [10, 10]
        let dashed = ShapePainter.paint(shape)
        // Along the top edge (y = 3) from the top-left corner: drawn for 10, skipped for 10, drawn again.
        #expect(dashed.pixel(x: 8, y: 3).alpha == 255)
        #expect(dashed.pixel(x: 18, y: 3).alpha == 0)
        #expect(dashed.pixel(x: 28, y: 3).alpha == 255)
    }
}
