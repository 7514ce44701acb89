/// One 8-bit BT.709 limited-range YUV colour: what a canvas is filled with
/// and what a `color` layer draws.
public struct YUVColor: Hashable, Sendable, CustomStringConvertible {
    public var y: UInt8
    public var u: UInt8
    public var v: UInt8

    /// A colour from its code values.
    public init(y: UInt8, u: UInt8, v: UInt8) {
        self.y = y
        self.u = u
        self.v = v
    }

    /// The YUV code values of an encoded RGB colour with components in 0...1.
    public init(red: Double, green: Double, blue: Double, matrix: ColorMatrix = .bt709) {
        self = matrix.color(red: red, green: green, blue: blue)
    }

    /// Video black: Y 16, U 128, V 128.
    public static let black = YUVColor(y: 16, u: 128, v: 128)
    /// Video white: Y 235, U 128, V 128.
    public static let white = YUVColor(y: 235, u: 128, v: 128)

    public var description: String { "YUV(\(y), \(u), \(v))" }
}
