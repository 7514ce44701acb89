import EDLParser

extension ItemTimingResolver {
    /// A media item whose rate changes: `speed` keys (the rate along the item,
    /// integrated from `from`) or `time` keys (the source time itself).
    func curved(_ item: Item, end: Rational, name: String, _ context: inout CompileContext) -> ItemTiming? {
        let timing = item.timing
        var duration: Rational?
        if let value = timing.duration {
            guard let seconds = context.length(value, "duration") else { return nil }
            duration = seconds
        }
        if let keys = timing.timeKeys {
            return remapped(item, keys, duration: duration, end: end, name: name, &context)
        }
        guard let keys = timing.speedKeys,
            let resolved = resolve(keys.value, "speed", length: duration, hasLength: duration != nil, &context)
        else { return nil }
        let curve = TimeCurve(speeds: resolved)
        var from = Rational.zero
        if let value = timing.from {
            guard let seconds = context.length(value, "from") else { return nil }
            from = seconds
        }
        if let duration {
            if let to = timing.to {
                context.error(
                    "'to' and 'duration' together over-determine an item whose 'speed' changes", at: to.location,
                    hint: "keep 'duration' (the source it plays follows from the keys) or 'to' (its length follows)")
                return nil
            }
            let stop = from + curve.elapsed(at: duration)
            guard stop <= end else {
                let reached = curve.localTime(reaching: end - from).map { " \(show($0)) into the item;" } ?? ""
                context.error(
                    "at these speeds the item reaches the end of '\(name)' (\(show(end)))\(reached) "
                        + "'duration' (\(show(duration))) would play it up to \(show(stop))",
                    at: timing.duration?.location ?? keys.location, hint: "shorten 'duration' or lower the speeds")
                return nil
            }
            return ItemTiming(from: from, length: .fixed(duration), curve: curve)
        }
        var stop = end
        if let value = timing.to {
            guard let seconds = context.length(value, "to") else { return nil }
            stop = min(seconds, end)
        }
        guard checkOrder(from: from, to: stop, item: item, &context),
            let natural = curve.localTime(reaching: stop - from), natural > .zero
        else { return nil }
        return ItemTiming(from: from, length: timing.untilEnd ? .untilEnd(limit: natural) : .fixed(natural), curve: curve)
    }

    /// `time` keys: each the source time shown at its moment; the item lasts its
    /// `duration`, to the output's end with `until: end`, or else to its last key.
    private func remapped(
        _ item: Item, _ keys: Located<[Keyframe<TimeValue>]>, duration: Rational?, end: Rational, name: String,
        _ context: inout CompileContext
    ) -> ItemTiming? {
        guard let resolved = resolve(keys.value, "time", length: duration, hasLength: duration != nil, &context) else {
            return nil
        }
        var times: [(time: Rational, value: Rational, ease: Ease)] = []
        for (key, resolved) in zip(keys.value, resolved) {
            guard let source = context.length(Located(key.value, at: key.location), "time") else { return nil }
            guard source <= end else {
                context.error(
                    "this 'time' key shows \(show(source)) at \(show(resolved.time)) into the item, past the end of "
                        + "'\(name)' (\(show(end)))", at: key.location)
                return nil
            }
            times.append((resolved.time, source, resolved.ease))
        }
        let curve = TimeCurve(times: times)
        let from = times.first?.value ?? .zero
        if let duration { return ItemTiming(from: from, length: .fixed(duration), curve: curve) }
        if item.timing.untilEnd { return ItemTiming(from: from, length: .untilEnd(limit: nil), curve: curve) }
        guard let last = times.last?.time, last > .zero else {
            context.error(
                "'time' keys set the item's length by their last key, and it is at 0", at: keys.location,
                hint: "add a later key, or give the item a 'duration'")
            return nil
        }
        return ItemTiming(from: from, length: .fixed(last), curve: curve)
    }

    /// Key times resolved in seconds from the item's start; a key timed from its
    /// end needs the item's length given, since otherwise the keys decide it.
    private func resolve<V>(
        _ keys: [Keyframe<V>], _ key: String, length: Rational?, hasLength: Bool, _ context: inout CompileContext
    ) -> [(time: Rational, value: V, ease: Ease)]? {
        var resolved: [(time: Rational, value: V, ease: Ease)] = []
        for frame in keys {
            if frame.at.anchor == .end && !hasLength {
                context.error(
                    "this '\(key)' key is timed from the item's end, but the item's length follows from its keys",
                    at: frame.location, hint: "time the key from the start ('at: 2s'), or give the item a 'duration'")
                return nil
            }
            guard let time = frame.at.resolved(itemDuration: length ?? .zero, fps: context.fps), time.magnitudeFits,
                !time.isNegative
            else {
                context.error("the time of this '\(key)' key ('\(frame.at)') is out of range", at: frame.location)
                return nil
            }
            if let previous = resolved.last, time < previous.time {
                context.error(
                    "'\(key)' keys must be in time order: this one (\(show(time))) comes before the one above it (\(show(previous.time)))",
                    at: frame.location)
                return nil
            }
            resolved.append((time, frame.value, frame.ease))
        }
        return resolved
    }
}
