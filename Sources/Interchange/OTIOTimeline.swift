import Compiler
import EDLParser

/// An OpenTimelineIO timeline as its JSON files (`.otio`) hold it, both ways:
/// `render export` encodes it with the schema names and fields OpenTimelineIO's
/// own serialiser writes, and `render import` decodes it from any tool's file.
/// Decoding reads what Cutlist uses and skips the rest (markers, other tools'
/// metadata); an item of a schema Cutlist does not read is kept by its schema
/// and name, for the importer to refuse by name.
public struct OTIOTimeline: Codable, Sendable {
    public var name: String
    public var tracks: Stack
    /// Cutlist's words for the output: `fps`, `size`, `background`, `duration`.
    public var metadata: [String: String] = [:]

    /// The timeline's tracks, or a group's or composition's (with the range of it shown).
    public struct Stack: Codable, Sendable {
        var name = "tracks"
        var children: [Child]
        var sourceRange: Range?
        var speed: Double?
        var cutlist: [String: String] = [:]

        /// Its children as tracks: one that is not a track is a track of its own, of `kind`.
        func tracks(kind: Track.Kind) -> [Track] {
            children.map { child in
                if case .track(let track) = child { return track }
                return Track(name: "", kind: kind, children: [child])
            }
        }
    }

    public struct Track: Codable, Sendable {
        enum Kind: String, Codable {
            case video = "Video"
            case audio = "Audio"

            /// Any kind but `Audio` (OpenTimelineIO's only other is `Video`) shows pictures.
            init(from decoder: any Decoder) throws {
                self = try decoder.singleValueContainer().decode(String.self) == "Audio" ? .audio : .video
            }
        }
        var name: String
        var kind: Kind
        var children: [Child]
        /// The part of the track shown; none from `render export`.
        var sourceRange: Range?
        var cutlist: [String: String] = [:]
    }

