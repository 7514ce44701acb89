import EDLParser

/// An OpenTimelineIO timeline as its JSON files (`.otio`) hold it: the schema
/// names and fields OpenTimelineIO's own serialiser writes and reads.
public struct OTIOTimeline: Encodable, Sendable {
    public var name: String
    public var tracks: Stack
    public var metadata: [String: String] = [:]

    /// The timeline's tracks, or a group's or composition's (with the range of it shown).
    public struct Stack: Encodable, Sendable {
        var name = "tracks"
        var children: [Track]
        var sourceRange: Range?
        var speed: Double?
        var cutlist: [String: String] = [:]
    }

    public struct Track: Encodable, Sendable {
        enum Kind: String, Encodable {
            case video = "Video"
            case audio = "Audio"
        }
        var name: String
        var kind: Kind
        var children: [Child]
        var cutlist: [String: String] = [:]
    }

    /// One entry of a track.
    enum Child: Encodable, Sendable {
        case clip(Clip)
        case gap(duration: Time)
        case transition(Transition)
        case stack(Stack)

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .clip(let clip): try clip.encode(to: encoder)
            case .stack(let stack): try stack.encode(to: encoder)
            case .gap(let duration):
                try Schema(schema: "Gap.1", name: "", sourceRange: Range(start: Time(0, duration.rate), duration: duration))
                    .encode(to: encoder)
            case .transition(let transition): try transition.encode(to: encoder)
            }
        }
    }

    struct Clip: Encodable, Sendable {
        var name: String
        var sourceRange: Range
        /// `nil` for generated pictures and sounds (a colour, a text, a tone).
        var target: String?
        var generator: String?
        var speed: Double?
        /// Cutlist's own words for what OpenTimelineIO has no field for.
        var cutlist: [String: String]

        enum Keys: String, CodingKey {
            case schema = "OTIO_SCHEMA"
            case name
            case sourceRange = "source_range"
            case mediaReferences = "media_references"
            case activeKey = "active_media_reference_key"
            case effects, markers, metadata, enabled
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("Clip.2", forKey: .schema)
            try container.encode(name, forKey: .name)
            try container.encode(sourceRange, forKey: .sourceRange)
            let reference: Reference =
                target.map { .external($0) } ?? generator.map { .generator($0) } ?? .missing
            try container.encode(["DEFAULT_MEDIA": reference], forKey: .mediaReferences)
            try container.encode("DEFAULT_MEDIA", forKey: .activeKey)
            try container.encode(speed.map { [TimeWarp(timeScalar: $0)] } ?? [], forKey: .effects)
            try container.encode([String](), forKey: .markers)
            try container.encode(["cutlist": cutlist], forKey: .metadata)
            try container.encode(true, forKey: .enabled)
        }
    }

    enum Reference: Encodable {
        case external(String)
        case generator(String)
        case missing

        enum Keys: String, CodingKey {
            case schema = "OTIO_SCHEMA"
            case targetURL = "target_url"
            case generatorKind = "generator_kind"
            case availableRange = "available_range"
            case name, parameters, metadata
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            switch self {
            case .external(let url):
                try container.encode("ExternalReference.1", forKey: .schema)
                try container.encode(url, forKey: .targetURL)
            case .generator(let kind):
                try container.encode("GeneratorReference.1", forKey: .schema)
                try container.encode(kind, forKey: .generatorKind)
                try container.encode([String: String](), forKey: .parameters)
            case .missing:
                try container.encode("MissingReference.1", forKey: .schema)
            }
            try container.encode("", forKey: .name)
            try container.encode([String: String](), forKey: .metadata)
            try container.encodeNil(forKey: .availableRange)
        }
    }

    struct TimeWarp: Encodable {
        var timeScalar: Double
        enum Keys: String, CodingKey {
            case schema = "OTIO_SCHEMA"
            case name
            case effectName = "effect_name"
            case timeScalar = "time_scalar"
            case metadata
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("LinearTimeWarp.1", forKey: .schema)
            try container.encode("", forKey: .name)
            try container.encode("LinearTimeWarp", forKey: .effectName)
            try container.encode(timeScalar, forKey: .timeScalar)
            try container.encode([String: String](), forKey: .metadata)
        }
    }

    struct Transition: Encodable, Sendable {
        var kind: String
        /// The overlap before and after the cut: the clips around it are shortened by as much.
        var inOffset: Time
        var outOffset: Time
        var cutlist: [String: String]
        enum Keys: String, CodingKey {
            case schema = "OTIO_SCHEMA"
            case name
            case transitionType = "transition_type"
            case inOffset = "in_offset"
            case outOffset = "out_offset"
            case metadata
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("Transition.1", forKey: .schema)
            try container.encode(kind, forKey: .name)
            // OpenTimelineIO names a dissolve; any other kind is custom, told by its name and metadata.
            try container.encode(kind == "crossfade" ? "SMPTE_Dissolve" : "Custom_Transition", forKey: .transitionType)
            try container.encode(inOffset, forKey: .inOffset)
            try container.encode(outOffset, forKey: .outOffset)
            try container.encode(["cutlist": cutlist], forKey: .metadata)
        }
    }

    /// Items that are not clips: a gap's name and range.
    struct Schema: Encodable {
        var schema: String
        var name: String
        var sourceRange: Range
        enum Keys: String, CodingKey {
            case schema = "OTIO_SCHEMA"
            case name
            case sourceRange = "source_range"
            case effects, markers, metadata
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(schema, forKey: .schema)
            try container.encode(name, forKey: .name)
            try container.encode(sourceRange, forKey: .sourceRange)
            try container.encode([String](), forKey: .effects)
            try container.encode([String](), forKey: .markers)
            try container.encode([String: String](), forKey: .metadata)
        }
    }

    /// `RationalTime.1`: a value counted at a rate (frames at the output's rate).
    struct Time: Encodable, Sendable {
        var value: Double
        var rate: Double
        init(_ value: Double, _ rate: Double) {
            self.value = value
            self.rate = rate
        }
        init(_ seconds: Rational, rate: FrameRate) {
            self.init((seconds * rate.rate).approximateDouble, rate.rate.approximateDouble)
        }
        /// At the first of `rates` that counts it in whole frames, else at the first when that
        /// counts it to a millionth of a frame (as `render import` reads it), else at its own
        /// denominator: the value is then whole, which a JSON number holds exactly.
        init(_ seconds: Rational, rates: [FrameRate]) {
            let frames = { (rate: FrameRate) in seconds.checkedMultiply(rate.rate)?.denominator ?? 0 }
            let own = seconds.denominator <= 1_000_000 ? FrameRate(Rational(seconds.denominator)) : nil
            let fine = frames(rates[0]) > 0 && 1_000_000 % frames(rates[0]) == 0
            self.init(seconds, rate: rates.first { frames($0) == 1 } ?? (fine ? rates[0] : own ?? rates[0]))
        }
        enum Keys: String, CodingKey {
            case schema = "OTIO_SCHEMA"
            case value, rate
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("RationalTime.1", forKey: .schema)
            try container.encode(value, forKey: .value)
            try container.encode(rate, forKey: .rate)
        }
    }

    /// `TimeRange.1`.
    struct Range: Encodable, Sendable {
        var start: Time
        var duration: Time
        enum Keys: String, CodingKey {
            case schema = "OTIO_SCHEMA"
            case start = "start_time"
            case duration
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("TimeRange.1", forKey: .schema)
            try container.encode(start, forKey: .start)
            try container.encode(duration, forKey: .duration)
        }
    }

    enum Keys: String, CodingKey {
        case schema = "OTIO_SCHEMA"
        case name, tracks, metadata
        case globalStart = "global_start_time"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode("Timeline.1", forKey: .schema)
        try container.encode(name, forKey: .name)
        try container.encode(tracks, forKey: .tracks)
        try container.encode(["cutlist": metadata], forKey: .metadata)
        try container.encodeNil(forKey: .globalStart)
    }
}

