/// Copies decoded frames into the compositor's YUV 4:2:0 images, converting
/// other pixel formats (4:2:2, 10-bit, full-range JPEG) with libswscale,
/// BT.601 and full-range pictures to BT.709 limited range (`YUVNormalizer`),
/// and tone-mapping HDR (HLG, PQ) to SDR.
final class FrameConverter {
    private var scaler: Scaler?
    private var toneMapper: ToneMapper?

    /// Whether `frame` is already what the compositor draws in at `width × height`
    /// (8-bit 4:2:0, BT.709 limited range, not HDR): `copy` copies it as it is.
    static func isCompositorReady(_ frame: Frame, width: Int, height: Int) -> Bool {
        isYUV420(frame, width: width, height: height) && frame.hdrTransfer == nil
            && !YUVNormalizer.converts(frame)
    }

    private static func isYUV420(_ frame: Frame, width: Int, height: Int) -> Bool {
        frame.pixelFormat == .yuv420p && frame.width == width && frame.height == height
    }

    func copy(_ frame: Frame, into image: YUVImage) throws(LibAVError) {
        if let transfer = frame.hdrTransfer {
            if toneMapper?.transfer != transfer { toneMapper = ToneMapper(transfer) }
            try toneMapper?.convert(frame, into: image)
            return
        }
        let source: Frame
        if Self.isYUV420(frame, width: image.width, height: image.height) {
            source = frame
        } else {
            if scaler?.accepts(frame) != true {
                scaler = try Scaler(
                    sourceWidth: frame.width, sourceHeight: frame.height, sourceFormat: frame.pixelFormat,
                    width: image.width, height: image.height, format: .yuv420p)
            }
            guard let scaler else { return }
            source = try scaler.scale(frame)
        }
        try source.withPlanes { planes in
            guard planes.count >= 3 else { return }
            image.copyPlanes(
                from: UnsafeRawBufferPointer(planes[0].bytes), yStride: planes[0].lineSize,
                u: UnsafeRawBufferPointer(planes[1].bytes), uStride: planes[1].lineSize,
                v: UnsafeRawBufferPointer(planes[2].bytes), vStride: planes[2].lineSize)
        }
        YUVNormalizer(frame)?.apply(to: image)
    }
}