    /// One entry of a track.
    enum Child: Codable, Sendable {
        case clip(Clip)
        /// A gap's length; none when the file gives it no range.
        case gap(duration: Time?)
        case transition(Transition)
        case stack(Stack)
        case track(Track)
        /// An item of a schema Cutlist does not read (its name without the version).
        case other(schema: String, name: String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            switch try schemaName(of: container) {
            case "Clip": self = .clip(try Clip(from: decoder))
            case "Gap": self = .gap(duration: try container.decodeIfPresent(Range.self, forKey: "source_range")?.duration)
            case "Transition": self = .transition(try Transition(from: decoder))
            case "Stack": self = .stack(try Stack(from: decoder))
            case "Track": self = .track(try Track(from: decoder))
            case let schema:
                self = .other(schema: schema, name: try container.decodeIfPresent(String.self, forKey: "name") ?? "")
            }
        }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .clip(let clip): try clip.encode(to: encoder)
            case .stack(let stack): try stack.encode(to: encoder)
            case .track(let track): try track.encode(to: encoder)
            case .gap(let duration):
                let duration = duration ?? Time(0, 1)
                try Schema(schema: "Gap.1", name: "", sourceRange: Range(start: Time(0, duration.rate), duration: duration))
                    .encode(to: encoder)
            case .transition(let transition): try transition.encode(to: encoder)
            case .other(let schema, let name):
                var container = encoder.container(keyedBy: AnyKey.self)
                try container.encode(schema + ".1", forKey: "OTIO_SCHEMA")
                try container.encode(name, forKey: "name")
            }
        }
    }

    struct Clip: Codable, Sendable {
        var name: String
        var sourceRange: Range?
        var reference = Reference(kind: .missing)
        /// A `LinearTimeWarp`'s time scalar; 0 for a `FreezeFrame`.
        var speed: Double?
        /// Cutlist's own words for what OpenTimelineIO has no field for.
        var cutlist: [String: String]

        enum Keys: String, CodingKey {
            case schema = "OTIO_SCHEMA"
            case name
            case sourceRange = "source_range"
            case mediaReferences = "media_references"
            case activeKey = "active_media_reference_key"
            /// OpenTimelineIO before `Clip.2`: one reference.
            case mediaReference = "media_reference"
            case effects, markers, metadata, enabled
        }

        init(name: String, sourceRange: Range?, cutlist: [String: String]) {
            self.name = name
            self.sourceRange = sourceRange
            self.cutlist = cutlist
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
            sourceRange = try container.decodeIfPresent(Range.self, forKey: .sourceRange)
            if let references = try container.decodeIfPresent([String: Reference].self, forKey: .mediaReferences) {
                let key = try container.decodeIfPresent(String.self, forKey: .activeKey) ?? "DEFAULT_MEDIA"
                reference = references[key] ?? Reference(kind: .missing)
            } else {
                reference = try container.decodeIfPresent(Reference.self, forKey: .mediaReference) ?? Reference(kind: .missing)
            }
            speed = try Effect.speed(of: container.decodeIfPresent([Effect].self, forKey: .effects) ?? [])
            cutlist = try container.decodeIfPresent(CutlistMetadata.self, forKey: .metadata)?.values ?? [:]
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("Clip.2", forKey: .schema)
            try container.encode(name, forKey: .name)
            try container.encodeIfPresent(sourceRange, forKey: .sourceRange)
            try container.encode(["DEFAULT_MEDIA": reference], forKey: .mediaReferences)
            try container.encode("DEFAULT_MEDIA", forKey: .activeKey)
            try container.encode(speed.map { [Effect.timeWarp($0)] } ?? [], forKey: .effects)
            try container.encode([String](), forKey: .markers)
            try container.encode(["cutlist": cutlist], forKey: .metadata)
            try container.encode(true, forKey: .enabled)
        }
    }

    /// A clip's media: a file, a picture or sound a generator makes, or none.
    struct Reference: Codable, Sendable {
        enum Kind: Sendable, Equatable {
            case external(url: String?)
            case generator(String)
            case missing
            /// A reference of a schema Cutlist does not read (an image sequence, ...).
            case other(String)
        }
        var kind: Kind
        /// The media's own length (a still's: none).
        var availableRange: Range?

        var isExternal: Bool {
            if case .external = kind { return true }
            return false
        }

        enum Keys: String, CodingKey {
            case schema = "OTIO_SCHEMA"
            case targetURL = "target_url"
            case generatorKind = "generator_kind"
            case availableRange = "available_range"
            case name, parameters, metadata
        }

        init(kind: Kind) { self.kind = kind }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            switch try schemaName(of: decoder.container(keyedBy: AnyKey.self)) {
            case "ExternalReference": kind = .external(url: try container.decodeIfPresent(String.self, forKey: .targetURL))
            case "GeneratorReference":
                kind = .generator(try container.decodeIfPresent(String.self, forKey: .generatorKind) ?? "")
            case "MissingReference": kind = .missing
            case let schema: kind = .other(schema)
            }
            availableRange = try container.decodeIfPresent(Range.self, forKey: .availableRange)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            switch kind {
            case .external(let url):
                try container.encode("ExternalReference.1", forKey: .schema)
                try container.encode(url, forKey: .targetURL)
            case .generator(let kind):
                try container.encode("GeneratorReference.1", forKey: .schema)
                try container.encode(kind, forKey: .generatorKind)
                try container.encode([String: String](), forKey: .parameters)
            case .missing:
                try container.encode("MissingReference.1", forKey: .schema)
            case .other(let schema):
                try container.encode(schema + ".1", forKey: .schema)
            }
            try container.encode("", forKey: .name)
            try container.encode([String: String](), forKey: .metadata)
            try container.encode(availableRange, forKey: .availableRange)
        }
    }

    /// An effect: a `LinearTimeWarp` or `FreezeFrame` retimes its item; others are not read.
    struct Effect: Codable {
        var schema: String
        var timeScalar: Double?

        static func timeWarp(_ scalar: Double) -> Effect { Effect(schema: "LinearTimeWarp", timeScalar: scalar) }

        /// The first retiming effect's time scalar (a freeze's, 0).
        static func speed(of effects: [Effect]) -> Double? {
            for effect in effects {
                switch effect.schema {
                case "FreezeFrame": return 0
                case "LinearTimeWarp": return effect.timeScalar
                default: continue
                }
            }
            return nil
        }

        enum Keys: String, CodingKey {
            case schema = "OTIO_SCHEMA"
            case name
            case effectName = "effect_name"
            case timeScalar = "time_scalar"
            case metadata
        }

        init(schema: String, timeScalar: Double?) {
            self.schema = schema
            self.timeScalar = timeScalar
        }

        init(from decoder: any Decoder) throws {
            schema = try schemaName(of: decoder.container(keyedBy: AnyKey.self))
            timeScalar = try decoder.container(keyedBy: Keys.self).decodeIfPresent(Double.self, forKey: .timeScalar)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(schema + ".1", forKey: .schema)
            try container.encode("", forKey: .name)
            try container.encode(schema, forKey: .effectName)
            try container.encodeIfPresent(timeScalar, forKey: .timeScalar)
            try container.encode([String: String](), forKey: .metadata)
        }
    }

    struct Transition: Codable, Sendable {
        var kind: String
        /// The overlap before and after the cut: the clips around it are shortened by as much.
        var inOffset: Time?
        var outOffset: Time?
        var cutlist: [String: String]
        enum Keys: String, CodingKey {
            case schema = "OTIO_SCHEMA"
            case name
            case transitionType = "transition_type"
            case inOffset = "in_offset"
            case outOffset = "out_offset"
            case metadata
        }

        init(kind: String, inOffset: Time, outOffset: Time, cutlist: [String: String]) {
            self.kind = kind
            self.inOffset = inOffset
            self.outOffset = outOffset
            self.cutlist = cutlist
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            kind = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
            inOffset = try container.decodeIfPresent(Time.self, forKey: .inOffset)
            outOffset = try container.decodeIfPresent(Time.self, forKey: .outOffset)
            cutlist = try container.decodeIfPresent(CutlistMetadata.self, forKey: .metadata)?.values ?? [:]
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("Transition.1", forKey: .schema)
            try container.encode(kind, forKey: .name)
            // OpenTimelineIO names a dissolve; any other kind is custom, told by its name and metadata.
            try container.encode(kind == "crossfade" ? "SMPTE_Dissolve" : "Custom_Transition", forKey: .transitionType)
            try container.encodeIfPresent(inOffset, forKey: .inOffset)
            try container.encodeIfPresent(outOffset, forKey: .outOffset)
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

    /// `RationalTime.1`: a value counted at a rate, both doubles in the file
    /// (`OTIOImporter.seconds` reads them back as the exact time they stand for).
    struct Time: Codable, Sendable {
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
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            value = try container.decode(Double.self, forKey: .value)
            rate = try container.decode(Double.self, forKey: .rate)
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("RationalTime.1", forKey: .schema)
            try container.encode(value, forKey: .value)
            try container.encode(rate, forKey: .rate)
        }
    }

    /// `TimeRange.1`.
    struct Range: Codable, Sendable {
        var start: Time
        var duration: Time
        enum Keys: String, CodingKey {
            case schema = "OTIO_SCHEMA"
            case start = "start_time"
            case duration
        }
        init(start: Time, duration: Time) {
            self.start = start
            self.duration = duration
        }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            start = try container.decode(Time.self, forKey: .start)
            duration = try container.decode(Time.self, forKey: .duration)
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

    public init(name: String, tracks: Stack) {
        self.name = name
        self.tracks = tracks
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
        tracks = try container.decode(Stack.self, forKey: .tracks)
        metadata = try container.decodeIfPresent(CutlistMetadata.self, forKey: .metadata)?.values ?? [:]
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
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: OTIOTimeline.ContainerKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
        children = try container.decodeIfPresent([OTIOTimeline.Child].self, forKey: .children) ?? []
        sourceRange = try container.decodeIfPresent(OTIOTimeline.Range.self, forKey: .sourceRange)
        speed = OTIOTimeline.Effect.speed(
            of: try container.decodeIfPresent([OTIOTimeline.Effect].self, forKey: .effects) ?? [])
        cutlist = try container.decodeIfPresent(OTIOTimeline.CutlistMetadata.self, forKey: .metadata)?.values ?? [:]
    }

    public func encode(to encoder: any Encoder) throws {
        try OTIOTimeline.encodeContainer(
            "Stack.1", name: name, kind: nil, children: children, sourceRange: sourceRange, speed: speed, cutlist: cutlist,
            to: encoder)
    }
}

extension OTIOTimeline.Track {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: OTIOTimeline.ContainerKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
        kind = try container.decodeIfPresent(Kind.self, forKey: .kind) ?? .video
        children = try container.decodeIfPresent([OTIOTimeline.Child].self, forKey: .children) ?? []
        sourceRange = try container.decodeIfPresent(OTIOTimeline.Range.self, forKey: .sourceRange)
        cutlist = try container.decodeIfPresent(OTIOTimeline.CutlistMetadata.self, forKey: .metadata)?.values ?? [:]
    }

    public func encode(to encoder: any Encoder) throws {
        try OTIOTimeline.encodeContainer(
            "Track.1", name: name, kind: kind, children: children, sourceRange: sourceRange, speed: nil, cutlist: cutlist,
            to: encoder)
    }
}

