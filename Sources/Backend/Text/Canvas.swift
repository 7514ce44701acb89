import EDLParser

/// Premultiplied RGBA in floats, composited with "over" and quantised once at the end.
struct Canvas {
    let width: Int
    let height: Int
    private var channels: [Float]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        channels = [Float](repeating: 0, count: width * height * 4)
    }

    /// Paints `color` over every pixel of `box` (clipped to the canvas).
    mutating func fill(_ box: PixelBox, with color: Color) {
        for y in max(0, box.minY)..<min(height, box.maxY) {
            for x in max(0, box.minX)..<min(width, box.maxX) {
                blend(y * width + x, color, coverage: 1)
            }
        }
    }

    /// Paints `color` over the canvas wherever the mask covers it.
    mutating func draw(_ mask: CoverageMask, with color: Color) {
        for i in 0..<min(mask.values.count, width * height) where mask.values[i] > 0 {
            blend(i, color, coverage: Float(mask.values[i]) / 255)
        }
    }

    private mutating func blend(_ pixel: Int, _ color: Color, coverage: Float) {
        let alpha = Self.unit(color.alpha) * coverage
        let keep = 1 - alpha
        let base = pixel * 4
        channels[base] = Self.unit(color.red) * alpha + channels[base] * keep
        channels[base + 1] = Self.unit(color.green) * alpha + channels[base + 1] * keep
        channels[base + 2] = Self.unit(color.blue) * alpha + channels[base + 2] * keep
        channels[base + 3] = alpha + channels[base + 3] * keep
    }

    private static func unit(_ value: Double) -> Float {
        Float(min(max(value, 0), 1))
    }

    /// 8-bit premultiplied RGBA, rounded to nearest.
    func bytes() -> [UInt8] {
        channels.map { UInt8((min(max($0, 0), 1) * 255).rounded()) }
    }
}
