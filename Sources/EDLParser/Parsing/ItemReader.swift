import Yams

/// Reads one item of a track. The kind key (`source`, `color`, `text`, ...) decides
/// which other keys the item takes.
struct ItemReader {
    enum Kind: String, CaseIterable {
        case source, color, text, tone, pattern, gradient, shape, shader, gap, transition, composition, group, captions
    }

    static let mediaTimingKeys = [
        "from", "to", "duration", "at", "speed", "loop", "until", "freeze", "reverse", "time", "frames",
    ]
    static let generatorTimingKeys = ["duration", "at", "until"]
    static let pictureKeys = [
        "fit", "size", "position", "margin", "anchor", "scale", "rotation", "crop", "flip", "opacity", "auto_rotate", "filters",
    ]
    static let soundKeys = ["volume", "fade_in", "fade_out", "mute", "pitch"] + effectKeys
    static let effectKeys = ["eq", "gate", "compressor", "limiter"]
    /// Taken by every item that shows or sounds: they fade its picture and its sound.
    static let fadeKeys = ["fade_in", "fade_out"]
    static let toneSoundKeys = ["volume", "fade_in", "fade_out", "mute"]
    static let textKeys = [
        "font", "font_size", "weight", "color", "align", "max_width", "line_height", "letter_spacing", "stroke", "shadow",
        "background",
    ]
    static let transitionKeys = ["duration", "ease", "color", "audio"]
    static let gradientKeys = ["colors", "angle", "center", "radius"]
    static let shapeKeys = ["width", "height", "points", "corner_radius", "fill", "stroke"]
    static let captionsTimingKeys = ["from", "to", "duration", "at", "until", "offset"]
    /// The keys of captions of both kinds (a `captions` item's, a clip's `captions` mapping's) beside the text keys.
    static let captionsKeys = ["highlight", "max_chars", "max_lines"]

    let track: Track.Kind
    let reader: TrackReader
    var context: ParseContext { reader.context }

    /// The keys an item of this kind takes on this kind of track.
    func allowedKeys(_ kind: Kind) -> [String] { Self.allowedKeys(kind, on: track) }

    static func allowedKeys(_ kind: Kind, on track: Track.Kind) -> [String] { keys[track]?.allowed[kind] ?? [] }

    /// Per track kind: the keys each item kind takes, every item key known
    /// there, and per item kind its own keys then the other known ones, sorted.
    /// Worked out once, not for every item of a long edit.
    private struct KeyTable {
        var allowed: [Kind: [String]] = [:]
        var all: Set<String> = []
        var known: [Kind: [String]] = [:]

        init(track: Track.Kind) {
            let picture = track == .video ? ItemReader.pictureKeys : []
            for kind in Kind.allCases {
                switch kind {
                case .source:
                    allowed[kind] = ["source"] + mediaTimingKeys + picture + soundKeys + (track == .video ? ["captions"] : [])
                case .group: allowed[kind] = ["group"] + mediaTimingKeys + picture + soundKeys
                case .captions:
                    allowed[kind] = ["captions"] + captionsTimingKeys + picture + fadeKeys + textKeys + captionsKeys
                case .composition: allowed[kind] = ["composition", "vars"] + mediaTimingKeys + picture + soundKeys
                case .color, .pattern: allowed[kind] = [kind.rawValue] + generatorTimingKeys + picture + fadeKeys
                case .gradient: allowed[kind] = ["gradient"] + generatorTimingKeys + picture + fadeKeys + gradientKeys
                case .shape: allowed[kind] = ["shape"] + generatorTimingKeys + picture + fadeKeys + shapeKeys
                case .shader: allowed[kind] = ["shader", "uniforms", "inputs"] + generatorTimingKeys + picture + fadeKeys
                case .text: allowed[kind] = ["text"] + generatorTimingKeys + picture + fadeKeys + textKeys
                case .tone: allowed[kind] = ["tone"] + generatorTimingKeys + toneSoundKeys
                case .gap: allowed[kind] = ["gap"]
                case .transition: allowed[kind] = ["transition"] + transitionKeys
                }
            }
            for kind in Kind.allCases { allowed[kind, default: []].append("id") }
            // Picture keys are known on every track, so an audio track reports them as not applying, not as unknown.
            all = Set(allowed.values.joined()).union(pictureKeys)
            for (kind, keys) in allowed { known[kind] = keys + all.subtracting(keys).sorted() }
        }
    }

