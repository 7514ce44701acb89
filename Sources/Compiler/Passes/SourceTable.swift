import EDLParser

/// Collects the plan's sources, one per distinct file reference or generator,
/// numbered in first-use order (deterministic: no hashing decides an order).
struct SourceTable {
    private(set) var sources: [SourcePlan] = []
    /// Each source's id by what it is: an edit of 10,000 distinct colours looks each up at once.
    private var ids: [SourcePlan.Kind: SourceID] = [:]

    mutating func id(for kind: SourcePlan.Kind) -> SourceID {
        if let existing = ids[kind] { return existing }
        let id = SourceID(sources.count)
        sources.append(SourcePlan(id: id, kind: kind))
        ids[kind] = id
        return id
    }

    /// The decoder for an item's file, reading its picture and sound streams.
    mutating func file(_ reference: SourceReference, _ facts: MediaFacts) -> SourceID {
        id(
            for: .file(
                FileSource(
                    path: reference.path,
                    videoStream: reference.videoStream ?? facts.video?.streamIndex,
                    audioStream: reference.audioStream ?? facts.audio?.streamIndex,
                    facts: facts)))
    }

    /// The source an item draws or plays, `nil` for gaps and transitions.
    mutating func source(of placed: PlacedItem) -> SourceID? {
        switch placed.item.content {
        case .source(let reference):
            guard let facts = placed.facts else { return nil }
            return file(reference, facts)
        case .color(let color): return id(for: .color(color))
        case .text(let text): return id(for: .text(text))
        case .tone(let frequency): return id(for: .tone(frequency: frequency))
        case .pattern(let pattern): return id(for: .pattern(pattern))
        case .gradient(let gradient): return id(for: .gradient(gradient))
        case .shape(let shape): return id(for: .shape(shape))
        case .shader(let file): return id(for: .shader(ShaderCode(text: file.text, isTransition: false)))
        case .composition(let composition):
            return placed.composition.map { id(for: .composition(name: composition.name, $0)) }
        case .gap, .transition, .captions: return nil
        }
    }
}
