import Yams

/// Reads `tracks:` and their items, checking what can be checked without media:
/// unique names, ducking targets, transitions with two neighbours.
struct TrackReader {
    static let trackKeys = ["name", "kind", "items", "volume", "opacity", "filters", "mute", "hidden", "ducking"]
    static let duckingKeys = ["under", "gain", "attack", "release"]

    let context: ParseContext
    let assets: [Asset]
    let paths: PathResolver
    var defaults = Defaults()
    var compositions = CompositionDefinitions()

    func readTracks(_ node: Node) -> [Track] {
        guard let elements = context.elements(of: node, "tracks") else { return [] }
        if elements.isEmpty {
            context.error("'tracks' is empty; a project needs at least one track", at: node)
        }
        // A track the YAML parser could not read is left out; its syntax error is reported.
        let tracks = elements.filter { !YAMLDocument.isUnreadable($0) }.compactMap(readTrack)
        checkNames(tracks)
        checkInputs(tracks)
        return tracks
    }

    private func readTrack(_ node: Node) -> Track? {
        guard let keys = context.entries(of: node, in: "a track", allowed: Self.trackKeys) else { return nil }
        var track = Track(location: context.location(of: node))
        if let entry = keys["name"] { track.name = context.text(entry.value, "name") }
        if let entry = keys["kind"], let kind = context.word(entry.value, "kind", Track.Kind.self, choices: [.video, .audio]) {
            track.kind = kind
        }
        let animations = AnimationReader(context: context)
        if let entry = keys["volume"] {
            track.volume = animations.read(entry.value, "volume", animations.gain) ?? track.volume
        }
        if let entry = keys["opacity"] {
            if track.kind == .audio {
                context.error("'opacity' does not apply to an audio track", at: entry.keyNode)
            }
            track.opacity = animations.read(entry.value, "opacity", animations.unitNumber("opacity")) ?? track.opacity
        }
        if let entry = keys["filters"] {
            if track.kind == .audio {
                context.error("'filters' does not apply to an audio track", at: entry.keyNode)
            }
            track.filters = readFilters(entry.value)
        }
        if let entry = keys["mute"], let mute = context.bool(entry.value, "mute") { track.mute = mute }
        if let entry = keys["hidden"], let hidden = context.bool(entry.value, "hidden") { track.hidden = hidden }
        if let entry = keys["ducking"] { track.ducking = readDucking(entry.value) }
        if let entry = keys["items"], let elements = context.elements(of: entry.value, "items") {
            let items = elements.map { readItem($0, on: track.kind) }
            attributed { checkNeighbours(items) }
            track.items = items
        }
        return track
    }

    /// The item, or when it has an error of its own, what could be read of it
    /// (a gap in its place when nothing could), listed in `failedItems`.
    private func readItem(_ node: Node, on kind: Track.Kind) -> Item {
        let location = context.location(of: node)
        var item: Item?
        let errors = attributed {
            // A list entry the YAML parser could not read: its syntax error is already reported.
            if YAMLDocument.isUnreadable(node) {
                if YAMLDocument.holdsSyntaxError(node) { context.itemErrors += 1 }
            } else {
                item = ItemReader(track: kind, reader: self).read(node)
            }
        }
        if let item, errors == 0 { return item }
        let failed = item ?? Item(content: .gap(.zero), location: location)
        context.failedItems.insert(failed.location)
        return failed
    }

    /// Runs `body`, counting the errors it reports as items' own; returns how many.
    @discardableResult
    private func attributed(_ body: () -> Void) -> Int {
        let outermost = !context.readingItem
        let before = context.diagnostics.errorCount
        context.readingItem = true
        body()
        context.readingItem = !outermost
        let errors = context.diagnostics.errorCount - before
        if outermost { context.itemErrors += errors }
        return errors
    }

