import EDLParser

/// A value a curve can blend: component by component, `a + (b − a)·t`.
public protocol Interpolatable: Hashable, Sendable, Codable {
    /// The value a fraction `t` of the way from `a` to `b`; `t` may leave 0...1
    /// (overshooting cubic-bezier eases).
    static func interpolate(_ a: Self, _ b: Self, _ t: Double) -> Self
    /// Stable text for plans: no float noise, no locale.
    var planText: String { get }
}

@inline(__always)
func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

extension Double: Interpolatable {
    public static func interpolate(_ a: Double, _ b: Double, _ t: Double) -> Double { lerp(a, b, t) }
    public var planText: String { formatNumber(self) }
}

extension Vector2: Interpolatable {
    public static func interpolate(_ a: Vector2, _ b: Vector2, _ t: Double) -> Vector2 {
        Vector2(lerp(a.x, b.x, t), lerp(a.y, b.y, t))
    }
    public var planText: String { description }
}

extension Color: Interpolatable {
    /// Straight-alpha components blended independently, on encoded values (SPEC 12).
    public static func interpolate(_ a: Color, _ b: Color, _ t: Double) -> Color {
        Color(
            red: lerp(a.red, b.red, t), green: lerp(a.green, b.green, t),
            blue: lerp(a.blue, b.blue, t), alpha: lerp(a.alpha, b.alpha, t))
    }
    public var planText: String { description }
}

extension Crop: Interpolatable {
    public static func interpolate(_ a: Crop, _ b: Crop, _ t: Double) -> Crop {
        Crop(
            left: lerp(a.left, b.left, t), top: lerp(a.top, b.top, t),
            right: lerp(a.right, b.right, t), bottom: lerp(a.bottom, b.bottom, t))
    }
    public var planText: String { description }
}

/// An axis-aligned rectangle in output pixels (masks).
public struct Rect: Interpolatable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static func interpolate(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
        Rect(
            x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t),
            width: lerp(a.width, b.width, t), height: lerp(a.height, b.height, t))
    }

    /// Whether a point lies inside (left/top edges inclusive).
    public func contains(x px: Double, y py: Double) -> Bool {
        px >= x && px < x + width && py >= y && py < y + height
    }

    public var description: String {
        "[\(formatNumber(x)), \(formatNumber(y)), \(formatNumber(width))x\(formatNumber(height))]"
    }
    public var planText: String { description }
}
