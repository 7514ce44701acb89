import Compiler
import EDLParser
import Foundation

extension Compiler {
    /// The project as an OpenTimelineIO timeline (`render export`): one OTIO
    /// track per track, clips with their source ranges and speeds, gaps where
    /// nothing plays, transitions between clips, a group or composition as a
    /// nested stack of its own tracks. Times count frames at the output's (or
    /// the composition's) rate. A transition in OTIO does not shorten its
    /// track, so the clips around one are shortened by its two sides (whole
    /// frames each when it lasts whole frames) and it reaches as far into each:
    /// the clips play at the same times as here. Each clip, stack, track and
    /// transition keeps in `metadata.cutlist` what OpenTimelineIO has no field
    /// for, as Cutlist's YAML, for `render import` to read back. Media paths
    /// under `mediaFolder` (the `.otio` file's folder) are relative URLs, others
    /// `file://` URLs. `nil` with diagnostics when the project does not compile.
    public func otioTimeline(_ project: Project, mediaFolder: String? = nil) -> (
        timeline: OTIOTimeline?, diagnostics: [Diagnostic]
    ) {
        var context = CompileContext(project: project)
        guard let (placement, output) = place(&context), !context.hasErrors,
            let tracks = otioTracks(project, placement, output, context, mediaFolder: mediaFolder)
        else { return (nil, context.diagnostics.sorted) }
        let name = project.file.split(separator: "/").last.map { String($0.split(separator: ".").first ?? $0) } ?? "timeline"
        var timeline = OTIOTimeline(name: name, tracks: OTIOTimeline.Stack(children: tracks.map { .track($0) }))
        timeline.metadata = ["fps": output.fps.description, "size": output.size.description]
        if project.output.background != .black { timeline.metadata["background"] = project.output.background.description }
        if let duration = project.output.duration { timeline.metadata["duration"] = duration.value.description }
        return (timeline, context.diagnostics.sorted)
    }

    private func otioTracks(
        _ project: Project, _ placement: Placement, _ output: OutputPlan, _ context: CompileContext, mediaFolder: String?
    ) -> [OTIOTimeline.Track]? {
        let (fps, end) = (output.fps, output.duration)
        var tracks: [OTIOTimeline.Track] = []
        for (index, track) in project.tracks.enumerated() {
            let items = placement.items.indices.filter { placement.items[$0].track == index }
            var trim: [Int: (start: Rational, end: Rational)] = [:]
            var incoming: [Int: (transition: PlacedTransition, in: Rational, out: Rational)] = [:]
            for transition in placement.transitions where transition.track == index {
                let (before, after) = Self.sides(of: transition.duration, fps: fps)
                trim[transition.outgoing, default: (.zero, .zero)].end = after
                trim[transition.incoming, default: (.zero, .zero)].start = before
                incoming[transition.incoming] = (transition, before, after)
            }
            var children: [OTIOTimeline.Child] = []
            var cursor = Rational.zero
            for item in items {
                let placed = placement.items[item]
                guard let end = placed.end else { continue }
                let cut = trim[item] ?? (.zero, .zero)
                let (start, stop) = (placed.start + cut.start, end - cut.end)
                if let (transition, before, after) = incoming[item] {
                    let keys = CutlistYAML.text(CutlistYAML.mapping(CutlistYAML.transition(transition.transition)))
                    children.append(
                        .transition(
                            OTIOTimeline.Transition(
                                kind: transition.transition.kind.rawValue, inOffset: OTIOTimeline.Time(before, rates: [fps]),
                                outOffset: OTIOTimeline.Time(after, rates: [fps]),
                                cutlist: keys.map { ["transition": $0] } ?? [:])))
                } else if start > cursor {
                    children.append(.gap(duration: OTIOTimeline.Time(start - cursor, rates: [fps])))
                }
                if case .composition(let composition) = placed.item.content {
                    guard
                        let stack = stack(
                            composition, placed, from: start, to: stop, fps: fps, track: track.kind, context,
                            mediaFolder: mediaFolder)
                    else { return nil }
                    children.append(.stack(stack))
                } else {
                    children.append(
                        .clip(clip(placed, from: start, to: stop, fps: fps, track: track.kind, mediaFolder: mediaFolder)))
                }
                cursor = stop
            }
            // A track lasts the output (or composition): a gap at its end counts towards its length.
            if end > cursor { children.append(.gap(duration: OTIOTimeline.Time(end - cursor, rates: [fps]))) }
            let keys = CutlistYAML.track(track)
            tracks.append(
                OTIOTimeline.Track(
                    name: track.displayName(index: index), kind: track.kind == .audio ? .audio : .video, children: children,
                    cutlist: keys.isEmpty ? [:] : CutlistYAML.text(CutlistYAML.mapping(keys)).map { ["track": $0] } ?? [:]))
        }
        return tracks
    }

    /// A transition's two sides: in whole frames when it lasts whole frames (the first
    /// side the smaller), else halves.
    static func sides(of duration: Rational, fps: FrameRate) -> (before: Rational, after: Rational) {
        let frames = duration * fps.rate
        guard frames.denominator == 1 else { return (duration / Rational(2), duration / Rational(2)) }
        let before = Rational(frames.numerator / 2) / fps.rate
        return (before, duration - before)
    }