    private func readDucking(_ node: Node) -> Ducking? {
        guard let keys = context.entries(of: node, in: "'ducking'", allowed: Self.duckingKeys) else { return nil }
        guard let under = keys["under"], let name = context.text(under.value, "under") else {
            context.error("'ducking' needs 'under': the name of the track to duck under", at: node)
            return nil
        }
        var ducking = Ducking(
            under: Located(name, at: context.location(of: under.value)),
            gain: 0.251_188_643_150_958,  // -12 dB
            attack: TimeValue(seconds: Rational(3, 10) ?? .zero),
            release: TimeValue(seconds: Rational(1, 2) ?? .zero))
        if let entry = keys["gain"], let gain = context.value(entry.value, "gain", ValueSyntax.gain) { ducking.gain = gain }
        if let entry = keys["attack"], let time = context.time(entry.value, "attack") { ducking.attack = time.value }
        if let entry = keys["release"], let time = context.time(entry.value, "release") { ducking.release = time.value }
        return ducking
    }

    /// Track names are unique, and `ducking.under` names another track.
    private func checkNames(_ tracks: [Track]) {
        var seen: [String: SourceLocation] = [:]
        for track in tracks {
            guard let name = track.name else { continue }
            if let first = seen[name] {
                context.diagnostics.error(
                    "two tracks are named '\(name)'", at: track.location,
                    hint: "the first is at \(first); track names must be unique")
            } else {
                seen[name] = track.location
            }
        }
        for track in tracks {
            guard let under = track.ducking?.under else { continue }
            if under.value == track.name {
                context.diagnostics.error("a track cannot duck under itself", at: under.location)
            } else if seen[under.value] == nil {
                let hint =
                    NameSuggestions.didYouMean(under.value, in: seen.keys.sorted())
                    ?? "give the track to duck under a 'name:'"
                context.diagnostics.error("no track is named '\(under.value)'", at: under.location, hint: hint)
            }
        }
    }

    /// A shader item's `inputs` name items of the same tracks that draw a picture,
    /// and never lead back to the shader.
    private func checkInputs(_ tracks: [Track]) {
        var items: [String: (item: Item, track: Track)] = [:]
        for track in tracks {
            for item in track.items {
                guard let id = item.id, items[id.value] == nil else { continue }
                items[id.value] = (item, track)
            }
        }
        func inputs(of item: Item) -> [Located<String>] {
            guard case .shader(let file) = item.content else { return [] }
            return file.inputs
        }
        /// The ids from `start` through inputs to `target`, if they lead there.
        func path(from start: String, to target: String) -> [String]? {
            var visited = Set<String>()
            func walk(_ id: String) -> [String]? {
                if id == target { return [id] }
                guard visited.insert(id).inserted, let item = items[id]?.item else { return nil }
                for input in inputs(of: item) {
                    if let rest = walk(input.value) { return [id] + rest }
                }
                return nil
            }
            return walk(start)
        }
        for track in tracks {
            for item in track.items {
                for input in inputs(of: item) {
                    guard let (target, targetTrack) = items[input.value] else {
                        let hint =
                            NameSuggestions.didYouMean(input.value, in: items.keys.sorted())
                            ?? "give the item to read an 'id:' on these tracks"
                        context.diagnostics.error("no item has the id '\(input.value)'", at: input.location, hint: hint)
                        continue
                    }
                    switch target.content {
                    case .gap, .tone, .transition:
                        context.diagnostics.error("'\(input.value)' has no picture to read", at: input.location)
                        continue
                    default: break
                    }
                    if targetTrack.kind == .audio {
                        context.diagnostics.error(
                            "'\(input.value)' is on an audio track and has no picture to read", at: input.location)
                    } else if targetTrack.hidden {
                        context.diagnostics.error(
                            "'\(input.value)' is on a hidden track, which draws nothing", at: input.location,
                            hint: "show the track and give the item 'opacity: 0': the shader reads it, unseen")
                    } else if let id = item.id?.value, let loop = path(from: input.value, to: id) {
                        context.diagnostics.error(
                            "the shader's inputs go round in a circle: \(([id] + loop).joined(separator: " → "))",
                            at: input.location, hint: "a shader cannot read its own picture, even through another shader")
                    }
                }
            }
        }
    }

