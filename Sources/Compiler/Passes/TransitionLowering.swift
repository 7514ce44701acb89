import EDLParser

/// Pass 7: every transition becomes plain layer instructions (SPEC 8): opacity
/// ramps, masks, shifts and zoom on its two neighbours, a colour layer for
/// `fade`, and gain ramps (equal-power) or a cut at the midpoint for the audio.
/// The transition's ease shapes its progress.
struct TransitionLowering {
    let output: OutputPlan

    /// Layers and audio as built from the items, changed in place.
    struct Work {
        var layers: [Int: Layer]
        /// Layers that belong to no item (the colour of `fade`).
        var extraLayers: [Layer] = []
        var audio: AudioPlan
        var audioByItem: [Int: Int]
    }

    /// Each transition against its neighbours' lengths; a neighbour whose length
    /// is not known yet (`until: end` before the output's end is) is not checked.
    static func check(_ placement: Placement, _ context: inout CompileContext) {
        for transition in placement.transitions {
            let name = transition.transition.kind.rawValue
            let location = transition.transition.duration.location
            guard transition.duration > .zero else {
                context.error("the '\(name)' transition needs a 'duration' above 0", at: location)
                continue
            }
            let sides = [("before", transition.outgoing), ("after", transition.incoming)]
            for (side, index) in sides {
                guard let length = placement.items[index].length else { continue }
                if transition.duration > length {
                    context.error(
                        "'\(name)' (\(show(transition.duration))) is longer than the item \(side) it (\(show(length)))",
                        at: location, hint: "a transition overlaps both neighbours; shorten it or lengthen the item")
                }
            }
        }
        for fade in placement.edgeFades {
            let location = fade.transition.duration.location
            guard fade.duration > .zero else {
                context.error("the 'fade' transition needs a 'duration' above 0", at: location)
                continue
            }
            let side = fade.atStart ? "after" : "before"
            if let length = placement.items[fade.item].length, fade.duration > length {
                context.error(
                    "'fade' (\(show(fade.duration))) is longer than the item \(side) it (\(show(length)))",
                    at: location, hint: "shorten the fade or lengthen the item")
            }
        }
        checkOverlaps(placement, &context)
    }

    /// An item between two transitions must outlast both, or three items would show at once.
    private static func checkOverlaps(_ placement: Placement, _ context: inout CompileContext) {
        let byIncoming = Dictionary(placement.transitions.map { ($0.incoming, $0) }, uniquingKeysWith: { first, _ in first })
        for after in placement.transitions {
            guard let before = byIncoming[after.outgoing], before.duration > .zero, after.duration > .zero else { continue }
            guard let length = placement.items[after.outgoing].length else { continue }
            let both = before.duration + after.duration
            // Each alone fits (checked above); together they must too.
            guard both > length, before.duration <= length, after.duration <= length else { continue }
            context.error(
                "'\(after.transition.kind.rawValue)' (\(show(after.duration))) overlaps the "
                    + "'\(before.transition.kind.rawValue)' (\(show(before.duration))) before it: the item between them "
                    + "lasts \(show(length)), less than both together (\(show(both)))",
                at: after.transition.duration.location,
                hint: "three items would show at once; shorten a transition or lengthen the item")
        }
    }

    func apply(
        _ placement: Placement, to work: inout Work, sources: inout SourceTable, _ context: inout CompileContext
    ) {
        for transition in placement.transitions {
            let span = transition.span(placement.items)
            lowerPicture(transition, span: span, placement, &work, &sources, &context)
            lowerSound(transition, span: span, &work)
        }
        for fade in placement.edgeFades {
            guard let span = fade.span(placement.items) else { continue }
            lowerEdgeFade(fade, span: span, placement, &work, &sources)
        }
    }

