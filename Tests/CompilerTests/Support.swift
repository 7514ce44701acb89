import Disk
import EDLParser
import Testing

@testable import Compiler

/// Media facts by path, for tests; unknown paths fail to probe.
struct FakeMedia: MediaInfo {
    var files: [String: MediaFacts]

    func facts(forPath path: String) throws(MediaProbeError) -> MediaFacts {
        guard let facts = files[path] else { throw MediaProbeError("no such file") }
        return facts
    }
}

/// `n/d` seconds (tests only use valid fractions).
func q(_ numerator: Int64, _ denominator: Int64 = 1) -> Rational {
    Rational(numerator, denominator) ?? .zero
}

func fps(_ numerator: Int64, _ denominator: Int64 = 1) -> FrameRate {
    FrameRate(q(numerator, denominator)) ?? .thirty
}

let file = "edit.yaml"

func at(_ line: Int, _ column: Int = 5) -> EDLParser.SourceLocation {
    SourceLocation(file: file, line: line, column: column)
}

func time(_ seconds: Rational, line: Int = 1, column: Int = 9) -> Located<TimeValue> {
    Located(TimeValue(seconds: seconds), at: at(line, column))
}

extension MediaFacts {
    static func video(
        _ seconds: Rational, fps rate: FrameRate = fps(30), size: PixelSize = PixelSize(width: 1920, height: 1080),
        audio: Bool = true, rotation: Int = 0
    ) -> MediaFacts {
        MediaFacts(
            duration: seconds,
            video: VideoFacts(streamIndex: 0, size: size, frameRate: rate, rotation: rotation, duration: seconds),
            audio: audio ? AudioFacts(streamIndex: 1, sampleRate: 48_000, channels: 2, duration: seconds) : nil)
    }

    static func image(_ size: PixelSize = PixelSize(width: 800, height: 600)) -> MediaFacts {
        MediaFacts(duration: nil, video: VideoFacts(size: size, frameRate: nil, isStillImage: true), audio: nil)
    }

    static func sound(_ seconds: Rational) -> MediaFacts {
        MediaFacts(
            duration: seconds, video: nil, audio: AudioFacts(streamIndex: 0, sampleRate: 44_100, channels: 1, duration: seconds))
    }
}

/// A `source:` item naming `/p/NAME`, shown as asset NAME.
func clip(_ name: String, line: Int = 1, _ configure: (inout Item) -> Void = { _ in }) -> Item {
    let reference = SourceReference(asset: name, path: "/p/\(name)", location: at(line, 13))
    var item = Item(content: .source(reference), location: at(line))
    configure(&item)
    return item
}

func color(_ value: Color, _ seconds: Rational, line: Int = 1) -> Item {
    var item = Item(content: .color(value), location: at(line))
    item.timing.duration = time(seconds, line: line)
    return item
}

func gap(_ seconds: Rational, line: Int = 1) -> Item {
    Item(content: .gap(TimeValue(seconds: seconds)), location: at(line))
}

func transition(_ kind: TransitionKind, _ seconds: Rational, line: Int = 1, _ configure: (inout Transition) -> Void = { _ in })
    -> Item
{
    var value = Transition(kind: kind, duration: time(seconds, line: line, column: 15))
    configure(&value)
    return Item(content: .transition(value), location: at(line))
}

func track(
    _ items: [Item], kind: Track.Kind = .video, name: String? = nil, line: Int = 1,
    _ configure: (inout Track) -> Void = { _ in }
) -> Track {
    var track = Track(location: at(line, 3))
    track.kind = kind
    track.name = name
    track.items = items
    configure(&track)
    return track
}

func project(_ tracks: [Track], _ configure: (inout Output) -> Void = { _ in }) -> Project {
    var output = Output()
    output.location = at(1, 1)
    configure(&output)
    return Project(file: file, directory: "/p", output: output, tracks: tracks)
}

/// Parses `yaml` as `/p/edit.yaml` (it must parse) and compiles it with media facts by absolute path.
func compileYAML(_ yaml: String, _ files: [String: MediaFacts] = [:]) throws -> CompileResult {
    let parsed = ProjectParser.parse(yaml, file: file, directory: "/p", files: .disk())
    let project = try #require(parsed.project, "\(parsed.diagnostics)")
    return Compiler(media: FakeMedia(files: files)).compile(project)
}

/// Compiles, requiring success and a plan that verifies.
func plan(_ project: Project, _ files: [String: MediaFacts] = [:]) throws -> RenderPlan {
    let result = Compiler(media: FakeMedia(files: Dictionary(uniqueKeysWithValues: files.map { ("/p/\($0.key)", $0.value) })))
        .compile(project)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let plan = try #require(result.plan)
    try plan.verify()
    return plan
}

/// Compiles, expecting errors; returns their messages.
func errors(_ project: Project, _ files: [String: MediaFacts] = [:]) -> [Diagnostic] {
    let result = Compiler(media: FakeMedia(files: Dictionary(uniqueKeysWithValues: files.map { ("/p/\($0.key)", $0.value) })))
        .compile(project)
    #expect(result.plan == nil)
    #expect(result.hasErrors)
    return result.diagnostics
}

extension RenderPlan {
    /// Every layer once (layers repeat over the segments they span), by location and order.
    var distinctLayers: [Layer] {
        var seen: [Layer] = []
        for segment in video { for layer in segment.layers where !seen.contains(layer) { seen.append(layer) } }
        return seen
    }
}

let red = Color(red: 1, green: 0, blue: 0)
let blue = Color(red: 0, green: 0, blue: 1)
