import Testing

@testable import Backend

/// The stroke's dilation spreads only from the outline; it must equal the
/// definition: each pixel takes the strongest coverage within the disc.
@Suite struct CoverageMaskTests {
    /// The definition, pixel by pixel (slow).
    func reference(_ mask: CoverageMask, radius: Double) -> [UInt8] {
        let reach = Int((radius + 0.5).rounded(.up))
        var out = [UInt8](repeating: 0, count: mask.width * mask.height)
        for y in 0..<mask.height {
            for x in 0..<mask.width {
                var strongest = 0
                for dy in -reach...reach {
                    for dx in -reach...reach {
                        let (sx, sy) = (x + dx, y + dy)
                        guard sx >= 0, sx < mask.width, sy >= 0, sy < mask.height else { continue }
                        let weight = min(1, max(0, radius + 0.5 - Double(dx * dx + dy * dy).squareRoot()))
                        let value = (Int(mask.values[sy * mask.width + sx]) * Int((weight * 256).rounded())) >> 8
                        strongest = max(strongest, value)
                    }
                }
                out[y * mask.width + x] = UInt8(min(255, strongest))
            }
        }
        return out
    }

    @Test(arguments: [0.3, 1, 2.5, 6])
    func dilationEqualsTheDefinition(radius: Double) {
        // Filled blobs with anti-aliased edges and specks, from a fixed seed.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        var mask = CoverageMask(width: 40, height: 30)
        for _ in 0..<4 {
            let (cx, cy, r) = (next() % 40, next() % 30, 3 + next() % 8)
            for y in 0..<30 {
                for x in 0..<40 {
                    let d = Double((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot()
                    let coverage = UInt8(max(0, min(255, (Double(r) + 0.5 - d) * 255)))
                    mask.values[y * 40 + x] = max(mask.values[y * 40 + x], coverage)
                }
            }
        }
        for _ in 0..<20 { mask.values[next() % (40 * 30)] = UInt8(next() % 256) }
        #expect(mask.values.contains(255) && mask.values.contains(0))
        #expect(mask.dilated(by: radius).values == reference(mask, radius: radius))
    }
}
