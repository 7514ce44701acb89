import Compiler
import EDLParser
import Foundation
import Yams

/// An OpenTimelineIO timeline (`.otio` JSON) as a Cutlist project (`render
/// import`), decoded into `OTIOTimeline` without OpenTimelineIO itself and
/// written through Yams.
///
/// One Cutlist track per OTIO track, in order; clips become `source:` items
/// naming assets (named after the clips), gaps `gap:`, transitions crossfades,
/// nested stacks `group:` items, a `LinearTimeWarp` a `speed`, a `FreezeFrame`
/// a `freeze`. What `render export` keeps in `metadata.cutlist` (an item's,
/// track's or transition's own keys, the output's size) is read back, so a
/// timeline Cutlist wrote imports to the same frames. Times are exact: whole
/// frames at the timeline's rate (`48f`), else seconds (see `seconds`). An OTIO transition
/// overlaps its neighbours without shortening the track, so each neighbour is
/// lengthened into it (from its media's handles) and the track keeps its
/// length. Media that is missing, or that only a generator makes without
/// Cutlist's keys, becomes a slate (its name on a dark card) with `offline:
/// .slate`, else an error.
public struct OTIOImporter {
    public enum Offline: Sendable { case error, slate }

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// The `.otio` file's folder: relative media paths resolve against it.
    let directory: String
    /// The folder of the project written: files in it are named relative to it.
    let projectFolder: String?
    let offline: Offline
    let exists: (String) -> Bool
    /// Whether a file is a still picture (its items take a `duration`, not `from`/`to`).
    let isStill: (String) -> Bool
    /// A media file's length, when it can be told.
    let length: (String) -> Rational?
    /// What the import changed to render as the editor did, one line each.
    public private(set) var notes: [String] = []
    private var rate = FrameRate.thirty
    private var assets: [(name: String, path: String)] = []
    private var missing: [String] = []
    private var ids = Set<String>()
    private var trackNames = Set<String>()

    /// The project's rate when given; else the timeline's.
    let chosenRate: FrameRate?

    /// The most nodes one clip's Cutlist keys may hold (no alias can expand past it).
    static let metadataNodeLimit = 10_000

    public init(
        directory: String, projectFolder: String? = nil, offline: Offline, rate: FrameRate? = nil,
        exists: @escaping (String) -> Bool, isStill: @escaping (String) -> Bool = { _ in false },
        length: @escaping (String) -> Rational? = { _ in nil }
    ) {
        self.directory = directory
        self.projectFolder = projectFolder
        self.offline = offline
        self.exists = exists
        self.isStill = isStill
        self.length = length
        chosenRate = rate
    }

    /// The project's YAML text.
    public mutating func project(from data: Data) throws(Failure) -> String {
        let timeline = try Self.timeline(from: data)
        let cutlist = timeline.metadata
        let tracks = timeline.tracks.tracks(kind: .video)
        let timelineRate = try Self.rate(of: tracks)
        rate = chosenRate ?? cutlist["fps"].flatMap { try? ValueSyntax.frameRate($0) } ?? timelineRate ?? .thirty
        var trackNodes: [Node] = []
        for track in tracks { trackNodes.append(try self.track(track, rate: rate)) }
        if !missing.isEmpty, offline == .error {
            throw Failure(
                description: "media not found: \(missing.joined(separator: ", ")); give --offline slate to show slates instead")
        }
        var output: CutlistYAML.Entries = []
        if let size = cutlist["size"], (try? ValueSyntax.pixelSize(size)) != nil {
            output.append(("size", CutlistYAML.word(size)))
        }
        output.append(("fps", CutlistYAML.word(rate.description)))
        if let background = cutlist["background"], (try? ValueSyntax.color(background)) != nil {
            output.append(("background", CutlistYAML.word(background)))
        }
        if let duration = cutlist["duration"], (try? ValueSyntax.time(duration)) != nil {
            output.append(("duration", CutlistYAML.word(duration)))
        }
        var project: CutlistYAML.Entries = [("cutlist", CutlistYAML.word("1")), ("output", CutlistYAML.mapping(output))]
        if !assets.isEmpty {
            project.append(
                ("assets", .mapping(.init(assets.map { (CutlistYAML.string($0.name), CutlistYAML.string(relative($0.path))) }))))
        }
        project.append(("tracks", CutlistYAML.sequence(trackNodes, flow: false)))
        guard let body = try? Yams.serialize(node: CutlistYAML.mapping(project, flow: false), width: -1, allowUnicode: true)
        else { throw Failure(description: "the project cannot be written as YAML") }
        // The name as one quoted line: nothing in it can end the comment.
        let name = CutlistYAML.text(CutlistYAML.string(timeline.name)).map { " \($0)" } ?? ""
        return "# Imported from OpenTimelineIO\(name).\n" + body
    }