    private static let keys: [Track.Kind: KeyTable] = [.video: KeyTable(track: .video), .audio: KeyTable(track: .audio)]

    func read(_ node: Node) -> Item? {
        guard context.nesting.admitItem(at: context.location(of: node), context) else { return nil }
        guard case .mapping(let mapping) = node else {
            context.error("an item must be a mapping such as '{source: clip.mp4}', not \(context.describe(node))", at: node)
            return nil
        }
        guard let kind = kind(of: mapping, node) else { return nil }
        if track == .audio, [.color, .pattern, .gradient, .shape, .shader, .text, .captions].contains(kind) {
            context.error(
                "a '\(kind.rawValue)' item has no sound and cannot go on an audio track", at: node,
                hint: "move it to a video track")
            return nil
        }
        let allowed = allowedKeys(kind)
        let written = mapping
        let node = reader.defaults.applied(to: node, styles: styles(of: kind, mapping), allowed: allowed)
        guard case .mapping(let mapping) = node else { return nil }
        let allKeys = Self.keys[track]?.all ?? []
        let present = mapping.keys.compactMap { key -> String? in
            if case .scalar(let scalar) = key { return scalar.string }
            return nil
        }
        for key in present where !allowed.contains(key) && allKeys.contains(key) {
            let keyNode = mapping.keys.first { $0.scalar?.string == key } ?? node
            let place =
                track == .audio && Self.pictureKeys.contains(key) ? "an item on an audio track" : "a '\(kind.rawValue)' item"
            context.error("'\(key)' does not apply to \(place)", at: keyNode)
        }
        let knownHere = Self.keys[track]?.known[kind] ?? allowed
        guard let keys = context.entries(of: node, in: "an item", allowed: knownHere) else { return nil }
        let entries = keys.filter { allowed.contains($0.key) }
        let item = build(kind, entries, node)
        if case .captions(let captions)? = item?.content, captions.script != nil { rejectTextKeys(in: written) }
        return item
    }

    /// The text keys an item or a clip's `captions` sets itself (not through
    /// `defaults`) do nothing to an ASS script, which has its own styles.
    func rejectTextKeys(in mapping: Node.Mapping) {
        for key in mapping.keys {
            guard let name = key.scalar?.string, (Self.textKeys + Self.captionsKeys).contains(name) else { continue }
            context.error(
                "'\(name)' does not apply to an ASS or SSA script", at: key,
                hint: "libass draws the script with its own styles; change them in the script")
        }
    }

    /// The `defaults:` an item of `kind` takes, the most specific first.
    private func styles(of kind: Kind, _ mapping: Node.Mapping) -> [Defaults.Style] {
        let own: Defaults.Style?
        switch kind {
        case _ where track == .audio: own = .audio
        case .text: own = .text
        case .captions: own = .captions
        case .transition: own = .transition
        case .source:
            let name = mapping.first { $0.key.string == "source" }?.value.string ?? ""
            let path = reader.assets.first { $0.name == name }?.path ?? name
            own = Defaults.isStillPicture(path) ? .image : .video
        case .color, .pattern, .gradient, .shape, .shader, .tone, .gap, .composition, .group: own = nil
        }
        return (own.map { [$0] } ?? []) + (kind == .gap ? [] : [.item])
    }

    /// The item's one kind key; `color` is a style key when `text` or `transition` is present.
    private func kind(of mapping: Node.Mapping, _ node: Node) -> Kind? {
        // An array, not a lazy view: each `contains` below would walk (and copy) the mapping again.
        let keys = Array(mapping.keys.compactMap { $0.scalar?.string })
        var kinds = Kind.allCases.filter { keys.contains($0.rawValue) }
        if kinds.contains(.text) || kinds.contains(.transition) || kinds.contains(.captions) {
            kinds.removeAll { $0 == .color }
        }
        // A clip's own subtitles: `captions` with `source` is a key of the clip.
        if kinds.contains(.source) { kinds.removeAll { $0 == .captions } }
        guard let first = kinds.first else {
            context.error(
                "an item needs a kind key: one of \(Kind.allCases.map(\.rawValue).joined(separator: ", "))", at: node,
                hint: keys.compactMap { NameSuggestions.closestMatch(to: $0, in: Kind.allCases.map(\.rawValue)) }
                    .first.map { "did you mean '\($0)'?" })
            return nil
        }
        if kinds.count > 1 {
            let second = mapping.keys.first { $0.scalar?.string == kinds[1].rawValue } ?? node
            context.error(
                "an item is one kind; it has both '\(first.rawValue)' and '\(kinds[1].rawValue)'", at: second,
                hint: "split it into two items, on two tracks if they play together")
            return nil
        }
        return first
    }

