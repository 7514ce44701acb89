import EDLParser
import Foundation
import Yams

/// An OpenTimelineIO timeline (`.otio` JSON) as a Cutlist project (`render
/// import`), read without OpenTimelineIO itself and written through Yams.
///
/// One Cutlist track per OTIO track, in order; clips become `source:` items
/// naming assets (named after the clips), gaps `gap:`, transitions crossfades,
/// nested stacks `group:` items, a `LinearTimeWarp` a `speed`, a `FreezeFrame`
/// a `freeze`. What `render export` keeps in `metadata.cutlist` (an item's,
/// track's or transition's own keys, the output's size) is read back, so a
/// timeline Cutlist wrote imports to the same frames. Times are exact: whole
/// frames at the timeline's rate (`48f`), else seconds. An OTIO transition
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
    let offline: Offline
    let exists: (String) -> Bool
    /// Whether a file is a still picture (its items take a `duration`, not `from`/`to`).
    let isStill: (String) -> Bool
    private var rate = FrameRate.thirty
    private var assets: [(name: String, path: String)] = []
    private var missing: [String] = []
    private var ids = Set<String>()

    /// The project's rate when given; else the timeline's.
    let chosenRate: FrameRate?

    /// The most nodes one clip's Cutlist keys may hold (no alias can expand past it).
    static let metadataNodeLimit = 10_000

    public init(
        directory: String, offline: Offline, rate: FrameRate? = nil, exists: @escaping (String) -> Bool,
        isStill: @escaping (String) -> Bool = { _ in false }
    ) {
        self.directory = directory
        self.offline = offline
        self.exists = exists
        self.isStill = isStill
        chosenRate = rate
    }

    /// The project's YAML text.
    public mutating func project(from data: Data) throws(Failure) -> String {
        // OpenTimelineIO writes non-finite numbers (metadata's) as bare words JSON has not.
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(
            of: #"(:\s*)-?(Infinity|Inf|NaN)\b"#, with: "$1null", options: .regularExpression)
        guard let root = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
            throw Failure(description: "the file is not OpenTimelineIO JSON")
        }
        guard Self.schema(root) == "Timeline", let stack = root["tracks"] as? [String: Any] else {
            let found = Self.schema(root)
            let description =
                switch found {
                case "": "the file holds no OpenTimelineIO timeline"
                case "Timeline": "the timeline has no tracks: its 'tracks' is not a Stack"
                default: "the file holds an OpenTimelineIO \(found), not a Timeline"
                }
            throw Failure(description: description)
        }
        let cutlist = Self.cutlist(root)
        let tracks = (stack["children"] as? [[String: Any]]) ?? []
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
                ("assets", .mapping(.init(assets.map { (CutlistYAML.string($0.name), CutlistYAML.string($0.path)) }))))
        }
        project.append(("tracks", CutlistYAML.sequence(trackNodes, flow: false)))
        guard let body = try? Yams.serialize(node: CutlistYAML.mapping(project, flow: false), width: -1, allowUnicode: true)
        else { throw Failure(description: "the project cannot be written as YAML") }
        // The name as one quoted line: nothing in it can end the comment.
        let name = (root["name"] as? String).flatMap { CutlistYAML.text(CutlistYAML.string($0)) }.map { " \($0)" } ?? ""
        return "# Imported from OpenTimelineIO\(name).\n" + body
    }

    // MARK: Tracks and items

    private mutating func track(_ track: [String: Any], rate: FrameRate) throws(Failure) -> Node {
        let kind = (track["kind"] as? String) == "Audio" ? "audio" : "video"
        var entries: CutlistYAML.Entries = [("kind", CutlistYAML.word(kind))]
        if let name = track["name"] as? String, !name.isEmpty { entries.append(("name", CutlistYAML.string(name))) }
        entries += try Self.keys(Self.cutlist(track)["track"], excluding: ["name", "kind", "items"])
        let children = (track["children"] as? [[String: Any]]) ?? []
        if var range = try Self.range(track["source_range"]) {
            // A trimmed track: its items as a group, played from the trim's start; a trim
            // starting before the items (a negative start) or reaching past them is empty there.
            // A trim wholly before the items is record timecode (OpenTimelineIO's CMX 3600
            // adapter writes -01:00:00:00): read as an offset, the items show from the start.
            if try sum(range.start, range.duration) <= .zero { range.start = .zero }
            let inner = try self.track(track.filter { $0.key != "source_range" }, rate: rate)
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
            children.indices.contains(index) && ["Clip", "Stack"].contains(Self.schema(children[index]))
        }
        for (index, child) in children.enumerated() where Self.schema(child) == "Transition" {
            let inOffset = try Self.seconds(child["in_offset"]) ?? .zero
            let outOffset = try Self.seconds(child["out_offset"]) ?? .zero
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

    /// A track's length: its clips', gaps' and stacks' durations (transitions take none).
    static func length(of children: [[String: Any]]) throws(Failure) -> Rational {
        var total = Rational.zero
        for child in children where schema(child) != "Transition" {
            var duration = try range(child["source_range"])?.duration
            if duration == nil, schema(child) == "Clip", let reference = mediaReference(child) {
                duration = try range(reference["available_range"])?.duration
            }
            if duration == nil, schema(child) == "Stack" {
                for track in (child["children"] as? [[String: Any]]) ?? [] {
                    duration = max(duration ?? .zero, try length(of: (track["children"] as? [[String: Any]]) ?? []))
                }
            }
            total = try checked(total.checkedAdd(duration ?? .zero))
        }
        return total
    }

    private mutating func item(
        _ item: [String: Any], kind: String, extend: (before: Rational, after: Rational), extra: CutlistYAML.Entries,
        rate: FrameRate
    ) throws(Failure) -> [Node] {
        let name = (item["name"] as? String) ?? ""
        switch Self.schema(item) {
        case "Gap":
            guard let range = try Self.range(item["source_range"]), range.duration > .zero else { return [] }
            return [gap(range.duration, rate: rate)]
        case "Transition":
            let length = try sum(try Self.seconds(item["in_offset"]) ?? .zero, try Self.seconds(item["out_offset"]) ?? .zero)
            guard length > .zero else { return [] }
            // Cutlist's own kind and options when it wrote them, else a crossfade.
            let own = try Self.keys(Self.cutlist(item)["transition"], excluding: ["duration"])
            let keys = own.first?.0 == "transition" ? own : [("transition", CutlistYAML.word("crossfade"))]
            return [CutlistYAML.mapping(keys + [("duration", time(length, rate: rate))])]
        case "Stack", "Track":
            return try stack(item, kind: kind, extend: extend, extra: extra, rate: rate)
        case "Clip":
            return try clip(item, name: name, kind: kind, extend: extend, extra: extra, rate: rate)
        default:
            throw Failure(description: "'\(Self.schema(item))' items are not supported ('\(name)')")
        }
    }

    /// A nested track or stack: a group of its tracks, with Cutlist's keys for it when it has them.
    private mutating func stack(
        _ item: [String: Any], kind: String, extend: (before: Rational, after: Rational), extra: CutlistYAML.Entries,
        rate: FrameRate
    ) throws(Failure) -> [Node] {
        // A nested track is a group of one track; a stack's children that are not
        // tracks are each a track of their own.
        let children = Self.schema(item) == "Track" ? [item] : (item["children"] as? [[String: Any]]) ?? []
        let tracks = children.map { child -> [String: Any] in
            Self.schema(child) == "Track"
                ? child.filter { Self.schema(item) == "Stack" || $0.key != "source_range" }
                : ["OTIO_SCHEMA": "Track.1", "kind": kind == "audio" ? "Audio" : "Video", "children": [child]]
        }
        var content = Rational.zero
        for track in tracks { content = max(content, try Self.length(of: (track["children"] as? [[String: Any]]) ?? [])) }
        let range = try Self.range(item["source_range"])
        guard content > .zero else {
            let length = try sum(try sum(range?.duration ?? .zero, extend.before), extend.after)
            return length > .zero ? [gap(length, rate: rate)] : []
        }
        var own = ownKeys(try Self.keys(Self.cutlist(item)["item"], excluding: Self.placementKeys))
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
        _ clip: [String: Any], name: String, kind: String, extend: (before: Rational, after: Rational),
        extra: CutlistYAML.Entries, rate: FrameRate
    ) throws(Failure) -> [Node] {
        let reference = Self.mediaReference(clip)
        let available = try Self.range(reference?["available_range"])
        guard let range = try Self.range(clip["source_range"]) ?? available else { return [] }
        let length = try sum(try sum(range.duration, extend.before), extend.after)
        guard length > .zero else { return [] }
        var own = ownKeys(try Self.keys(Self.cutlist(clip)["item"], excluding: Self.placementKeys))
        let path = (reference.flatMap { Self.schema($0) == "ExternalReference" ? $0["target_url"] as? String : nil })
            .map(resolve)
        let generated = own.contains { Self.generatedKinds.contains($0.0) }
        if path == nil, generated, Self.schema(reference ?? [:]) != "ExternalReference" {
            // A picture or sound Cutlist made (a text, a colour): its own keys make it again.
            own.removeAll { ["loop", "from", "to", "freeze", "speed"].contains($0.0) }
            return [CutlistYAML.mapping(own + [("duration", time(length, rate: rate))] + extra)]
        }
        own.removeAll { Self.generatedKinds.contains($0.0) || $0.0 == "group" || $0.0 == "source" }
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
        var keys: CutlistYAML.Entries = [("source", CutlistYAML.string(asset(named: name, path: path)))]
        let scalar = try Self.timeScalar(clip).map(Self.rational)
        let speed = Self.speed(own) ?? scalar
        own.removeAll { $0.0 == "speed" }
        if own.contains(where: { $0.0 == "loop" }) {
            // A loop keeps its own range; it plays for the clip's length.
            keys += own + [("duration", time(length, rate: rate))]
            if let speed, speed != .one { keys.append(("speed", CutlistYAML.word(speed.description))) }
        } else if speed == .zero || own.contains(where: { $0.0 == "freeze" }) {
            own.removeAll { ["from", "to", "freeze"].contains($0.0) }
            keys +=
                [
                    ("freeze", CutlistYAML.mapping([("at", time(range.start, rate: rate))])),
                    ("duration", time(length, rate: rate)),
                ] + own
        } else if isStill(path) {
            own.removeAll { ["from", "to"].contains($0.0) }
            keys += [("duration", time(length, rate: rate))] + own
        } else {
            let speed = speed ?? .one
            let from = try difference(range.start, try product(extend.before, speed))
            let to = try sum(from, try product(length, speed))
            own.removeAll { ["from", "to"].contains($0.0) }
            keys += [("from", time(from, rate: rate)), ("to", time(to, rate: rate))]
            if speed != .one { keys.append(("speed", CutlistYAML.word(speed.description))) }
            keys += own
        }
        return [CutlistYAML.mapping(keys + extra)]
    }

    private func gap(_ length: Rational, rate: FrameRate) -> Node {
        CutlistYAML.mapping([("gap", time(length, rate: rate))])
    }

    /// Keys that say where an item plays or what it is: the timeline's, not the metadata's.
    static let placementKeys: Set<String> = ["at", "duration", "until", "source", "composition", "vars"]
    static let generatedKinds: Set<String> = ["color", "text", "tone", "pattern", "gradient"]

    // MARK: Cutlist's metadata

    /// An item's keys but an `id` already taken: a clip copied in another editor copies its metadata too.
    private mutating func ownKeys(_ keys: CutlistYAML.Entries) -> CutlistYAML.Entries {
        keys.filter { key, value in
            guard key == "id", let id = value.string else { return true }
            return ids.insert(id).inserted
        }
    }

    /// `metadata.cutlist` of an OTIO object: the strings Cutlist wrote there.
    static func cutlist(_ object: [String: Any]) -> [String: String] {
        let metadata = (object["metadata"] as? [String: Any])?["cutlist"] as? [String: Any] ?? [:]
        return metadata.compactMapValues { $0 as? String }
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

    static func schema(_ object: [String: Any]) -> String {
        let schema = (object["OTIO_SCHEMA"] as? String) ?? ""
        let name = String(schema.split(separator: ".").first ?? "")
        return name == "Sequence" ? "Track" : name
    }

    static func mediaReference(_ clip: [String: Any]) -> [String: Any]? {
        if let references = clip["media_references"] as? [String: Any] {
            let key = (clip["active_media_reference_key"] as? String) ?? "DEFAULT_MEDIA"
            return references[key] as? [String: Any]
        }
        return clip["media_reference"] as? [String: Any]
    }

    /// A `LinearTimeWarp`'s (or `FreezeFrame`'s, 0) time scalar.
    static func timeScalar(_ clip: [String: Any]) throws(Failure) -> Double? {
        for effect in (clip["effects"] as? [[String: Any]]) ?? [] {
            switch schema(effect) {
            case "FreezeFrame": return 0
            case "LinearTimeWarp":
                guard let scalar = (effect["time_scalar"] as? NSNumber)?.doubleValue else { return nil }
                guard scalar.isFinite, abs(scalar) <= 1000 else {
                    throw Failure(description: "a time_scalar of \(scalar) is out of range; Cutlist plays speeds up to 100")
                }
                return scalar
            default: continue
            }
        }
        return nil
    }

    /// A bounded time scalar to 1/10000.
    private static func rational(_ scalar: Double) -> Rational {
        Rational(Int64((scalar * 10_000).rounded()), 10_000) ?? .one
    }

    /// A `RationalTime` in exact seconds: its value read as the decimal the file holds,
    /// to a millionth of a frame; a time beyond Cutlist's ten years is an error.
    static func seconds(_ value: Any?) throws(Failure) -> Rational? {
        guard let time = value as? [String: Any], let number = time["value"] as? NSNumber,
            let rate = (time["rate"] as? NSNumber)?.doubleValue, rate > 0
        else { return nil }
        let fps = try snapped(rate)
        let written = number.doubleValue
        let limit = Double(ValueSyntax.maximumTimeSeconds)
        guard written.isFinite, abs(written) <= limit * fps.rate.approximateDouble,
            var frames = try? ValueSyntax.decimal("\(written)")
        else {
            throw Failure(
                description: "a time of \(number) frames at \(formatNumber(rate)) fps is out of range (ten years at most)")
        }
        if frames.denominator > 1_000_000 {
            frames = Rational(Int64((written * 1_000_000).rounded()), 1_000_000) ?? frames
        }
        return try checked(frames.checkedDivide(fps.rate))
    }

    static func range(_ value: Any?) throws(Failure) -> (start: Rational, duration: Rational)? {
        guard let range = value as? [String: Any], let start = try seconds(range["start_time"]),
            let duration = try seconds(range["duration"])
        else { return nil }
        return (start, duration)
    }

    /// The rate of the first timed thing in the tracks.
    static func rate(of tracks: [[String: Any]]) throws(Failure) -> FrameRate? {
        for track in tracks {
            for child in (track["children"] as? [[String: Any]]) ?? [] {
                if let range = child["source_range"] as? [String: Any], let duration = range["duration"] as? [String: Any],
                    let rate = (duration["rate"] as? NSNumber)?.doubleValue, rate > 0
                {
                    return try snapped(rate)
                }
                if schema(child) == "Stack", let rate = try self.rate(of: (child["children"] as? [[String: Any]]) ?? []) {
                    return rate
                }
            }
        }
        return nil
    }

    /// The highest rate read: an audio sample rate's multiple, well past any picture's.
    static let maximumRate = 1_000_000.0

    /// A rate as an exact fraction: 23.976… is 24000/1001, as editors mean it.
    static func snapped(_ rate: Double) throws(Failure) -> FrameRate {
        guard rate.isFinite, rate <= maximumRate else {
            throw Failure(description: "a rate of \(rate) is out of range (\(formatNumber(maximumRate)) at most)")
        }
        for base in [24.0, 30, 48, 60, 120] where abs(rate - base * 1000 / 1001) < 0.001 {
            if let exact = Rational(Int64(base * 1000), 1001), let fps = FrameRate(exact) { return fps }
        }
        let scaled = Rational(Int64((rate * 1000).rounded()), 1000) ?? Rational(30)
        return FrameRate(scaled) ?? .thirty
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
