#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension ValueSyntax {
    /// The smallest and largest side of a frame, in pixels.
    static let pixelSideRange = 2...16384
    /// The loudest gain accepted, as a linear factor (about +24 dB).
    static let maximumGain: Double = 16

    /// `1920x1080` (also `X`, and spaces around it), each side 2...16384.
    /// Whether the sides must be even depends on the pixel format: the caller checks.
    public static func pixelSize(_ text: String) throws(ValueError) -> PixelSize {
        let t = trimmed(text)
        let sides = t.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { trimmed($0)[...] }
        guard sides.count == 2, sides.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isDigit) }) else {
            throw ValueError("'\(t)' is not a size; expected 'WIDTHxHEIGHT' in pixels, e.g. '1920x1080'")
        }
        let limit = Int64(pixelSideRange.upperBound)
        let values = sides.map { smallInteger($0).map { min($0, limit + 1) } ?? limit + 1 }
        guard values.allSatisfy({ $0 >= Int64(pixelSideRange.lowerBound) }) else {
            throw ValueError("'\(t)' is too small; each side must be 2 to 16384 pixels")
        }
        guard values.allSatisfy({ $0 <= limit }) else {
            throw ValueError("'\(t)' is too large; each side must be 2 to 16384 pixels")
        }
        return PixelSize(width: Int(values[0]), height: Int(values[1]))
    }

    /// Letter spacing: pixels (`2`, `2px`) or ems (`0.1em`, a share of the font
    /// size); negative tightens. At most -1 to 10 em, -1000 to 1000 pixels.
    public static func letterSpacing(_ text: String) throws(ValueError) -> TextContent.LetterSpacing {
        let t = trimmed(text)
        let lower = t.lowercased()
        let isEms = lower.hasSuffix("em")
        let number = trimmed(lower.dropLast(isEms ? 2 : lower.hasSuffix("px") ? 2 : 0))
        guard let value = try parseDouble(number[...], quoting: t) else {
            throw ValueError("'\(t)' is not a letter spacing; expected pixels ('2px', '2') or ems ('0.1em')")
        }
        if isEms {
            guard (-1...10).contains(value) else { throw ValueError("'\(t)' is out of range; letter spacing is -1em to 10em") }
            return .ems(value)
        }
        guard (-1000...1000).contains(value) else {
            throw ValueError("'\(t)' is out of range; letter spacing is -1000px to 1000px")
        }
        return .pixels(value)
    }

    /// An angle in degrees, positive clockwise on screen: `90`, `-45`, `90deg`,
    /// `1.5708rad`, `0.25turn` (space before the unit allowed).
    public static func angle(_ text: String) throws(ValueError) -> Double {
        let t = trimmed(text)
        let units: [(suffix: String, degrees: Double)] = [("deg", 1), ("rad", 180 / Double.pi), ("turn", 360)]
        let lower = t.lowercased()
        let unit = units.first { lower.hasSuffix($0.suffix) }
        let number = trimmed(lower.dropLast(unit?.suffix.count ?? 0))
        guard let value = try parseDouble(number[...], quoting: t) else {
            throw ValueError("'\(t)' is not an angle; expected degrees (90), '90deg', '1.5708rad' or '0.25turn'")
        }
        return value * (unit?.degrees ?? 1)
    }

    /// A gain as a linear factor: `1.0` (unity), `0` (silence), `0.5`, or
    /// decibels `-6dB` (10^(-6/20) ≈ 0.501), `+3dB`, `-6 dB` (unit in any case).
    /// `-inf dB` is silence (0), as mixers label it. The linear factor must be
    /// 0 to 16 (about +24 dB); a negative linear gain is an error whose hint
    /// suggests decibels.
    public static func gain(_ text: String) throws(ValueError) -> Double {
        let t = trimmed(text)
        let lower = t.lowercased()
        let linear: Double
        if lower.hasSuffix("db") {
            let number = trimmed(lower.dropLast(2))
            if number == "-inf" { return 0 }
            guard let decibels = try parseDouble(number[...], quoting: t) else {
                throw ValueError(
                    "'\(t)' is not a gain; expected a linear factor such as '1.0' or '0.5', or decibels such as '-6dB'")
            }
            linear = pow(10, decibels / 20)
        } else {
            guard let value = try parseDouble(lower[...], quoting: t) else {
                throw ValueError(
                    "'\(t)' is not a gain; expected a linear factor such as '1.0' or '0.5', or decibels such as '-6dB'")
            }
            guard value >= 0 else {
                throw ValueError(
                    "'\(t)' is a negative gain; a linear gain must be 0 to 16",
                    hint: "to attenuate in decibels, write '\(t)dB'")
            }
            linear = value
        }
        guard linear <= maximumGain else {
            throw ValueError("'\(t)' is too loud; gain is at most 16 (about +24 dB)")
        }
        return linear
    }

    /// One coordinate of a point: pixels (`120`, `-10.5`) or a percentage of
    /// the output size (`50%`, `-25%`).
    public static func coordinate(_ text: String) throws(ValueError) -> Coordinate {
        let t = trimmed(text)
        let isPercent = t.hasSuffix("%")
        let number = trimmed(t.dropLast(isPercent ? 1 : 0))
        guard let value = try parseDouble(number[...], quoting: t) else {
            throw ValueError(
                "'\(t)' is not a coordinate; expected pixels such as '120' or a percentage of the output size such as '50%'"
            )
        }
        return isPercent ? .percent(value) : .pixels(value)
    }
}
