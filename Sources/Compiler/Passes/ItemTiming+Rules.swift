import EDLParser

extension ItemTimingResolver {
    /// `duration` without `loop`: it fixes whichever of `from` / `to` is absent.
    func playedFor(
        _ duration: Rational, item: Item, from: Rational, to: Rational?, end: Rational, name: String,
        speed: Rational, _ context: inout CompileContext
    ) -> ItemTiming? {
        let location = item.timing.duration?.location ?? item.location
        let span = duration * speed
        // Without `loop`, `from` is not also given (the parser's rule).
        if let to {
            let start = to - span
            guard !start.isNegative else {
                context.error(
                    "'duration' (\(show(duration))) reaches before the start of '\(name)' when ending at 'to' (\(show(to)))",
                    at: location)
                return nil
            }
            return ItemTiming(from: start, speed: speed, length: .fixed(duration))
        }
        let stop = from + span
        guard stop <= end else {
            let detail = speed == .one ? "" : " at speed \(speed)"
            context.error(
                "'duration' (\(show(duration)))\(detail) runs past the end of '\(name)' (\(show(end))): it would need up to \(show(stop))",
                at: location, hint: "add 'loop: true' to repeat the source, or shorten 'duration'")
            return nil
        }
        guard checkOrder(from: from, to: stop, item: item, &context) else { return nil }
        return ItemTiming(from: from, speed: speed, length: .fixed(duration))
    }

    /// `loop: true` or a count: the range `[from, to)` repeats.
    func looped(
        _ item: Item, from: Rational, to: Rational, duration: Rational?, speed: Rational,
        _ context: inout CompileContext
    ) -> ItemTiming? {
        guard checkOrder(from: from, to: to, item: item, &context) else { return nil }
        let range = to - from
        let cycle = range / speed
        var countLength: Rational?
        if case .count(let count) = item.timing.loop { countLength = cycle * Rational(Int64(count)) }
        let length: ItemTiming.Length
        if let duration {
            if let countLength, duration > countLength, let key = item.timing.duration {
                context.error(
                    "'duration' (\(show(duration))) is longer than the loops it asks for (\(show(countLength)))",
                    at: key.location, hint: "use 'loop: true' to repeat as often as needed")
                return nil
            }
            length = .fixed(duration)
        } else if item.timing.untilEnd {
            length = .untilEnd(limit: countLength)
        } else {
            // `loop: true` comes with a length (the parser's rule): here it is a count.
            length = .fixed(countLength ?? cycle)
        }
        return ItemTiming(from: from, speed: speed, loopLength: range, length: length)
    }

    /// `from` must come before `to`.
    func checkOrder(from: Rational, to: Rational, item: Item, _ context: inout CompileContext) -> Bool {
        guard from >= to else { return true }
        let location = item.timing.to?.location ?? item.timing.from?.location ?? item.location
        context.error(Timing.orderError(from: show(from), to: show(to)), at: location)
        return false
    }
}
