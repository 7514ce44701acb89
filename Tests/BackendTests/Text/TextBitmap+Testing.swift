import EDLParser

@testable import Backend

extension TextBitmap {
    /// The smallest box holding every pixel with alpha above `threshold`, or
    /// `nil` when the bitmap is blank. Optionally only within some rows.
    func inkBox(threshold: UInt8 = 0, rows: Range<Int>? = nil) -> PixelBox? {
        var box: PixelBox?
        let rows = rows.map { $0.clamped(to: 0..<height) } ?? 0..<height
        for y in rows {
            for x in 0..<width where pixel(x: x, y: y).a > threshold {
                let dot = PixelBox(minX: x, minY: y, maxX: x + 1, maxY: y + 1)
                box = box.map { $0.union(dot) } ?? dot
            }
        }
        return box
    }

    /// Whether any pixel in the columns has alpha above `threshold`.
    func hasInk(columns: Range<Int>, threshold: UInt8 = 64) -> Bool {
        for y in 0..<height {
            for x in columns.clamped(to: 0..<width) where pixel(x: x, y: y).a > threshold { return true }
        }
        return false
    }

    var isBlank: Bool { inkBox() == nil }
}

extension TextContent {
    /// A text layer at 48 px, in white, with the given changes.
    static func sample(_ string: String, _ change: (inout TextContent) -> Void = { _ in }) -> TextContent {
        var text = TextContent(string: string)
        text.fontSize = 48
        text.color = .white
        change(&text)
        return text
    }
}