    // MARK: Tracks and items

    private typealias Track = OTIOTimeline.Track
    private typealias Child = OTIOTimeline.Child

    private mutating func track(_ track: Track, rate: FrameRate) throws(Failure) -> Node {
        let kind = track.kind == .audio ? "audio" : "video"
        var entries: CutlistYAML.Entries = [("kind", CutlistYAML.word(kind))]
        if !track.name.isEmpty { entries.append(("name", CutlistYAML.string(trackName(track.name)))) }
        entries += try Self.keys(track.cutlist["track"], excluding: ["name", "kind", "items"])
        let children = track.children
        if var range = try Self.range(track.sourceRange) {
            // A trimmed track: its items as a group, played from the trim's start; a trim
            // starting before the items (a negative start) or reaching past them is empty there.
            // A trim wholly before the items is record timecode (OpenTimelineIO's CMX 3600
            // adapter writes -01:00:00:00): read as an offset, the items show from the start.
            if try sum(range.start, range.duration) <= .zero { range.start = .zero }
            var whole = track
            whole.sourceRange = nil
            let inner = try self.track(whole, rate: rate)
            let from = max(range.start, .zero)
            let lead = min(try difference(from, range.start), range.duration)
            let played = max(min(try difference(range.duration, lead), try difference(Self.length(of: children), from)), .zero)
            var items: [Node] = []
            if lead > .zero { items.append(gap(lead, rate: rate)) }
            if played > .zero {
                let group: CutlistYAML.Entries = [("tracks", CutlistYAML.sequence([inner], flow: false))]
                items.append(
                    CutlistYAML.mapping(
                        [
                            ("from", time(from, rate: rate)), ("duration", time(played, rate: rate)),
                            ("group", CutlistYAML.mapping(group, flow: false)),
                        ], flow: false))
            }
            let rest = try difference(try difference(range.duration, lead), played)
            if rest > .zero { items.append(gap(rest, rate: rate)) }
            return CutlistYAML.mapping(entries + [("items", CutlistYAML.sequence(items, flow: false))], flow: false)
        }
        // A transition between two clips lengthens both into it; one with nothing on a side
        // (a gap, the track's edge) fades the clip on the other side in or out instead.
        var extend: [Int: (before: Rational, after: Rational)] = [:]
        var fades: [Int: (in: Rational, out: Rational)] = [:]
        var dropped = Set<Int>()
        func isPlayed(_ index: Int) -> Bool {
            guard children.indices.contains(index) else { return false }
            switch children[index] {
            case .clip, .stack: return true
            default: return false
            }
        }
        for (index, child) in children.enumerated() {
            guard case .transition(let transition) = child else { continue }
            let inOffset = try Self.seconds(transition.inOffset) ?? .zero
            let outOffset = try Self.seconds(transition.outOffset) ?? .zero
            switch (isPlayed(index - 1), isPlayed(index + 1)) {
            case (true, true):
                extend[index - 1, default: (.zero, .zero)].after = outOffset
                extend[index + 1, default: (.zero, .zero)].before = inOffset
            case (true, false) where index == children.count - 1:
                // At the track's end it lengthens the track (as OpenTimelineIO counts it).
                extend[index - 1, default: (.zero, .zero)].after = outOffset
                fades[index - 1, default: (.zero, .zero)].out = try sum(inOffset, outOffset)
                dropped.insert(index)
            case (true, false):
                fades[index - 1, default: (.zero, .zero)].out = inOffset
                dropped.insert(index)
            case (false, true) where index == 0:
                extend[index + 1, default: (.zero, .zero)].before = inOffset
                fades[index + 1, default: (.zero, .zero)].in = try sum(inOffset, outOffset)
                dropped.insert(index)
            case (false, true):
                fades[index + 1, default: (.zero, .zero)].in = outOffset
                dropped.insert(index)
            case (false, false): dropped.insert(index)
            }
        }
        var items: [Node] = []
        for (index, child) in children.enumerated() where !dropped.contains(index) {
            let more = extend[index] ?? (.zero, .zero)
            let fade = fades[index].map { fadeKeys($0, kind: kind, rate: rate) } ?? []
            items += try item(child, kind: kind, extend: more, extra: fade, rate: rate)
        }
        return CutlistYAML.mapping(entries + [("items", CutlistYAML.sequence(items, flow: false))], flow: false)
    }

