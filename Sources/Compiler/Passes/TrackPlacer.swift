import EDLParser

/// Pass 3: lay every track's items end to end (SPEC 6): `at` pins a start, `gap`
/// leaves a hole, a transition pulls the next item back over the previous one.
///
///     a ──────────┐
///                 │ transition (d)
///            ┌────┴───── b        b.start = a.end − d
struct TrackPlacer {
    private let timings = ItemTimingResolver()

    func place(_ context: inout CompileContext) -> Placement {
        var placement = Placement()
        for (index, track) in context.project.tracks.enumerated() {
            placeTrack(track, index: index, into: &placement, &context)
        }
        return placement
    }

    private struct TrackState {
        var cursor = Rational.zero
        /// Index in `Placement.items` of the item a transition would start from.
        var previous: Int?
        /// The item before could not be placed (its own error says why): a
        /// transition after it is dropped without a second error.
        var previousFailed = false
        var pending: (transition: Transition, location: SourceLocation, item: ItemID, outgoing: Int)?
        /// A `fade` that starts the track, for the item after it.
        var fadeIn: (transition: Transition, location: SourceLocation, item: ItemID)?
        /// The `until: end` item that ends the track, if any.
        var closedBy: SourceLocation?
    }

    private func placeTrack(
        _ track: Track, index trackIndex: Int, into placement: inout Placement, _ context: inout CompileContext
    ) {
        var state = TrackState()
        for (index, item) in track.items.enumerated() {
            // A fade may end a track whose last item lasts until the end.
            if state.closedBy != nil, !(index == track.items.count - 1 && item.isFade) {
                context.error(
                    "this item never plays: the item before it lasts 'until: end'", at: item.location,
                    hint: "put it on another track, or give the earlier item a 'duration'")
                continue
            }
            if context.failedItems.contains(item.location) {
                // Its own error is reported; what it joins or starts after is not guessed at.
                state.pending = nil
                state.fadeIn = nil
                state.previous = nil
                state.previousFailed = true
                continue
            }
            switch item.content {
            case .gap(let gap):
                orphan(&state, &context)
                guard let length = context.length(Located(gap, at: item.location), "gap"),
                    let end = context.sum(state.cursor, length, at: item.location)
                else { continue }
                placement.gaps.append((trackIndex, TimeRange(start: state.cursor, end: end)))
                state.cursor = end
                state.previous = nil
                state.previousFailed = false
            case .transition(let transition):
                if state.previousFailed {
                    state.previousFailed = false
                    continue
                }
                if index == 0, transition.kind == .fade {
                    state.fadeIn = (transition, item.location, ItemID(item, track: trackIndex, index: index))
                    continue
                }
                guard let previous = state.previous, state.pending == nil else {
                    orphan(&state, &context)
                    context.error("a transition needs an item on both sides", at: item.location)
                    continue
                }
                state.pending = (transition, item.location, ItemID(item, track: trackIndex, index: index), previous)
            default:
                guard let placed = placeItem(item, index: index, track: trackIndex, state: &state, &context) else {
                    state.pending = nil
                    state.fadeIn = nil
                    state.previous = nil
                    state.previousFailed = true
                    continue
                }
                state.previousFailed = false
                if let pending = state.pending {
                    placement.transitions.append(
                        PlacedTransition(
                            transition: pending.transition, track: trackIndex, location: pending.location, id: pending.item,
                            outgoing: pending.outgoing, incoming: placement.items.count,
                            duration: context.length(pending.transition.duration, "duration") ?? .zero))
                    state.pending = nil
                }
                if let fade = state.fadeIn {
                    placement.edgeFades.append(edgeFade(fade, item: placement.items.count, atStart: true, &context))
                    state.fadeIn = nil
                }
                state.previous = placement.items.count
                placement.items.append(placed)
            }
        }
        if let pending = state.pending, pending.transition.kind == .fade {
            placement.edgeFades.append(
                edgeFade((pending.transition, pending.location, pending.item), item: pending.outgoing, atStart: false, &context))
            state.pending = nil
        }
        orphan(&state, &context)
    }

    private func edgeFade(
        _ fade: (transition: Transition, location: SourceLocation, item: ItemID), item: Int, atStart: Bool,
        _ context: inout CompileContext
    ) -> PlacedEdgeFade {
        PlacedEdgeFade(
            transition: fade.transition, location: fade.location, id: fade.item, item: item, atStart: atStart,
            duration: context.length(fade.transition.duration, "duration") ?? .zero)
    }

    private func orphan(_ state: inout TrackState, _ context: inout CompileContext) {
        guard let pending = state.pending else { return }
        context.error("a transition needs an item on both sides", at: pending.location)
        state.pending = nil
    }

    private func placeItem(
        _ item: Item, index: Int, track: Int, state: inout TrackState,
        _ context: inout CompileContext
    ) -> PlacedItem? {
        var facts: MediaFacts?
        var composition: RenderPlan?
        let timing: ItemTiming?
        switch item.content {
        case .source(let reference):
            guard let found = context.facts(of: reference) else { return nil }
            facts = found
            timing = timings.media(item, name: reference.displayName, found, &context)
        case .composition(let content):
            composition = context.compositions[content]
            guard let plan = composition else { return nil }
            facts = plan.compositionFacts
            timing = timings.media(item, name: content.name, plan.compositionFacts, &context)
        case .color, .text, .tone, .pattern, .gradient, .shape, .shader: timing = timings.generator(item, &context)
        case .captions(let captions):
            var offset = Rational.zero
            if let value = captions.offset {
                guard let seconds = context.seconds(value, "offset") else { return nil }
                offset = seconds
            }
            timing = timings.captions(item, captions, offset: offset, &context)
        case .gap, .transition: return nil
        }
        guard let timing, let start = start(of: item, state: state, &context) else { return nil }
        var placed = PlacedItem(track: track, index: index, item: item, timing: timing, start: start, facts: facts)
        placed.composition = composition
        if case .fixed(let length) = timing.length {
            guard let end = context.sum(start, length, at: item.location) else { return nil }
            placed.length = length
            state.cursor = end
        } else {
            state.closedBy = item.location
        }
        return placed
    }

    private func start(of item: Item, state: TrackState, _ context: inout CompileContext) -> Rational? {
        if let pending = state.pending {
            if let at = item.timing.at {
                context.error("an item after a transition cannot have 'at': it starts where the transition does", at: at.location)
                return nil
            }
            guard let duration = context.length(pending.transition.duration, "duration") else { return nil }
            return context.sum(state.cursor, -duration, at: item.location)
        }
        guard let at = item.timing.at else { return state.cursor }
        guard let pinned = context.length(at, "at") else { return nil }
        if pinned < state.cursor {
            context.error(
                "'at' (\(show(pinned))) is before the end of the previous item (\(show(state.cursor)))",
                at: at.location, hint: "items on a track play one after another; use another track to overlap")
            return nil
        }
        return pinned
    }
}

extension Item {
    var isFade: Bool {
        if case .transition(let transition) = content { return transition.kind == .fade }
        return false
    }
}