extension OTIOTimeline {
    fileprivate enum ContainerKeys: String, CodingKey {
        case schema = "OTIO_SCHEMA"
        case name, kind, children
        case sourceRange = "source_range"
        case effects, markers, metadata
    }

    /// A stack's or a track's fields: its name, its kind (tracks), its children, the range
    /// of it shown and its speed (a nested stack), Cutlist's metadata.
    fileprivate static func encodeContainer<Children: Encodable>(
        _ schema: String, name: String, kind: Track.Kind?, children: Children, sourceRange: Range?, speed: Double?,
        cutlist: [String: String], to encoder: any Encoder
    ) throws {
        var container = encoder.container(keyedBy: ContainerKeys.self)
        try container.encode(schema, forKey: .schema)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(kind, forKey: .kind)
        try container.encode(children, forKey: .children)
        try container.encode(sourceRange, forKey: .sourceRange)
        try container.encode(speed.map { [Effect.timeWarp($0)] } ?? [], forKey: .effects)
        try container.encode([String](), forKey: .markers)
        try container.encode(cutlist.isEmpty ? [:] : ["cutlist": cutlist], forKey: .metadata)
    }

    /// `metadata.cutlist` of an object: the strings Cutlist wrote there. Other
    /// tools' metadata, whatever its shape, is skipped.
    struct CutlistMetadata: Decodable {
        var values: [String: String] = [:]

        init(from decoder: any Decoder) throws {
            guard let metadata = try? decoder.container(keyedBy: AnyKey.self),
                let cutlist = try? metadata.nestedContainer(keyedBy: AnyKey.self, forKey: "cutlist")
            else { return }
            for key in cutlist.allKeys {
                if let value = try? cutlist.decode(String.self, forKey: key) { values[key.stringValue] = value }
            }
        }
    }

    /// A key by its name, for objects whose keys are not known in advance.
    struct AnyKey: CodingKey, ExpressibleByStringLiteral {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
        init(stringLiteral value: String) { stringValue = value }
    }

    /// An object's schema without its version (`Clip` of `Clip.2`); OpenTimelineIO's
    /// old `Sequence` is a `Track`. Empty when it has none.
    static func schemaName(of container: KeyedDecodingContainer<AnyKey>) throws -> String {
        let schema = try container.decodeIfPresent(String.self, forKey: "OTIO_SCHEMA") ?? ""
        let name = String(schema.split(separator: ".").first ?? "")
        return name == "Sequence" ? "Track" : name
    }
}
