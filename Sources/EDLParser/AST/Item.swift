import Foundation
import Subtitles

/// One entry of a track's `items:` list.
public struct Item: Hashable, Sendable, Codable {
    public var content: Content
    public var timing = Timing()
    public var picture = Picture()
    public var sound = Sound()
    /// `id:`, a stable name unique in the project, for diffs and messages.
    public var id: Located<String>?
    /// A `source:` item's own subtitles (`captions:`), in its source's time.
    public var captions: Captions?
    /// Where the item's mapping starts.
    public var location: SourceLocation

    public init(content: Content, location: SourceLocation) {
        self.content = content
        self.location = location
    }

    /// What the item is, told by its key.
    public enum Content: Hashable, Sendable, Codable {
        /// A video, audio or image file.
        case source(SourceReference)
        case color(Color)
        case text(TextContent)
        /// A sine tone in Hz.
        case tone(Double)
        case pattern(Pattern)
        case gradient(Gradient)
        /// A rectangle, ellipse, polygon or line, filled and stroked.
        case shape(VectorShape)
        /// A picture drawn by a GLSL fragment shader.
        case shader(ShaderFile)
        /// A hole of the given length.
        case gap(TimeValue)
        case transition(Transition)
        /// A nested timeline: a named composition, a `group:` or a project file.
        case composition(Composition)
        /// A subtitle file's cues, drawn as text.
        case captions(Captions)
    }

    public var isTransition: Bool {
        if case .transition = content { return true }
        return false
    }

    public var isGap: Bool {
        if case .gap = content { return true }
        return false
    }
}

/// A `shape:` item's picture: drawn at its own size (a rectangle's or
/// ellipse's `width` and `height`, the box around a polygon's or line's
/// points), with exact coverage at its edges.
public struct VectorShape: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable { case rectangle, ellipse, polygon, line }

    public enum Fill: Hashable, Sendable, Codable {
        case color(Color)
        case gradient(Gradient)
    }

    public struct Stroke: Hashable, Sendable, Codable {
        public var color: Color
        /// Pixels.
        public var width: Double
        /// Lengths drawn and skipped in turn along the outline, in pixels; empty: solid.
        public var dash: [Double]

        public init(color: Color, width: Double, dash: [Double] = []) {
            self.color = color
            self.width = width
            self.dash = dash
        }
    }

    /// A point in the shape's own pixels.
    public struct Point: Hashable, Sendable, Codable {
        public var x: Double
        public var y: Double

        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    public var kind: Kind
    /// A rectangle's or ellipse's size in pixels.
    public var width: Double = 0
    public var height: Double = 0
    /// A polygon's corners or a line's points, in order.
    public var points: [Point] = []
    /// A rectangle's rounded corners, in pixels.
    public var cornerRadius: Double = 0
    /// Nil: not filled (a line never is).
    public var fill: Fill?
    public var stroke: Stroke?

    public init(kind: Kind) { self.kind = kind }
}

/// A `gradient:` item's picture (SPEC 15), drawn over the output frame's size.
public struct Gradient: Hashable, Sendable, Codable {
    public enum Shape: String, Hashable, Sendable, Codable, CaseIterable { case linear, radial }

    public struct Stop: Hashable, Sendable, Codable {
        public var color: Color
        /// 0 (the start) to 1 (the end).
        public var at: Double

        public init(color: Color, at: Double) {
            self.color = color
            self.at = at
        }
    }

    public var shape: Shape
    /// At least two, in order.
    public var stops: [Stop]
    /// Linear: the direction, degrees clockwise from left-to-right.
    public var angle: Double = 0
    /// Radial: the centre, default the middle of the frame.
    public var center: Point?
    /// Radial: pixels, default to the farthest corner.
    public var radius: Double?

    public init(shape: Shape, stops: [Stop]) {
        self.shape = shape
        self.stops = stops
    }
}

/// A subtitle file read, with the style its cues are drawn in.
public struct Captions: Hashable, Sendable, Codable {
    /// The file, absolute.
    public var path: String
    /// As the user wrote it, for messages.
    public var written: String
    public var cues: [CaptionCue]
    /// The text keys; each cue's text replaces `string`.
    public var style: TextContent
    /// `offset:`, added to every cue's time.
    public var offset: Located<TimeValue>?
    /// `highlight:`: how timed words show as they are spoken.
    public var highlight: CaptionHighlight?
    /// An ASS or SSA script's text, which libass draws with the script's own
    /// styles, positions and effects (the text keys do not apply); nil for
    /// SRT and WebVTT, whose cues are drawn as text.
    public var script: String?
    /// `max_chars:` as written: the longest line a words file's words are grouped into.
    public var maxChars: Int?
    /// `captions: embedded` or `captions: N` on a clip: the subtitle stream of
    /// the clip's own file (`path`) whose cues the compiler reads when it
    /// probes the file; nil for a subtitle file, read here.
    public var stream: SubtitleStream?
    /// The `captions:` node.
    public var location: SourceLocation

