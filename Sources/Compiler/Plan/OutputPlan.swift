import EDLParser

/// The file to write and how to encode it.
public struct OutputPlan: Hashable, Sendable, Codable {
    public typealias Container = EDLParser.Container

    /// Absolute path.
    public var path: String
    public var container: Container
    /// The layout size: every position, size and mask in the plan is in these pixels.
    public var size: PixelSize
    /// Encoded pixels per layout pixel: 1, or 1/2 for a preview. The picture is
    /// laid out at `size` and drawn at `encodedSize`.
    public var pictureScale: Double = 1
    public var fps: FrameRate
    /// `round(duration × fps)`.
    public var frameCount: Int64
    /// The duration asked for (explicit or derived); frames cover `frameCount / fps`.
    public var duration: Rational
    public var background: Color
    /// `nil` for audio-only containers.
    public var video: VideoEncoding?
    public var metadata: [MetadataEntry]
    public var faststart: Bool
    /// The longest a shader may take to draw one frame, when the project sets
    /// it (else `defaultShaderBudget`); nil keeps a plan's encoding as before.
    public var shaderBudget: Rational?
    public static let defaultShaderBudget = Rational(2)
    /// Where the project gives the encoder's options (`output.video.options`).
    public var encoderOptionsLocation: SourceLocation?

    public init(
        path: String, container: Container, size: PixelSize, fps: FrameRate, frameCount: Int64, duration: Rational,
        background: Color, video: VideoEncoding?, metadata: [MetadataEntry], faststart: Bool
    ) {
        self.path = path
        self.container = container
        self.size = size
        self.fps = fps
        self.frameCount = frameCount
        self.duration = duration
        self.background = background
        self.video = video
        self.metadata = metadata
        self.faststart = faststart
    }

    /// The size of the encoded picture: `size × pictureScale`, with even sides.
    public var encodedSize: PixelSize {
        guard pictureScale != 1 else { return size }
        func side(_ pixels: Int) -> Int { max(2, Int((Double(pixels) * pictureScale / 2).rounded(.down)) * 2) }
        return PixelSize(width: side(size.width), height: side(size.height))
    }

    /// The time frames cover: `frameCount / fps`.
    public var frameSpan: Rational { Rational(frameCount) / fps.rate }
}

/// Video encoder settings.
public struct VideoEncoding: Hashable, Sendable, Codable {
    public var codec: VideoCodec
    public var quality: VideoSettings.Quality
    public var preset: String
    public var pixelFormat: String
    /// Maximum GOP length in frames.
    public var keyframeInterval: Int64
    /// Untouched runs of a source's frames are copied from it (SPEC 18).
    public var copiesSources: Bool
    /// libav options for the encoder, over Cutlist's own; nil when none are given.
    public var options: [String: String]?

    public init(
        codec: VideoCodec, quality: VideoSettings.Quality, preset: String, pixelFormat: String, keyframeInterval: Int64,
        copiesSources: Bool = true
    ) {
        self.codec = codec
        self.quality = quality
        self.preset = preset
        self.pixelFormat = pixelFormat
        self.keyframeInterval = keyframeInterval
        self.copiesSources = copiesSources
    }

    public var planText: String {
        let quality: String
        switch self.quality {
        case .crf(let crf): quality = "crf \(formatNumber(crf))"
        case .bitrate(let bits): quality = "bitrate \(bits)"
        }
        let given = options.map {
            " options " + $0.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        }
        return "\(codec.rawValue) \(quality) preset \(preset) \(pixelFormat) keyframes every \(keyframeInterval)" + (given ?? "")
    }
}
