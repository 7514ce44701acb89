import Compiler
import EDLParser
import Interchange

extension DocumentAnalysis {
    /// The project's tracks and their items, each item named by its id, name or source.
    func symbols() -> [DocumentSymbol] {
        let index = document.index
        var ends: [[YAMLOutline.Step]: Int] = [:]
        for scalar in outline.scalars where scalar.path.count >= 2 && scalar.path[0] == .key("tracks") {
            ends[Array(scalar.path.prefix(2)), default: 0] = max(ends[Array(scalar.path.prefix(2))] ?? 0, scalar.bytes.upperBound)
            if scalar.path.count >= 4, scalar.path[2] == .key("items") {
                let item = Array(scalar.path.prefix(4))
                ends[item] = max(ends[item] ?? 0, scalar.bytes.upperBound)
            }
        }
        func range(_ collection: YAMLOutline.Collection) -> Range {
            Range(
                start: index.position(ofOffset: collection.offset),
                end: index.position(ofOffset: max(ends[collection.path] ?? collection.offset, collection.offset)))
        }
        var tracks: [DocumentSymbol] = []
        var items: [[YAMLOutline.Step]: [DocumentSymbol]] = [:]
        for collection in outline.collections where collection.isMapping && collection.path.first == .key("tracks") {
            if collection.path.count == 4, collection.path[2] == .key("items") {
                let name = itemName(collection)
                items[Array(collection.path.prefix(2)), default: []].append(
                    DocumentSymbol(
                        name: name.name, detail: name.detail, kind: .event, range: range(collection),
                        selectionRange: range(collection), children: nil))
            }
        }
        for collection in outline.collections
        where collection.isMapping && collection.path.count == 2 && collection.path[0] == .key("tracks") {
            guard case .index(let number) = collection.path[1] else { continue }
            let name = outline.value(at: collection.path + [.key("name")])?.value ?? "track \(number + 1)"
            tracks.append(
                DocumentSymbol(
                    name: name, detail: outline.value(at: collection.path + [.key("kind")])?.value, kind: .array,
                    range: range(collection), selectionRange: range(collection), children: items[collection.path] ?? []))
        }
        return tracks
    }

    /// How the outline names an item: `id`, else what it plays or shows.
    private func itemName(_ item: YAMLOutline.Collection) -> (name: String, detail: String?) {
        if let id = outline.value(at: item.path + [.key("id")]) { return (id.value, item.keys.first { $0 != "id" }) }
        for kind in ["source", "composition", "text", "color", "transition", "gap", "pattern", "tone", "gradient"] {
            if let value = outline.value(at: item.path + [.key(kind)]) { return ("\(kind) \(value.value)", nil) }
        }
        return (item.keys.first ?? "item", nil)
    }

    /// Each item's start on the output timeline, at the end of its first line.
    func inlayHints(in range: Range) -> [InlayHint] {
        guard let fps = plan?.output.fps else { return [] }
        let index = document.index
        return outline.collections.compactMap { collection in
            guard collection.isMapping, YAMLOutline.isItem(collection.path),
                range.start.line <= collection.line - 1, collection.line - 1 <= range.end.line,
                let placement = placements.of(collection, file: path, outline: outline).first
            else { return nil }
            let frame = placement.range.frames(at: fps).lowerBound
            let lineEnd = index.lineRange(collection.line - 1).upperBound
            return InlayHint(
                position: index.position(ofOffset: lineEnd),
                label: "▶ \(TimelineDiff.timecode(Rational(frame) / fps.rate, fps: fps))")
        }
    }
}
