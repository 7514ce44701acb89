import CFFmpeg
import Compiler
import EDLParser

/// Owns one `AVFrame`: a decoded picture or block of audio samples, or one to be
/// encoded. Its buffers are reference-counted by libav, so a `Frame` handed out
/// stays valid however the decoder that produced it moves on.
public final class Frame {
    let pointer: UnsafeMutablePointer<AVFrame>

    /// An empty frame, for a decoder or scaler to fill.
    public init() throws(LibAVError) {
        guard let frame = av_frame_alloc() else { throw .outOfMemory("av_frame_alloc") }
        pointer = frame
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&frame)
    }

    /// A picture with freshly allocated (uninitialised) buffers.
    public static func video(width: Int, height: Int, format: PixelFormat) throws(LibAVError) -> Frame {
        let frame = try Frame()
        frame.pointer.pointee.width = Int32(width)
        frame.pointer.pointee.height = Int32(height)
        frame.pointer.pointee.format = format.raw
        try LibAV.check(av_frame_get_buffer(frame.pointer, 0), "av_frame_get_buffer")
        return frame
    }

    /// A block of `sampleCount` samples with freshly allocated buffers, using the
    /// default channel layout for `channels`.
    public static func audio(sampleCount: Int, channels: Int, sampleRate: Int, format: SampleFormat) throws(LibAVError) -> Frame {
        let frame = try Frame()
        frame.pointer.pointee.nb_samples = Int32(sampleCount)
        frame.pointer.pointee.sample_rate = Int32(sampleRate)
        frame.pointer.pointee.format = format.raw
        av_channel_layout_default(&frame.pointer.pointee.ch_layout, Int32(channels))
        try LibAV.check(av_frame_get_buffer(frame.pointer, 0), "av_frame_get_buffer")
        return frame
    }

    /// A new frame sharing this one's buffers.
    public func reference() throws(LibAVError) -> Frame {
        let copy = try Frame()
        try LibAV.check(av_frame_ref(copy.pointer, pointer), "av_frame_ref")
        return copy
    }

    /// Lets go of the buffers this frame holds.
    public func release() {
        av_frame_unref(pointer)
    }

    /// Makes this frame a `yuv420p` picture of `width × height` whose Y, U and
    /// V planes lie in `bytes` at `planes` (offset and stride each), shared, not
    /// copied: their owner draws its next picture on a copy while this frame
    /// (or an encoder it is sent to) still holds them.
    func referencePlanes(
        _ bytes: SharedBytes, width: Int, height: Int, planes: [(offset: Int, stride: Int)]
    ) throws(LibAVError) {
        precondition(planes.count == 3, "a yuv420p picture has three planes")
        av_frame_unref(pointer)
        guard let reference = av_buffer_ref(bytes.reference), let base = reference.pointee.data else {
            throw .outOfMemory("av_buffer_ref")
        }
        let frame = pointer
        frame.pointee.buf.0 = reference
        (frame.pointee.data.0, frame.pointee.data.1, frame.pointee.data.2) =
            (base + planes[0].offset, base + planes[1].offset, base + planes[2].offset)
        (frame.pointee.linesize.0, frame.pointee.linesize.1, frame.pointee.linesize.2) =
            (Int32(planes[0].stride), Int32(planes[1].stride), Int32(planes[2].stride))
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        frame.pointee.format = PixelFormat.yuv420p.raw
    }

    /// Makes this frame share `other`'s pixels and nothing else: no picture
    /// type, field order or side data, which an encoder would read as requests
    /// (a source's I-frame forcing a keyframe, its captions re-encoded).
    public func referencePixels(of other: Frame) throws(LibAVError) {
        av_frame_unref(pointer)
        try LibAV.check(av_frame_ref(pointer, other.pointer), "av_frame_ref")
        pointer.pointee.pict_type = AV_PICTURE_TYPE_NONE
        pointer.pointee.key_frame = 0
        pointer.pointee.interlaced_frame = 0
        pointer.pointee.top_field_first = 0
        while pointer.pointee.nb_side_data > 0, let first = pointer.pointee.side_data[0] {
            av_frame_remove_side_data(pointer, first.pointee.type)
        }
        av_dict_free(&pointer.pointee.metadata)
    }

    // MARK: Picture

    public var width: Int { Int(pointer.pointee.width) }
    public var height: Int { Int(pointer.pointee.height) }
    public var pixelFormat: PixelFormat { PixelFormat(raw: pointer.pointee.format) }
    /// The HDR transfer function the samples are tagged with; nil for SDR.
    var hdrTransfer: HDRTransfer? { HDRTransfer(pointer.pointee.color_trc) }
    /// Whether the samples are tagged as made with the BT.601 Y'CbCr matrix (SD video).
    var hasBT601Matrix: Bool { [AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M].contains(pointer.pointee.colorspace) }
    /// Whether the samples use the full 0–255 range rather than 16–235.
    var isFullRange: Bool { pointer.pointee.color_range == AVCOL_RANGE_JPEG }

    // MARK: Timing

    /// Presentation timestamp in the stream's (or encoder's) time base; nil for none.
    public var pts: Int64? {
        get {
            let value = pointer.pointee.pts
            return value == LibAV.noPTS ? nil : value
        }
        set { pointer.pointee.pts = newValue ?? LibAV.noPTS }
    }

    /// libav's best guess at the presentation timestamp of a decoded frame.
    public var bestEffortTimestamp: Int64? {
        let value = pointer.pointee.best_effort_timestamp
        return value == LibAV.noPTS ? nil : value
    }

    // MARK: Audio

    public var sampleCount: Int { Int(pointer.pointee.nb_samples) }
    public var sampleRate: Int { Int(pointer.pointee.sample_rate) }
    public var channelCount: Int { Int(pointer.pointee.ch_layout.nb_channels) }
    public var sampleFormat: SampleFormat { SampleFormat(raw: pointer.pointee.format) }
}

extension HDRTransfer {
    /// The HDR transfer a libav transfer characteristic is; nil for SDR ones.
    init?(_ characteristic: AVColorTransferCharacteristic) {
        switch characteristic {
        case AVCOL_TRC_ARIB_STD_B67: self = .hlg
        case AVCOL_TRC_SMPTE2084: self = .pq
        default: return nil
        }
    }
}
