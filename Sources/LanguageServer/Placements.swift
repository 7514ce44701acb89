import Compiler
import EDLParser

/// Where each item plays on the output timeline, read from the plan's layers
/// and sounds: by the item's place in the YAML, and for the project's own
/// items also by their identity, which a composition's drawn items carry.
struct Placements {
    struct Placement: Hashable {
        var range: TimeRange
        /// Set for an item that plays a file with a length: its source times.
        var sourceTime: TimeMap?
    }

    private var byLocation: [SourceLocation: [Placement]] = [:]
    /// The span of everything drawn for each item of the project's tracks.
    private var byItem: [ItemID.Name: TimeRange] = [:]

    init(plan: RenderPlan?) {
        guard let plan else { return }
        func add(_ location: SourceLocation, _ range: TimeRange, _ source: SourceID, _ map: TimeMap) {
            var plays: TimeMap?
            if case .file(let file)? = plan.source(source)?.kind, file.facts.duration != nil { plays = map }
            let placement = Placement(range: range, sourceTime: plays)
            if !(byLocation[location]?.contains(placement) ?? false) { byLocation[location, default: []].append(placement) }
        }
        for segment in plan.video {
            for layer in segment.layers {
                add(layer.location, layer.range, layer.source, layer.timeMap)
                guard let outer = layer.item.path.first else { continue }
                let known = byItem[outer] ?? layer.range
                byItem[outer] = TimeRange(start: min(known.start, layer.range.start), end: max(known.end, layer.range.end))
            }
        }
        for input in plan.audio.inputs { add(input.location, input.range, input.source, input.timeMap) }
    }

    /// Where the item that `outline` has at `item` plays (`file` is the document's name in locations).
    func of(_ item: YAMLOutline.Collection, file: String, outline: YAMLOutline) -> [Placement] {
        if let found = byLocation[SourceLocation(file: file, line: item.line, column: item.column)] { return found }
        guard item.path.count == 4, item.path[0] == .key("tracks"), case .index(let track) = item.path[1],
            case .index(let index) = item.path[3]
        else { return [] }
        let id = outline.value(at: item.path + [.key("id")])?.value
        return byItem[id.map(ItemID.Name.given) ?? .placed(track: track, index: index)].map { [Placement(range: $0)] } ?? []
    }
}