    /// The keys that fade an item in and out over the given times.
    private func fadeKeys(_ fade: (in: Rational, out: Rational), kind: String, rate: FrameRate) -> CutlistYAML.Entries {
        if kind == "audio" {
            return (fade.in > .zero ? [("fade_in", time(fade.in, rate: rate))] : [])
                + (fade.out > .zero ? [("fade_out", time(fade.out, rate: rate))] : [])
        }
        func key(_ at: String, _ value: Int) -> Node {
            CutlistYAML.mapping([("at", CutlistYAML.word(at)), ("value", CutlistYAML.word(String(value)))])
        }
        var keys: [Node] = []
        if fade.in > .zero { keys += [key("0", 0), key(timeText(fade.in, rate: rate), 1)] }
        if fade.out > .zero { keys += [key("end-" + timeText(fade.out, rate: rate), 1), key("end", 0)] }
        return keys.isEmpty ? [] : [("opacity", CutlistYAML.sequence(keys))]
    }

    /// A track's length: its clips', gaps', stacks' and nested tracks' durations (transitions take none).
    private static func length(of children: [Child]) throws(Failure) -> Rational {
        var total = Rational.zero
        for child in children {
            var duration: Rational?
            switch child {
            case .transition, .other: continue
            case .gap(let length): duration = try seconds(length)
            case .clip(let clip):
                duration = try range(clip.sourceRange)?.duration
                if duration == nil { duration = try range(clip.reference.availableRange)?.duration }
            case .stack(let stack):
                duration = try range(stack.sourceRange)?.duration
                if duration == nil {
                    for track in stack.tracks(kind: .video) {
                        duration = max(duration ?? .zero, try length(of: track.children))
                    }
                }
            case .track(let track):
                duration = try range(track.sourceRange)?.duration
                if duration == nil { duration = try length(of: track.children) }
            }
            total = try checked(total.checkedAdd(duration ?? .zero))
        }
        return total
    }

    private mutating func item(
        _ item: Child, kind: String, extend: (before: Rational, after: Rational), extra: CutlistYAML.Entries,
        rate: FrameRate
    ) throws(Failure) -> [Node] {
        switch item {
        case .gap(let length):
            guard let length = try Self.seconds(length), length > .zero else { return [] }
            return [gap(length, rate: rate)]
        case .transition(let transition):
            let length = try sum(
                try Self.seconds(transition.inOffset) ?? .zero, try Self.seconds(transition.outOffset) ?? .zero)
            guard length > .zero else { return [] }
            // Cutlist's own kind and options when it wrote them, else a crossfade.
            let own = try Self.keys(transition.cutlist["transition"], excluding: ["duration"])
            let keys = own.first?.0 == "transition" ? own : [("transition", CutlistYAML.word("crossfade"))]
            return [CutlistYAML.mapping(keys + [("duration", time(length, rate: rate))])]
        case .stack(let stack):
            let tracks = stack.tracks(kind: kind == "audio" ? .audio : .video)
            return try group(
                tracks, range: stack.sourceRange, cutlist: stack.cutlist, extend: extend, extra: extra, rate: rate)
        case .track(let track):
            // A nested track is a group of that one track, its range the group's.
            var whole = track
            whole.sourceRange = nil
            return try group(
                [whole], range: track.sourceRange, cutlist: track.cutlist, extend: extend, extra: extra, rate: rate)
        case .clip(let clip):
            return try self.clip(clip, kind: kind, extend: extend, extra: extra, rate: rate)
        case .other(let schema, let name):
            throw Failure(description: "'\(schema)' items are not supported ('\(name)')")
        }
    }

