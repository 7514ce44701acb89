import CFFmpeg
import EDLParser

/// What a codec's receive call produced.
enum ReceiveResult {
    /// A frame (or packet) was written.
    case output
    /// Nothing yet: send more input.
    case needsInput
    /// Fully flushed: nothing more will come.
    case finished
}

/// Owns an `AVCodecContext` decoding one stream of an `InputFile`.
public final class Decoder {
    let context: UnsafeMutablePointer<AVCodecContext>
    public let streamIndex: Int
    /// The stream's time base: frame timestamps are in these units.
    public let timeBase: Rational

    /// `reduction` k decodes at 1/2^k of the coded size where the codec can
    /// (JPEG: k up to 3), without making the full-size picture; else it is ignored.
    public init(input: InputFile, streamIndex: Int, reduction: Int = 0, threads budget: ThreadBudget = .perCore)
        throws(LibAVError)
    {
        guard let stream = input.stream(streamIndex), let parameters = stream.pointee.codecpar else {
            throw .invalid("Decoder", "'\(input.path)' has no stream \(streamIndex)")
        }
        guard let codec = Self.decoder(for: stream) else {
            let name = LibAV.string(avcodec_get_name(parameters.pointee.codec_id))
            throw .invalid("avcodec_find_decoder", "no decoder for codec '\(name)'")
        }
        guard let allocated = avcodec_alloc_context3(codec) else { throw .outOfMemory("avcodec_alloc_context3") }
        context = allocated
        self.streamIndex = streamIndex
        timeBase = Rational(stream.pointee.time_base) ?? .one
        // Counted from here: a throw below still runs deinit, which uncounts it.
        let threads = budget.decoderOpened()  // 0: one per core
        try LibAV.check(avcodec_parameters_to_context(context, parameters), "avcodec_parameters_to_context")
        context.pointee.pkt_timebase = stream.pointee.time_base
        context.pointee.thread_count = threads
        context.pointee.lowres = Int32(min(max(reduction, 0), Int(codec.pointee.max_lowres)))
        context.pointee.thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE
        try LibAV.check(avcodec_open2(context, codec, nil), "avcodec_open2")
    }

    /// libav's decoder for the stream; for VP9 that carries an alpha channel
    /// (`alpha_mode` set, as WebM overlays and browsers write it) libvpx's, which
    /// decodes the alpha that the built-in one drops.
    private static func decoder(for stream: UnsafeMutablePointer<AVStream>) -> UnsafePointer<AVCodec>? {
        let id = stream.pointee.codecpar.pointee.codec_id
        if id == AV_CODEC_ID_VP9, let entry = av_dict_get(stream.pointee.metadata, "alpha_mode", nil, 0),
            LibAV.string(entry.pointee.value) == "1", let libvpx = avcodec_find_decoder_by_name("libvpx-vp9")
        {
            return libvpx
        }
        return avcodec_find_decoder(id)
    }

    deinit {
        var allocated: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&allocated)
        ThreadBudget.decoderClosed()
    }

    /// Sends one packet. The caller drains frames with `receive` until it asks for
    /// input before sending the next, so the decoder never answers EAGAIN here.
    func send(_ packet: Packet) throws(LibAVError) {
        try LibAV.check(avcodec_send_packet(context, packet.pointer), "avcodec_send_packet")
    }

    /// Tells the decoder no more packets will come, so it hands out what it holds.
    func sendEndOfStream() throws(LibAVError) {
        let status = avcodec_send_packet(context, nil)
        if status == LibAV.eof { return }  // already flushing
        try LibAV.check(status, "avcodec_send_packet(flush)")
    }

    func receive(into frame: Frame) throws(LibAVError) -> ReceiveResult {
        let status = avcodec_receive_frame(context, frame.pointer)
        if status == LibAV.eagain { return .needsInput }
        if status == LibAV.eof { return .finished }
        try LibAV.check(status, "avcodec_receive_frame")
        return .output
    }

    /// Forgets buffered state, after a seek.
    func flush() { avcodec_flush_buffers(context) }
}
