import EDLParser
import Subtitles
import Synchronization

/// What the compiler needs to know about a media file, and about a text once
/// drawn. The backend probes real files and draws texts; tests pass fakes.
public protocol MediaInfo: Sendable {
    /// Facts about the file at an absolute path; throws `MediaProbeError` when it
    /// is missing, unreadable or not media.
    func facts(forPath path: String) throws(MediaProbeError) -> MediaFacts
    /// The size of the text's picture as it will be drawn, to check a crop
    /// against; nil when this cannot tell (the render reports why).
    func textSize(_ text: TextContent) -> PixelSize?
    /// Why the text's picture cannot be drawn (too many pixels), laid out, not
    /// drawn; nil when it can, or when this cannot tell (a missing font, which
    /// the render reports).
    func textProblem(_ text: TextContent) -> String?
    /// The cues of a text subtitle stream of the file at an absolute path, in
    /// the file's time (as `from` and `to` count it); throws, saying which
    /// streams the file has, when there is no such stream or it is not text.
    func subtitleCues(forPath path: String, stream: SubtitleStream) throws(MediaProbeError) -> [CaptionCue]
}

extension MediaInfo {
    public func textSize(_ text: TextContent) -> PixelSize? { nil }
    public func textProblem(_ text: TextContent) -> String? { nil }

    public func subtitleCues(forPath path: String, stream: SubtitleStream) throws(MediaProbeError) -> [CaptionCue] {
        throw MediaProbeError("its subtitle streams cannot be read here")
    }
}

/// Why a file could not be probed, in words for a diagnostic.
public struct MediaProbeError: Error, Hashable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// Facts about one media file.
public struct MediaFacts: Hashable, Sendable, Codable {
    /// Length of the whole file (the longest stream); `nil` for a still image.
    public var duration: Rational?
    public var video: VideoFacts?
    public var audio: AudioFacts?

    public init(duration: Rational?, video: VideoFacts?, audio: AudioFacts?) {
        self.duration = duration
        self.video = video
        self.audio = audio
    }
}

public struct VideoFacts: Hashable, Sendable, Codable {
    public var streamIndex: Int
    /// Coded size, before rotation.
    public var size: PixelSize
    /// `nil` for a still image.
    public var frameRate: FrameRate?
    /// Clockwise degrees from the display matrix (or a photo's EXIF
    /// orientation): 0, 90, 180 or 270.
    public var rotation: Int
    /// Shown mirrored left to right after the rotation (EXIF orientations 2, 4, 5, 7).
    public var isMirrored: Bool
    /// A single picture (PNG, JPEG, WebP): it has no duration of its own.
    public var isStillImage: Bool
    public var duration: Rational?
    /// libav's name for the codec (`h264`, `prores`, `png`); nil when not known.
    public var codec: String?
    /// The HDR transfer the pictures are tagged with; nil for SDR.
    public var hdr: HDRTransfer?
    /// Whether the pixels carry an alpha channel (a PNG with transparency, ProRes 4444).
    public var hasAlpha: Bool

    public init(
        streamIndex: Int = 0, size: PixelSize, frameRate: FrameRate?, rotation: Int = 0, isMirrored: Bool = false,
        isStillImage: Bool = false, duration: Rational? = nil, codec: String? = nil, hdr: HDRTransfer? = nil,
        hasAlpha: Bool = false
    ) {
        self.streamIndex = streamIndex
        self.size = size
        self.frameRate = frameRate
        self.rotation = rotation
        self.isMirrored = isMirrored
        self.isStillImage = isStillImage
        self.duration = duration
        self.codec = codec
        self.hdr = hdr
        self.hasAlpha = hasAlpha
    }

    /// Size as displayed, with the rotation applied.
    public var displaySize: PixelSize {
        rotation % 180 == 0 ? size : PixelSize(width: size.height, height: size.width)
    }
}

/// The HDR transfer functions of ITU-R BT.2100.
public enum HDRTransfer: String, Hashable, Sendable, Codable {
    case hlg = "HLG"
    case pq = "PQ"
}

public struct AudioFacts: Hashable, Sendable, Codable {
    public var streamIndex: Int
    public var sampleRate: Int
    public var channels: Int
    public var duration: Rational?
    /// libav's name for the codec (`aac`, `pcm_s16le`); nil when not known.
    public var codec: String?

    public init(streamIndex: Int = 0, sampleRate: Int, channels: Int, duration: Rational? = nil, codec: String? = nil) {
        self.streamIndex = streamIndex
        self.sampleRate = sampleRate
        self.channels = channels
        self.duration = duration
        self.codec = codec
    }
}

/// Remembers what `media` said of each path, so a file is probed once however
/// often it is asked about: by the compositions that use it (each compiled on its
/// own, once per use) and by a second look at the same project.
final class RememberedMedia: MediaInfo {
    let media: any MediaInfo
    private let answers = Mutex<[String: Result<MediaFacts, MediaProbeError>]>([:])
    private let subtitles = Mutex<[SubtitleKey: Result<[CaptionCue], MediaProbeError>]>([:])

    private struct SubtitleKey: Hashable {
        var path: String
        var stream: SubtitleStream
    }

    init(_ media: any MediaInfo) { self.media = media }

    func facts(forPath path: String) throws(MediaProbeError) -> MediaFacts {
        try Self.remembered(path, in: answers) { () throws(MediaProbeError) in try media.facts(forPath: path) }
    }

    func textSize(_ text: TextContent) -> PixelSize? { media.textSize(text) }

    func textProblem(_ text: TextContent) -> String? { media.textProblem(text) }

    func subtitleCues(forPath path: String, stream: SubtitleStream) throws(MediaProbeError) -> [CaptionCue] {
        try Self.remembered(SubtitleKey(path: path, stream: stream), in: subtitles) { () throws(MediaProbeError) in
            try media.subtitleCues(forPath: path, stream: stream)
        }
    }

    /// The answer `store` holds for `key`, else `ask`'s, kept (a failure too).
    private static func remembered<Key: Hashable & Sendable, Value: Sendable>(
        _ key: Key, in store: borrowing Mutex<[Key: Result<Value, MediaProbeError>]>,
        _ ask: () throws(MediaProbeError) -> Value
    ) throws(MediaProbeError) -> Value {
        if let known = store.withLock({ $0[key] }) { return try known.get() }
        let answer = Result<Value, MediaProbeError> { () throws(MediaProbeError) in try ask() }
        store.withLock { $0[key] = answer }
        return try answer.get()
    }
}

/// The checks of a compiled plan that need the backend's libraries (a shader
/// that does not compile), found before anything renders. Backend's `RenderChecks` implements it; the compiler and the
/// programs that compile (`Workspace`) use it without linking the backend.
public protocol PlanChecks: Sendable {
    /// What would fail the render, at the YAML that causes it.
    func problems(in plan: RenderPlan) -> [Diagnostic]
}