    /// A nested stack or track: a group of `tracks`, with Cutlist's keys for it when it has them.
    private mutating func group(
        _ tracks: [Track], range: OTIOTimeline.Range?, cutlist: [String: String],
        extend: (before: Rational, after: Rational), extra: CutlistYAML.Entries, rate: FrameRate
    ) throws(Failure) -> [Node] {
        var content = Rational.zero
        for track in tracks { content = max(content, try Self.length(of: track.children)) }
        let range = try Self.range(range)
        guard content > .zero else {
            let length = try sum(try sum(range?.duration ?? .zero, extend.before), extend.after)
            return length > .zero ? [gap(length, rate: rate)] : []
        }
        var own = ownKeys(try Self.keys(cutlist["item"], excluding: Self.placementKeys))
        var group: CutlistYAML.Entries = []
        if let index = own.firstIndex(where: { $0.0 == "group" }), case .mapping(let mapping) = own[index].1 {
            group = mapping.compactMap { key, value in key.string.map { ($0, value) } }.filter { $0.0 != "tracks" }
            own.remove(at: index)
        }
        let inner = group.first { $0.0 == "fps" }.flatMap { $0.1.string }.flatMap { try? ValueSyntax.frameRate($0) } ?? rate
        var trackNodes: [Node] = []
        for track in tracks { trackNodes.append(try self.track(track, rate: inner)) }
        group.append(("tracks", CutlistYAML.sequence(trackNodes, flow: false)))
        var entries: CutlistYAML.Entries = [("group", CutlistYAML.mapping(group, flow: false))]
        var rest = Rational.zero
        if let range {
            // A range past the stack's content shows nothing there: a gap after the group.
            // Cutlist's own speed (kept among its keys); another editor's effects on a stack are not read.
            let speed = Self.speed(own) ?? .one
            let from = try difference(range.start, try product(extend.before, speed))
            let wanted = try sum(try sum(range.duration, extend.before), extend.after)
            let played = min(wanted, try quotient(try difference(content, from), speed))
            rest = try difference(wanted, played)
            entries += [("from", time(from, rate: inner)), ("duration", time(played, rate: rate))]
        }
        let node = CutlistYAML.mapping(entries + own + extra, flow: false)
        return rest > .zero ? [node, gap(rest, rate: rate)] : [node]
    }

