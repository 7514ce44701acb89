import Compiler
import EDLParser
@preconcurrency import Yams

/// A project's timeline as `render diff` sees it: what plays where, and the
/// keys each item, transition and track sets, as typed values (`CutlistYAML`'s
/// nodes, a composition's own timeline), without places in the YAML (moving a
/// line changes nothing).
public struct EditTimeline: Sendable, Equatable {
    public var items: [TimelineItem] = []
    public var tracks: [TimelineTrack] = []

    public init(items: [TimelineItem] = [], tracks: [TimelineTrack] = []) {
        self.items = items
        self.tracks = tracks
    }
}

/// A key and its value.
public struct TimelineProperty: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        /// A value as the project writes it: a word, a string, a list or mapping of them.
        case yaml(Node)
        /// A composition's tracks and what plays on them.
        case timeline(EditTimeline)
    }
    public var key: String
    public var value: Value

    /// The value as one line of YAML; a composition's contents are too long to quote.
    public var text: String {
        switch value {
        case .yaml(let node): CutlistYAML.text(CutlistYAML.flowed(node)) ?? ""
        case .timeline: "its contents"
        }
    }
}

/// A track's own keys.
public struct TimelineTrack: Sendable, Equatable {
    /// Its name, or `track N`.
    public var name: String
    public var properties: [TimelineProperty]
}

/// A stretch of an item whose rate changes, as the studio marks it.
public struct TimelineStretch: Sendable, Equatable, Encodable {
    public enum Kind: String, Sendable, Encodable {
        case ramp, freeze, backwards
    }
    public var kind: Kind
    public var start: Rational
    public var end: Rational
}

/// One item, transition or gap on a track.
public struct TimelineItem: Sendable, Equatable {
    public var id: String?
    /// The track's name (or `track N`).
    public var track: String
    /// The key that says what it is: `source`, `color`, `text`, `transition`, `gap`, ...
    public var kind: String
    /// How the report names it: its file, text or colour.
    public var label: String
    public var start: Rational
    public var end: Rational
    /// Source in- and out-points (media items).
    public var sourceIn: Rational?
    public var sourceOut: Rational?
    public var speed: Rational
    /// Where a changing speed ramps, freezes or runs backwards (seconds from the item's start).
    public var retiming: [TimelineStretch] = []
    /// Whether `speed` or `time` keys change its rate (their changes are told as keys).
    public var changesRate: Bool { properties.contains { $0.key == "speed" || $0.key == "time" } }
    /// The keys it sets besides its timing, the kind's own first (`text`, `color`, ...).
    public var properties: [TimelineProperty]
    /// Where the project writes it (not compared by `render diff`: moving a line changes nothing).
    public var location: SourceLocation?

    /// Equal whatever their places in the YAML: a composition's contents are
    /// compared as values, and moving a line changes nothing.
    public static func == (a: TimelineItem, b: TimelineItem) -> Bool {
        (a.id, a.track, a.kind, a.label, a.start, a.end) == (b.id, b.track, b.kind, b.label, b.start, b.end)
            && (a.sourceIn, a.sourceOut, a.speed) == (b.sourceIn, b.sourceOut, b.speed) && a.properties == b.properties
    }
}

extension Compiler {
    /// The project's tracks and what plays on them, in order, for `render diff`.
    public func editTimeline(_ project: Project) -> (timeline: EditTimeline?, diagnostics: [Diagnostic]) {
        var context = CompileContext(project: project)
        return (editTimeline(&context), context.diagnostics.sorted)
    }

