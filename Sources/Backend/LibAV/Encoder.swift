import CFFmpeg
import EDLParser

/// Owns an `AVCodecContext` encoding video or audio frames into packets.
public final class Encoder {
    let context: UnsafeMutablePointer<AVCodecContext>
    /// Frame pts and packet timestamps are in these units (1/fps, or 1/sample rate).
    public let timeBase: Rational
    /// libav's name of the encoder (`libx264`, `aac`, ...).
    public let codecName: String

    /// A video encoder. `globalHeader` comes from `OutputFile.needsGlobalHeader`.
    public convenience init(video settings: VideoEncoderSettings, globalHeader: Bool) throws(LibAVError) {
        let timeBase = settings.frameRate.frameDuration
        let threads = Int32(clamping: settings.threads)
        try self.init(codecName: settings.codec, timeBase: timeBase, threads: threads, globalHeader: globalHeader) {
            context, _ in
            context.pointee.width = Int32(settings.width)
            context.pointee.height = Int32(settings.height)
            context.pointee.pix_fmt = settings.pixelFormat.avPixelFormat
            context.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
            // The compositor works in BT.709 limited range; say so, so players agree.
            context.pointee.colorspace = AVCOL_SPC_BT709
            context.pointee.color_primaries = AVCOL_PRI_BT709
            context.pointee.color_trc = AVCOL_TRC_BT709
            context.pointee.color_range = AVCOL_RANGE_MPEG
            if let colors = settings.colors {
                context.pointee.colorspace = AVColorSpace(colors.space)
                context.pointee.color_primaries = AVColorPrimaries(colors.primaries)
                context.pointee.color_trc = AVColorTransferCharacteristic(colors.transfer)
                context.pointee.color_range = AVColorRange(colors.range)
            }
            if let rate = settings.frameRate.rate.avRational { context.pointee.framerate = rate }
            if let gop = settings.keyframeInterval { context.pointee.gop_size = Int32(gop) }
        } options: { options throws(LibAVError) in
            if let preset = settings.preset { try LibAV.setOption(&options, "preset", preset) }
            if let profile = settings.profile { try LibAV.setOption(&options, "profile", profile) }
            if let x264 = settings.x264Options { try LibAV.setOption(&options, "x264-params", x264) }
            // x265 prints its own banner and statistics unless told otherwise, and
            // sizes its thread pool and frame threads by the cores unless told.
            if settings.codec == "libx265" {
                let threading =
                    switch threads {
                    case 1: ":pools=none:frame-threads=1"
                    case 2...: ":pools=\(threads):frame-threads=\(threads)"
                    default: ""  // 0: by the cores
                    }
                try LibAV.setOption(&options, "x265-params", "log-level=error" + threading)
            }
            switch settings.quality {
            case .crf(let crf): try LibAV.setOption(&options, "crf", String(crf))
            case .bitRate(let rate): try LibAV.setOption(&options, "b", String(rate))
            case .lossless where settings.codec.hasPrefix("libx26"): try LibAV.setOption(&options, "qp", "0")
            case .lossless, .codecDefault: break
            }
            for (key, value) in settings.options.sorted(by: { $0.key < $1.key }) {
                try LibAV.setOption(&options, key, value)
            }
        }
    }

    /// An audio encoder in the encoder's preferred sample format, default layout.
    public convenience init(audio settings: AudioEncoderSettings, globalHeader: Bool) throws(LibAVError) {
        guard let timeBase = Rational(1, Int64(settings.sampleRate)) else {
            throw .invalid("Encoder", "sample rate \(settings.sampleRate) is not positive")
        }
        try self.init(
            codecName: settings.codec, timeBase: timeBase, threads: Int32(clamping: settings.threads),
            globalHeader: globalHeader
        ) { context, codec in
            context.pointee.sample_rate = Int32(settings.sampleRate)
            context.pointee.sample_fmt = codec.pointee.sample_fmts?.pointee ?? AV_SAMPLE_FMT_FLTP
            av_channel_layout_default(&context.pointee.ch_layout, Int32(settings.channels))
            if let rate = settings.bitRate { context.pointee.bit_rate = Int64(rate) }
        } options: { _ throws(LibAVError) in
        }
    }