    private mutating func clip(
        _ clip: OTIOTimeline.Clip, kind: String, extend: (before: Rational, after: Rational), extra: CutlistYAML.Entries,
        rate: FrameRate
    ) throws(Failure) -> [Node] {
        let name = clip.name
        let available = try Self.range(clip.reference.availableRange)
        guard var range = try Self.range(clip.sourceRange) ?? available else { return [] }
        // Editors give source ranges in the media's own timecode (a file that starts at 01:00:00:00 is
        // available from frame 86400 at 24 fps): the file's time is counted from the start of what is available.
        if let available, available.start > .zero { range.start = try difference(range.start, available.start) }
        let length = try sum(try sum(range.duration, extend.before), extend.after)
        guard length > .zero else { return [] }
        let written = try Self.keys(clip.cutlist["item"], excluding: [])
        // An item written to last until the end says so again, not its length then.
        let untilEnd = written.contains { $0.0 == "until" && $0.1.string == "end" }
        let span = untilEnd ? ("until", CutlistYAML.word("end")) : ("duration", time(length, rate: rate))
        var own = ownKeys(written.filter { !Self.placementKeys.contains($0.0) }).map { ($0.0, relativePaths($0.1, key: $0.0)) }
        var path: String?
        if case .external(let url?) = clip.reference.kind { path = resolve(url) }
        let generated = own.contains { Self.generatedKinds.contains($0.0) }
        if path == nil, generated, !clip.reference.isExternal {
            // A picture or sound Cutlist made (a text, a colour): its own keys make it again.
            // Captions keep `from`: the file time at their start, which no source range holds.
            let captions = own.contains { $0.0 == "captions" }
            own.removeAll { ["loop", "from", "to", "freeze", "speed"].contains($0.0) && !(captions && $0.0 == "from") }
            return [CutlistYAML.mapping(own + [span] + extra)]
        }
        // A clip's own `captions` stay with it.
        own.removeAll { (Self.generatedKinds.contains($0.0) && $0.0 != "captions") || $0.0 == "group" || $0.0 == "source" }
        guard let path, exists(path) else {
            missing.append(name.isEmpty ? "an unnamed clip" : "'\(name)'")
            guard kind == "video" else { return [gap(length, rate: rate)] }
            let label = "offline: " + (name.isEmpty ? "clip" : name)
            let tracks = [
                CutlistYAML.mapping([
                    (
                        "items",
                        CutlistYAML.sequence([
                            CutlistYAML.mapping([("color", CutlistYAML.word("#2d3436")), ("until", CutlistYAML.word("end"))])
                        ])
                    )
                ]),
                CutlistYAML.mapping([
                    (
                        "items",
                        CutlistYAML.sequence([
                            CutlistYAML.mapping([
                                ("text", CutlistYAML.string(label)), ("font_size", CutlistYAML.word("36")),
                                ("until", CutlistYAML.word("end")),
                            ])
                        ])
                    )
                ]),
            ]
            let group: CutlistYAML.Entries = [
                ("duration", time(length, rate: rate)), ("tracks", CutlistYAML.sequence(tracks, flow: false)),
            ]
            return [CutlistYAML.mapping([("group", CutlistYAML.mapping(group, flow: false))] + extra, flow: false)]
        }
        // A clip Cutlist wrote names its file as a project does; another editor's, by an asset named after the clip.
        let source = clip.cutlist["item"] == nil ? asset(named: name, path: path) : relative(path)
        var keys: CutlistYAML.Entries = [("source", CutlistYAML.string(source))]
        let scalar = try Self.timeScalar(clip.speed)
        // A negative scalar plays the clip's range backwards, as editors write a reverse.
        let reversed = scalar?.isNegative == true
        let speed = Self.speed(own) ?? scalar.map { reversed ? Rational.zero - $0 : $0 }
        // Speed keys or time keys Cutlist wrote: the clip's warp is only their mean.
        let curve = own.first { ($0.0 == "speed" && $0.1.scalar == nil) || $0.0 == "time" }
        own.removeAll { $0.0 == "speed" }
        if let curve {
            let from = curve.0 == "speed" ? [("from", time(range.start, rate: rate))] : []
            own.removeAll { ["from", "to", "time"].contains($0.0) }
            keys += from + [span, curve] + own
        } else if own.contains(where: { $0.0 == "loop" }) {
            // A loop keeps its own range; it plays for the clip's length.
            keys += own + [span]
            if let speed, speed != .one { keys.append(("speed", CutlistYAML.word(speed.description))) }
        } else if speed == .zero || own.contains(where: { $0.0 == "freeze" }) {
            own.removeAll { ["from", "to", "freeze"].contains($0.0) }
            keys +=
                [
                    ("freeze", CutlistYAML.mapping([("at", time(range.start, rate: rate))])), span,
                ] + own
        } else if isStill(path) {
            own.removeAll { ["from", "to"].contains($0.0) }
            keys += [span] + own
        } else {
            let speed = speed ?? .one
            let from = try difference(range.start, try product(extend.before, speed))
            var to = try sum(from, try product(length, speed))
            // A warp that runs past the media's end holds its last frame, as editors show it.
            var held: (at: Rational, length: Rational)?
            if !reversed, !untilEnd, let end = available?.duration ?? self.length(path), to > end, end > from,
                let frame = Rational.one.checkedDivide(rate.rate), end > frame
            {
                let played = try quotient(try difference(end, from), speed)
                held = (try difference(end, frame), try difference(length, played))
                to = end
                notes.append(
                    "'\(name)' plays past its media's end (\(TimeValue.readable(end))) at speed \(speed): its last frame holds for "
                        + "\(TimeValue.readable(try difference(length, played))), as the editor that wrote the timeline shows it")
            }
            own.removeAll { ["from", "to"].contains($0.0) }
            keys += [("from", time(from, rate: rate)), untilEnd ? span : ("to", time(to, rate: rate))]
            if speed != .one { keys.append(("speed", CutlistYAML.word(speed.description))) }
            if reversed, !own.contains(where: { $0.0 == "reverse" }) { keys.append(("reverse", CutlistYAML.word("true"))) }
            keys += own
            if let held, held.length > .zero {
                let freeze: CutlistYAML.Entries = [
                    keys[0], ("freeze", CutlistYAML.mapping([("at", time(held.at, rate: rate))])),
                    ("duration", time(held.length, rate: rate)),
                ]
                return [CutlistYAML.mapping(keys + extra), CutlistYAML.mapping(freeze)]
            }
        }
        return [CutlistYAML.mapping(keys + extra)]
    }

