import EDLParser
import Subtitles

/// The captions of a track written as a subtitle stream (`output.subtitles`),
/// in output time.
public struct SubtitlePlan: Hashable, Sendable, Codable {
    public enum Codec: String, Hashable, Sendable, Codable {
        /// MP4's and QuickTime's timed text (3GPP), which shows one sample at a
        /// time: cues that overlap are stacked into one, as they are drawn.
        case movText = "mov_text"
        /// WebVTT in Matroska and WebM: cues as they are, overlapping or not.
        case webVTT = "webvtt"
        /// A track whose captions are all one ASS or SSA script, in Matroska:
        /// its events with their styles, places and effects.
        case ass

        /// The codec `container` carries captions in; nil when it carries none.
        public init?(container: Container) {
            switch container {
            case .mp4, .mov: self = .movText
            case .mkv, .webm: self = .webVTT
            case .m4a, .wav, .gif, .webp: return nil
            }
        }
    }

    public var codec: Codec
    public var language: LanguageCode?
    /// In output time, by start; their text without word times.
    public var cues: [CaptionCue]
    /// For `ass`: the script's header, its styles (`ASSScriptReader.header`).
    public var scriptHeader: String?

    public init(codec: Codec, language: LanguageCode?, cues: [CaptionCue], scriptHeader: String? = nil) {
        self.codec = codec
        self.language = language
        self.cues = cues
        self.scriptHeader = scriptHeader
    }
}
