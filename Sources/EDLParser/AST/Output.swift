/// The `output:` section. Unset values are decided by the compiler from media facts.
public struct Output: Hashable, Sendable, Codable {
    /// Absolute path of the file to write.
    public var path: Located<String>?
    public var size: Located<PixelSize>?
    public var fps: Located<FrameRate>?
    public var duration: Located<TimeValue>?
    public var background: Color = .black
    public var video = VideoSettings()
    /// `nil` for `audio: none`.
    public var audio: AudioSettings? = AudioSettings()
    /// Whether `audio:` was given explicitly; otherwise audio is on if any item has sound.
    public var audioExplicit = false
    public var faststart = true
    /// The longest a shader may take to draw one frame.
    public var shaderBudget: Located<TimeValue>?
    /// Container tags in file order.
    public var metadata: [MetadataEntry] = []
    public var subtitles: SubtitleOutput?
    public var location: SourceLocation?

    public init() {}
}

/// `output.subtitles`: the captions of a track written as a subtitle stream.
public struct SubtitleOutput: Hashable, Sendable, Codable {
    /// The name of the track whose captions are written.
    public var track: Located<String>
    /// Whether they are drawn on the picture too.
    public var burn = false
    public var language: LanguageCode?
    public var location: SourceLocation

    public init(track: Located<String>, location: SourceLocation) {
        self.track = track
        self.location = location
    }
}

public struct MetadataEntry: Hashable, Sendable, Codable {
    public var key: String
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

public enum VideoCodec: String, Hashable, Sendable, Codable, CaseIterable {
    case h264, hevc, vp9, prores, gif, webp
}

public enum AudioCodec: String, Hashable, Sendable, Codable, CaseIterable {
    case aac, opus, mp3, flac
    case pcm = "pcm_s16le"
}

public struct VideoSettings: Hashable, Sendable, Codable {
    public enum Quality: Hashable, Sendable, Codable {
        case crf(Double)
        /// Bits per second.
        case bitrate(Int64)
    }

    /// `nil`: the container's default (h264, or gif for .gif).
    public var codec: VideoCodec?
    public var quality: Quality = .crf(20)
    public var preset = "medium"
    public var pixelFormat = "yuv420p"
    public var keyframeInterval = TimeValue(seconds: Rational(2))
    public var copy = VideoCopy.auto
    /// `options`: libav options passed to the encoder as written (`tune: film`); nil when not given.
    public var options: [String: String]?
    /// Where `options` is written, for the encoder's verdict on them.
    public var optionsLocation: SourceLocation?

    public init() {}
}

/// `output.video.copy` (SPEC 18): whether untouched runs of a source's frames
/// are copied from it rather than decoded and encoded again.
public enum VideoCopy: String, Hashable, Sendable, Codable, CaseIterable {
    case auto, never
}

public struct AudioSettings: Hashable, Sendable, Codable {
    /// `nil`: the container's default (aac for mp4/mov, opus for webm/mkv, pcm for wav).
    public var codec: AudioCodec?
    /// Bits per second.
    public var bitrate: Int64 = 192_000
    public var sampleRate = 48_000
    public var channels = 2
    /// An integrated loudness target in LUFS (SPEC 17); `nil`: not normalised.
    public var loudness: Double?

    public init() {}
}
