import EDLParser

/// A drawn item's identity in a plan, given at compile time: the user's `id:`
/// where the item has one, else its track and place on the track. A
/// composition's items drawn straight onto the output are named under the item
/// that places the composition, so two placements of one composition are two
/// items (and play from two readers). Not part of a chunk's fingerprint: it
/// names an item, it does not change its pixels.
public struct ItemID: Hashable, Sendable, Codable, CustomStringConvertible {
    public enum Name: Hashable, Sendable, Codable {
        case given(String)
        /// 0-based track index and index in the track's `items`.
        case placed(track: Int, index: Int)
    }

    /// From the outermost placing item to the item itself.
    public var path: [Name]

    /// The item at `index` of track `track`.
    public init(_ item: Item, track: Int, index: Int) {
        path = [item.id.map { .given($0.value) } ?? .placed(track: track, index: index)]
    }

    /// The item whose `id:` is `id`, among the tracks of one plan.
    init(given id: String) {
        path = [.given(id)]
    }

    /// This item, inside the composition that `outer` places.
    func inside(_ outer: ItemID) -> ItemID {
        var id = outer
        id.path += path
        return id
    }

    public var description: String {
        path.map { name in
            switch name {
            case .given(let id): return id
            case .placed(let track, let index): return "track \(track + 1) item \(index + 1)"
            }
        }.joined(separator: " / ")
    }
}