    public init(path: String, written: String, cues: [CaptionCue], style: TextContent, location: SourceLocation) {
        self.path = path
        self.written = written
        self.cues = cues
        self.style = style
        self.location = location
    }
}

/// Which subtitle stream of a clip's file its captions come from.
public enum SubtitleStream: Hashable, Sendable, Codable {
    /// `embedded`: the file's first subtitle stream.
    case first
    /// A stream's index in the file, as ffprobe numbers them.
    case index(Int)
}

/// How the words of a cue with word times show as they are spoken.
public struct CaptionHighlight: Hashable, Sendable, Codable {
    public enum Mode: String, Hashable, Sendable, Codable, CaseIterable {
        /// The whole cue, the word being spoken in the colour.
        case current
        /// The whole cue, the words spoken so far in the colour.
        case karaoke
        /// Only the word being spoken, in the colour.
        case word
    }

    public var color: Color
    public var mode: Mode
    /// `mode: word`'s words pop in: grow past their size and settle.
    public var pop = false

    public init(color: Color, mode: Mode = .current, pop: Bool = false) {
        self.color = color
        self.mode = mode
        self.pop = pop
    }
}

/// A `source:` value, resolved against the project's assets and directory.
public struct SourceReference: Hashable, Sendable, Codable {
    /// The asset's name when `source:` named one.
    public var asset: String?
    /// Absolute path of the file.
    public var path: String
    public var audioStream: Int?
    public var videoStream: Int?
    /// The `source:` node, where media problems are reported.
    public var location: SourceLocation
    /// `source:` as the user wrote it (after variable substitution).
    public var written: String

    public init(
        asset: String?, path: String, audioStream: Int? = nil, videoStream: Int? = nil, location: SourceLocation,
        written: String? = nil
    ) {
        self.asset = asset
        self.path = path
        self.audioStream = audioStream
        self.videoStream = videoStream
        self.location = location
        self.written = written ?? asset ?? path
    }

    /// How messages name a source: as the user wrote it.
    public var displayName: String { written }
}

public enum Pattern: String, Hashable, Sendable, Codable, CaseIterable {
    case bars, grid, counter
}

public enum LoopMode: Hashable, Sendable, Codable {
    case off
    /// Repeat the source range as often as needed.
    case forever
    /// Play the source range this many times in all.
    case count(Int)
}

/// The timing keys of an item. Times stay as written (`TimeValue`) until the
/// compiler knows the output fps and the media's durations.
///
/// Each timing rule has one owner. The parser owns the rules about which keys
/// combine, so a parsed project guarantees: `duration` and `until: end` are not
/// both set; `from`, `to` and `duration` come together only with `loop`; `loop`
/// and `freeze` come with `duration` or `until: end`; a generated item has one
/// of them; a loop count is at least 1. The compiler owns the rules that need
/// the media or the fps (past a source's end, a still without a length) and the
/// order of `from` and `to` where the parser cannot tell it (`orderError`).
/// How an output frame is taken from a source played at another rate.
public enum FrameChoice: String, Hashable, Sendable, Codable, CaseIterable {
    /// The source frame whose interval holds the source time (SPEC 7).
    case nearest
    /// The average of the source frames the output frame spans.
    case blend
}

public struct Timing: Hashable, Sendable, Codable {
    public var from: Located<TimeValue>?
    public var to: Located<TimeValue>?
    public var duration: Located<TimeValue>?
    public var at: Located<TimeValue>?
    /// Exact playback rate, above 0 and at most 100.
    public var speed: Located<Rational>?
    public var loop: LoopMode = .off
    public var untilEnd = false
    /// Show the single source frame at this source time.
    public var freeze: Located<TimeValue>?
    /// Play the source range backwards.
    public var reverse: Located<Bool>?
    /// `speed` written as keyframes or a ramp: the rate along the item.
    public var speedKeys: Located<[Keyframe<Rational>]>?
    /// `time:` keys: the source time shown along the item (a time remap).
    public var timeKeys: Located<[Keyframe<TimeValue>]>?
    /// `frames:`: how an output frame is taken from the source's.
    public var frames: Located<FrameChoice>?

    public init() {}

