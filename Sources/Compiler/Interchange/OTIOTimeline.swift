import EDLParser

/// An OpenTimelineIO timeline as its JSON files (`.otio`) hold it: the schema
/// names and fields OpenTimelineIO's own serialiser writes and reads.
public struct OTIOTimeline: Encodable, Sendable {
    public var name: String
    public var tracks: Stack
    public var metadata: [String: String] = [:]

    public struct Stack: Encodable, Sendable {
        var name = "tracks"
        var children: [Track]
    }

    public struct Track: Encodable, Sendable {
        enum Kind: String, Encodable {
            case video = "Video"
            case audio = "Audio"
        }
        var name: String
        var kind: Kind
        var children: [Child]
    }

    /// One entry of a track.
    enum Child: Encodable, Sendable {
        case clip(Clip)
        case gap(duration: Time)
        case transition(Transition)

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .clip(let clip): try clip.encode(to: encoder)
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
        /// Half the overlap on each side: the clips around it are shortened by as much.
        var offset: Time
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
            try container.encode("SMPTE_Dissolve", forKey: .transitionType)
            try container.encode(offset, forKey: .inOffset)
            try container.encode(offset, forKey: .outOffset)
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
        try OTIOTimeline.encodeContainer("Stack.1", name: name, kind: nil, children: children, to: encoder)
    }
}

extension OTIOTimeline.Track {
    public func encode(to encoder: any Encoder) throws {
        try OTIOTimeline.encodeContainer("Track.1", name: name, kind: kind, children: children, to: encoder)
    }
}

extension OTIOTimeline {
    private enum ContainerKeys: String, CodingKey {
        case schema = "OTIO_SCHEMA"
        case name, kind, children
        case sourceRange = "source_range"
        case effects, markers, metadata
    }

    /// A stack's or a track's fields: its name, its kind (tracks), its children, nothing else set.
    static func encodeContainer<Children: Encodable>(
        _ schema: String, name: String, kind: Track.Kind?, children: Children, to encoder: any Encoder
    ) throws {
        var container = encoder.container(keyedBy: ContainerKeys.self)
        try container.encode(schema, forKey: .schema)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(kind, forKey: .kind)
        try container.encode(children, forKey: .children)
        try container.encodeNil(forKey: .sourceRange)
        try container.encode([String](), forKey: .effects)
        try container.encode([String](), forKey: .markers)
        try container.encode([String: String](), forKey: .metadata)
    }
}
