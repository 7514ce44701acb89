/// Converts between non-linear (gamma-encoded) R'G'B' and 8-bit Y'CbCr.
///
/// The output format is BT.709, limited ("TV") range: Y in 16...235 and
/// U, V in 16...240, which is what the H.264 encoder is given. RGB values are
/// normalised to 0...1; YUV values are on the 8-bit code scale (0...255).
/// Both directions are affine, which is why compositing can blend in YUV and
/// get the same result as blending the encoded RGB values.
public struct ColorMatrix: Hashable, Sendable {
    /// Luma weight of red.
    public let kr: Double
    /// Luma weight of blue.
    public let kb: Double

    /// Luma weight of green.
    public var kg: Double { 1 - kr - kb }

    /// BT.709 (HD video), limited range.
    public static let bt709 = ColorMatrix(kr: 0.2126, kb: 0.0722)

    /// BT.601 (SD video, JPEG), limited range.
    public static let bt601 = ColorMatrix(kr: 0.299, kb: 0.114)

    /// A matrix with the given luma weights, limited range.
    public init(kr: Double, kb: Double) {
        self.kr = kr
        self.kb = kb
    }

    /// YUV code values (unrounded, 0...255 scale) of an RGB colour with
    /// components in 0...1.
    public func yuv(red: Double, green: Double, blue: Double) -> (y: Double, u: Double, v: Double) {
        let luma = kr * red + kg * green + kb * blue
        let cb = (blue - luma) / (2 * (1 - kb))
        let cr = (red - luma) / (2 * (1 - kr))
        return (16 + 219 * luma, 128 + 224 * cb, 128 + 224 * cr)
    }

    /// RGB components (unclamped, nominally 0...1) of YUV code values.
    public func rgb(y: Double, u: Double, v: Double) -> (red: Double, green: Double, blue: Double) {
        let luma = (y - 16) / 219
        let cb = (u - 128) / 224
        let cr = (v - 128) / 224
        let red = luma + 2 * (1 - kr) * cr
        let blue = luma + 2 * (1 - kb) * cb
        let green = (luma - kr * red - kb * blue) / kg
        return (red, green, blue)
    }

    /// The rounded 8-bit colour for RGB components in 0...1 (clamped).
    public func color(red: Double, green: Double, blue: Double) -> YUVColor {
        let c = yuv(red: clampUnit(red), green: clampUnit(green), blue: clampUnit(blue))
        return YUVColor(y: codeValue(c.y), u: codeValue(c.u), v: codeValue(c.v))
    }

    /// RGB components on the 0...255 scale of an 8-bit YUV colour, for
    /// readback and tests.
    public func rgb8(_ color: YUVColor) -> (red: Double, green: Double, blue: Double) {
        let c = rgb(y: Double(color.y), u: Double(color.u), v: Double(color.v))
        return (c.red * 255, c.green * 255, c.blue * 255)
    }

    private func clampUnit(_ value: Double) -> Double {
        min(max(value, 0), 1)
    }
}

/// An 8-bit code value: rounded and clamped.
func codeValue(_ value: Double) -> UInt8 {
    UInt8(min(max(value.rounded(), 0), 255))
}

extension ColorMatrix {
    /// 16.16 fixed-point weights that turn premultiplied 8-bit RGBA
    /// (all components 0...255) into premultiplied YUV: `Yp = alpha * Y`.
    struct PremultipliedWeights {
        var yr, yg, yb, ya: Int
        var ur, ug, ub, ua: Int
        var vr, vg, vb, va: Int
    }

    /// The fixed-point weights of this matrix, for `RGBAImage` conversion.
    var premultipliedWeights: PremultipliedWeights {
        let one = 65536.0
        func fixed(_ x: Double) -> Int { Int((x * one).rounded()) }
        let ys = 219.0 / 255
        let cs = 224.0 / 255
        let ub = 0.5
        let ur = -0.5 * kr / (1 - kb)
        let ug = -0.5 * kg / (1 - kb)
        let vr = 0.5
        let vg = -0.5 * kg / (1 - kr)
        let vb = -0.5 * kb / (1 - kr)
        return PremultipliedWeights(
            yr: fixed(ys * kr), yg: fixed(ys * kg), yb: fixed(ys * kb), ya: fixed(16.0 / 255),
            ur: fixed(cs * ur), ug: fixed(cs * ug), ub: fixed(cs * ub), ua: fixed(128.0 / 255),
            vr: fixed(cs * vr), vg: fixed(cs * vg), vb: fixed(cs * vb), va: fixed(128.0 / 255)
        )
    }
}
