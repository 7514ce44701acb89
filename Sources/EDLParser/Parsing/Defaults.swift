import Yams

/// `defaults:` (styles): keys that the items of a kind take when they do not set
/// them. Applied as the YAML is read, as merge keys are, so a default's value is
/// checked where it is used and a diagnostic about it points at the default.
struct Defaults {
    /// Which items a group of defaults is for.
    enum Style: String, CaseIterable {
        /// Every item; the kinds' own defaults win over these.
        case item
        case text
        /// `captions` items, and the subtitles of clips.
        case captions
        /// Still pictures, told by their file's extension.
        case image
        /// Other `source:` items on video tracks.
        case video
        /// Items on audio tracks.
        case audio
        case transition

        /// The keys the style's items take (their kind keys aside, but for
        /// `transition`, whose kind key names the effect).
        var keys: [String] {
            typealias Reader = ItemReader
            let kindKeys = Set(Reader.Kind.allCases.map(\.rawValue)).subtracting(
                self == .transition ? ["color", "transition"] : ["color"]
            ).union(["vars", "id"])
            let keys: [String]
            switch self {
            case .item:
                keys = [Track.Kind.video, .audio].flatMap { track in
                    Reader.Kind.allCases.flatMap { Reader.allowedKeys($0, on: track) }
                }
            case .text: keys = Reader.allowedKeys(.text, on: .video)
            case .captions: keys = Reader.allowedKeys(.captions, on: .video)
            case .image: keys = Reader.generatorTimingKeys + Reader.pictureKeys + Reader.fadeKeys
            case .video: keys = Reader.allowedKeys(.source, on: .video)
            case .audio: keys = Reader.allowedKeys(.source, on: .audio) + Reader.allowedKeys(.tone, on: .audio)
            case .transition: keys = Reader.allowedKeys(.transition, on: .video)
            }
            var seen = Set<String>()
            return keys.filter { !kindKeys.contains($0) && seen.insert($0).inserted }
        }

        var itemsName: String {
            switch self {
            case .item: return "any item"
            case .image: return "a still picture"
            case .video: return "a video source"
            case .audio: return "an item on an audio track"
            case .text, .transition, .captions: return "a '\(rawValue)' item"
            }
        }
    }

    private var entries: [Style: [(key: Node, value: Node)]] = [:]

    static let stillExtensions: Set<String> = ["png", "jpg", "jpeg", "bmp", "tif", "tiff", "heic", "heif", "svg"]

    static func isStillPicture(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return stillExtensions.contains(path[path.index(after: dot)...].lowercased())
    }

    /// Reads `defaults:`, reporting a key that does not apply to its style's items at the key.
    static func read(_ node: Node, _ context: ParseContext) -> Defaults {
        var defaults = Defaults()
        let styles = Style.allCases.map(\.rawValue)
        guard let groups = context.entries(of: node, in: "'defaults'", allowed: styles) else { return defaults }
        for style in Style.allCases {
            guard let group = groups[style.rawValue] else { continue }
            let keys = style.keys
            guard case .mapping(let mapping) = group.value else {
                context.error(
                    "'defaults.\(style.rawValue)' must be a mapping of item keys to values, not \(context.describe(group.value))",
                    at: group.value)
                continue
            }
            for (key, value) in mapping {
                guard let name = key.string, keys.contains(name) else {
                    let name = key.string ?? context.describe(key)
                    context.error(
                        "'\(name)' does not apply to \(style.itemsName), so it cannot be a default in 'defaults.\(style.rawValue)'",
                        at: key, hint: NameSuggestions.didYouMean(name, in: keys))
                    continue
                }
                defaults.entries[style, default: []].append((key, value))
            }
        }
        return defaults
    }

    /// The item's mapping with the keys it does not set taken from `styles`
    /// (the first that has one wins), where the item's kind takes them.
    func applied(to node: Node, styles: [Style], allowed: [String]) -> Node {
        guard !entries.isEmpty, case .mapping(let mapping) = node else { return node }
        var pairs = Array(mapping)
        var present = Set(pairs.compactMap { $0.key.string })
        for style in styles {
            for (key, value) in entries[style] ?? [] {
                guard let name = key.string, allowed.contains(name), present.insert(name).inserted else { continue }
                pairs.append((key, value))
            }
        }
        return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark))
    }
}
