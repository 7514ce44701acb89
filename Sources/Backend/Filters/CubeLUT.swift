import Foundation

/// A 3D colour look-up table from an Adobe/Resolve `.cube` file: `LUT_3D_SIZE N`,
/// optional `DOMAIN_MIN`/`DOMAIN_MAX`, then N³ lines of output RGB, red fastest.
/// Looked up with trilinear interpolation.
struct CubeLUT: Sendable {
    let size: Int
    /// Output RGB per grid point, `3 · (r + N·g + N²·b)`.
    let table: [Float]
    let domainMin: (Double, Double, Double)
    let domainMax: (Double, Double, Double)

    init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw RenderFailure("the LUT '\(path)' cannot be read")
        }
        var size = 0
        var minimum = (0.0, 0.0, 0.0)
        var maximum = (1.0, 1.0, 1.0)
        var values: [Float] = []
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let first = words.first else { continue }
            let numbers = words.dropFirst().compactMap { Double($0) }
            func triple() throws -> (Double, Double, Double) {
                guard numbers.count == 3 else { throw Self.failure(path, number, "'\(first)' takes three numbers") }
                return (numbers[0], numbers[1], numbers[2])
            }
            switch first {
            case "TITLE": continue
            case "LUT_3D_SIZE":
                guard let n = numbers.first, n >= 2, n <= 256, n == n.rounded() else {
                    throw Self.failure(path, number, "LUT_3D_SIZE must be a whole number from 2 to 256")
                }
                size = Int(n)
            case "LUT_1D_SIZE": throw Self.failure(path, number, "1D LUTs are not supported; give a 3D one (LUT_3D_SIZE)")
            case "DOMAIN_MIN": minimum = try triple()
            case "DOMAIN_MAX": maximum = try triple()
            default:
                let row = words.compactMap { Float($0) }
                guard row.count == 3, words.count == 3 else {
                    throw Self.failure(path, number, "expected three numbers (an output colour), found '\(line)'")
                }
                values += row
            }
        }
        guard size > 0 else { throw RenderFailure("the LUT '\(path)' has no LUT_3D_SIZE line") }
        guard values.count == 3 * size * size * size else {
            throw RenderFailure(
                "the LUT '\(path)' has \(values.count / 3) colours; LUT_3D_SIZE \(size) needs \(size * size * size)")
        }
        guard maximum.0 > minimum.0, maximum.1 > minimum.1, maximum.2 > minimum.2 else {
            throw RenderFailure("the LUT '\(path)' has a DOMAIN_MAX not above its DOMAIN_MIN")
        }
        self.size = size
        table = values
        domainMin = minimum
        domainMax = maximum
    }

    private static func failure(_ path: String, _ line: Int, _ message: String) -> RenderFailure {
        RenderFailure("the LUT '\(path)', line \(line + 1): \(message)")
    }

    /// The table's colour for RGB components in its domain (clamped), by trilinear interpolation.
    func look(_ red: Double, _ green: Double, _ blue: Double) -> (Double, Double, Double) {
        let n = Double(size - 1)
        func place(_ value: Double, _ low: Double, _ high: Double) -> (Int, Double) {
            let x = min(max((value - low) / (high - low), 0), 1) * n
            let index = min(Int(x), size - 2)
            return (index, x - Double(index))
        }
        let (r, fr) = place(red, domainMin.0, domainMax.0)
        let (g, fg) = place(green, domainMin.1, domainMax.1)
        let (b, fb) = place(blue, domainMin.2, domainMax.2)
        var out = (0.0, 0.0, 0.0)
        for corner in 0..<8 {
            let (dr, dg, db) = (corner & 1, (corner >> 1) & 1, (corner >> 2) & 1)
            let weight = (dr == 1 ? fr : 1 - fr) * (dg == 1 ? fg : 1 - fg) * (db == 1 ? fb : 1 - fb)
            guard weight > 0 else { continue }
            let offset = 3 * ((r + dr) + size * (g + dg) + size * size * (b + db))
            out.0 += weight * Double(table[offset])
            out.1 += weight * Double(table[offset + 1])
            out.2 += weight * Double(table[offset + 2])
        }
        return out
    }
}