    private init(
        codecName: String, timeBase: Rational, threads: Int32, globalHeader: Bool,
        configure: (UnsafeMutablePointer<AVCodecContext>, UnsafePointer<AVCodec>) -> Void,
        options setOptions: (inout OpaquePointer?) throws(LibAVError) -> Void
    ) throws(LibAVError) {
        LibAV.quietLogging
        guard let codec = avcodec_find_encoder_by_name(codecName) else {
            throw .invalid("avcodec_find_encoder_by_name", "this FFmpeg has no encoder '\(codecName)'")
        }
        guard let allocated = avcodec_alloc_context3(codec) else { throw .outOfMemory("avcodec_alloc_context3") }
        context = allocated
        self.timeBase = timeBase
        self.codecName = codecName
        guard let avTimeBase = timeBase.avRational else { throw .invalid("Encoder", "time base \(timeBase) does not fit libav") }
        context.pointee.time_base = avTimeBase
        context.pointee.thread_count = threads  // 0: one per core
        configure(context, codec)
        if globalHeader { context.pointee.flags |= cutlist_codec_flag_global_header() }
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        try setOptions(&options)
        try LibAV.check(avcodec_open2(context, codec, &options), "avcodec_open2(\(codecName))")
        if let unused = av_dict_get(options, "", nil, AV_DICT_IGNORE_SUFFIX) {
            let name = LibAV.string(unused.pointee.key)
            let own = Self.optionNames(of: codec)
            let suggestion = NameSuggestions.didYouMean(name, in: own).map { " (\($0))" } ?? ""
            throw .invalid(
                "avcodec_open2(\(codecName))",
                "\(codecName) has no option '\(name)'\(suggestion); its own options: \(own.joined(separator: ", "))")
        }
    }

    /// The names of the encoder's own options (its private class's), sorted.
    static func optionNames(of codec: UnsafePointer<AVCodec>) -> [String] {
        guard let type = codec.pointee.priv_class else { return [] }
        var names = Set<String>()
        var classPointer: UnsafePointer<AVClass>? = type
        var option: UnsafePointer<AVOption>?
        while let next = withUnsafeMutablePointer(to: &classPointer, { av_opt_next(UnsafeRawPointer($0), option) }) {
            if next.pointee.type != AV_OPT_TYPE_CONST { names.insert(LibAV.string(next.pointee.name)) }
            option = next
        }
        return names.sorted()
    }

    deinit {
        var allocated: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&allocated)
    }

    /// Samples per audio frame the encoder requires; nil when any count is fine.
    public var frameSize: Int? {
        let size = Int(context.pointee.frame_size)
        let capabilities = context.pointee.codec?.pointee.capabilities ?? 0
        let variable = capabilities & cutlist_codec_cap_variable_frame_size() != 0
        return size > 0 && !variable ? size : nil
    }

    /// The sample format audio frames must be in.
    public var sampleFormat: SampleFormat { SampleFormat(context.pointee.sample_fmt) }

    public var sampleRate: Int { Int(context.pointee.sample_rate) }
    public var channelCount: Int { Int(context.pointee.ch_layout.nb_channels) }

    /// The codec's global headers (H.264 SPS and PPS, ...) when opened with a global header.
    public var extradata: [UInt8] {
        guard let data = context.pointee.extradata, context.pointee.extradata_size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(context.pointee.extradata_size)))
    }

    /// Samples an audio encoder puts before the first input sample (`initial_padding`).
    public var priming: Int { Int(context.pointee.initial_padding) }

    /// Frames a decoder holds back to reorder (B-frames): 0, 1 or 2 for x264.
    public var reorderDelay: Int { Int(context.pointee.has_b_frames) }

    /// Sends a frame whose pts is in `timeBase`. Drain packets with `receive`
    /// until it asks for input before sending the next.
    public func send(_ frame: Frame) throws(LibAVError) {
        try LibAV.check(avcodec_send_frame(context, frame.pointer), "avcodec_send_frame")
    }

    /// Flushes: the encoder hands out the packets it still holds.
    public func sendEndOfStream() throws(LibAVError) {
        let status = avcodec_send_frame(context, nil)
        if status == LibAV.eof { return }
        try LibAV.check(status, "avcodec_send_frame(flush)")
    }

    /// The next packet, if one is ready: true when `packet` was filled, false when
    /// the encoder needs more frames or is fully flushed (see `isFinished`).
    public func receive(into packet: Packet) throws(LibAVError) -> Bool {
        let status = avcodec_receive_packet(context, packet.pointer)
        if status == LibAV.eagain { return false }
        if status == LibAV.eof {
            isFinished = true
            return false
        }
        try LibAV.check(status, "avcodec_receive_packet")
        return true
    }

    /// True once a flushed encoder has handed out its last packet.
    public private(set) var isFinished = false
}