    /// A composition placed on a track, from timeline time `start` to `stop`: a stack of its tracks.
    private func stack(
        _ composition: Composition, _ placed: PlacedItem, from start: Rational, to stop: Rational, fps: FrameRate,
        track: Track.Kind, _ parent: CompileContext, mediaFolder: String?
    ) -> OTIOTimeline.Stack? {
        var context = CompileContext(project: CompositionCompiler.project(for: composition, parent))
        guard let (placement, output) = place(&context), !context.hasErrors,
            let tracks = otioTracks(context.project, placement, output, context, mediaFolder: mediaFolder)
        else { return nil }
        let sourceStart = Self.sourceStart(placed, from: start, to: stop)
        var stack = OTIOTimeline.Stack(name: composition.name, children: tracks.map { .track($0) })
        stack.sourceRange = OTIOTimeline.Range(
            start: OTIOTimeline.Time(sourceStart, rates: [output.fps]),
            duration: OTIOTimeline.Time(stop - start, rates: [output.fps]))
        if let scalar = Self.timeScalar(placed, from: start, to: stop) { stack.speed = scalar }
        stack.cutlist = Self.metadata(placed.item, track: track)
        return stack
    }

    /// The first source time the part of `placed` shown from `start` to `stop`
    /// plays: where it starts, or, played backwards, where it ends.
    private static func sourceStart(_ placed: PlacedItem, from start: Rational, to stop: Rational) -> Rational {
        let timing = placed.timing
        if timing.curve != nil {
            let map = placed.timeMap
            return min(map.sourceTime(at: start), map.sourceTime(at: stop))
        }
        return timing.reversed
            ? timing.from - (stop - placed.start) * timing.speed : timing.from + (start - placed.start) * timing.speed
    }

    /// A `LinearTimeWarp`'s scalar: the speed, negative played backwards; nil at 1.
    /// OpenTimelineIO has no curves: a changing speed is written as its mean
    /// over the part shown (its keys travel in Cutlist's metadata).
    private static func timeScalar(_ placed: PlacedItem, from start: Rational, to stop: Rational) -> Double? {
        if placed.timing.curve != nil, stop > start {
            let map = placed.timeMap
            let mean = (map.sourceTime(at: stop) - map.sourceTime(at: start)) / (stop - start)
            return mean == .one ? nil : mean.approximateDouble
        }
        let speed = placed.timing.speed.approximateDouble
        if placed.timing.reversed { return -speed }
        return placed.timing.speed == .one ? nil : speed
    }

    /// The clip of a placed item shown from timeline time `start` to `stop`.
    private func clip(
        _ placed: PlacedItem, from start: Rational, to stop: Rational, fps: FrameRate, track: Track.Kind, mediaFolder: String?
    ) -> OTIOTimeline.Clip {
        let sourceStart = Self.sourceStart(placed, from: start, to: stop)
        // Times off the output's frames (a clip played to its own end) are whole frames at the media's rate.
        let rates = [fps] + (placed.facts?.video?.frameRate.map { [$0] } ?? [])
        let range = OTIOTimeline.Range(
            start: OTIOTimeline.Time(sourceStart, rates: rates), duration: OTIOTimeline.Time(stop - start, rates: rates))
        var clip = OTIOTimeline.Clip(name: "", sourceRange: range, cutlist: Self.metadata(placed.item, track: track))
        switch placed.item.content {
        case .source(let reference):
            clip.name = reference.displayName
            clip.reference.kind = .external(url: Self.url(reference.path, under: mediaFolder))
            // The media's own length, as probed: OpenTimelineIO's FCP XML adapter needs it.
            clip.reference.availableRange = placed.facts?.duration.map {
                OTIOTimeline.Range(start: OTIOTimeline.Time(.zero, rates: rates), duration: OTIOTimeline.Time($0, rates: rates))
            }
            let still = placed.facts?.video?.isStillImage == true && placed.facts?.duration == nil
            if !still, let scalar = Self.timeScalar(placed, from: start, to: stop) { clip.speed = scalar }
        case .color(let color): (clip.name, clip.reference.kind) = ("color \(color)", .generator("SolidColor"))
        case .text(let text): (clip.name, clip.reference.kind) = (text.string, .generator("Text"))
        case .tone(let frequency): (clip.name, clip.reference.kind) = ("tone \(frequency) Hz", .generator("Tone"))
        case .pattern(let pattern): (clip.name, clip.reference.kind) = (pattern.rawValue, .generator("Pattern"))
        case .gradient(let gradient):
            (clip.name, clip.reference.kind) = ("gradient \(gradient.shape.rawValue)", .generator("Gradient"))
        case .shape(let shape): (clip.name, clip.reference.kind) = (shape.kind.rawValue, .generator("Shape"))
        case .captions(let captions): (clip.name, clip.reference.kind) = (captions.written, .generator("Captions"))
        case .shader(let shader): (clip.name, clip.reference.kind) = ("shader \(shader.written)", .generator("Shader"))
        case .composition, .gap, .transition: break
        }
        return clip
    }

    /// What OpenTimelineIO has no field for: the item's own keys as Cutlist's YAML, and where it is written.
    private static func metadata(_ item: Item, track: Track.Kind) -> [String: String] {
        var metadata = ["location": "\(item.location)"]
        metadata["item"] = CutlistYAML.text(CutlistYAML.mapping(CutlistYAML.item(item, track: track)))
        return metadata
    }

    /// A media file as a URL: relative to `folder` when inside it, else a `file://` URL.
    static func url(_ path: String, under folder: String?) -> String {
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: ";?#"))
        let encode = { (text: String) in text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text }
        if let folder {
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            if path.hasPrefix(prefix) { return encode(String(path.dropFirst(prefix.count))) }
        }
        return "file://" + encode(path)
    }
}
