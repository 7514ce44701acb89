import EDLParser

/// Lowers `Animated<V>` values to evaluable curves: keyframe times (`end-1s`)
/// resolved against the item they belong to, values converted to plan units.
/// Track keys (`volume`, `opacity` of a track) count from the timeline's start,
/// and their `end` is the output's end.
struct CurveLowering {
    /// Timeline time the item (or, for track keys, the timeline) starts.
    var origin: Rational
    /// Its length, which `end` refers to.
    var length: Rational

    func curve<V, W: Interpolatable>(
        _ animated: Animated<V>, _ key: String, _ context: inout CompileContext,
        convert: (V) -> W
    ) -> Curve<W>? {
        switch animated {
        case .constant(let value):
            return .constant(convert(value))
        case .keyframes(let frames, let repetition):
            guard !frames.isEmpty else { return nil }
            var keys: [KeyframeCurve<W>.Key] = []
            for frame in frames {
                guard let time = frame.at.resolved(itemDuration: length, fps: context.fps) else {
                    context.error("keyframe time '\(frame.at)' of '\(key)' is too large", at: frame.location)
                    return nil
                }
                if let previous = keys.last, time < previous.time {
                    context.error(
                        "keyframe at '\(frame.at)' (\(show(time))) of '\(key)' comes before the one before it (\(show(previous.time)))",
                        at: frame.location, hint: "list keyframes in time order")
                    return nil
                }
                keys.append(.init(time: time, value: convert(frame.value), ease: frame.ease))
            }
            guard let repetition else { return .keyframes(KeyframeCurve(origin: origin, keys: keys)) }
            return repeating(keys, repetition, key, frames[0].location, &context)
        }
    }

    private func repeating<W>(
        _ keys: [KeyframeCurve<W>.Key], _ repetition: Repetition, _ key: String,
        _ location: SourceLocation, _ context: inout CompileContext
    ) -> Curve<W>? {
        guard let begin = repetition.begin.resolved(at: context.fps) else {
            context.error("'begin' of '\(key)' is too large", at: location)
            return nil
        }
        var count: Double?
        if case .times(let times) = repetition.count {
            guard times > 0 else {
                context.error("'repeat' of '\(key)' must be positive", at: location)
                return nil
            }
            count = times
        }
        let rule = KeyframeCurve<W>.Repeat(count: count, autoreverse: repetition.autoreverse)
        return .keyframes(KeyframeCurve(origin: origin + begin, keys: keys, repetition: rule))
    }
}
