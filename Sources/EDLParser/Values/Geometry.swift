/// A size in whole pixels.
public struct PixelSize: Hashable, Sendable, Codable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }
}

/// One coordinate of a point: output pixels, or a percentage of the output size.
public enum Coordinate: Hashable, Sendable, Codable, CustomStringConvertible {
    case pixels(Double)
    case percent(Double)

    /// Pixels, given the output's extent along this axis.
    public func pixels(of extent: Double) -> Double {
        switch self {
        case .pixels(let v): return v
        case .percent(let p): return p / 100 * extent
        }
    }

    public var description: String {
        switch self {
        case .pixels(let v): return formatNumber(v)
        case .percent(let p): return formatNumber(p) + "%"
        }
    }
}

/// A point `[x, y]`; origin top-left, y down.
public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Coordinate
    public var y: Coordinate

    public init(x: Coordinate, y: Coordinate) {
        self.x = x
        self.y = y
    }

    public var description: String { "[\(x), \(y)]" }
}

/// A plain pair of numbers: normalised anchors, `[sx, sy]` scales, shadow offsets.
public struct Vector2: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public var description: String { "[\(formatNumber(x)), \(formatNumber(y))]" }
}

/// One side of a layer's `size`: pixels, or `auto` to keep the aspect ratio.
public enum SizeSide: Hashable, Sendable, Codable, CustomStringConvertible {
    case pixels(Double)
    case auto

    public var description: String {
        switch self {
        case .pixels(let v): return formatNumber(v)
        case .auto: return "auto"
        }
    }
}

/// A layer's box in output pixels, `[w, h]`, one side possibly `auto`.
public struct LayerSize: Hashable, Sendable, Codable, CustomStringConvertible {
    public var width: SizeSide
    public var height: SizeSide

    public init(width: SizeSide, height: SizeSide) {
        self.width = width
        self.height = height
    }

    public var description: String { "[\(width), \(height)]" }
}

/// Pixels cut from each edge of the source picture.
public struct Crop: Hashable, Sendable, Codable, CustomStringConvertible {
    public var left: Double
    public var top: Double
    public var right: Double
    public var bottom: Double

    public init(left: Double = 0, top: Double = 0, right: Double = 0, bottom: Double = 0) {
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
    }

    public var description: String {
        "{left: \(formatNumber(left)), top: \(formatNumber(top)), right: \(formatNumber(right)), bottom: \(formatNumber(bottom))}"
    }
}
