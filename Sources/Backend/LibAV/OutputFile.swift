import CFFmpeg
import EDLParser

/// Owns an output (`AVFormatContext` from `avformat_alloc_output_context2`) and
/// its `AVIOContext`. Distinct from `InputFile`: it is torn down with
/// `avio_closep` + `avformat_free_context`, never `avformat_close_input`.
///
/// Order of use: `addStream` for each encoder, `writeHeader`, `write` packets,
/// `finish` (or, in memory, `cutFragment` as often as wanted).
public final class OutputFile {
    let context: UnsafeMutablePointer<AVFormatContext>
    public let path: String
    /// Where the bytes of an output kept in memory go; nil for a file.
    private let memory: MemoryOutput?
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
        memory = nil
        // No random ids or dates in the file (Matroska's segment UID): the same
        // render gives the same bytes.
        context.pointee.flags |= cutlist_format_flag_bitexact()
    }

    /// An output of `format` whose bytes stay in memory, taken by `cutFragment`.
    /// Nothing is seekable: only a muxer that writes in one pass (fragmented MP4) works.
    public init(inMemory format: String) throws(LibAVError) {
        LibAV.quietLogging
        var allocated: UnsafeMutablePointer<AVFormatContext>?
        let status = avformat_alloc_output_context2(&allocated, nil, format, nil)
        guard status >= 0, let allocated else {
            throw LibAVError(operation: "avformat_alloc_output_context2", code: status < 0 ? status : cutlist_averror_einval())
        }
        context = allocated
        path = "(memory)"
        context.pointee.flags |= cutlist_format_flag_bitexact()
        do {
            let memory = try MemoryOutput()
            self.memory = memory
            context.pointee.pb = memory.io
        } catch {
            avformat_free_context(allocated)
            throw error
        }
    }

    deinit {
        if memory == nil, context.pointee.pb != nil, !writesNoFile {
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
            try Self.setExtradata(extradata, of: parameters)
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

    /// Adds a text subtitle stream of `codec` (`mov_text`, `webvtt`) whose
    /// packets count `timeBase`, tagged with `language` (ISO 639-2); returns its index.
    public func addSubtitleStream(
        codec: String, timeBase: Rational, extradata: [UInt8], language: String?
    ) throws(LibAVError) -> Int {
        guard !headerWritten else { throw .invalid("avformat_new_stream", "streams must be added before the header") }
        guard let descriptor = avcodec_descriptor_get_by_name(codec) else {
            throw .invalid("avcodec_descriptor_get_by_name", "FFmpeg does not know the subtitle codec '\(codec)'")
        }
        guard let stream = avformat_new_stream(context, nil), let parameters = stream.pointee.codecpar else {
            throw .outOfMemory("avformat_new_stream")
        }
        parameters.pointee.codec_type = AVMEDIA_TYPE_SUBTITLE
        parameters.pointee.codec_id = descriptor.pointee.id
        if !extradata.isEmpty { try Self.setExtradata(extradata, of: parameters) }
        let base = AVRational(num: Int32(clamping: timeBase.numerator), den: Int32(clamping: timeBase.denominator))
        stream.pointee.time_base = base
        if let language {
            try LibAV.check(av_dict_set(&stream.pointee.metadata, "language", language, 0), "av_dict_set(language)")
        }
        encoderTimeBases.append(base)
        timestampOffsets.append(0)
        return Int(stream.pointee.index)
    }

    /// Gives a stream's parameters a copy of `extradata` in a buffer libav owns
    /// (padded as its readers expect), freeing what they held.
    private static func setExtradata(
        _ extradata: [UInt8], of parameters: UnsafeMutablePointer<AVCodecParameters>
    ) throws(LibAVError) {
        av_freep(&parameters.pointee.extradata)
        let padding = Int(cutlist_input_buffer_padding_size())
        guard let buffer = av_mallocz(extradata.count + padding)?.assumingMemoryBound(to: UInt8.self) else {
            throw .outOfMemory("av_mallocz")
        }
        buffer.update(from: extradata, count: extradata.count)
        parameters.pointee.extradata = buffer
        parameters.pointee.extradata_size = Int32(extradata.count)
    }

    /// Sets a container tag (`title`, `comment`, ...).
    public func setMetadata(_ key: String, _ value: String) throws(LibAVError) {
        try LibAV.check(av_dict_set(&context.pointee.metadata, key, value, 0), "av_dict_set(\(key))")
    }

    /// Opens the file and writes the container header. `fastStart` moves the MP4/MOV
    /// index to the front when the file is finished; `movieTimescale` sets the MP4/MOV
    /// movie time scale (units per second of edit lists and the movie duration).
    /// `fragments` makes an MP4 fragmented for Media Source Extensions (see `MovieFragments`).
    /// `loops`: an animation (WebP) plays for ever rather than once.
    public func writeHeader(
        fastStart: Bool = false, movieTimescale: Int? = nil, fragments: MovieFragments? = nil, loops: Bool = false
    ) throws(LibAVError) {
        if memory == nil, !writesNoFile {
            var ioOptions: OpaquePointer?
            defer { av_dict_free(&ioOptions) }
            try LibAV.setOption(&ioOptions, "protocol_whitelist", "file")
            try LibAV.check(avio_open2(&context.pointee.pb, path, cutlist_avio_flag_write(), nil, &ioOptions), "avio_open2")
        }
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        if fastStart { try LibAV.setOption(&options, "movflags", "+faststart") }
        if let movieTimescale { try LibAV.setOption(&options, "movie_timescale", String(movieTimescale)) }
        if loops { try LibAV.setOption(&options, "loop", "0") }
        if let fragments {
            // The moov waits for the first fragment, which gives its edit list (the
            // composition offset of the first picture, the encoder's priming).
            var flags = "+frag_custom+delay_moov+default_base_moof"
            if fragments.startsAnywhere { flags += "+frag_discont" }
            try LibAV.setOption(&options, "movflags", flags)
            try LibAV.setOption(&options, "use_editlist", "1")
            try LibAV.setOption(&options, "fragment_index", String(fragments.firstIndex))
        }
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

    /// Ends the fragment of an output in memory (`MovieFragments`) with the
    /// packets written since the last: returns the bytes of the header (`ftyp`
    /// and `moov`, the first time only) and of the fragment (`moof` and `mdat`).
    public func cutFragment() throws(LibAVError) -> (header: [UInt8], fragment: [UInt8]) {
        guard headerWritten, let memory else { throw .invalid("cutFragment", "not an output in memory with its header written") }
        try LibAV.check(av_interleaved_write_frame(context, nil), "av_interleaved_write_frame(flush)")
        // The first flush of a delayed moov writes the moov alone; the fragment comes with the next.
        for _ in 0..<(memory.hasHeader ? 1 : 2) {
            try LibAV.check(av_write_frame(context, nil), "av_write_frame(flush)")
        }
        memory.hasHeader = true
        avio_flush(memory.io)
        if memory.io.pointee.error < 0 { throw LibAVError(operation: "avio_flush", code: memory.io.pointee.error) }
        return memory.take()
    }

    /// Flushes interleaving queues, writes the trailer and closes the file.
    public func finish() throws(LibAVError) {
        guard headerWritten else { throw .invalid("av_write_trailer", "the header was never written") }
        try LibAV.check(av_interleaved_write_frame(context, nil), "av_interleaved_write_frame(flush)")
        try LibAV.check(av_write_trailer(context), "av_write_trailer")
        if memory == nil, !writesNoFile {
            try LibAV.check(avio_closep(&context.pointee.pb), "avio_closep")
        }
    }
}

/// How `OutputFile` cuts an MP4 into fragments for Media Source Extensions: an
/// init segment (`ftyp` + `moov` with `mvex`, no samples, and an edit list for
/// the first packet's composition offset) and a `moof` + `mdat` per `cutFragment`,
/// each `traf` with its `tfdt`, data offsets from the `moof`.
public struct MovieFragments: Sendable {
    /// The `mfhd` sequence number of the first fragment.
    public var firstIndex: Int
    /// Whether the first fragment may start anywhere on the stream's timeline:
    /// its `tfdt` is its first packet's presentation time, as if fragments
    /// before it held everything from 0. Without it the first `tfdt` is 0.
    public var startsAnywhere: Bool

    public init(firstIndex: Int = 1, startsAnywhere: Bool = false) {
        self.firstIndex = firstIndex
        self.startsAnywhere = startsAnywhere
    }
}

/// The `AVIOContext` of an output in memory and the bytes it was given, the
/// header's (written under libavformat's header marker) apart from the rest.
private final class MemoryOutput {
    let io: UnsafeMutablePointer<AVIOContext>
    private var header: [UInt8] = []
    private var body: [UInt8] = []
    /// Whether a fragment was cut, which wrote the header.
    var hasHeader = false

    init() throws(LibAVError) {
        let size = 1 << 16
        guard let buffer = av_malloc(size)?.assumingMemoryBound(to: UInt8.self) else { throw .outOfMemory("av_malloc") }
        let allocated = avio_alloc_context(buffer, Int32(size), 1, nil, nil, nil, nil)
        guard let allocated else {
            var unused: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(buffer)
            av_freep(&unused)
            throw .outOfMemory("avio_alloc_context")
        }
        io = allocated
        io.pointee.opaque = Unmanaged.passUnretained(self).toOpaque()
        io.pointee.write_data_type = { opaque, bytes, count, type, _ in
            guard let opaque, let bytes, count > 0 else { return 0 }
            let output = Unmanaged<MemoryOutput>.fromOpaque(opaque).takeUnretainedValue()
            let chunk = UnsafeBufferPointer(start: bytes, count: Int(count))
            if type == AVIO_DATA_MARKER_HEADER { output.header += chunk } else { output.body += chunk }
            return count
        }
    }

    deinit {
        var pointer: UnsafeMutablePointer<AVIOContext>? = io
        av_freep(&io.pointee.buffer)
        avio_context_free(&pointer)
    }

    func take() -> (header: [UInt8], fragment: [UInt8]) {
        defer { (header, body) = ([], []) }
        return (header, body)
    }
}
