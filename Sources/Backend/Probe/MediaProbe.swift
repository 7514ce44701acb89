import Compiler
import EDLParser

/// The real `MediaInfo`: opens a file with libavformat (local files only) and
/// reports its duration, video and audio facts.
public struct MediaProbe: MediaInfo {
    public init() {}

    public func facts(forPath path: String) throws(MediaProbeError) -> MediaFacts {
        guard !InputFile.looksLikeURL(path) else {
            throw MediaProbeError("'\(path)' is a URL; only local files can be used")
        }
        _ = try FileIdentity(path: path)
        let input: InputFile
        do {
            input = try InputFile(path: path)
        } catch {
            throw MediaProbeError("'\(path)' is not a media file libav can read (\(error.message))")
        }
        return try MediaProbe.facts(of: input)
    }

    /// Stream facts of an opened input.
    static func facts(of input: InputFile) throws(MediaProbeError) -> MediaFacts {
        let origin = input.startTime
        let video = try input.bestStream(.video).map { stream throws(MediaProbeError) in
            try videoFacts(stream, input: input, origin: origin)
        }
        let audio = try input.bestStream(.audio).map { stream throws(MediaProbeError) in
            try audioFacts(stream, input: input)
        }
        guard video != nil || audio != nil else {
            throw MediaProbeError("'\(input.path)' has no video or audio stream")
        }
        // The file lasts as long as its longest timed stream; a still image has no length.
        var ends: [Rational] = []
        if let video, !video.isStillImage, let end = end(of: input.bestStream(.video), origin: origin) { ends.append(end) }
        if audio != nil, let end = end(of: input.bestStream(.audio), origin: origin) { ends.append(end) }
        let timed = (video.map { !$0.isStillImage } ?? false) || audio != nil
        let duration = ends.max() ?? (timed ? input.containerDuration : nil)
        return MediaFacts(duration: duration, video: video, audio: audio)
    }

    private static func videoFacts(_ stream: StreamInfo, input: InputFile, origin: Rational) throws(MediaProbeError) -> VideoFacts
    {
        guard stream.width > 0, stream.height > 0 else {
            throw MediaProbeError(
                "'\(input.path)' has a video stream ('\(stream.codecName)') whose picture size libav cannot read")
        }
        let still = isStillImage(stream, formatName: input.formatName)
        return VideoFacts(
            streamIndex: stream.index,
            size: PixelSize(width: stream.width, height: stream.height),
            frameRate: still ? nil : stream.frameRate.flatMap { FrameRate($0) },
            rotation: stream.rotation,
            isStillImage: still,
            duration: still ? nil : (stream.duration ?? input.containerDuration)
        )
    }

    private static func audioFacts(_ stream: StreamInfo, input: InputFile) throws(MediaProbeError) -> AudioFacts {
        guard stream.sampleRate > 0, stream.channels > 0 else {
            throw MediaProbeError("'\(input.path)' has an audio stream ('\(stream.codecName)') whose format libav cannot read")
        }
        return AudioFacts(
            streamIndex: stream.index, sampleRate: stream.sampleRate, channels: stream.channels,
            duration: stream.duration ?? input.containerDuration)
    }

    /// Demuxers that read one picture per file, and picture codecs without a
    /// timeline of their own.
    static func isStillImage(_ stream: StreamInfo, formatName: String) -> Bool {
        if formatName == "image2" || formatName.hasSuffix("_pipe") { return true }
        let pictureCodecs: Set<String> = ["png", "mjpeg", "webp", "bmp", "tiff", "jpegls", "jpeg2000", "qoi"]
        return pictureCodecs.contains(stream.codecName) && stream.frameCount <= 1 && stream.duration == nil
    }

    /// When a stream ends, in seconds from the file's origin.
    private static func end(of stream: StreamInfo?, origin: Rational) -> Rational? {
        guard let stream, let duration = stream.duration else { return nil }
        return (stream.startTime ?? origin).checkedAdd(duration)?.checkedSubtract(origin)
    }
}
