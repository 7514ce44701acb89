import Compiler
import EDLParser
import Subtitles

/// The real `MediaInfo`: opens a file with libavformat (local files only) and
/// reports its duration, video and audio facts.
public struct MediaProbe: MediaInfo {
    public init() {}

    public func facts(forPath path: String) throws(MediaProbeError) -> MediaFacts {
        guard !InputFile.looksLikeURL(path) else {
            throw MediaProbeError("'\(path)' is a URL; only local files can be used")
        }
        _ = try FileIdentity(path: path)
        if AnimatedWebP.isAnimated(path: path) { return try AnimatedWebP(path: path).facts }
        let input: InputFile
        do {
            input = try InputFile(path: path)
        } catch {
            throw MediaProbeError("'\(path)' is not a media file libav can read (\(error.message))")
        }
        return try MediaProbe.facts(of: input)
    }

    public func subtitleCues(forPath path: String, stream: SubtitleStream) throws(MediaProbeError) -> [CaptionCue] {
        let input: InputFile
        do {
            input = try InputFile(path: path)
        } catch {
            throw MediaProbeError("it is not a media file libav can read (\(error.message))")
        }
        let streams = input.streams
        let listing =
            "its streams are "
            + streams.map { "\($0.index): \(Self.kindName($0)) (\($0.codecName))" }
            .joined(separator: ", ")
        let chosen: StreamInfo
        switch stream {
        case .first:
            guard let first = streams.first(where: \.isTextSubtitle) ?? streams.first(where: { $0.kind == .subtitle }) else {
                throw MediaProbeError("it has no subtitle stream; \(listing)")
            }
            chosen = first
        case .index(let index):
            guard let found = streams.first(where: { $0.index == index }) else {
                throw MediaProbeError("it has no stream \(index); \(listing)")
            }
            guard found.kind == .subtitle else {
                throw MediaProbeError(
                    "its stream \(index) is \(Self.kindName(found)) (\(found.codecName)), not subtitles; \(listing)")
            }
            chosen = found
        }
        guard chosen.isTextSubtitle else {
            throw MediaProbeError(
                "its stream \(chosen.index) is subtitles as pictures (\(chosen.codecName)); captions are read from text"
                    + " subtitles (subrip, mov_text, webvtt, ass); \(listing)")
        }
        let events: [SubtitleEvent]
        do {
            events = try input.subtitleEvents(ofStream: chosen.index)
        } catch {
            throw MediaProbeError("its stream \(chosen.index) cannot be read (\(error.message))")
        }
        // The cues of a stream are the same cues for every clip that shows it, as a file's are.
        return events.map { event in
            CaptionCue(
                start: event.start, end: event.end, spans: ASSScriptReader.styledSpans(event.text[...]),
                location: SourceLocation(file: path, line: 0, column: 0))
        }
    }

    private static func kindName(_ stream: StreamInfo) -> String {
        switch stream.kind {
        case .video: "video"
        case .audio: "audio"
        case .subtitle: "subtitles"
        case .other: "data"
        }
    }

    /// The text's bitmap size, as the render draws it.
    public func textSize(_ text: TextContent) -> PixelSize? {
        try? TextRasterizer().size(of: text)
    }

    public func textProblem(_ text: TextContent) -> String? {
        (try? TextRasterizer())?.sizeProblem(of: text)
    }

    /// Stream facts of an opened input.
    static func facts(of input: InputFile) throws(MediaProbeError) -> MediaFacts {
        let origin = input.startTime
        var videoStream = input.bestStream(.video)
        var audioStream = input.bestStream(.audio)
        // Live recordings (a browser's MediaRecorder, capture to Matroska) write no
        // length in the header: read where their streams end from the packets.
        let still = videoStream.map { isStillImage($0, formatName: input.formatName) } ?? true
        let lengthless = [still ? nil : videoStream, audioStream].compactMap { $0 }.filter { $0.duration == nil }
        if !lengthless.isEmpty, input.containerDuration == nil {
            let scanned = scannedDurations(input)
            for stream in lengthless {
                if stream.index == videoStream?.index { videoStream?.duration = scanned[stream.index] }
                if stream.index == audioStream?.index { audioStream?.duration = scanned[stream.index] }
            }
        }
        let video = try videoStream.map { stream throws(MediaProbeError) in
            try videoFacts(stream, still: still, input: input)
        }
        let audio = try audioStream.map { stream throws(MediaProbeError) in
            try audioFacts(stream, input: input)
        }
        guard video != nil || audio != nil else {
            throw MediaProbeError("'\(input.path)' has no video or audio stream")
        }
        // The file lasts as long as its longest timed stream; a still image has no length.
        var ends: [Rational] = []
        if let video, !video.isStillImage, let end = end(of: videoStream, origin: origin) { ends.append(end) }
        if audio != nil, let end = end(of: audioStream, origin: origin) { ends.append(end) }
        let timed = (video.map { !$0.isStillImage } ?? false) || audio != nil
        let duration = ends.max() ?? (timed ? input.containerDuration : nil)
        return MediaFacts(duration: duration, video: video, audio: audio)
    }

