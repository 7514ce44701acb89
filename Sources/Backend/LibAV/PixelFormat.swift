import CFFmpeg

/// A libav pixel format (`AVPixelFormat`), named as libav names it.
public struct PixelFormat: Hashable, Sendable, CustomStringConvertible {
    let raw: Int32

    init(_ format: AVPixelFormat) { raw = format.rawValue }
    init(raw: Int32) { self.raw = raw }

    var avPixelFormat: AVPixelFormat { AVPixelFormat(rawValue: raw) }

    public static let yuv420p = PixelFormat(AV_PIX_FMT_YUV420P)
    public static let yuv444p = PixelFormat(AV_PIX_FMT_YUV444P)
    public static let rgba = PixelFormat(AV_PIX_FMT_RGBA)
    public static let rgb24 = PixelFormat(AV_PIX_FMT_RGB24)

    /// The format libav calls `name` (`yuv420p`, `rgba`, ...); nil when unknown.
    public init?(name: String) {
        let format = av_get_pix_fmt(name)
        guard format != AV_PIX_FMT_NONE else { return nil }
        self.init(format)
    }

    /// libav's name for the format, e.g. `yuv420p`.
    public var name: String { LibAV.string(av_get_pix_fmt_name(avPixelFormat)) }

    /// Whether pictures in this format carry an alpha channel (PNG with transparency).
    public var hasAlpha: Bool {
        guard let descriptor = av_pix_fmt_desc_get(avPixelFormat) else { return false }
        return descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0
    }

    /// Whether samples are RGB (no Y'CbCr matrix).
    public var isRGB: Bool {
        guard let descriptor = av_pix_fmt_desc_get(avPixelFormat) else { return false }
        return descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0
    }

    /// Whether the format's samples span the full range: RGB, palettes, grey
    /// (PNG, GIF) and the `yuvj` formats of JPEG.
    public var isFullRange: Bool {
        let palette = (av_pix_fmt_desc_get(avPixelFormat)?.pointee.flags ?? 0) & UInt64(AV_PIX_FMT_FLAG_PAL) != 0
        return isRGB || palette || ["yuvj", "gray", "ya"].contains(where: name.hasPrefix)
    }

    public var description: String { name }
}

/// A libav sample format (`AVSampleFormat`).
public struct SampleFormat: Hashable, Sendable, CustomStringConvertible {
    let raw: Int32

    init(_ format: AVSampleFormat) { raw = format.rawValue }
    init(raw: Int32) { self.raw = raw }

    var avSampleFormat: AVSampleFormat { AVSampleFormat(rawValue: raw) }

    /// 32-bit float, one plane per channel: what the mixer works in.
    public static let floatPlanar = SampleFormat(AV_SAMPLE_FMT_FLTP)

    /// libav's name for the format, e.g. `fltp`.
    public var name: String { LibAV.string(av_get_sample_fmt_name(avSampleFormat)) }

    public var description: String { name }
}
