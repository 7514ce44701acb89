import EDLParser

/// Generated test pictures at the output size: colour bars, a grid, and a
/// counter that prints the frame number and time (to check cuts by eye).
struct PatternPainter {
    let size: PixelSize
    let text: TextRasterizer

    /// 75% colour bars: white, yellow, cyan, green, magenta, red, blue.
    func still(_ pattern: Pattern) -> RGBAImage {
        switch pattern {
        case .bars: return bars()
        case .grid, .counter: return grid()
        }
    }

    private func bars() -> RGBAImage {
        let colors: [(UInt8, UInt8, UInt8)] = [
            (191, 191, 191), (191, 191, 0), (0, 191, 191), (0, 191, 0),
            (191, 0, 191), (191, 0, 0), (0, 0, 191),
        ]
        return paint { x, _ in
            let bar = colors[min(x * colors.count / size.width, colors.count - 1)]
            return (bar.0, bar.1, bar.2)
        }
    }

    /// White lines every tenth of the frame on dark grey, with the centre lines thicker.
    private func grid() -> RGBAImage {
        let (w, h) = (size.width, size.height)
        return paint { x, y in
            let onVertical = (x * 10) % w < 10 || abs(2 * x - w) <= 2
            let onHorizontal = (y * 10) % h < 10 || abs(2 * y - h) <= 2
            return onVertical || onHorizontal ? (235, 235, 235) : (32, 32, 32)
        }
    }

    /// Dark grey with `frame N` and the time `HH:MM:SS.mmm` in the middle.
    func counter(frame index: Int64, fps: FrameRate) throws -> RGBAImage {
        let image = paint { _, _ in (24, 24, 32) }
        let millis = (Rational(index) * Rational(1000) / fps.rate).floor
        let clock =
            String(format2(millis / 3_600_000)) + ":" + format2(millis / 60_000 % 60) + ":"
            + format2(millis / 1000 % 60) + "." + String(String(millis % 1000 + 1000).dropFirst())
        var content = TextContent(string: "frame \(index)\n\(clock)")
        content.fontSize = Double(max(size.height / 8, 8))
        content.weight = .bold
        let label = try text.render(content)
        image.draw(label, at: ((size.width - label.width) / 2, (size.height - label.height) / 2))
        return image
    }

    private func format2(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private func paint(_ color: (Int, Int) -> (UInt8, UInt8, UInt8)) -> RGBAImage {
        let image = RGBAImage(width: size.width, height: size.height)
        image.withUnsafeMutableBytes { bytes in
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let (r, g, b) = color(x, y)
                    let i = (y * size.width + x) * 4
                    (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]) = (r, g, b, 255)
                }
            }
        }
        return image
    }
}

extension RGBAImage {
    /// An image holding a text bitmap's premultiplied pixels.
    convenience init(_ bitmap: TextBitmap) {
        self.init(width: max(bitmap.width, 1), height: max(bitmap.height, 1))
        guard bitmap.width > 0, bitmap.height > 0 else { return }
        bitmap.pixels.withUnsafeBytes { copyPixels(from: $0, stride: bitmap.width * 4, premultiplied: true) }
    }

    /// Premultiplied *over* of a bitmap at a whole-pixel position (clipped).
    func draw(_ bitmap: TextBitmap, at origin: (x: Int, y: Int)) {
        withUnsafeMutableBytes { destination in
            for row in 0..<bitmap.height {
                let y = origin.y + row
                guard y >= 0, y < height else { continue }
                for column in 0..<bitmap.width {
                    let x = origin.x + column
                    guard x >= 0, x < width else { continue }
                    let s = (row * bitmap.width + column) * 4
                    let d = (y * width + x) * 4
                    let inverse = 255 - Int(bitmap.pixels[s + 3])
                    for c in 0..<4 {
                        destination[d + c] = UInt8(Int(bitmap.pixels[s + c]) + (Int(destination[d + c]) * inverse + 127) / 255)
                    }
                }
            }
        }
    }
}
