import EDLParser

/// An item with its place on the timeline.
package struct PlacedItem {
    package var track: Int
    /// Index in the track's `items`.
    var index: Int
    package var item: Item
    package var timing: ItemTiming
    package var start: Rational
    /// Known once the output duration is (for `until: end` items).
    var length: Rational?
    /// Probe facts for `source:` items, a composition's for compositions.
    package var facts: MediaFacts?
    /// A composition item's compiled timeline.
    var composition: RenderPlan?
    /// `fade_in` and `fade_out` as ramps on the timeline, for its picture's
    /// opacity and its sound's gain alike (see `FadeResolver`).
    var fades: [Curve<Double>] = []

    var range: TimeRange { TimeRange(start: start, end: start + (length ?? .zero)) }
    package var end: Rational? { length.map { start + $0 } }

    package var timeMap: TimeMap {
        TimeMap(
            start: start, from: timing.from, speed: timing.speed, loopLength: timing.loopLength, reversed: timing.reversed,
            curve: timing.curve, blend: item.timing.frames?.value == .blend)
    }
}

/// A transition between two placed items of one track; the incoming item starts
/// `duration` before the outgoing one ends.
package struct PlacedTransition {
    package var transition: Transition
    package var track: Int
    package var location: SourceLocation
    /// The transition item's own id: its colour layer's.
    var id: ItemID
    /// Indices into `Placement.items`.
    package var outgoing: Int
    package var incoming: Int
    package var duration: Rational

    package func span(_ items: [PlacedItem]) -> TimeRange {
        let start = items[incoming].start
        return TimeRange(start: start, end: start + duration)
    }
}

/// A `fade` at a track's start or end: from its colour into the track's first
/// item, or from the last item into its colour, over that item's first or last
/// `duration`.
struct PlacedEdgeFade {
    var transition: Transition
    var location: SourceLocation
    /// The fade item's own id: its colour layer's.
    var id: ItemID
    /// Index into `Placement.items`.
    var item: Int
    var atStart: Bool
    var duration: Rational

    /// Nil while the item's length is not known (`until: end`).
    func span(_ items: [PlacedItem]) -> TimeRange? {
        let placed = items[item]
        guard let end = placed.end else { return nil }
        return atStart
            ? TimeRange(start: placed.start, end: placed.start + duration) : TimeRange(start: end - duration, end: end)
    }
}

/// Every track laid out: items in track order, then transitions.
package struct Placement {
    package var items: [PlacedItem] = []
    package var transitions: [PlacedTransition] = []
    var edgeFades: [PlacedEdgeFade] = []
    /// Every gap, by track (gaps count towards the output length).
    package var gaps: [(track: Int, range: TimeRange)] = []

    /// SPEC 4: the end of the last item over all tracks, `until: end` items excluded.
    var naturalEnd: Rational {
        let ends = items.compactMap { $0.timing.length.isUntilEnd ? nil : $0.end }
        return (ends + gaps.map(\.range.end)).max() ?? .zero
    }

    /// Fixes the length of every `until: end` item now the output's end is known.
    mutating func resolveUntilEnd(outputEnd: Rational) {
        for index in items.indices {
            guard case .untilEnd(let limit) = items[index].timing.length else { continue }
            var length = max(outputEnd - items[index].start, .zero)
            if let limit { length = min(length, limit) }
            items[index].length = length
        }
    }
}

extension ItemTiming.Length {
    var limit: Rational? {
        if case .untilEnd(let limit) = self { return limit }
        return nil
    }

    var isUntilEnd: Bool {
        if case .untilEnd = self { return true }
        return false
    }
}
