import CFFmpeg
import EDLParser

/// One event of a text subtitle stream, as libavcodec decodes it.
public struct SubtitleEvent: Hashable, Sendable {
    /// Source time (from the file's time origin, as `from` and `to` count), exact.
    public var start: Rational
    public var end: Rational
    /// The text as an ASS event's text field: libavcodec gives every text
    /// subtitle codec's styles (SubRip's `<b>`, mov_text's style records) as
    /// override tags (`{\b1}`) and line breaks as `\N`.
    public var text: String
}

extension InputFile {
    /// The events of text subtitle stream `index`, in file order. The file is
    /// read to its end; the other streams' packets are skipped unread where the
    /// container allows.
    public func subtitleEvents(ofStream index: Int) throws(LibAVError) -> [SubtitleEvent] {
        guard let stream = stream(index), let parameters = stream.pointee.codecpar else {
            throw .invalid("subtitleEvents", "'\(path)' has no stream \(index)")
        }
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            let name = LibAV.string(avcodec_get_name(parameters.pointee.codec_id))
            throw .invalid("avcodec_find_decoder", "no decoder for codec '\(name)'")
        }
        var allocated = avcodec_alloc_context3(codec)
        guard let context = allocated else { throw .outOfMemory("avcodec_alloc_context3") }
        defer { avcodec_free_context(&allocated) }
        try LibAV.check(avcodec_parameters_to_context(context, parameters), "avcodec_parameters_to_context")
        context.pointee.pkt_timebase = stream.pointee.time_base
        try LibAV.check(avcodec_open2(context, codec, nil), "avcodec_open2")
        for other in 0..<streamCount where other != index { self.stream(other)?.pointee.discard = AVDISCARD_ALL }
        defer { for other in 0..<streamCount { self.stream(other)?.pointee.discard = AVDISCARD_DEFAULT } }

        let timeBase = Rational(stream.pointee.time_base) ?? .one
        let origin = startTime
        let packet = try Packet()
        var events: [SubtitleEvent] = []
        while try read(into: packet) {
            defer { packet.unref() }
            guard packet.streamIndex == index, let pts = packet.pts else { continue }
            var subtitle = AVSubtitle()
            var got: Int32 = 0
            try LibAV.check(avcodec_decode_subtitle2(context, &subtitle, &got, packet.pointer), "avcodec_decode_subtitle2")
            guard got != 0 else { continue }
            defer { avsubtitle_free(&subtitle) }
            let milliseconds = { (value: UInt32) in Rational(Int64(value), 1000) ?? .zero }
            // The packet's duration, else the decoder's own end (SubRip in some containers has none).
            guard let at = Rational.seconds(timestamp: pts, timeBase: timeBase),
                let end = packet.duration > 0
                    ? Rational.seconds(timestamp: pts + packet.duration, timeBase: timeBase)
                    : at + milliseconds(subtitle.end_display_time)
            else { continue }
            let start = at + milliseconds(subtitle.start_display_time)
            let texts = (0..<Int(subtitle.num_rects)).compactMap { i -> String? in
                guard let rect = subtitle.rects?[i], rect.pointee.type == SUBTITLE_ASS, let ass = rect.pointee.ass else {
                    return nil
                }
                // `ReadOrder,Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text`: the text is the ninth field.
                return String(cString: ass).split(separator: ",", maxSplits: 8, omittingEmptySubsequences: false)
                    .dropFirst(8).first.map(String.init)
            }
            guard !texts.isEmpty, end > start else { continue }
            events.append(SubtitleEvent(start: start - origin, end: end - origin, text: texts.joined(separator: "\\N")))
        }
        return events
    }
}