    private func gap(_ length: Rational, rate: FrameRate) -> Node {
        CutlistYAML.mapping([("gap", time(length, rate: rate))])
    }

    /// Keys that say where an item plays or what it is: the timeline's, not the metadata's.
    static let placementKeys: Set<String> = ["at", "duration", "until", "source", "composition", "vars"]
    static let generatedKinds: Set<String> = ["color", "text", "tone", "pattern", "gradient", "shape", "captions", "shader"]

    // MARK: Cutlist's metadata

    /// An item's keys but an `id` already taken: a clip copied in another editor copies its metadata too.
    private mutating func ownKeys(_ keys: CutlistYAML.Entries) -> CutlistYAML.Entries {
        keys.filter { key, value in
            guard key == "id", let id = value.string else { return true }
            return ids.insert(id).inserted
        }
    }

    /// A mapping of Cutlist keys kept as YAML text, but for `excluded`; empty when there is none.
    static func keys(_ text: String?, excluding excluded: Set<String>) throws(Failure) -> CutlistYAML.Entries {
        guard let text else { return [] }
        guard let node = try? Yams.compose(yaml: text), case .mapping(let mapping) = node else {
            throw Failure(description: "Cutlist's keys in the timeline's metadata are not a YAML mapping: \(text.prefix(80))")
        }
        var budget = metadataNodeLimit
        guard fits(node, budget: &budget) else {
            throw Failure(description: "Cutlist's keys in the timeline's metadata hold more than \(metadataNodeLimit) values")
        }
        return mapping.compactMap { key, value in key.string.map { ($0, CutlistYAML.flowed(value)) } }
            .filter { !excluded.contains($0.0) }
    }

    /// Counts a node's values against `budget` (an alias copies what it names, so it counts again).
    private static func fits(_ node: Node, budget: inout Int) -> Bool {
        budget -= 1
        guard budget >= 0 else { return false }
        switch node {
        case .scalar: return true
        case .sequence(let sequence): return sequence.allSatisfy { fits($0, budget: &budget) }
        case .mapping(let mapping): return mapping.allSatisfy { fits($0.key, budget: &budget) && fits($0.value, budget: &budget) }
        }
    }

    /// The exact `speed` among Cutlist's keys.
    private static func speed(_ keys: CutlistYAML.Entries) -> Rational? {
        keys.first { $0.0 == "speed" }.flatMap { $0.1.string }.flatMap { try? ValueSyntax.ratio($0) }
    }

    // MARK: Values

    /// `path` relative to the project's folder when it is inside it, as a
    /// project beside its media names them (and can be committed with them).
    private func relative(_ path: String) -> String {
        guard let projectFolder else { return path }
        let prefix = projectFolder.hasSuffix("/") ? projectFolder : projectFolder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The files Cutlist's metadata names (captions, shaders, looks, fonts) by
    /// their absolute paths, relative to the project's folder where they are inside it.
    private func relativePaths(_ node: Node, key: String) -> Node {
        switch node {
        case .scalar(let scalar) where Self.pathKeys.contains(key) && scalar.string.hasPrefix("/"):
            return CutlistYAML.string(relative(scalar.string))
        case .mapping(let mapping):
            return .mapping(
                .init(
                    mapping.map { entry in (entry.key, relativePaths(entry.value, key: entry.key.string ?? "")) }, mapping.tag,
                    mapping.style))
        case .sequence(let sequence):
            return .sequence(.init(sequence.map { relativePaths($0, key: key) }, sequence.tag, sequence.style))
        default:
            return node
        }
    }

    private static let pathKeys: Set<String> = ["captions", "file", "shader", "lut", "font"]

    /// A track's name, numbered when another track has it already (editors name
    /// every track alike: Avid's `TimelineMobSlot`), as a project's names are unique.
    private mutating func trackName(_ name: String) -> String {
        var unique = name
        var counter = 2
        while !trackNames.insert(unique).inserted {
            unique = "\(name) \(counter)"
            counter += 1
        }
        return unique
    }

    /// An asset for `path`, named after the clip (unique, a word).
    private mutating func asset(named name: String, path: String) -> String {
        if let found = assets.first(where: { $0.path == path }) { return found.name }
        var base = String(name.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII ? Character($0) : "_" })
        if base.isEmpty || base.first?.isNumber == true { base = "clip_" + base }
        var unique = base
        var counter = 2
        while assets.contains(where: { $0.name == unique }) {
            unique = "\(base)_\(counter)"
            counter += 1
        }
        assets.append((unique, path))
        return unique
    }

