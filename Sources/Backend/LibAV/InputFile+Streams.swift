import CFFmpeg
import Compiler
import EDLParser

/// What an input says about one of its streams.
public struct StreamInfo: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case video, audio, subtitle, other }

    public var index: Int
    public var kind: Kind
    /// libav's codec name, e.g. `h264`, `png`, `aac`.
    public var codecName: String
    public var timeBase: Rational
    /// First timestamp, in seconds; nil when unknown.
    public var startTime: Rational?
    /// Stream duration in seconds, from the stream's own time base; nil when unknown.
    public var duration: Rational?
    /// Frame count from the container; 0 when unknown.
    public var frameCount: Int64
    public var width: Int
    public var height: Int
    /// libav's guess at the frame rate (`av_guess_frame_rate`); nil when unknown.
    public var frameRate: Rational?
    /// Clockwise display rotation in degrees: 0, 90, 180 or 270.
    public var rotation: Int
    /// Cover art attached to an audio file, not a video track.
    public var isAttachedPicture: Bool
    public var sampleRate: Int
    public var channels: Int
    /// A video stream's pixels carry an alpha channel.
    public var hasAlpha: Bool
    /// The HDR transfer a video stream is tagged with; nil for SDR.
    public var hdr: HDRTransfer?
    /// Subtitles as text (SubRip, mov_text, WebVTT, ASS), not as pictures.
    public var isTextSubtitle = false
}

/// How a video stream is coded: what copying its packets into another file depends on.
struct VideoCoding {
    var isH264: Bool
    /// The codec's global header (for H.264 in MP4, its avcC record); empty when none.
    var extradata: [UInt8]
    var pixelFormat: PixelFormat
    var width: Int
    var height: Int
    /// Nil when the container gives none.
    var timeBase: Rational?
    /// Coded as whole frames, or not tagged either way.
    var isProgressive: Bool
    /// Pixels tagged square, or not tagged.
    var hasSquarePixels: Bool
    var colors: ColorDescription
}

extension InputFile {
    /// Every stream of the file, in order.
    public var streams: [StreamInfo] {
        (0..<streamCount).compactMap { index in stream(index).map { info(for: $0, index: index) } }
    }

    /// libav's pick among streams of `kind` (never cover art); nil when there is none.
    public func bestStream(_ kind: StreamInfo.Kind) -> StreamInfo? {
        let candidates = streams.filter { $0.kind == kind && !$0.isAttachedPicture }
        let type = kind == .video ? AVMEDIA_TYPE_VIDEO : AVMEDIA_TYPE_AUDIO
        let best = Int(av_find_best_stream(context, type, -1, -1, nil, 0))
        return candidates.first { $0.index == best } ?? candidates.first
    }

    /// The time origin of the file: the earliest stream start, exactly. Source time
    /// 0 is this instant, for every stream, so audio and video stay in step.
    public var startTime: Rational {
        streams.compactMap(\.startTime).min() ?? .zero
    }

    /// How stream `index` is coded; nil when there is no such stream.
    func videoCoding(ofStream index: Int) -> VideoCoding? {
        guard let stream = stream(index), let parameters = stream.pointee.codecpar?.pointee else { return nil }
        var extradata: [UInt8] = []
        if let data = parameters.extradata, parameters.extradata_size > 0 {
            extradata = Array(UnsafeBufferPointer(start: data, count: Int(parameters.extradata_size)))
        }
        let aspect = parameters.sample_aspect_ratio
        return VideoCoding(
            isH264: parameters.codec_id == AV_CODEC_ID_H264, extradata: extradata,
            pixelFormat: PixelFormat(raw: parameters.format), width: Int(parameters.width),
            height: Int(parameters.height), timeBase: Rational(stream.pointee.time_base),
            isProgressive: [AV_FIELD_PROGRESSIVE, AV_FIELD_UNKNOWN].contains(parameters.field_order),
            hasSquarePixels: aspect.num == aspect.den || aspect.num == 0,
            colors: ColorDescription(
                range: parameters.color_range.rawValue, space: parameters.color_space.rawValue,
                primaries: parameters.color_primaries.rawValue, transfer: parameters.color_trc.rawValue))
    }

    private func info(for stream: UnsafeMutablePointer<AVStream>, index: Int) -> StreamInfo {
        let s = stream.pointee
        let timeBase = Rational(s.time_base) ?? Rational.one
        let parameters = s.codecpar?.pointee
        let kind: StreamInfo.Kind
        switch parameters?.codec_type {
        case AVMEDIA_TYPE_VIDEO: kind = .video
        case AVMEDIA_TYPE_AUDIO: kind = .audio
        case AVMEDIA_TYPE_SUBTITLE: kind = .subtitle
        default: kind = .other
        }
        let guessed = av_guess_frame_rate(context, stream, nil)
        return StreamInfo(
            index: index,
            kind: kind,
            codecName: LibAV.string(avcodec_get_name(parameters?.codec_id ?? AV_CODEC_ID_NONE)),
            timeBase: timeBase,
            startTime: s.start_time == LibAV.noPTS ? nil : Rational.seconds(timestamp: s.start_time, timeBase: timeBase),
            duration: s.duration == LibAV.noPTS || s.duration <= 0
                ? nil : Rational.seconds(timestamp: s.duration, timeBase: timeBase),
            frameCount: s.nb_frames,
            width: Int(parameters?.width ?? 0),
            height: Int(parameters?.height ?? 0),
            frameRate: guessed.num > 0 ? Rational(guessed) : nil,
            rotation: InputFile.rotation(of: stream),
            isAttachedPicture: s.disposition & cutlist_disposition_attached_pic() != 0,
            sampleRate: Int(parameters?.sample_rate ?? 0),
            channels: Int(parameters?.ch_layout.nb_channels ?? 0),
            hasAlpha: kind == .video && parameters.map { PixelFormat(raw: $0.format).hasAlpha } == true,
            hdr: kind == .video ? parameters.flatMap { HDRTransfer($0.color_trc) } : nil,
            isTextSubtitle: kind == .subtitle && cutlist_codec_is_text_subtitle(parameters?.codec_id ?? AV_CODEC_ID_NONE) != 0
        )
    }

    /// Clockwise degrees (0, 90, 180, 270) from the stream's display matrix.
    /// `av_display_rotation_get` answers counter-clockwise, in -180...180.
    private static func rotation(of stream: UnsafeMutablePointer<AVStream>) -> Int {
        var size: Int = 0
        guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 9 * 4 else { return 0 }
        let counterClockwise = UnsafeRawPointer(data).withMemoryRebound(to: Int32.self, capacity: 9) { matrix in
            av_display_rotation_get(matrix)
        }
        guard counterClockwise.isFinite else { return 0 }
        let quarterTurns = Int((-counterClockwise / 90).rounded())
        return ((quarterTurns % 4) + 4) % 4 * 90
    }
}
