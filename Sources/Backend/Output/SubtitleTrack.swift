import Compiler
import EDLParser
import Subtitles

/// The cues of a subtitle stream as the file shows them: cut to the frames
/// written and counted from the first, in the time base the packets count.
struct SubtitleCues {
    struct Cue {
        var start: Int64
        var end: Int64
        var cue: CaptionCue
    }

    let codec: SubtitlePlan.Codec
    let language: LanguageCode?
    let scriptHeader: String?
    /// mov_text counts exact time (the least common multiple of the times'
    /// denominators, when it fits); Matroska counts milliseconds, rounded as
    /// subtitle files round them.
    let timeBase: Rational
    /// By start.
    let cues: [Cue]

    /// `plan`'s cues in the file of output frames `window` at `fps`.
    init(_ plan: SubtitlePlan, window: Range<Int64>, fps: FrameRate) {
        codec = plan.codec
        language = plan.language
        scriptHeader = plan.scriptHeader
        let (first, last) = (Rational(window.lowerBound) / fps.rate, Rational(window.upperBound) / fps.rate)
        let shown: [(CaptionCue, Rational, Rational)] = plan.cues.compactMap { cue in
            let (start, end) = (max(cue.start, first) - first, min(cue.end, last) - first)
            return start < end ? (cue, start, end) : nil
        }
        let exact = shown.flatMap { [$0.1.denominator, $0.2.denominator] }.reduce(Int64?(1)) { multiple, denominator in
            multiple.flatMap { Self.leastCommonMultiple($0, denominator) }
        }
        let millisecond = Rational.one / Rational(1000)
        let timeBase = codec == .movText ? exact.map { Rational.one / Rational($0) } ?? millisecond : millisecond
        self.timeBase = timeBase
        cues = shown.compactMap { cue, start, end in
            let (from, to) =
                timeBase == millisecond
                ? (SubtitleWriter.milliseconds(start), SubtitleWriter.milliseconds(end))
                : ((start / timeBase).floor, (end / timeBase).floor)
            return from < to ? Cue(start: from, end: to, cue: cue) : nil
        }
    }

    /// Nil past what a stream's time base holds (32 bits).
    private static func leastCommonMultiple(_ a: Int64, _ b: Int64) -> Int64? {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        let (product, overflow) = (a / x).multipliedReportingOverflow(by: b)
        return !overflow && product <= Int64(Int32.max) ? product : nil
    }
}

/// The output's subtitle stream: each cue a packet, written once the pictures
/// reach its start so that the muxer interleaves it with them.
final class SubtitleTrack {
    private let cues: SubtitleCues
    private let stream: Int
    private var next = 0

    init(_ cues: SubtitleCues, file: OutputFile) throws(LibAVError) {
        self.cues = cues
        let language = cues.language.map { cues.codec == .movText ? $0.terminology : $0.bibliographic }
        let extradata: [UInt8]
        switch cues.codec {
        case .movText: extradata = Self.textSampleEntry
        case .webVTT: extradata = []
        case .ass: extradata = Array((cues.scriptHeader ?? "").utf8)
        }
        stream = try file.addSubtitleStream(
            codec: cues.codec.rawValue, timeBase: cues.timeBase, extradata: extradata, language: language)
    }

    /// Writes the cues that start before `time`, in seconds of the file (all without it).
    func write(before time: Rational? = nil, to file: OutputFile, using packet: Packet) throws(LibAVError) {
        while next < cues.cues.count, time.map({ Rational(cues.cues[next].start) * cues.timeBase < $0 }) ?? true {
            let cue = cues.cues[next]
            next += 1
            switch cues.codec {
            case .movText:
                // A 3GPP text sample: the UTF-8 text after its 16-bit length.
                let text = Array(cue.cue.text.utf8.prefix(Int(UInt16.max)))
                let length = [UInt8(text.count >> 8), UInt8(text.count & 0xff)]
                try packet.fill(
                    data: length + text, pts: cue.start, dts: cue.start, duration: cue.end - cue.start, isKeyframe: true)
            case .webVTT:
                try packet.fill(
                    data: Array(SubtitleWriter.webVTTText(cue.cue).utf8), pts: cue.start, dts: cue.start,
                    duration: cue.end - cue.start, isKeyframe: true)
                let settings = SubtitleWriter.webVTTSettings(cue.cue.settings)
                if !settings.isEmpty { try packet.attachWebVTTSettings(settings) }
            case .ass:
                // An event as Matroska keeps it: its read order, then its fields but the times.
                let event = "\(next - 1),\(cue.cue.scriptEvent ?? "0,Default,,0,0,0,,\(cue.cue.text)")"
                try packet.fill(
                    data: Array(event.utf8), pts: cue.start, dts: cue.start, duration: cue.end - cue.start, isKeyframe: true)
            }
            try file.write(packet, toStream: stream)
        }
    }

    /// The rest of a 3GPP text sample entry after its data reference: text
    /// centred at the bottom, white in a transparent box, in a sans-serif font.
    private static let textSampleEntry: [UInt8] = {
        let font = Array("Sans-Serif".utf8)
        var entry: [UInt8] = [0, 0, 0, 0, 1, 0xff, 0, 0, 0, 0]  // display flags, centred, at the bottom, no background
        entry += [UInt8](repeating: 0, count: 8)  // the default text box: the track's
        entry += [0, 0, 0, 0, 0, 1, 0, 18, 0xff, 0xff, 0xff, 0xff]  // style: all characters, font 1, plain, 18, white
        let tableSize = 4 + 4 + 2 + 2 + 1 + font.count
        entry += [0, 0, 0, UInt8(tableSize)] + Array("ftab".utf8) + [0, 1, 0, 1, UInt8(font.count)] + font
        return entry
    }()
}