    /// A `target_url` as a path: `file://` URLs and relative references, percent-decoded.
    private func resolve(_ url: String) -> String {
        var path = url
        if path.hasPrefix("file://") {
            path = String(path.dropFirst(7))
            if path.hasPrefix("localhost/") { path = String(path.dropFirst(9)) }
        }
        path = path.removingPercentEncoding ?? path
        return path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
    }

    /// Whole frames at `rate` (`48f`), else exact seconds (`2.5s`, `71393/30000s`).
    private func time(_ seconds: Rational, rate: FrameRate) -> Node { CutlistYAML.word(timeText(seconds, rate: rate)) }

    private func timeText(_ seconds: Rational, rate: FrameRate) -> String {
        if let frames = seconds.checkedMultiply(rate.rate), frames.denominator == 1 { return "\(frames.numerator)f" }
        return TimeValue.format(seconds)
    }

    // MARK: Reading the file

    /// The file's timeline, or what the file holds instead in words.
    static func timeline(from data: Data) throws(Failure) -> OTIOTimeline {
        // OpenTimelineIO writes non-finite numbers (metadata's) as bare words JSON has not.
        let json = Data(
            String(decoding: data, as: UTF8.self).replacingOccurrences(
                of: #"(:\s*)-?(Infinity|Inf|NaN)\b"#, with: "$1null", options: .regularExpression
            ).utf8)
        let decoder = JSONDecoder()
        guard let header = try? decoder.decode(Header.self, from: json) else {
            throw Failure(description: "the file is not OpenTimelineIO JSON")
        }
        guard header.schema == "Timeline", header.tracks == "Stack" else {
            let description =
                switch header.schema {
                case "": "the file holds no OpenTimelineIO timeline"
                case "Timeline": "the timeline has no tracks: its 'tracks' is not a Stack"
                default: "the file holds an OpenTimelineIO \(header.schema), not a Timeline"
                }
            throw Failure(description: description)
        }
        do {
            return try decoder.decode(OTIOTimeline.self, from: json)
        } catch let error as DecodingError {
            throw Failure(description: describe(error))
        } catch {
            throw Failure(description: "the file is not OpenTimelineIO JSON")
        }
    }