    /// The rate, 1 when not given.
    public var rate: Rational { speed?.value ?? .one }

    /// `from` must come before `to`: the parser says so when it can tell without
    /// the fps (`2s` and `1s`), the compiler otherwise (`2s` and `40f`).
    public static func orderError(from: String, to: String) -> String {
        "'to' (\(to)) must be after 'from' (\(from))"
    }
}

/// One of `filters:` (SPEC 15), with its amount (animatable).
public struct Filter: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// Gaussian, the amount its standard deviation in the picture's pixels.
        case blur
        /// Added to every channel, -1 (black) to 1 (white).
        case brightness
        /// Distance from mid-grey times the amount, 0 to 4.
        case contrast
        /// Colourfulness times the amount, 0 (grey) to 4.
        case saturation
        /// Hue turned by the amount in degrees.
        case hue
        /// A 3D LUT from a `.cube` file (`file`); the amount is 1.
        case lut
    }

    public var kind: Kind
    public var amount: Animated<Double>
    /// The `.cube` file of a `lut`, absolute.
    public var file: Located<String>?

    public init(kind: Kind, amount: Animated<Double>, file: Located<String>? = nil) {
        self.kind = kind
        self.amount = amount
        self.file = file
    }
}

/// A named `position:` (SPEC 15): the layer against an edge or corner of the frame.
public enum Place: String, Hashable, Sendable, Codable, CaseIterable {
    case center, top, bottom, left, right
    case topLeft = "top-left"
    case topRight = "top-right"
    case bottomLeft = "bottom-left"
    case bottomRight = "bottom-right"

    /// The same place of the layer and of the frame, 0 to 1 across and down.
    public var anchor: Vector2 {
        let x: Double = rawValue.hasSuffix("left") ? 0 : rawValue.hasSuffix("right") ? 1 : 0.5
        let y: Double = rawValue.hasPrefix("top") ? 0 : rawValue.hasPrefix("bottom") ? 1 : 0.5
        return Vector2(x, y)
    }
}

public enum Fit: String, Hashable, Sendable, Codable, CaseIterable {
    case contain, cover, fill, none
    /// `contain` over a blurred copy of the picture fitted with `cover` (SPEC 15).
    case containBlur = "contain-blur"
}

public enum Flip: String, Hashable, Sendable, Codable, CaseIterable {
    case horizontal, vertical, both
}

/// The picture keys of a visual item.
public struct Picture: Hashable, Sendable, Codable {
    /// `nil`: the kind's default (`contain` for media, `none` for text).
    public var fit: Fit?
    public var size: Animated<LayerSize>?
    /// `nil`: the frame's centre (or `place`).
    public var position: Animated<Point>?
    /// A named position, inset by `margin` (pixels, or a percentage of the
    /// output's shorter side); it also set `anchor` unless the item gave one.
    public var place: Place?
    public var margin: Coordinate?
    /// Applied in order to the layer's own picture, before its transform.
    public var filters: [Filter] = []
    public var anchor = Vector2(0.5, 0.5)
    public var scale: Animated<Vector2> = .constant(Vector2(1, 1))
    /// Degrees, clockwise.
    public var rotation: Animated<Double> = .constant(0)
    /// At the `crop` key, where a crop that hides the whole picture is reported.
    public var crop: Located<Animated<Crop>>?
    public var flip: Flip?
    public var opacity: Animated<Double> = .constant(1)
    public var autoRotate = true

    public init() {}

    /// Where captions stand unless told: bottom centre, inside the title-safe
    /// area (5% of the output's shorter side from the edge).
    public static let captions: Picture = {
        var picture = Picture()
        picture.place = .bottom
        picture.anchor = Place.bottom.anchor
        picture.margin = .percent(5)
        return picture
    }()
}

public enum PitchMode: String, Hashable, Sendable, Codable {
    /// Time-stretch: speed changes keep the pitch.
    case keep
    /// Resample: faster is higher.
    case shift
}

/// The sound keys of an item with audio.
public struct Sound: Hashable, Sendable, Codable {
    /// Linear gain.
    public var volume: Animated<Double> = .constant(1)
    /// `fade_in` and `fade_out`, which fade the item's picture (to transparent) as well.
    public var fadeIn: Located<TimeValue>?
    public var fadeOut: Located<TimeValue>?
    /// `fade_in: { duration, curve }`: the fade's curve, `linear` by default.
    public var fadeInCurve: FadeCurve = .linear
    public var fadeOutCurve: FadeCurve = .linear
    public var mute = false
    public var pitch: PitchMode = .keep
    /// `eq`, `gate`, `compressor`, `limiter`: nil when none is given.
    public var effects: SoundEffects?

