import EDLParser

/// Once every item's length is known (the output resolved): `fade_in` and `fade_out` become
/// ramps from 0 at the item's start and to 0 at its end, which the layer and
/// audio builders multiply into its opacity and gain alike.
struct FadeResolver {
    func resolve(_ placement: inout Placement, _ context: inout CompileContext) {
        for index in placement.items.indices {
            let placed = placement.items[index]
            let sound = placed.item.sound
            guard let length = placed.length else { continue }
            var fades: [Curve<Double>] = []
            if let fade = sound.fadeIn, let seconds = fadeLength(fade, "fade_in", length, &context), seconds > .zero {
                fades.append(
                    .ramp(Ramp(from: 0, to: 1, start: placed.start, duration: seconds, shape: sound.fadeInCurve.shapes.rising)))
            }
            if let fade = sound.fadeOut, let seconds = fadeLength(fade, "fade_out", length, &context), seconds > .zero {
                fades.append(
                    .ramp(
                        Ramp(
                            from: 1, to: 0, start: placed.start + length - seconds, duration: seconds,
                            shape: sound.fadeOutCurve.shapes.falling)))
            }
            placement.items[index].fades = fades
        }
    }

    private func fadeLength(_ value: Located<TimeValue>, _ key: String, _ length: Rational, _ context: inout CompileContext)
        -> Rational?
    {
        guard let seconds = context.length(value, key) else { return nil }
        guard seconds <= length else {
            context.error("'\(key)' (\(show(seconds))) is longer than the item (\(show(length)))", at: value.location)
            return nil
        }
        return seconds
    }
}
