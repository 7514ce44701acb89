import EDLParser

/// Pass 7a: a composition layer that nothing changes as a whole is replaced by
/// its own layers, placed through it, so the compositor draws them straight onto
/// the output (SPEC 14). *Over* is associative, so this draws the same picture
/// as drawing the composition into a picture of its own first, without that
/// picture. It does not apply when something needs the composition's picture
/// as one: opacity below 1 (its layers would show through each other), filters,
/// a mask (wipes), a `contain-blur` backdrop; nor where the timing or the
/// geometry would differ: another speed than 1, a loop, a rotation, a crop,
/// another frame rate, masks or backdrops of its own layers, a frame counter
/// (which counts the composition's frames), a shader transition inside a
/// composition placed otherwise than as the whole output (flipped, moved, scaled).
struct CompositionFlattener {
    let output: OutputPlan

    /// `layers` in drawing order, each flattenable composition layer replaced by its layers.
    func flatten(_ layers: [Layer], sources: inout SourceTable) -> [Layer] {
        var result: [Layer] = []
        result.reserveCapacity(layers.count)
        for layer in layers {
            guard sources.sources.indices.contains(layer.source.index),
                case .composition(_, let nested) = sources.sources[layer.source.index].kind, canFlatten(layer, nested)
            else {
                result.append(layer)
                continue
            }
            result += inner(nested, placedBy: layer, sources: &sources)
        }
        return result
    }

    private func canFlatten(_ layer: Layer, _ nested: RenderPlan) -> Bool {
        let t = layer.transform
        guard layer.isPlainPicture, layer.opacity.factors.isEmpty, layer.timeMap.isPlain,
            t.rotation == .constant(0), t.crop == .constant(Crop()),
            t.autoRotation == 0, !t.autoMirror, nested.output.fps == output.fps
        else { return false }
        // A shader transition draws on the whole canvas: only a composition placed as the output itself
        // (not flipped, moved or scaled) lets it draw there as it would in the composition's picture.
        let shaded = nested.video.contains { $0.layers.contains { $0.transitionIn != nil || $0.leavesByShader != nil } }
        if shaded, !coversOutput(CompositionFrame(size: nested.output.size, transform: t), during: layer.range) {
            return false
        }
        return nested.video.allSatisfy { segment in
            segment.layers.allSatisfy { inner in
                let framesOnly: Bool
                switch inner.mask {
                case nil, .frames?: framesOnly = true
                case .rectangle?, .circle?: framesOnly = false
                }
                return framesOnly && inner.blurredBackdrop == nil
                    && nested.source(inner.source)?.kind != .pattern(.counter)
            }
        }
    }

    /// The composition's layers on the output's timeline and in its pixels,
    /// each shown only inside the composition's frame, in the composition's drawing order.
    private func inner(_ nested: RenderPlan, placedBy layer: Layer, sources: inout SourceTable) -> [Layer] {
        // Output time = composition time + offset.
        let offset = layer.timeMap.start - layer.timeMap.from
        let frame = CompositionFrame(size: nested.output.size, transform: layer.transform)
        let covers = coversOutput(frame, during: layer.range)
        // Each layer once, in the composition's drawing order: by track, then order (the
        // order layers first appear in its segments is not that order across segments).
        var seen = Set<Layer>()
        let layers = nested.video.flatMap(\.layers).filter { seen.insert($0).inserted }.enumerated()
            .sorted { ($0.element.track, $0.element.order, $0.offset) < ($1.element.track, $1.element.order, $1.offset) }
            .map(\.element)
        var result: [Layer] = []
        for inner in layers {
            var placed = inner.shifted(by: offset)
            guard let range = placed.range.intersection(layer.range) else { continue }
            placed.range = range
            placed.source = sources.id(for: nested.sources[inner.source.index].kind)
            placed.filters = placed.filters.map { filter in
                var filter = filter
                filter.lut = filter.lut.map { sources.id(for: nested.sources[$0.index].kind) }
                return filter
            }
            if let program = placed.transitionIn?.transition {
                placed.transitionIn?.transition = sources.id(for: nested.sources[program.index].kind)
            }
            if !covers {
                placed.transform.parents.append(layer.transform)
                var frames: [CompositionFrame] = []
                if case .frames(let own)? = placed.mask {
                    frames = own.map { deeper in
                        var deeper = deeper
                        deeper.transform.parents.append(layer.transform)
                        return deeper
                    }
                }
                placed.mask = .frames(frames + [frame])
            }
            placed.track = layer.track
            placed.order = layer.order
            placed.item = inner.item.inside(layer.item)
            placed.shader?.inputs = inner.shader?.inputs.map { $0.inside(layer.item) } ?? []
            result.append(placed)
        }
        return result
    }

    /// Whether the composition lies exactly on the output throughout: then its
    /// layers are already in output pixels and need no placing or clipping.
    private func coversOutput(_ frame: CompositionFrame, during range: TimeRange) -> Bool {
        let t = frame.transform
        guard frame.size == output.size, t.parents.isEmpty, t.isConstant(over: range.start...range.end) else { return false }
        return t.transform(at: range.start, sourceSize: frame.size).isIdentity
    }
}

extension RenderPlan {
    /// Drops the sources nothing uses any more (a composition drawn as its own
    /// layers and silent) and numbers the rest again in order.
    mutating func dropUnusedSources() {
        var used = Set<SourceID>()
        for segment in video {
            for layer in segment.layers {
                used.insert(layer.source)
                for case let lut? in layer.filters.map(\.lut) { used.insert(lut) }
                if let program = layer.transitionIn?.transition { used.insert(program) }
            }
        }
        for input in audio.inputs { used.insert(input.source) }
        guard used.count < sources.count else { return }
        var renumbered: [SourceID: SourceID] = [:]
        var kept: [SourcePlan] = []
        for source in sources where used.contains(source.id) {
            renumbered[source.id] = SourceID(kept.count)
            kept.append(SourcePlan(id: SourceID(kept.count), kind: source.kind))
        }
        sources = kept
        func renumber(_ id: SourceID) -> SourceID { renumbered[id] ?? id }
        for s in video.indices {
            for l in video[s].layers.indices {
                video[s].layers[l].source = renumber(video[s].layers[l].source)
                for f in video[s].layers[l].filters.indices {
                    video[s].layers[l].filters[f].lut = video[s].layers[l].filters[f].lut.map(renumber)
                }
                if let program = video[s].layers[l].transitionIn?.transition {
                    video[s].layers[l].transitionIn?.transition = renumber(program)
                }
            }
        }
        for i in audio.inputs.indices { audio.inputs[i].source = renumber(audio.inputs[i].source) }
    }
}