    public init() {}
}

/// An item's sound effects, applied in a fixed order (`eq`, `gate`,
/// `compressor`, `limiter`) before its volume and fades. Levels in dBFS,
/// times in seconds.
public struct SoundEffects: Hashable, Sendable, Codable {
    /// One filter of `eq`: a biquad by RBJ's cookbook.
    public struct Band: Hashable, Sendable, Codable {
        public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
            case highpass, lowpass, peak
            case lowShelf = "low_shelf"
            case highShelf = "high_shelf"
        }
        public var kind: Kind
        /// Hz.
        public var frequency: Double
        public var q: Double = 0.707
        /// Shelves and peaks: dB.
        public var gain: Double = 0

        public init(kind: Kind, frequency: Double) {
            self.kind = kind
            self.frequency = frequency
        }
    }

    /// Quieter than `threshold`, the sound is lowered by `range` dB.
    public struct Gate: Hashable, Sendable, Codable {
        public var threshold = -50.0
        public var range = -40.0
        public var attack = 0.001
        public var hold = 0.05
        public var release = 0.2
        public init() {}
    }

    /// Louder than `threshold`, the sound rises `1/ratio` as much, over a soft knee `knee` dB wide.
    public struct Compressor: Hashable, Sendable, Codable {
        public enum Detect: String, Hashable, Sendable, Codable, CaseIterable { case rms, peak }
        public var threshold = -20.0
        public var ratio = 4.0
        public var knee = 6.0
        public var attack = 0.01
        public var release = 0.2
        public var makeup = 0.0
        public var detect = Detect.rms
        public init() {}
    }

    /// Peaks kept under `ceiling`, looking 5 ms ahead.
    public struct Limiter: Hashable, Sendable, Codable {
        public var ceiling = -1.0
        public var release = 0.1
        public init() {}
    }

    public var eq: [Band] = []
    public var gate: Gate?
    public var compressor: Compressor?
    public var limiter: Limiter?

    public init() {}
}

public enum TransitionKind: String, Hashable, Sendable, Codable, CaseIterable {
    case crossfade, fade
    case wipeLeft = "wipe-left"
    case wipeRight = "wipe-right"
    case wipeUp = "wipe-up"
    case wipeDown = "wipe-down"
    case slideLeft = "slide-left"
    case slideRight = "slide-right"
    case slideUp = "slide-up"
    case slideDown = "slide-down"
    case pushLeft = "push-left"
    case pushRight = "push-right"
    case zoom, circle
    /// A GLSL file's transition (`transition: { shader: FILE }`).
    case shader
    // Built in, drawn by shaders (see the compiler's TransitionShaders).
    case crosszoom
    case dreamyZoom = "dreamy-zoom"
    case directionalWarp = "directional-warp"
    case linearBlur = "linear-blur"
    case colorPhase = "color-phase"
    case simpleZoom = "simple-zoom"
    case fadeGrayscale = "fade-grayscale"
    case ripple, swirl, burn, pixelize, radial, doorway
    case pushUp = "push-up"
    case pushDown = "push-down"
    case cube
    case pageCurl = "page-curl"
}

/// The law of a transition's sound.
public enum AudioLaw: String, Hashable, Sendable, Codable, CaseIterable {
    /// Gains `cos` and `sin` of the progress: the loudness stays even (the default).
    case equalPower = "equal-power"
    /// Gains `1 − p` and `p`: what `acrossfade` and most editors' "linear" do.
    case linear
    /// No crossfade: the sound switches at the midpoint.
    case cut
    /// The curves of fades (`FadeCurve`), each side its own.
    case exp, log, sine
    case sCurve = "s-curve"

    /// The curve each side follows; nil for `cut`.
    public var curve: FadeCurve? { self == .cut ? nil : FadeCurve(rawValue: rawValue) }
}

/// How a fade's gain (and a faded picture's opacity) runs from one end to the
/// other, for `x` the fade's progress: a fade out is a fade in backwards.
public enum FadeCurve: String, Hashable, Sendable, Codable, CaseIterable {
    /// `x`.
    case linear
    /// Slow, then fast: 60 dB over the fade, even in decibels (what editors call exponential).
    case exp
    /// Fast, then slow: the mirror of `exp`.
    case log
    /// `sin(x·π/2)`: a quarter sine.
    case sine
    /// `(1 − cos(x·π)) / 2`: gentle at both ends.
    case sCurve = "s-curve"
    /// `sin(x·π/2)`, with `cos` on the other side of a crossfade: even loudness.
    case equalPower = "equal-power"

