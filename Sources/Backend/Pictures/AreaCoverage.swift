/// How much of each pixel a set of closed polygons covers, as exact area (not
/// samples): every edge adds, to each cell of the rows it crosses, the signed
/// area between it and the cell's right side within that row; a running sum
/// along a row then gives each pixel the area inside the outlines. Outlines
/// drawn one way add, the other way subtract (a ring is an outline and its
/// hole drawn backwards); overlapping outlines the same way are clamped to 1.
///
///     edge crossing a row:   |  /  |     |      area left of the edge in each cell,
///                            | /   |     |      then summed from the left: the
///                            |/    |     |      cells to its right are covered
///
/// Polygons must lie within `[0, width] × [0, height]`.
struct AreaCoverage {
    let width: Int
    let height: Int
    /// One more column than pixels: an edge's area spills into the next cell.
    private var cells: [Double]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = [Double](repeating: 0, count: (width + 2) * height)
    }

    /// Adds a closed polygon (the last point joins the first).
    mutating func add(_ polygon: [(x: Double, y: Double)]) {
        guard polygon.count >= 3 else { return }
        for (index, start) in polygon.enumerated() {
            addEdge(start, polygon[(index + 1) % polygon.count])
        }
    }

    private mutating func addEdge(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) {
        guard a.y != b.y else { return }
        // Walk downwards; an edge drawn upwards subtracts.
        let (top, bottom, sign) = a.y < b.y ? (a, b, 1.0) : (b, a, -1.0)
        let slope = (bottom.x - top.x) / (bottom.y - top.y)
        let stride = width + 2
        let firstRow = max(0, Int(top.y.rounded(.down)))
        let lastRow = min(height, Int(bottom.y.rounded(.up)))
        guard firstRow < lastRow else { return }
        for row in firstRow..<lastRow {
            let upper = max(Double(row), top.y)
            let lower = min(Double(row + 1), bottom.y)
            guard lower > upper else { continue }
            let height = (lower - upper) * sign
            let x0 = top.x + (upper - top.y) * slope
            let x1 = top.x + (lower - top.y) * slope
            let (left, right) = (min(x0, x1), max(x0, x1))
            let base = row * stride
            // Each pixel from the edge's first on gets the change in its covered area from the pixel
            // before; from the first pixel wholly right of the edge (area 1) on, nothing changes.
            var previous = 0.0
            var column = max(0, Int(left.rounded(.down)))
            while column <= width {
                let area = Self.rightOfEdge(Double(column + 1), left, right) - Self.rightOfEdge(Double(column), left, right)
                cells[base + column] += height * (area - previous)
                previous = area
                if Double(column) >= right { break }
                column += 1
            }
        }
    }

    /// `∫ f` from far left to `x`, where `f(x)` is the share of a row's strip in
    /// which `x` lies right of an edge running evenly from `left` to `right`
    /// across it: 0 before the edge, `(x − left) / (right − left)` along it, 1 after.
    private static func rightOfEdge(_ x: Double, _ left: Double, _ right: Double) -> Double {
        if x <= left { return 0 }
        if x >= right { return (right - left) / 2 + (x - right) }
        return (x - left) * (x - left) / (2 * (right - left))
    }

    /// Coverage 0...1 of each pixel, row by row.
    func coverage() -> [Double] {
        var result = [Double](repeating: 0, count: width * height)
        let stride = width + 2
        for row in 0..<height {
            var sum = 0.0
            for column in 0..<width {
                sum += cells[row * stride + column]
                result[row * width + column] = min(1, abs(sum))
            }
        }
        return result
    }
}
