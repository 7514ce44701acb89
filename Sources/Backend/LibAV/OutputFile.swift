import CFFmpeg
import EDLParser

/// Owns an output (`AVFormatContext` from `avformat_alloc_output_context2`) and
/// its `AVIOContext`. Distinct from `InputFile`: it is torn down with
/// `avio_closep` + `avformat_free_context`, never `avformat_close_input`.
///
/// Order of use: `addStream` for each encoder, `writeHeader`, `write` packets,
/// `finish`.
public final class OutputFile {
    let context: UnsafeMutablePointer<AVFormatContext>
    public let path: String
    private var encoderTimeBases: [AVRational] = []
    /// Added to each stream's packet timestamps, in the encoder's time base.
    private var timestampOffsets: [Int64] = []
    private var headerWritten = false

    /// An output at `path`; the container follows `format` (`mp4`, `matroska`,
    /// `wav`, ...) or else the path's extension. Nothing is written until `writeHeader`.
    public init(path: String, format: String? = nil) throws(LibAVError) {
        LibAV.quietLogging
        guard !InputFile.looksLikeURL(path) else {
            throw .invalid("avformat_alloc_output_context2", "'\(path)' is a URL; only local files can be written")
        }
        var allocated: UnsafeMutablePointer<AVFormatContext>?
        let status = avformat_alloc_output_context2(&allocated, nil, format, path)
        guard status >= 0, let allocated else {
            throw LibAVError(operation: "avformat_alloc_output_context2", code: status < 0 ? status : cutlist_averror_einval())
        }
        context = allocated
        self.path = path
        // No random ids or dates in the file (Matroska's segment UID): the same
        // render gives the same bytes.
        context.pointee.flags |= cutlist_format_flag_bitexact()
    }

    deinit {
        if context.pointee.pb != nil, !writesNoFile {
            avio_closep(&context.pointee.pb)
        }
        avformat_free_context(context)
    }

    private var writesNoFile: Bool {
        guard let format = context.pointee.oformat else { return true }
        return format.pointee.flags & cutlist_format_flag_nofile() != 0
    }

    private var isMatroska: Bool {
        guard let name = context.pointee.oformat?.pointee.name else { return false }
        return ["matroska", "webm"].contains(String(cString: name))
    }

    /// Whether encoders must put codec headers in extradata (`AV_CODEC_FLAG_GLOBAL_HEADER`).
    public var needsGlobalHeader: Bool {
        guard let format = context.pointee.oformat else { return false }
        return format.pointee.flags & cutlist_format_flag_globalheader() != 0
    }

    /// Adds a stream carrying `encoder`'s output, or packets like them with
    /// other parameter sets (`extradata`); returns its index.
    public func addStream(for encoder: Encoder, extradata: [UInt8]? = nil) throws(LibAVError) -> Int {
        guard !headerWritten else { throw .invalid("avformat_new_stream", "streams must be added before the header") }
        guard let stream = avformat_new_stream(context, nil) else { throw .outOfMemory("avformat_new_stream") }
        try LibAV.check(
            avcodec_parameters_from_context(stream.pointee.codecpar, encoder.context), "avcodec_parameters_from_context")
        if let extradata, let parameters = stream.pointee.codecpar {
            av_freep(&parameters.pointee.extradata)
            let padding = Int(cutlist_input_buffer_padding_size())
            guard let buffer = av_mallocz(extradata.count + padding)?.assumingMemoryBound(to: UInt8.self) else {
                throw .outOfMemory("av_mallocz")
            }
            buffer.update(from: extradata, count: extradata.count)
            parameters.pointee.extradata = buffer
            parameters.pointee.extradata_size = Int32(extradata.count)
        }
        stream.pointee.time_base = encoder.context.pointee.time_base
        if encoder.context.pointee.codec_type == AVMEDIA_TYPE_VIDEO {
            stream.pointee.avg_frame_rate = encoder.context.pointee.framerate
        }
        encoderTimeBases.append(encoder.context.pointee.time_base)
        // Matroska counts an Opus track's time from before its priming samples (the
        // header's CodecDelay is subtracted on reading). Left negative, the priming
        // makes the muxer shift every stream later, and the picture starts at 7 ms.
        let priming = Int64(encoder.context.pointee.initial_padding)
        timestampOffsets.append(isMatroska && encoder.context.pointee.codec_type == AVMEDIA_TYPE_AUDIO ? priming : 0)
        return Int(stream.pointee.index)
    }

    /// Sets a container tag (`title`, `comment`, ...).
    public func setMetadata(_ key: String, _ value: String) throws(LibAVError) {
        try LibAV.check(av_dict_set(&context.pointee.metadata, key, value, 0), "av_dict_set(\(key))")
    }

    /// Opens the file and writes the container header. `fastStart` moves the MP4/MOV
    /// index to the front when the file is finished; `movieTimescale` sets the MP4/MOV
    /// movie time scale (units per second of edit lists and the movie duration).
    public func writeHeader(fastStart: Bool = false, movieTimescale: Int? = nil) throws(LibAVError) {
        if !writesNoFile {
            var ioOptions: OpaquePointer?
            defer { av_dict_free(&ioOptions) }
            try LibAV.setOption(&ioOptions, "protocol_whitelist", "file")
            try LibAV.check(avio_open2(&context.pointee.pb, path, cutlist_avio_flag_write(), nil, &ioOptions), "avio_open2")
        }
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        if fastStart { try LibAV.setOption(&options, "movflags", "+faststart") }
        if let movieTimescale { try LibAV.setOption(&options, "movie_timescale", String(movieTimescale)) }
        try LibAV.check(avformat_write_header(context, &options), "avformat_write_header")
        headerWritten = true
    }

    /// The stream's time base as the muxer chose it (valid after `writeHeader`).
    public func timeBase(ofStream index: Int) -> Rational? {
        guard (0..<Int(context.pointee.nb_streams)).contains(index), let stream = context.pointee.streams[index] else {
            return nil
        }
        return Rational(stream.pointee.time_base)
    }

    /// Writes an encoder's packet to stream `index`, rescaling its timestamps from
    /// the encoder's time base to the stream's. The packet is left empty.
    public func write(_ packet: Packet, toStream index: Int) throws(LibAVError) {
        guard headerWritten, encoderTimeBases.indices.contains(index), let stream = context.pointee.streams[index] else {
            throw .invalid("av_interleaved_write_frame", "no stream \(index), or the header is not written")
        }
        packet.offset(by: timestampOffsets[index])
        packet.rescale(from: encoderTimeBases[index], to: stream.pointee.time_base)
        packet.streamIndex = index
        try LibAV.check(av_interleaved_write_frame(context, packet.pointer), "av_interleaved_write_frame")
    }

    /// Flushes interleaving queues, writes the trailer and closes the file.
    public func finish() throws(LibAVError) {
        guard headerWritten else { throw .invalid("av_write_trailer", "the header was never written") }
        try LibAV.check(av_interleaved_write_frame(context, nil), "av_interleaved_write_frame(flush)")
        try LibAV.check(av_write_trailer(context), "av_write_trailer")
        if !writesNoFile {
            try LibAV.check(avio_closep(&context.pointee.pb), "avio_closep")
        }
    }
}
