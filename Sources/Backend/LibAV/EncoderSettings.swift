import Compiler
import EDLParser

/// How an encoder trades size for quality.
public enum EncoderQuality: Hashable, Sendable {
    /// Constant rate factor (x264/x265/vp9 `crf`).
    case crf(Int)
    /// Target bit rate in bits per second.
    case bitRate(Int)
    /// Mathematically lossless (x264/x265 at qp 0; codecs that are lossless anyway).
    case lossless
    /// Whatever the encoder does by default.
    case codecDefault
}

/// What a video encoder is asked to make.
public struct VideoEncoderSettings: Hashable, Sendable {
    /// libav encoder name: `libx264`, `libx265`, `libvpx-vp9`, `prores_ks`, `gif`, `ffv1`, ...
    public var codec: String
    public var width: Int
    public var height: Int
    public var pixelFormat: PixelFormat
    public var frameRate: FrameRate
    public var quality: EncoderQuality
    /// Encoder speed preset (`medium`, `veryfast`, ...); nil for the encoder's default.
    public var preset: String?
    /// Maximum frames between keyframes; nil for the encoder's default.
    public var keyframeInterval: Int?
    /// Threads the encoder may use; 0 for one per core. A fixed number makes
    /// the bytes independent of the machine (`PictureEncoder.chunkThreads`).
    public var threads: Int
    /// x264 profile (`baseline`, `main`, `high`); nil for what the settings need.
    public var profile: String?
    /// x264's own options (`key=value:key=value`), applied over the preset.
    public var x264Options: String?
    /// The project's own libav options (`output.video.options`), applied last.
    public var options: [String: String] = [:]
    /// What the stream says its colours are; nil for BT.709 limited range,
    /// what the compositor makes.
    public var colors: ColorDescription?

    public init(
        codec: String = "libx264", width: Int, height: Int, pixelFormat: PixelFormat = .yuv420p, frameRate: FrameRate,
        quality: EncoderQuality = .crf(20), preset: String? = nil, keyframeInterval: Int? = nil, threads: Int = 0
    ) {
        self.codec = codec
        self.width = width
        self.height = height
        self.pixelFormat = pixelFormat
        self.frameRate = frameRate
        self.quality = quality
        self.preset = preset
        self.keyframeInterval = keyframeInterval
        self.threads = threads
    }
}

/// What an audio encoder is asked to make.
public struct AudioEncoderSettings: Hashable, Sendable {
    /// libav encoder name: `aac`, `libopus`, `pcm_s16le`, `libmp3lame`, `flac`, ...
    public var codec: String
    public var sampleRate: Int
    public var channels: Int
    /// Bits per second; nil for the encoder's default (and for PCM).
    public var bitRate: Int?
    /// Threads the encoder may use; 0 for one per core.
    public var threads: Int

    public init(
        codec: String = "aac", sampleRate: Int = 48000, channels: Int = 2, bitRate: Int? = 192_000, threads: Int = 0
    ) {
        self.codec = codec
        self.sampleRate = sampleRate
        self.channels = channels
        self.bitRate = bitRate
        self.threads = threads
    }
}