    /// A `fade` at a track's start or end: its colour over the item, from full to
    /// nothing at the start and from nothing to full at the end, and the item's
    /// sound from or to silence.
    private func lowerEdgeFade(
        _ fade: PlacedEdgeFade, span: TimeRange, _ placement: Placement, _ work: inout Work, _ sources: inout SourceTable
    ) {
        let t = fade.transition
        let placed = placement.items[fade.item]
        let (from, to): (Double, Double) = fade.atStart ? (1, 0) : (0, 1)
        work.extraLayers.append(
            colorLayer(
                t.color, span: span, opacity: ramp(from, to, span, t), track: placed.track, order: placed.index * 2 + 1,
                location: fade.location, item: fade.id, &sources))
        guard let index = work.audioByItem[fade.item] else { return }
        if t.audio == .cut {
            let middle = span.start + span.duration / Rational(2)
            if fade.atStart { work.audio.inputs[index].range.start = middle } else { work.audio.inputs[index].range.end = middle }
            let rate = work.audio.format?.sampleRate ?? 48_000
            work.audio.inputs[index].samples = AudioBuilder.clip(
                work.audio.inputs[index].range.samples(at: rate), work.audio.format?.sampleCount ?? 0)
        } else {
            let shapes = (t.audio.curve ?? .linear).shapes
            let shape = fade.atStart ? shapes.rising : shapes.falling
            work.audio.inputs[index].gain.multiply(by: ramp(1 - from, 1 - to, span, t, shape))
        }
    }

    private func ramp<V: Interpolatable>(
        _ from: V, _ to: V, _ span: TimeRange, _ t: Transition,
        _ shape: RampShape = .linear
    ) -> Curve<V> {
        .ramp(Ramp(from: from, to: to, start: span.start, duration: span.duration, ease: t.ease, shape: shape))
    }

    private func lowerPicture(
        _ placed: PlacedTransition, span: TimeRange, _ placement: Placement, _ work: inout Work,
        _ sources: inout SourceTable, _ context: inout CompileContext
    ) {
        let t = placed.transition
        let (w, h) = (Double(output.size.width), Double(output.size.height))
        let incomingOrder = placement.items[placed.incoming].index * 2
        var outgoing = work.layers[placed.outgoing]
        var incoming = work.layers[placed.incoming]
        switch t.kind {
        case .crossfade:
            incoming?.opacity.multiply(by: ramp(0, 1, span, t))
        case .fade:
            outgoing?.opacity.multiply(by: ramp(1, 0, span, t, .stepAtHalf))
            incoming?.opacity.multiply(by: ramp(0, 1, span, t, .stepAtHalf))
            work.extraLayers.append(
                colorLayer(
                    t.color, span: span, opacity: ramp(0, 1, span, t, .triangle), track: placed.track,
                    order: incomingOrder + 1, location: placed.location, item: placed.id, &sources))
        case .wipeLeft, .wipeRight, .wipeUp, .wipeDown:
            incoming?.mask = .rectangle(ramp(wipeStart(t.kind, w, h), Rect(x: 0, y: 0, width: w, height: h), span, t))
        case .slideLeft, .slideRight, .slideUp, .slideDown, .pushLeft, .pushRight:
            let offset = entryOffset(t.kind, w, h)
            incoming?.transform.shifts.append(ramp(offset, Vector2(0, 0), span, t))
            if t.kind == .pushLeft || t.kind == .pushRight {
                outgoing?.transform.shifts.append(ramp(Vector2(0, 0), Vector2(-offset.x, -offset.y), span, t))
            }
        case .zoom:
            outgoing?.transform.zoom = ramp(1, 2, span, t)
            outgoing?.opacity.multiply(by: ramp(1, 0, span, t))
            outgoing?.order = incomingOrder + 1
        case .circle:
            let radius = (w * w + h * h).squareRoot() / 2
            incoming?.mask = .circle(center: Vector2(w / 2, h / 2), radius: ramp(0, radius, span, t))
        default:
            // Drawn by a shader from the outgoing picture (over what is beneath it) to the incoming one.
            let code =
                t.shader.map { ShaderCode(text: $0.text, isTransition: true) }
                ?? ShaderCode(text: TransitionShaders.code(t.kind), isTransition: true, builtIn: TransitionShaders.reads(t.kind))
            let lowering = CurveLowering(origin: span.start, length: span.duration)
            incoming?.transitionIn = LayerShader(
                transition: sources.id(for: .shader(code)),
                progress: ramp(0, 1, span, t),
                time: .ramp(Ramp(from: 0, to: span.duration.approximateDouble, start: span.start, duration: span.duration)),
                uniforms: t.shader.map { ShaderUniforms.lower($0, lowering, &context) } ?? [],
                name: t.shader?.written ?? t.kind.rawValue, location: t.shader?.location ?? placed.location)
            outgoing?.leavesByShader = incoming != nil ? true : nil
        }
        work.layers[placed.outgoing] = outgoing
        work.layers[placed.incoming] = incoming
    }