    /// The gain at progress `x` (0...1) of a fade in.
    public func gain(_ x: Double) -> Double {
        let x = min(max(x, 0), 1)
        // 60 dB: a thousandth in amplitude at the quiet end.
        let k = Foundation.log(1000.0)
        switch self {
        case .linear: return x
        case .exp: return (Foundation.exp(k * x) - 1) / (1000 - 1)
        case .log: return Foundation.log(1 + (1000 - 1) * x) / k
        case .sine, .equalPower: return sin(x * Double.pi / 2)
        case .sCurve: return (1 - cos(x * Double.pi)) / 2
        }
    }
}

/// A transition between the items before and after it on its track.
public struct Transition: Hashable, Sendable, Codable {
    public var kind: TransitionKind
    public var duration: Located<TimeValue>
    public var ease: Ease = .linear
    /// The colour a `fade` passes through.
    public var color: Color = .black
    /// How the sound passes from one item to the next (SPEC 17).
    public var audio: AudioLaw = .equalPower
    /// The file of a `shader` transition.
    public var shader: ShaderFile?

    public init(kind: TransitionKind, duration: Located<TimeValue>) {
        self.kind = kind
        self.duration = duration
    }
}

public enum FontWeight: String, Hashable, Sendable, Codable { case normal, bold }
public enum TextAlignment: String, Hashable, Sendable, Codable { case left, center, right }

/// A text layer's string and style (SPEC section 10).
public struct TextContent: Hashable, Sendable, Codable {
    public struct Stroke: Hashable, Sendable, Codable {
        public var color: Color
        public var width: Double
        public init(color: Color, width: Double) {
            self.color = color
            self.width = width
        }
    }

    public struct Shadow: Hashable, Sendable, Codable {
        public var color: Color
        public var offset: Vector2
        public init(color: Color, offset: Vector2) {
            self.color = color
            self.offset = offset
        }
    }

    /// `letter_spacing`: pixels, or ems (a share of the font size, so it scales with it).
    public enum LetterSpacing: Hashable, Sendable, Codable, CustomStringConvertible {
        case pixels(Double)
        case ems(Double)

        public func pixels(fontSize: Double) -> Double {
            switch self {
            case .pixels(let pixels): return pixels
            case .ems(let ems): return ems * fontSize
            }
        }

        public var description: String {
            switch self {
            case .pixels(let pixels): return formatNumber(pixels) + "px"
            case .ems(let ems): return formatNumber(ems) + "em"
            }
        }
    }

    public struct Background: Hashable, Sendable, Codable {
        public var color: Color
        public var padding: Double
        public init(color: Color, padding: Double) {
            self.color = color
            self.padding = padding
        }
    }

    public var string: String
    /// A family name for fontconfig, or a font file path (absolute once parsed).
    public var font = "DejaVu Sans"
    public var fontSize: Double = 48
    public var weight: FontWeight = .normal
    public var color: Color = .white
    public var align: TextAlignment = .center
    public var maxWidth: Double?
    public var lineHeight: Double = 1.2
    /// Space added after each letter (tracking), nil for none.
    public var letterSpacing: LetterSpacing?
    /// The most lines drawn after wrapping; the last that fits ends in "…".
    public var maxLines: Int?
    public var stroke: Stroke?
    public var shadow: Shadow?
    public var background: Background?
    /// Scalars of `string` drawn in another colour: a caption's spoken words.
    public var highlight: Highlight?
    /// Scalars of `string` in bold, italic or underlined: a caption's `<b>`, `<i>`, `<u>`.
    public var styles: [StyledScalars] = []

    /// A range of a text's Unicode scalars and its style.
    public struct StyledScalars: Hashable, Sendable, Codable {
        public var scalars: Range<Int>
        public var style: CaptionSpan.Style
        public init(scalars: Range<Int>, style: CaptionSpan.Style) {
            self.scalars = scalars
            self.style = style
        }
    }

    /// The style of the scalar at `index`: what its ranges in `styles` give it.
    public func style(ofScalar index: Int) -> CaptionSpan.Style {
        styles.reduce(into: []) { style, styled in
            if styled.scalars.contains(index) { style.formUnion(styled.style) }
        }
    }

    /// A range of a text's Unicode scalars and its colour.
    public struct Highlight: Hashable, Sendable, Codable {
        public var scalars: Range<Int>
        public var color: Color
        public init(scalars: Range<Int>, color: Color) {
            self.scalars = scalars
            self.color = color
        }
    }

    public init(string: String) {
        self.string = string
    }
}
