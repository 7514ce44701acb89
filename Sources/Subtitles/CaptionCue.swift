import Basics
import Foundation

/// One cue of a subtitle file: its text runs, when it shows, and where.
public struct CaptionCue: Hashable, Sendable, Codable {
    /// File time, in exact seconds.
    public var start: Rational
    public var end: Rational
    /// The text in runs of one style; lines are separated by `\n` inside them.
    public var spans: [CaptionSpan]
    public var settings = CueSettings()
    /// The cue's timing line in the subtitle file.
    public var location: SourceLocation
    /// An ASS or SSA event's fields but its times, as a Matroska block holds
    /// them after its read order: `Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text`.
    public var scriptEvent: String?

    public init(start: Rational, end: Rational, spans: [CaptionSpan], location: SourceLocation) {
        self.start = start
        self.end = end
        self.spans = spans
        self.location = location
    }

    /// The cue's text without its markup.
    public var text: String { spans.map(\.text).joined() }
}

/// A run of a cue's text with one style.
public struct CaptionSpan: Hashable, Sendable, Codable {
    public struct Style: OptionSet, Hashable, Sendable, Codable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let bold = Style(rawValue: 1)
        public static let italic = Style(rawValue: 2)
        public static let underline = Style(rawValue: 4)
    }

    public var text: String
    public var style: Style = []
    /// The speaker of a WebVTT voice span (`<v Roger>`).
    public var voice: String?
    /// File time from which the run is spoken: the WebVTT inline timestamp
    /// before it (`<00:00:01.500>`), nil before the first one.
    public var time: Rational?

    public init(text: String, style: Style = [], voice: String? = nil, time: Rational? = nil) {
        self.text = text
        self.style = style
        self.voice = voice
        self.time = time
    }
}

/// WebVTT cue settings: where a cue stands instead of bottom centre.
public struct CueSettings: Hashable, Sendable, Codable {
    public enum Line: Hashable, Sendable, Codable {
        /// Percent of the frame's height, from the top.
        case percent(Double)
        /// Lines from the top (0, 1, …) or from the bottom (-1 the last).
        case number(Int)
    }

    public enum Alignment: String, Hashable, Sendable, Codable, CaseIterable {
        case start, center, end, left, right
    }

    public var line: Line?
    /// Percent of the frame's width.
    public var position: Double?
    public var align: Alignment?

    public init() {}

    public var isDefault: Bool { self == CueSettings() }
}

/// A subtitle file read: its cues in file order, or the problems found in it.
public struct SubtitleReading: Sendable {
    public var cues: [CaptionCue] = []
    public var diagnostics: [Diagnostic] = []

    public init() {}

    /// Errors past this many are counted, not kept: a damaged file of a
    /// million bad lines is told by its first ones, in time linear in its size.
    public private(set) var dropped = 0

    /// `column` is counted only for an error kept.
    mutating func error(_ message: String, line: Int, column: @autoclosure () -> Int, file: String, hint: String? = nil) {
        guard diagnostics.count < DiagnosticList.limit else {
            dropped += 1
            return
        }
        diagnostics.append(.error(message, at: SourceLocation(file: file, line: line, column: column()), hint: hint))
    }
}