    private func build(_ kind: Kind, _ keys: [String: ParseContext.Entry], _ node: Node) -> Item? {
        let location = context.location(of: node)
        guard let kindEntry = keys[kind.rawValue] else { return nil }
        // An item whose kind's value is wrong still has its other keys checked: every error at once.
        let read = content(kind, kindEntry.value, keys)
        let content = read ?? .gap(.zero)
        var item = Item(content: content, location: location)
        if let entry = keys["id"], let id = context.text(entry.value, "id") {
            item.id = Located(id, at: context.location(of: entry.value))
        }
        switch kind {
        case .gap, .transition:
            return read == nil ? nil : item
        case .source, .composition, .group, .captions:
            item.timing = readTiming(keys, node, needsLength: false)
        case .color, .pattern, .gradient, .shape, .shader, .text, .tone:
            item.timing = readTiming(keys, node, needsLength: true)
        }
        // An ASS script's picture is the whole frame, on which it places its own events.
        let isScript = if case .captions(let captions) = content { captions.script != nil } else { false }
        if track == .video {
            item.picture = readPicture(keys, defaultPlace: kind == .captions && !isScript ? .bottom : nil)
        }
        if kind == .captions {
            if item.picture.place != nil, item.picture.margin == nil { item.picture.margin = Picture.captions.margin }
            if case .captions(var captions) = item.content, let entry = keys["offset"] {
                captions.offset = context.time(entry.value, "offset", allowNegative: true)
                item.content = .captions(captions)
            }
        }
        if kind == .source, read != nil, let entry = keys["captions"] {
            let clip = if case .source(let reference) = item.content { reference } else { SourceReference?.none }
            item.captions = readClipCaptions(entry.value, clip: clip)
        }
        item.sound = readSound(keys)
        return read == nil ? nil : item
    }

    private func content(_ kind: Kind, _ value: Node, _ keys: [String: ParseContext.Entry]) -> Item.Content? {
        switch kind {
        case .source: return source(value).map { .source($0) }
        case .color: return context.value(value, "color", ValueSyntax.color).map { .color($0) }
        case .text: return context.text(value, "text").flatMap { readText($0, keys) }.map { .text($0) }
        case .tone: return context.number(value, "tone", in: 1...20_000).map { .tone($0) }
        case .pattern: return context.word(value, "pattern", Pattern.self).map { .pattern($0) }
        case .gradient: return readGradient(value, keys).map { .gradient($0) }
        case .shape: return readShape(value, keys).map { .shape($0) }
        case .shader:
            return readShader(
                value, uniforms: keys["uniforms"], inputs: keys["inputs"], setByCutlist: ShaderDeclaration.itemUniforms
            ).map { .shader($0) }
        case .gap: return context.positiveTime(value, "gap").map { .gap($0.value) }
        case .transition: return readTransition(value, keys).map { .transition($0) }
        case .composition: return reader.composition(value, vars: keys["vars"]?.value).map { .composition($0) }
        case .group: return reader.group(value).map { .composition($0) }
        case .captions: return readText("", keys).flatMap { readCaptions(value, style: $0, keys) }.map { .captions($0) }
        }
    }

    /// An asset name, or a path relative to the project file.
    private func source(_ node: Node) -> SourceReference? {
        guard let text = context.text(node, "source") else { return nil }
        let location = context.location(of: node)
        if let asset = reader.assets.first(where: { $0.name == text }) {
            return SourceReference(
                asset: asset.name, path: asset.path, audioStream: asset.audioStream,
                videoStream: asset.videoStream, location: location, written: text)
        }
        if context.brokenAssets.contains(text) { return nil }
        if !text.utf8.contains(UInt8(ascii: "/")) && !text.utf8.contains(UInt8(ascii: ".")) {
            let names = reader.assets.map(\.name)
            let hint =
                NameSuggestions.didYouMean(text, in: names)
                ?? (names.isEmpty
                    ? "define it under 'assets:', or write a path such as './\(text).mp4'"
                    : "known assets: \(names.joined(separator: ", "))")
            context.error("unknown asset '\(text)'", at: node, hint: hint)
            return nil
        }
        guard let path = context.value(node, "source", reader.paths.resolve) else { return nil }
        return SourceReference(asset: nil, path: path, location: location, written: text)
    }
}