    /// Where the incoming picture starts: off the edge it enters from.
    private func entryOffset(_ kind: TransitionKind, _ w: Double, _ h: Double) -> Vector2 {
        switch kind {
        case .slideLeft, .pushLeft: return Vector2(w, 0)
        case .slideRight, .pushRight: return Vector2(-w, 0)
        case .slideUp: return Vector2(0, h)
        default: return Vector2(0, -h)
        }
    }

    /// The revealed part at the start of a wipe: an empty strip at the edge the wipe starts from.
    private func wipeStart(_ kind: TransitionKind, _ w: Double, _ h: Double) -> Rect {
        switch kind {
        case .wipeLeft: return Rect(x: w, y: 0, width: 0, height: h)
        case .wipeRight: return Rect(x: 0, y: 0, width: 0, height: h)
        case .wipeUp: return Rect(x: 0, y: h, width: w, height: 0)
        default: return Rect(x: 0, y: 0, width: w, height: 0)
        }
    }

    /// `fade`'s colour over the frame: between two items it rises to full at the
    /// midpoint, then falls, over both pictures.
    private func colorLayer(
        _ color: Color, span: TimeRange, opacity: Curve<Double>, track: Int, order: Int, location: SourceLocation,
        item: ItemID, _ sources: inout SourceTable
    ) -> Layer {
        let source = sources.id(for: .color(color))
        let transform = LayerTransform(
            sourceSize: output.size, outputSize: output.size, sizing: .fit(.fill),
            position: .constant(Vector2(Double(output.size.width) / 2, Double(output.size.height) / 2)))
        return Layer(
            source: source, timeMap: TimeMap(start: span.start, from: .zero, speed: .zero), transform: transform,
            opacity: Envelope([opacity]), range: span, track: track, order: order, location: location, item: item)
    }

    private func lowerSound(_ placed: PlacedTransition, span: TimeRange, _ work: inout Work) {
        let t = placed.transition
        let rate = work.audio.format?.sampleRate ?? 48_000
        let count = work.audio.format?.sampleCount ?? 0
        let shapes = (t.audio.curve ?? .linear).shapes
        let (fall, rise) = (shapes.falling, shapes.rising)
        if let index = work.audioByItem[placed.outgoing] {
            if t.audio != .cut {
                work.audio.inputs[index].gain.multiply(by: ramp(1, 0, span, t, fall))
            } else {
                work.audio.inputs[index].range.end = span.start + span.duration / Rational(2)
                work.audio.inputs[index].samples = AudioBuilder.clip(work.audio.inputs[index].range.samples(at: rate), count)
            }
        }
        if let index = work.audioByItem[placed.incoming] {
            if t.audio != .cut {
                work.audio.inputs[index].gain.multiply(by: ramp(0, 1, span, t, rise))
            } else {
                work.audio.inputs[index].range.start = span.start + span.duration / Rational(2)
                work.audio.inputs[index].samples = AudioBuilder.clip(work.audio.inputs[index].range.samples(at: rate), count)
            }
        }
    }
}