    /// The schemas at a file's top: its own, and its `tracks`' (empty when none).
    private struct Header: Decodable {
        var schema: String
        var tracks: String

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: OTIOTimeline.AnyKey.self)
            schema = (try? OTIOTimeline.schemaName(of: container)) ?? ""
            let stack = try? container.nestedContainer(keyedBy: OTIOTimeline.AnyKey.self, forKey: "tracks")
            tracks = stack.flatMap { try? OTIOTimeline.schemaName(of: $0) } ?? ""
        }
    }

    /// A field of the wrong type, or missing, named by its place in the file.
    static func describe(_ error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            path.reduce("") { place, key in
                key.intValue.map { "\(place)[\($0)]" } ?? (place.isEmpty ? key.stringValue : "\(place).\(key.stringValue)")
            }
        }
        func kind(_ type: Any.Type) -> String {
            switch type {
            case is Double.Type: "a number"
            case is String.Type: "a string"
            case is [Any].Type: "a list"
            default: "an object"
            }
        }
        switch error {
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "the timeline's '\(place(context.codingPath))' is not \(kind(type))"
        case .keyNotFound(let key, let context):
            return "the timeline's '\(place(context.codingPath + [key]))' is missing"
        case .dataCorrupted:
            // JSON that the parser refuses, such as a number past a double's range (1e400).
            return "the file is not OpenTimelineIO JSON"
        @unknown default:
            return "the file is not OpenTimelineIO JSON"
        }
    }

    /// The highest time scalar read; Cutlist plays speeds up to 100.
    static let maximumTimeScalar = 1000.0

    /// A `LinearTimeWarp`'s (or `FreezeFrame`'s, 0) time scalar as the simplest
    /// fraction it stands for, to 1/10000.
    static func timeScalar(_ scalar: Double?) throws(Failure) -> Rational? {
        guard let scalar else { return nil }
        guard scalar.isFinite, abs(scalar) <= maximumTimeScalar,
            let exact = Rational.simplest(near: scalar, maxDenominator: 10_000)
        else {
            throw Failure(description: "a time_scalar of \(scalar) is out of range; Cutlist plays speeds up to 100")
        }
        return exact
    }

    /// A `RationalTime` in exact seconds. The file holds two doubles: the rate is
    /// read as the fraction editors mean (`snapped`), the value as the simplest
    /// fraction the double stands for (a whole count of frames, 12.5, or the
    /// 36000/1001 frames OpenTimelineIO writes as 35.964…), to a millionth of
    /// a frame. `nil` without a positive rate; a time beyond Cutlist's ten years
    /// is an error.
    static func seconds(_ time: OTIOTimeline.Time?) throws(Failure) -> Rational? {
        guard let time, time.rate > 0 else { return nil }
        let fps = try snapped(time.rate)
        let limit = Double(ValueSyntax.maximumTimeSeconds)
        guard time.value.isFinite, abs(time.value) <= limit * fps.rate.approximateDouble,
            let frames = Rational.simplest(near: time.value, maxDenominator: 1_000_000)
        else {
            throw Failure(
                description:
                    "a time of \(formatNumber(time.value)) frames at \(formatNumber(time.rate)) fps is out of range (ten years at most)"
            )
        }
        return try checked(frames.checkedDivide(fps.rate))
    }

    static func range(_ range: OTIOTimeline.Range?) throws(Failure) -> (start: Rational, duration: Rational)? {
        guard let range, let start = try seconds(range.start), let duration = try seconds(range.duration) else { return nil }
        return (start, duration)
    }

    /// The rate of the first timed thing in the tracks.
    private static func rate(of tracks: [Track]) throws(Failure) -> FrameRate? {
        for track in tracks {
            for child in track.children {
                let duration: OTIOTimeline.Time? =
                    switch child {
                    case .clip(let clip): clip.sourceRange?.duration
                    case .gap(let duration): duration
                    case .stack(let stack): stack.sourceRange?.duration
                    case .track(let track): track.sourceRange?.duration
                    case .transition, .other: nil
                    }
                if let duration, duration.rate > 0 { return try snapped(duration.rate) }
                if case .stack(let stack) = child, let rate = try self.rate(of: stack.tracks(kind: .video)) { return rate }
            }
        }
        return nil
    }

    /// The highest rate read: an audio sample rate's multiple, well past any picture's.
    static let maximumRate = 1_000_000.0

    /// A rate as an exact fraction: 23.976… is 24000/1001, as editors mean it;
    /// another is the simplest fraction it stands for, to 1/1001.
    static func snapped(_ rate: Double) throws(Failure) -> FrameRate {
        for base in [24.0, 30, 48, 60, 120] where abs(rate - base * 1000 / 1001) < 0.001 {
            if let exact = Rational(Int64(base * 1000), 1001), let fps = FrameRate(exact) { return fps }
        }
        guard rate.isFinite, rate <= maximumRate, let exact = Rational.simplest(near: rate, maxDenominator: 1001),
            let fps = FrameRate(exact)
        else {
            throw Failure(description: "a rate of \(rate) is out of range (\(formatNumber(maximumRate)) at most)")
        }
        return fps
    }

    // MARK: Checked arithmetic

    /// An exact result, or the error that the timeline's numbers are beyond exact arithmetic.
    private static func checked(_ value: Rational?) throws(Failure) -> Rational {
        guard let value else {
            throw Failure(description: "the timeline's times are too large or too fine to add up exactly")
        }
        return value
    }

    private func sum(_ a: Rational, _ b: Rational) throws(Failure) -> Rational { try Self.checked(a.checkedAdd(b)) }
    private func difference(_ a: Rational, _ b: Rational) throws(Failure) -> Rational {
        try Self.checked(a.checkedSubtract(b))
    }
    private func product(_ a: Rational, _ b: Rational) throws(Failure) -> Rational {
        try Self.checked(a.checkedMultiply(b))
    }
    private func quotient(_ a: Rational, _ b: Rational) throws(Failure) -> Rational {
        try Self.checked(a.checkedDivide(b))
    }
}