    /// A transition needs a playing item on both sides (a `fade` needs one at the
    /// track's start or end, where it fades from or to its colour); next to an item with an
    /// error of its own it is not reported again. A transition found wrong here
    /// joins `failedItems`, as does an item pinned after one.
    private func checkNeighbours(_ items: [Item]) {
        let unread = context.failedItems
        for (index, item) in items.enumerated() where item.isTransition {
            let before = index > 0 ? items[index - 1] : nil
            let after = index + 1 < items.count ? items[index + 1] : nil
            let plays = { (neighbour: Item?) in neighbour.map { !$0.isTransition && !$0.isGap } ?? false }
            for (neighbour, other, side) in [(before, after, "before"), (after, before, "after")] {
                if let neighbour, unread.contains(neighbour.location) {
                    context.failedItems.insert(item.location)
                    continue
                }
                if plays(neighbour) { continue }
                // A fade at the track's start or end fades from or to its colour.
                if neighbour == nil, case .transition(let transition) = item.content, transition.kind == .fade, plays(other) {
                    continue
                }
                let found = neighbour.map { $0.isGap ? "a gap" : "another transition" } ?? "nothing"
                context.diagnostics.error(
                    "a transition needs an item \(side) it; found \(found)", at: item.location,
                    hint: "put the transition between the two items it joins"
                        + (neighbour == nil ? "; only a 'fade' may start or end a track" : ""))
                context.failedItems.insert(item.location)
            }
            if before != nil, let after, let at = after.timing.at {
                context.diagnostics.error(
                    "an item after a transition starts inside the item before it; 'at' cannot pin it",
                    at: at.location, hint: "remove 'at', or remove the transition")
                context.failedItems.insert(after.location)
            }
        }
    }
}

extension TrackReader {
    /// `filters: [{ blur: 12 }, { saturation: 0.5 }]`: one filter a mapping, in order.
    func readFilters(_ node: Node) -> [Filter] {
        guard let elements = context.elements(of: node, "filters") else { return [] }
        let animations = AnimationReader(context: context)
        let names = Filter.Kind.allCases.map(\.rawValue)
        return elements.compactMap { element -> Filter? in
            guard case .mapping(let mapping) = element, mapping.count == 1, let (key, value) = mapping.first else {
                context.error(
                    "a filter is a mapping of one filter to its amount, such as '{ blur: 12 }', not \(context.describe(element))",
                    at: element)
                return nil
            }
            let name = key.string ?? ""
            guard let kind = Filter.Kind(rawValue: name) else {
                context.error(
                    "unknown filter '\(name)'", at: key,
                    hint: NameSuggestions.didYouMean(name, in: names) ?? "filters: \(names.joined(separator: ", "))")
                return nil
            }
            let amount: Animated<Double>?
            switch kind {
            case .blur: amount = animations.read(value, "blur", animations.boundedNumber("blur", 0...500))
            case .brightness: amount = animations.read(value, "brightness", animations.boundedNumber("brightness", -1...1))
            case .contrast: amount = animations.read(value, "contrast", animations.boundedNumber("contrast", 0...4))
            case .saturation: amount = animations.read(value, "saturation", animations.boundedNumber("saturation", 0...4))
            case .hue: amount = animations.read(value, "hue", animations.angle)
            case .lut:
                guard let path = context.value(value, "lut", paths.resolve) else { return nil }
                return Filter(kind: .lut, amount: .constant(1), file: Located(path, at: context.location(of: value)))
            }
            return amount.map { Filter(kind: kind, amount: $0) }
        }
    }
}
