/// A rectangle of whole pixels, `min` inclusive, `max` exclusive.
struct PixelBox: Equatable {
    var minX: Int, minY: Int, maxX: Int, maxY: Int

    var width: Int { maxX - minX }
    var height: Int { maxY - minY }

    func union(_ other: PixelBox?) -> PixelBox {
        guard let other else { return self }
        return PixelBox(
            minX: min(minX, other.minX), minY: min(minY, other.minY),
            maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    func expanded(by amount: Int) -> PixelBox {
        PixelBox(minX: minX - amount, minY: minY - amount, maxX: maxX + amount, maxY: maxY + amount)
    }

    func offset(x: Int, y: Int) -> PixelBox {
        PixelBox(minX: minX + x, minY: minY + y, maxX: maxX + x, maxY: maxY + y)
    }
}

/// 8-bit coverage over the whole bitmap: how much of each pixel a layer covers.
struct CoverageMask {
    let width: Int
    let height: Int
    var values: [UInt8]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        values = [UInt8](repeating: 0, count: width * height)
    }

    /// Adds a glyph with its top-left at (x, y); coverage saturates at 255 so
    /// touching anti-aliased edges close up without a seam.
    mutating func add(_ glyph: GlyphImage, x: Int, y: Int) {
        for row in 0..<glyph.height where (0..<height).contains(y + row) {
            for column in 0..<glyph.width where (0..<width).contains(x + column) {
                let source = glyph.coverage[row * glyph.width + column]
                guard source > 0 else { continue }
                let i = (y + row) * width + x + column
                values[i] = UInt8(min(255, Int(values[i]) + Int(source)))
            }
        }
    }

    /// The mask moved by (dx, dy) pixels; what moves out is dropped.
    func shifted(x dx: Int, y dy: Int) -> CoverageMask {
        var moved = CoverageMask(width: width, height: height)
        for y in 0..<height where (0..<height).contains(y - dy) {
            for x in 0..<width where (0..<width).contains(x - dx) {
                moved.values[y * width + x] = values[(y - dy) * width + x - dx]
            }
        }
        return moved
    }

    /// The mask grown by `radius` pixels in every direction: each pixel takes
    /// the strongest coverage within a disc around it, the disc's rim
    /// anti-aliased over one pixel.
    ///
    /// Computed by spreading each covered pixel over the disc. A fully covered
    /// pixel whose four neighbours are fully covered spreads nothing the
    /// neighbour towards any target would not spread at least as strongly (it is
    /// nearer), so it only covers itself: the work follows the outline, not the
    /// area (a 1000-pixel glyph with a 50-pixel stroke took seconds).
    func dilated(by radius: Double) -> CoverageMask {
        guard radius > 0 else { return self }
        let reach = Int((radius + 0.5).rounded(.up))
        var taps: [(dx: Int, dy: Int, weight: Int)] = []
        for dy in -reach...reach {
            for dx in -reach...reach {
                let distance = Double(dx * dx + dy * dy).squareRoot()
                let weight = min(1, max(0, radius + 0.5 - distance))
                if weight > 0 { taps.append((dx, dy, Int((weight * 256).rounded()))) }
            }
        }
        let selfWeight = Int((min(1, radius + 0.5) * 256).rounded())
        var grown = CoverageMask(width: width, height: height)
        func full(_ x: Int, _ y: Int) -> Bool {
            x >= 0 && x < width && y >= 0 && y < height && values[y * width + x] == 255
        }
        for y in 0..<height {
            for x in 0..<width {
                let value = Int(values[y * width + x])
                guard value > 0 else { continue }
                if value == 255, full(x - 1, y), full(x + 1, y), full(x, y - 1), full(x, y + 1) {
                    let own = UInt8((255 * selfWeight) >> 8)
                    if own > grown.values[y * width + x] { grown.values[y * width + x] = own }
                    continue
                }
                for tap in taps {
                    let tx = x + tap.dx
                    let ty = y + tap.dy
                    guard tx >= 0, tx < width, ty >= 0, ty < height else { continue }
                    let spread = UInt8(min(255, (value * tap.weight) >> 8))
                    if spread > grown.values[ty * width + tx] { grown.values[ty * width + tx] = spread }
                }
            }
        }
        return grown
    }
}