    private static func videoFacts(_ stream: StreamInfo, still: Bool, input: InputFile) throws(MediaProbeError) -> VideoFacts {
        guard stream.width > 0, stream.height > 0 else {
            throw MediaProbeError(
                "'\(input.path)' has a video stream ('\(stream.codecName)') whose picture size libav cannot read")
        }
        // A photo says how to turn it in its EXIF data, not in a display matrix.
        let exif = still && stream.codecName == "mjpeg" ? ExifOrientation.ofJPEG(at: input.path) : nil
        return VideoFacts(
            streamIndex: stream.index,
            size: PixelSize(width: stream.width, height: stream.height),
            frameRate: still ? nil : stream.frameRate.flatMap { FrameRate($0) },
            rotation: exif?.rotation ?? stream.rotation,
            isMirrored: exif?.mirrored ?? false,
            isStillImage: still,
            duration: still ? nil : (stream.duration ?? input.containerDuration),
            codec: stream.codecName, hdr: stream.hdr, hasAlpha: stream.hasAlpha
        )
    }

    private static func audioFacts(_ stream: StreamInfo, input: InputFile) throws(MediaProbeError) -> AudioFacts {
        guard stream.sampleRate > 0, stream.channels > 0 else {
            throw MediaProbeError("'\(input.path)' has an audio stream ('\(stream.codecName)') whose format libav cannot read")
        }
        return AudioFacts(
            streamIndex: stream.index, sampleRate: stream.sampleRate, channels: stream.channels,
            duration: stream.duration ?? input.containerDuration, codec: stream.codecName)
    }

    /// Demuxers that read one picture per file, and picture codecs without a
    /// timeline of their own.
    static func isStillImage(_ stream: StreamInfo, formatName: String) -> Bool {
        if formatName == "image2" || formatName.hasSuffix("_pipe") { return true }
        let pictureCodecs: Set<String> = ["png", "mjpeg", "webp", "bmp", "tiff", "jpegls", "jpeg2000", "qoi"]
        return pictureCodecs.contains(stream.codecName) && stream.frameCount <= 1 && stream.duration == nil
    }

    /// Each stream's length from its first packet to the end of its last, read
    /// from the packets' timestamps without decoding. A packet that gives no
    /// duration lasts one frame at the stream's frame rate.
    private static func scannedDurations(_ input: InputFile) -> [Int: Rational] {
        guard let packet = try? Packet() else { return [:] }
        let streams = Dictionary(uniqueKeysWithValues: input.streams.map { ($0.index, $0) })
        var span: [Int: (first: Rational, end: Rational)] = [:]
        while (try? input.read(into: packet)) == true {
            defer { packet.unref() }
            guard let pts = packet.pts, let stream = streams[packet.streamIndex],
                let start = Rational(pts, 1)?.checkedMultiply(stream.timeBase)
            else { continue }
            let frame = stream.frameRate.flatMap { Rational.one.checkedDivide($0) } ?? .zero
            let length = packet.duration > 0 ? (Rational(packet.duration, 1)?.checkedMultiply(stream.timeBase) ?? .zero) : frame
            let end = start.checkedAdd(length) ?? start
            let known = span[packet.streamIndex]
            span[packet.streamIndex] = (min(known?.first ?? start, start), max(known?.end ?? end, end))
        }
        return span.compactMapValues { $0.end.checkedSubtract($0.first) }.filter { $0.value > .zero }
    }

    /// When a stream ends, in seconds from the file's origin.
    private static func end(of stream: StreamInfo?, origin: Rational) -> Rational? {
        guard let stream, let duration = stream.duration else { return nil }
        return (stream.startTime ?? origin).checkedAdd(duration)?.checkedSubtract(origin)
    }
}
