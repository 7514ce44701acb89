import EDLParser
import Foundation

/// An OpenTimelineIO timeline (`.otio` JSON) as a Cutlist project (`render
/// import`), read without OpenTimelineIO itself.
///
/// One Cutlist track per OTIO track, in order; clips become `source:` items
/// naming assets (named after the clips), gaps `gap:`, transitions crossfades,
/// nested stacks `group:` items, a `LinearTimeWarp` a `speed`, a `FreezeFrame`
/// a `freeze`. Times are written as frames at the timeline's rate. An OTIO
/// transition overlaps its neighbours without shortening the track, so each
/// neighbour is lengthened into it (from its media's handles) and the track
/// keeps its length. Media that is missing, or that only a generator makes,
/// becomes a slate (its name on a dark card) with `offline: .slate`, else an error.
public struct OTIOImporter {
    public enum Offline: Sendable { case error, slate }

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// The `.otio` file's folder: relative media paths resolve against it.
    let directory: String
    let offline: Offline
    let exists: (String) -> Bool
    private var rate = FrameRate.thirty
    private var assets: [(name: String, path: String)] = []
    private var missing: [String] = []

    /// The project's rate when given; else the timeline's.
    let chosenRate: FrameRate?

    public init(directory: String, offline: Offline, rate: FrameRate? = nil, exists: @escaping (String) -> Bool) {
        self.directory = directory
        self.offline = offline
        self.exists = exists
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
            throw Failure(
                description: found.isEmpty
                    ? "the file holds no OpenTimelineIO timeline" : "the file holds a '\(found)', not a Timeline")
        }
        let tracks = (stack["children"] as? [[String: Any]]) ?? []
        rate = chosenRate ?? Self.rate(of: tracks) ?? .thirty
        var lines: [String] = []
        for track in tracks { lines += try self.track(track, indent: "  ") }
        if !missing.isEmpty, offline == .error {
            throw Failure(
                description: "media not found: \(missing.joined(separator: ", ")); give --offline slate to show slates instead")
        }
        let name = (root["name"] as? String).map { " (\($0))" } ?? ""
        var head = ["# Imported from OpenTimelineIO\(name).", "cutlist: 1", "output:", "  fps: \(Self.rateText(rate))"]
        if !assets.isEmpty {
            head.append("assets:")
            head += assets.map { "  \(quoted($0.name)): \(quoted($0.path))" }
        }
        if lines.isEmpty { lines = ["  - items: []"] }
        return (head + ["tracks:"] + lines).joined(separator: "\n") + "\n"
    }

    // MARK: Tracks and items

    private mutating func track(_ track: [String: Any], indent: String) throws(Failure) -> [String] {
        let kind = (track["kind"] as? String) == "Audio" ? "audio" : "video"
        var lines = ["\(indent)- " + (kind == "audio" ? "kind: audio" : "kind: video")]
        if let name = track["name"] as? String, !name.isEmpty { lines.append("\(indent)  name: \(quoted(name))") }
        let children = (track["children"] as? [[String: Any]]) ?? []
        if var range = Self.range(track["source_range"]) {
            // A trimmed track: its items as a group, played from the trim's start; a trim
            // starting before the items (a negative start) or reaching past them is empty there.
            // A trim wholly before the items is record timecode (OpenTimelineIO's CMX 3600
            // adapter writes -01:00:00:00): read as an offset, the items show from the start.
            if range.start + range.duration <= .zero { range.start = .zero }
            let inner = try self.track(track.filter { $0.key != "source_range" }, indent: indent + "      ")
            let from = max(range.start, .zero)
            let lead = min(from - range.start, range.duration)
            let played = max(min(range.duration - lead, Self.length(of: children) - from), .zero)
            lines.append("\(indent)  items:")
            if lead > .zero { lines.append("\(indent)    - { gap: \(time(lead)) }") }
            if played > .zero {
                lines.append("\(indent)    - from: \(time(from))")
                lines.append("\(indent)      duration: \(time(played))")
                lines.append("\(indent)      group:")
                lines.append("\(indent)        tracks:")
                lines += inner.map { "  " + $0 }
            }
            let rest = range.duration - lead - played
            if rest > .zero { lines.append("\(indent)    - { gap: \(time(rest)) }") }
            return lines
        }
        lines.append("\(indent)  items:" + (children.isEmpty ? " []" : ""))
        // A transition between two clips lengthens both into it; one with nothing on a side
        // (a gap, the track's edge) fades the clip on the other side in or out instead.
        var extend: [Int: (before: Rational, after: Rational)] = [:]
        var fades: [Int: (in: Rational, out: Rational)] = [:]
        var dropped = Set<Int>()
        func isPlayed(_ index: Int) -> Bool {
            children.indices.contains(index) && ["Clip", "Stack"].contains(Self.schema(children[index]))
        }
        for (index, child) in children.enumerated() where Self.schema(child) == "Transition" {
            let inOffset = Self.seconds(child["in_offset"]) ?? .zero
            let outOffset = Self.seconds(child["out_offset"]) ?? .zero
            switch (isPlayed(index - 1), isPlayed(index + 1)) {
            case (true, true):
                extend[index - 1, default: (.zero, .zero)].after = outOffset
                extend[index + 1, default: (.zero, .zero)].before = inOffset
            case (true, false) where index == children.count - 1:
                // At the track's end it lengthens the track (as OpenTimelineIO counts it).
                extend[index - 1, default: (.zero, .zero)].after = outOffset
                fades[index - 1, default: (.zero, .zero)].out = inOffset + outOffset
                dropped.insert(index)
            case (true, false):
                fades[index - 1, default: (.zero, .zero)].out = inOffset
                dropped.insert(index)
            case (false, true) where index == 0:
                extend[index + 1, default: (.zero, .zero)].before = inOffset
                fades[index + 1, default: (.zero, .zero)].in = inOffset + outOffset
                dropped.insert(index)
            case (false, true):
                fades[index + 1, default: (.zero, .zero)].in = outOffset
                dropped.insert(index)
            case (false, false): dropped.insert(index)
            }
        }
        for (index, child) in children.enumerated() where !dropped.contains(index) {
            let more = extend[index] ?? (.zero, .zero)
            let fade = fades[index].map { fadeKeys($0, kind: kind) } ?? []
            lines += try item(child, kind: kind, extend: more, extra: fade, indent: indent + "    ")
        }
        return lines
    }

    /// The keys that fade an item in and out over the given times.
    private func fadeKeys(_ fade: (in: Rational, out: Rational), kind: String) -> [String] {
        if kind == "audio" {
            return (fade.in > .zero ? ["fade_in: \(time(fade.in))"] : [])
                + (fade.out > .zero ? ["fade_out: \(time(fade.out))"] : [])
        }
        var keys: [String] = []
        if fade.in > .zero { keys += ["{ at: 0, value: 0 }", "{ at: \(time(fade.in)), value: 1 }"] }
        if fade.out > .zero { keys += ["{ at: \"end-\(time(fade.out))\", value: 1 }", "{ at: end, value: 0 }"] }
        return keys.isEmpty ? [] : ["opacity: [" + keys.joined(separator: ", ") + "]"]
    }

    /// A track's length: its clips', gaps' and stacks' durations (transitions take none).
    static func length(of children: [[String: Any]]) -> Rational {
        children.reduce(.zero) { sum, child in
            guard schema(child) != "Transition" else { return sum }
            let duration =
                range(child["source_range"])?.duration
                ?? (schema(child) == "Clip" ? mediaReference(child).flatMap { range($0["available_range"]) }?.duration : nil)
                ?? (schema(child) == "Stack"
                    ? ((child["children"] as? [[String: Any]]) ?? []).map {
                        length(of: ($0["children"] as? [[String: Any]]) ?? [])
                    }
                    .max() : nil)
            return sum + (duration ?? .zero)
        }
    }

    private mutating func item(
        _ item: [String: Any], kind: String, extend: (before: Rational, after: Rational), extra: [String], indent: String
    ) throws(Failure) -> [String] {
        let name = (item["name"] as? String) ?? ""
        switch Self.schema(item) {
        case "Gap":
            guard let range = Self.range(item["source_range"]), range.duration > .zero else { return [] }
            return ["\(indent)- { gap: \(time(range.duration)) }"]
        case "Transition":
            let length = (Self.seconds(item["in_offset"]) ?? .zero) + (Self.seconds(item["out_offset"]) ?? .zero)
            guard length > .zero else { return [] }
            return ["\(indent)- { transition: crossfade, duration: \(time(length)) }"]
        case "Stack", "Track":
            // A nested track is a group of one track; a stack's children that are not
            // tracks are each a track of their own.
            let children = Self.schema(item) == "Track" ? [item] : (item["children"] as? [[String: Any]]) ?? []
            let tracks = children.map { child -> [String: Any] in
                Self.schema(child) == "Track"
                    ? child.filter { Self.schema(item) == "Stack" || $0.key != "source_range" }
                    : ["OTIO_SCHEMA": "Track.1", "kind": kind == "audio" ? "Audio" : "Video", "children": [child]]
            }
            let content = tracks.map { Self.length(of: ($0["children"] as? [[String: Any]]) ?? []) }.max() ?? .zero
            let range = Self.range(item["source_range"])
            guard content > .zero else {
                let length = (range?.duration ?? .zero) + extend.before + extend.after
                return length > .zero ? ["\(indent)- { gap: \(time(length)) }"] : []
            }
            var lines = ["\(indent)- group:", "\(indent)    tracks:"]
            for track in tracks { lines += try self.track(track, indent: indent + "      ") }
            var rest = Rational.zero
            if let range {
                // A range past the stack's content shows nothing there: a gap after the group.
                let from = range.start - extend.before
                let wanted = range.duration + extend.before + extend.after
                let played = min(wanted, content - from)
                rest = wanted - played
                lines.append("\(indent)  from: \(time(from))")
                lines.append("\(indent)  duration: \(time(played))")
            }
            lines += extra.map { "\(indent)  " + $0 }
            return rest > .zero ? lines + ["\(indent)- { gap: \(time(rest)) }"] : lines
        case "Clip":
            return clip(item, name: name, kind: kind, extend: extend, extra: extra, indent: indent)
        default:
            throw Failure(description: "'\(Self.schema(item))' items are not supported ('\(name)')")
        }
    }

    private mutating func clip(
        _ clip: [String: Any], name: String, kind: String, extend: (before: Rational, after: Rational), extra: [String],
        indent: String
    ) -> [String] {
        let reference = Self.mediaReference(clip)
        guard let range = Self.range(clip["source_range"]) ?? Self.range(reference?["available_range"]) else { return [] }
        let length = range.duration + extend.before + extend.after
        guard length > .zero else { return [] }
        let path = (reference.flatMap { Self.schema($0) == "ExternalReference" ? $0["target_url"] as? String : nil })
            .map(resolve)
        guard let path, exists(path) else {
            missing.append(name.isEmpty ? "an unnamed clip" : "'\(name)'")
            guard kind == "video" else { return ["\(indent)- { gap: \(time(length)) }"] }
            let label = quoted("offline: " + (name.isEmpty ? "clip" : name))
            return [
                "\(indent)- group:", "\(indent)    duration: \(time(length))", "\(indent)    tracks:",
                "\(indent)      - items: [ { color: \"#2d3436\", until: end } ]",
                "\(indent)      - items: [ { text: \(label), font_size: 36, until: end } ]",
            ] + extra.map { "\(indent)  " + $0 }
        }
        var keys = ["source: \(quoted(asset(named: name, path: path)))"]
        let warp = Self.timeScalar(clip)
        if let warp, warp == 0 {
            keys += ["freeze: { at: \(time(range.start)) }", "duration: \(time(length))"]
        } else {
            let speed = Rational(Int64(((warp ?? 1) * 10_000).rounded()), 10_000) ?? .one
            let from = range.start - extend.before * speed
            keys += ["from: \(time(from))", "to: \(time(from + length * speed))"]
            if speed != .one { keys.append("speed: \(Double(speed.approximateDouble))") }
        }
        return ["\(indent)- { " + (keys + extra).joined(separator: ", ") + " }"]
    }

    // MARK: Values

    /// An asset for `path`, named after the clip (unique, a word).
    private mutating func asset(named name: String, path: String) -> String {
        if let found = assets.first(where: { $0.path == path }) { return found.name }
        var base = String(name.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : "_" })
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

    private func resolve(_ url: String) -> String {
        var path = url.hasPrefix("file://") ? String(url.dropFirst(7)) : url
        path = path.removingPercentEncoding ?? path
        return path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
    }

    /// Frames at the timeline's rate when whole (`48f`), else seconds to the microsecond.
    private func time(_ seconds: Rational) -> String {
        let frames = seconds * rate.rate
        if frames.denominator == 1 { return "\(frames.numerator)f" }
        return String(format: "%.6fs", seconds.approximateDouble)
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
    static func timeScalar(_ clip: [String: Any]) -> Double? {
        for effect in (clip["effects"] as? [[String: Any]]) ?? [] {
            switch schema(effect) {
            case "FreezeFrame": return 0
            case "LinearTimeWarp": return (effect["time_scalar"] as? NSNumber)?.doubleValue
            default: continue
            }
        }
        return nil
    }

    /// A `RationalTime` in exact seconds (values to the millionth of a frame).
    static func seconds(_ value: Any?) -> Rational? {
        guard let time = value as? [String: Any], let value = (time["value"] as? NSNumber)?.doubleValue,
            let rate = (time["rate"] as? NSNumber)?.doubleValue, rate > 0,
            let frames = Rational(Int64((value * 1_000_000).rounded()), 1_000_000)
        else { return nil }
        return frames / snapped(rate).rate
    }

    static func range(_ value: Any?) -> (start: Rational, duration: Rational)? {
        guard let range = value as? [String: Any], let start = seconds(range["start_time"]),
            let duration = seconds(range["duration"])
        else { return nil }
        return (start, duration)
    }

    /// The rate of the first timed thing in the tracks.
    static func rate(of tracks: [[String: Any]]) -> FrameRate? {
        for track in tracks {
            for child in (track["children"] as? [[String: Any]]) ?? [] {
                if let range = child["source_range"] as? [String: Any], let duration = range["duration"] as? [String: Any],
                    let rate = (duration["rate"] as? NSNumber)?.doubleValue, rate > 0
                {
                    return snapped(rate)
                }
                if schema(child) == "Stack", let rate = self.rate(of: (child["children"] as? [[String: Any]]) ?? []) {
                    return rate
                }
            }
        }
        return nil
    }

    /// A rate as an exact fraction: 23.976… is 24000/1001, as editors mean it.
    static func snapped(_ rate: Double) -> FrameRate {
        for base in [24.0, 30, 48, 60, 120] where abs(rate - base * 1000 / 1001) < 0.001 {
            if let exact = Rational(Int64(base * 1000), 1001), let fps = FrameRate(exact) { return fps }
        }
        let scaled = Rational(Int64((rate * 1000).rounded()), 1000) ?? Rational(30)
        return FrameRate(scaled) ?? .thirty
    }

    static func rateText(_ rate: FrameRate) -> String {
        rate.rate.denominator == 1 ? "\(rate.rate.numerator)" : "\"\(rate.rate.numerator)/\(rate.rate.denominator)\""
    }
}
