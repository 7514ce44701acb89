import CFFmpeg
import EDLParser

/// Owns an opened input (`AVFormatContext` from `avformat_open_input`), its
/// streams probed. Only local files: the protocol whitelist is `file`, and
/// anything that looks like a URL is refused before libav sees it.
public final class InputFile {
    let context: UnsafeMutablePointer<AVFormatContext>
    public let path: String

    public init(path: String) throws(LibAVError) {
        LibAV.quietLogging
        guard !InputFile.looksLikeURL(path) else {
            throw .invalid("avformat_open_input", "'\(path)' is a URL; only local files can be opened")
        }
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        try LibAV.setOption(&options, "protocol_whitelist", "file")
        var opened: UnsafeMutablePointer<AVFormatContext>?
        let status = avformat_open_input(&opened, path, nil, &options)
        guard status >= 0, let opened else {
            throw LibAVError(operation: "avformat_open_input", code: status < 0 ? status : cutlist_averror_einval())
        }
        context = opened
        self.path = path
        try LibAV.check(avformat_find_stream_info(context, nil), "avformat_find_stream_info")
    }

    deinit {
        var opened: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&opened)
    }

    /// `scheme://...`: never opened. (Other `scheme:` prefixes reach libav, whose
    /// protocol whitelist refuses everything but `file`.)
    static func looksLikeURL(_ path: String) -> Bool {
        path.contains("://")
    }

    /// The demuxer's short name(s), e.g. `mov,mp4,m4a,3gp,3g2,mj2`, `png_pipe`, `image2`.
    public var formatName: String {
        guard let format = context.pointee.iformat else { return "" }
        return LibAV.string(format.pointee.name)
    }

    /// The container's duration in seconds (microsecond precision); nil when unknown.
    public var containerDuration: Rational? {
        let value = context.pointee.duration
        guard value != LibAV.noPTS, value > 0 else { return nil }
        return Rational(value, Int64(cutlist_time_base()))
    }

    /// Number of streams in the file.
    public var streamCount: Int { Int(context.pointee.nb_streams) }

    func stream(_ index: Int) -> UnsafeMutablePointer<AVStream>? {
        guard (0..<streamCount).contains(index), let streams = context.pointee.streams else { return nil }
        return streams[index]
    }

    /// Reads the next packet of any stream; false at the end of the file.
    func read(into packet: Packet) throws(LibAVError) -> Bool {
        let status = av_read_frame(context, packet.pointer)
        if status == LibAV.eof { return false }
        try LibAV.check(status, "av_read_frame")
        return true
    }

    /// Seeks stream `index` to the keyframe at or before `timestamp` (in the
    /// stream's time base).
    func seek(stream index: Int, toKeyframeBefore timestamp: Int64) throws(LibAVError) {
        try LibAV.check(av_seek_frame(context, Int32(index), timestamp, cutlist_seek_flag_backward()), "av_seek_frame")
    }
}
