/// Output containers, told by the output path's extension.
public enum Container: String, Hashable, Sendable, Codable, CaseIterable {
    case mp4, mov, mkv, webm, m4a, wav, gif, webp

    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// Video codecs the container can hold; empty for audio-only containers.
    public var videoCodecs: [VideoCodec] {
        switch self {
        case .mp4: return [.h264, .hevc, .vp9]
        case .mov: return [.h264, .hevc, .prores]
        case .mkv: return [.h264, .hevc, .vp9, .prores]
        case .webm: return [.vp9]
        case .gif: return [.gif]
        case .webp: return [.webp]
        case .m4a, .wav: return []
        }
    }

    /// Audio codecs the container can hold; empty for `gif` and `webp`.
    public var audioCodecs: [AudioCodec] {
        switch self {
        case .mp4: return [.aac, .mp3, .opus, .flac]
        case .mov: return [.aac, .mp3, .pcm]
        case .mkv: return [.aac, .opus, .mp3, .flac, .pcm]
        case .webm: return [.opus]
        case .m4a: return [.aac]
        case .wav: return [.pcm]
        case .gif, .webp: return []
        }
    }

    /// The audio codec used when `audio.codec` is not given.
    public var defaultAudioCodec: AudioCodec? {
        switch self {
        case .mp4, .mov, .m4a: return .aac
        case .mkv, .webm: return .opus
        case .wav: return .pcm
        case .gif, .webp: return nil
        }
    }

    public var hasVideo: Bool { !videoCodecs.isEmpty }
    public var allowsAudio: Bool { !audioCodecs.isEmpty }

    /// The default video codec for the container, when it holds video.
    public var defaultVideoCodec: VideoCodec? { videoCodecs.first }
}
