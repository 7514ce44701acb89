@testable import Backend

/// Small helpers for pixel assertions on 160x90 canvases.
enum Canvas {
    static let width = 160
    static let height = 90

    static let red = YUVColor(red: 1, green: 0, blue: 0)
    static let blue = YUVColor(red: 0, green: 0, blue: 1)

    /// A canvas filled with `color`.
    static func filled(_ color: YUVColor, width: Int = width, height: Int = height) -> YUVImage {
        YUVImage(width: width, height: height, color: color)
    }

    /// A picture whose every plane holds a different diagonal gradient.
    static func gradient(width: Int = width, height: Int = height, seed: Int = 0) -> YUVImage {
        let image = YUVImage(width: width, height: height)
        for plane in YUVImage.Plane.allCases {
            let w = image.width(of: plane)
            let h = image.height(of: plane)
            let stride = image.stride(of: plane)
            image.withUnsafeMutablePlane(plane) { bytes in
                for y in 0..<h {
                    for x in 0..<w {
                        bytes[y * stride + x] = UInt8(16 + (x * 3 + y * 5 + plane.rawValue * 40 + seed * 17) % 220)
                    }
                }
            }
        }
        return image
    }

    /// The smallest rectangle holding every luma pixel that differs from
    /// `background`: `(x, y, width, height)`, or `nil` when nothing changed.
    static func changedBounds(_ image: YUVImage, background: UInt8) -> (x: Int, y: Int, width: Int, height: Int)? {
        var x0 = Int.max
        var y0 = Int.max
        var x1 = -1
        var y1 = -1
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x: x, y: y).y != background {
                x0 = min(x0, x)
                y0 = min(y0, y)
                x1 = max(x1, x)
                y1 = max(y1, y)
            }
        }
        return x1 < 0 ? nil : (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
    }

    /// Luma pixels that differ from `background`.
    static func changedCount(_ image: YUVImage, background: UInt8) -> Int {
        var count = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x: x, y: y).y != background { count += 1 }
        }
        return count
    }

    /// The RGB (0...255) a viewer would see at `(x, y)`.
    static func rgb(_ image: YUVImage, _ x: Int, _ y: Int) -> (red: Double, green: Double, blue: Double) {
        ColorMatrix.bt709.rgb8(image.pixel(x: x, y: y))
    }

    /// The largest difference between two same-size images over all planes.
    static func maxDifference(_ a: YUVImage, _ b: YUVImage) -> Int {
        var worst = 0
        for plane in YUVImage.Plane.allCases {
            for y in 0..<a.height(of: plane) {
                for x in 0..<a.width(of: plane) {
                    let p = a.withUnsafePlane(plane) { Int($0[y * a.stride(of: plane) + x]) }
                    let q = b.withUnsafePlane(plane) { Int($0[y * b.stride(of: plane) + x]) }
                    worst = max(worst, abs(p - q))
                }
            }
        }
        return worst
    }

    /// Whether two same-size images hold the same visible bytes.
    static func identical(_ a: YUVImage, _ b: YUVImage) -> Bool {
        maxDifference(a, b) == 0
    }
}
