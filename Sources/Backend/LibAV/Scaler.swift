import CFFmpeg

/// Owns a `SwsContext`: converts pictures between sizes and pixel formats.
public final class Scaler {
    let context: OpaquePointer
    public let sourceWidth: Int, sourceHeight: Int, sourceFormat: PixelFormat
    public let width: Int, height: Int, format: PixelFormat

    /// Resampling filter for size changes.
    public enum Filter: Sendable {
        case nearest, bilinear, bicubic

        var flags: Int32 {
            switch self {
            case .nearest: return cutlist_sws_point()
            case .bilinear: return cutlist_sws_bilinear()
            case .bicubic: return cutlist_sws_bicubic()
            }
        }
    }

    public init(
        sourceWidth: Int, sourceHeight: Int, sourceFormat: PixelFormat,
        width: Int, height: Int, format: PixelFormat, filter: Filter = .bicubic
    ) throws(LibAVError) {
        guard
            let created = sws_getContext(
                Int32(sourceWidth), Int32(sourceHeight), sourceFormat.avPixelFormat,
                Int32(width), Int32(height), format.avPixelFormat,
                filter.flags | cutlist_sws_accurate(), nil, nil, nil)
        else {
            throw .invalid(
                "sws_getContext", "cannot convert \(sourceWidth)x\(sourceHeight) \(sourceFormat) to \(width)x\(height) \(format)")
        }
        context = created
        // libswscale converts between RGB and Y'CbCr with BT.601 unless told; the
        // compositor's Y'CbCr is BT.709. RGB and `yuvj` formats are full range.
        let bt709 = cutlist_sws_bt709()
        sws_setColorspaceDetails(
            created, bt709, sourceFormat.isFullRange ? 1 : 0, bt709, format.isFullRange ? 1 : 0, 0, 1 << 16, 1 << 16)
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.sourceFormat = sourceFormat
        self.width = width
        self.height = height
        self.format = format
    }

    deinit { sws_freeContext(context) }

    /// Whether this scaler takes `frame` as it is.
    public func accepts(_ frame: Frame) -> Bool {
        frame.width == sourceWidth && frame.height == sourceHeight && frame.pixelFormat == sourceFormat
    }

    /// Converts `source` into a new frame of the target size and format, carrying
    /// the source's pts.
    public func scale(_ source: Frame) throws(LibAVError) -> Frame {
        guard accepts(source) else {
            throw .invalid(
                "sws_scale_frame",
                "frame is \(source.width)x\(source.height) \(source.pixelFormat), scaler expects \(sourceWidth)x\(sourceHeight) \(sourceFormat)"
            )
        }
        let output = try Frame.video(width: width, height: height, format: format)
        try LibAV.check(sws_scale_frame(context, output.pointer, source.pointer), "sws_scale_frame")
        output.pts = source.pts
        return output
    }
}
