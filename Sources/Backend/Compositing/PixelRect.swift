/// An integer rectangle of pixels: `x ..< x + width` by `y ..< y + height`.
/// Used for the part of a source that is drawn (its crop).
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The whole of a `width × height` picture.
    public init(width: Int, height: Int) {
        self.init(x: 0, y: 0, width: width, height: height)
    }

    /// The first column past the right edge.
    public var maxX: Int { x + width }
    /// The first row past the bottom edge.
    public var maxY: Int { y + height }

    /// Whether this is a non-empty part of a `width × height` picture.
    public func isNonEmptyPart(ofWidth outerWidth: Int, height outerHeight: Int) -> Bool {
        width > 0 && height > 0 && x >= 0 && y >= 0 && maxX <= outerWidth && maxY <= outerHeight
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