extension OTIOTimeline.Stack {
    public func encode(to encoder: any Encoder) throws {
        try OTIOTimeline.encodeContainer(
            "Stack.1", name: name, kind: nil, children: children, sourceRange: sourceRange, speed: speed, cutlist: cutlist,
            to: encoder)
    }
}

extension OTIOTimeline.Track {
    public func encode(to encoder: any Encoder) throws {
        try OTIOTimeline.encodeContainer(
            "Track.1", name: name, kind: kind, children: children, sourceRange: nil, speed: nil, cutlist: cutlist, to: encoder)
    }
}

extension OTIOTimeline {
    private enum ContainerKeys: String, CodingKey {
        case schema = "OTIO_SCHEMA"
        case name, kind, children
        case sourceRange = "source_range"
        case effects, markers, metadata
    }

    /// A stack's or a track's fields: its name, its kind (tracks), its children, the range
    /// of it shown and its speed (a nested stack), Cutlist's metadata.
    static func encodeContainer<Children: Encodable>(
        _ schema: String, name: String, kind: Track.Kind?, children: Children, sourceRange: Range?, speed: Double?,
        cutlist: [String: String], to encoder: any Encoder
    ) throws {
        var container = encoder.container(keyedBy: ContainerKeys.self)
        try container.encode(schema, forKey: .schema)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(kind, forKey: .kind)
        try container.encode(children, forKey: .children)
        if let sourceRange {
            try container.encode(sourceRange, forKey: .sourceRange)
        } else {
            try container.encodeNil(forKey: .sourceRange)
        }
        try container.encode(speed.map { [TimeWarp(timeScalar: $0)] } ?? [], forKey: .effects)
        try container.encode([String](), forKey: .markers)
        try container.encode(cutlist.isEmpty ? [:] : ["cutlist": cutlist], forKey: .metadata)
    }
}