    /// The timeline of the context's project (a composition's, to compare its contents).
    private func editTimeline(_ context: inout CompileContext) -> EditTimeline? {
        guard let (placement, _) = place(&context), !context.hasErrors else { return nil }
        let project = context.project
        let names = project.tracks.indices.map { project.tracks[$0].displayName(index: $0) }
        var entries: [(track: Int, rank: Int, item: TimelineItem)] = []
        // A composition placed many times is compared by one timeline of its contents.
        var contents: [Composition: EditTimeline?] = [:]
        for placed in placement.items {
            guard let end = placed.end else { continue }
            var item = TimelineItem(
                id: placed.item.id?.value, track: names[placed.track], kind: Self.kind(placed.item),
                label: Self.label(placed.item), start: placed.start, end: end, speed: placed.timing.speed,
                properties: CutlistYAML.properties(
                    placed.item, track: project.tracks[placed.track].kind, directory: project.directory),
                location: placed.item.location)
            if case .composition(let composition) = placed.item.content {
                if contents[composition] == nil {
                    var inner = CompileContext(project: CompositionCompiler.project(for: composition, context))
                    contents[composition] = editTimeline(&inner)
                }
                if let timeline = contents[composition] ?? nil {
                    item.properties.insert(TimelineProperty(key: "contents", value: .timeline(timeline)), at: 1)
                }
            }
            if case .source = placed.item.content, placed.timing.speed > .zero {
                // Played backwards, the source runs down from `from`, the range's end.
                item.sourceIn = placed.timing.from
                item.sourceOut = placed.timeMap.sourceTime(at: end)
                item.retiming = placed.timing.curve.map { Self.stretches($0, length: end - placed.start) } ?? []
            }
            entries.append((placed.track, 1, item))
        }
        for transition in placement.transitions {
            let span = transition.span(placement.items)
            let kind = transition.transition.kind.rawValue
            entries.append(
                (
                    transition.track, 0,
                    TimelineItem(
                        track: names[transition.track], kind: "transition", label: "transition \(kind)", start: span.start,
                        end: span.end, speed: .one,
                        properties: CutlistYAML.properties(CutlistYAML.transition(transition.transition)),
                        location: transition.location)
                ))
        }
        for gap in placement.gaps {
            entries.append(
                (
                    gap.track, 0,
                    TimelineItem(
                        track: names[gap.track], kind: "gap", label: "gap", start: gap.range.start, end: gap.range.end,
                        speed: .one, properties: [])
                ))
        }
        // In timeline order on each track; a transition before the item it brings in.
        let items = entries.enumerated().sorted {
            let (a, b) = ($0.element, $1.element)
            return (a.track, a.item.start, a.rank, $0.offset) < (b.track, b.item.start, b.rank, $1.offset)
        }.map(\.element.item)
        let tracks = project.tracks.indices.map {
            TimelineTrack(name: names[$0], properties: CutlistYAML.properties(CutlistYAML.track(project.tracks[$0])))
        }
        return EditTimeline(items: items, tracks: tracks)
    }

    static func kind(_ item: Item) -> String {
        switch item.content {
        case .source: return "source"
        case .color: return "color"
        case .text: return "text"
        case .tone: return "tone"
        case .pattern: return "pattern"
        case .gradient: return "gradient"
        case .shape: return "shape"
        case .shader: return "shader"
        case .composition: return "composition"
        case .captions: return "captions"
        case .gap: return "gap"
        case .transition: return "transition"
        }
    }

    /// The ramped, frozen and backwards stretches of a curve within the item's `length`, adjacent ones of a kind joined.
    static func stretches(_ curve: TimeCurve, length: Rational) -> [TimelineStretch] {
        var stretches: [TimelineStretch] = []
        for piece in curve.pieces where piece.start < length {
            let end = min(piece.length.map { piece.start + $0 } ?? length, length)
            let kind: TimelineStretch.Kind
            switch piece.motion {
            case .backwards: kind = .backwards
            case .still: kind = .freeze
            case .forwards:
                // One rate forwards is not a ramp.
                if case .rate(let first, let last) = piece.shape, first == last { continue }
                kind = .ramp
            }
            if let last = stretches.last, last.kind == kind, last.end == piece.start {
                stretches[stretches.count - 1].end = end
            } else {
                stretches.append(TimelineStretch(kind: kind, start: piece.start, end: end))
            }
        }
        return stretches
    }

    static func label(_ item: Item) -> String {
        switch item.content {
        case .source(let reference): return "'\(reference.displayName)'"
        case .color(let color): return "colour \(color)"
        case .text(let text): return "text \(quoted(text.string))"
        case .tone(let frequency): return "tone \(formatNumber(frequency)) Hz"
        case .pattern(let pattern): return "pattern \(pattern.rawValue)"
        case .gradient(let gradient): return "\(gradient.shape.rawValue) gradient"
        case .shape(let shape): return shape.kind.rawValue
        case .shader(let shader): return "shader '\(shader.written)'"
        case .composition(let composition): return "composition '\(composition.name)'"
        case .captions(let captions): return "captions '\(captions.written)'"
        case .gap: return "gap"
        case .transition(let transition): return "transition \(transition.kind.rawValue)"
        }
    }
}

extension CutlistYAML {
    /// An item's keys for `render diff`: what it plays, then its other keys but
    /// those told apart (`id` names it; `from`, `to` and `speed` are trims and retimes).
    static func properties(_ item: Item, track: Track.Kind, directory: String) -> [TimelineProperty] {
        var entries: Entries = []
        switch item.content {
        case .source(let reference):
            let file = relativePath(reference.path, to: directory)
            entries.append(("source", string(file == reference.written ? file : "\(reference.written) (\(file))")))
        case .composition(let composition):
            entries.append(("composition", string(composition.name)))
        default: break
        }
        // Speed keys are compared as keys; one speed is told as a retime.
        let told: Set = item.timing.speedKeys == nil ? ["id", "from", "to", "speed"] : ["id", "from", "to"]
        return properties(entries + self.item(item, track: track).filter { !told.contains($0.0) })
    }

    static func properties(_ entries: Entries) -> [TimelineProperty] {
        entries.map { TimelineProperty(key: $0.0, value: .yaml($0.1)) }
    }
}
