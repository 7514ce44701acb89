import EDLParser

/// An item's length and source mapping before it is placed on the timeline.
package struct ItemTiming: Equatable {
    package enum Length: Equatable {
        case fixed(Rational)
        /// `until: end`: up to the output's end, and at most `limit` when the
        /// source runs out first (no loop).
        case untilEnd(limit: Rational?)
    }

    package var from: Rational = .zero
    /// 0 for freeze frames and still pictures.
    package var speed: Rational = .one
    var loopLength: Rational?
    var length: Length
    /// Played backwards: `from` is then the source time shown at the start, the range's end.
    package var reversed = false
    /// The source time along an item whose rate changes (`speed` or `time` keys).
    package var curve: TimeCurve?

    /// The same range played backwards, from its end down to its start.
    mutating func reverse() {
        if let loopLength {
            from = from + loopLength
        } else {
            switch length {
            case .fixed(let length): from = from + played(length)
            case .untilEnd(let limit): from = from + played(limit ?? .zero)
            }
        }
        reversed = true
    }

    /// The source time a stretch of `length` from the item's start plays.
    private func played(_ length: Rational) -> Rational { curve?.elapsed(at: length) ?? length * speed }
}

/// Pass 3a: the timing rules of SPEC 7 for one item, with every media-fact check
/// reported at the key that is wrong.
struct ItemTimingResolver {
    /// Timing of a generated item (`color`, `text`, `tone`, `pattern`), which has
    /// no source range: the parser requires `duration` or `until: end`.
    func generator(_ item: Item, _ context: inout CompileContext) -> ItemTiming? {
        explicitLength(item, context: &context).map { ItemTiming(length: $0) }
    }

    /// Timing of a `captions:` item: `from` and `to` take part of the file's time
    /// (after `offset`); without `to`, `duration` or `until: end` it lasts to
    /// its last cue's end. The cues are the source: `from` is the file time
    /// shown at the item's start, `offset` taken off.
    func captions(_ item: Item, _ captions: Captions, offset: Rational, _ context: inout CompileContext) -> ItemTiming? {
        let timing = item.timing
        var from = Rational.zero
        if let value = timing.from {
            guard let seconds = context.length(value, "from") else { return nil }
            from = seconds
        }
        if timing.duration != nil || timing.untilEnd {
            return explicitLength(item, context: &context).map { ItemTiming(from: from - offset, length: $0) }
        }
        if let value = timing.to {
            guard let to = context.length(value, "to"), checkOrder(from: from, to: to, item: item, &context) else {
                return nil
            }
            return ItemTiming(from: from - offset, length: .fixed(to - from))
        }
        let lastEnd = captions.cues.map { $0.end + offset }.max() ?? .zero
        guard lastEnd > from else {
            context.error(
                "'\(captions.written)' has no cue after \(timing.from == nil ? "its start" : "'from' (\(show(from)))")",
                at: item.location, hint: "give the item a 'duration', or 'until: end'")
            return nil
        }
        return ItemTiming(from: from - offset, length: .fixed(lastEnd - from))
    }

    /// Timing of a `source:` item, or of a composition, which plays as one.
    func media(_ item: Item, name: String, _ facts: MediaFacts, _ context: inout CompileContext) -> ItemTiming? {
        if let freeze = item.timing.freeze {
            return frozen(item, at: freeze, facts: facts, name: name, &context)
        }
        if let reverse = item.timing.reverse, reverse.value, facts.duration == nil || facts.video?.isStillImage == true {
            context.error(
                "'reverse' plays a range backwards, and '\(name)' is a still image", at: reverse.location,
                hint: "a still picture shows the same forwards and backwards: leave 'reverse' out")
            return nil
        }
        guard let end = facts.duration, facts.video?.isStillImage != true else {
            guard item.timing.duration != nil || item.timing.untilEnd else {
                context.error(
                    "image '\(name)' needs 'duration' or 'until: end'", at: item.location,
                    hint: "a still picture has no length of its own")
                return nil
            }
            return explicitLength(item, context: &context).map { ItemTiming(speed: .zero, length: $0) }
        }
        let changing = item.timing.speedKeys != nil || item.timing.timeKeys != nil
        guard var timing = changing ? curved(item, end: end, name: name, &context) : ranged(item, end: end, name: name, &context)
        else { return nil }
        if item.timing.reverse?.value == true { timing.reverse() }
        return timing
    }

    private func frozen(
        _ item: Item, at freeze: Located<TimeValue>, facts: MediaFacts, name: String,
        _ context: inout CompileContext
    ) -> ItemTiming? {
        guard let time = context.length(freeze, "freeze") else { return nil }
        if let end = facts.duration, time >= end {
            context.error("'freeze' (\(show(time))) is past the end of '\(name)' (\(show(end)))", at: freeze.location)
            return nil
        }
        // A frozen frame comes with `duration` or `until: end` (the parser's rule).
        return explicitLength(item, context: &context).map { ItemTiming(from: time, speed: .zero, length: $0) }
    }

    /// `duration` (nil when it is not a valid length, reported) or else `until: end`,
    /// for items without a source range of their own.
    private func explicitLength(_ item: Item, context: inout CompileContext) -> ItemTiming.Length? {
        guard let duration = item.timing.duration else { return .untilEnd(limit: nil) }
        return context.length(duration, "duration").map { .fixed($0) }
    }

    /// A video or audio file played from `from` to `to` at `speed`, maybe looping.
    private func ranged(_ item: Item, end: Rational, name: String, _ context: inout CompileContext) -> ItemTiming? {
        let timing = item.timing
        let speed = timing.rate
        var from = Rational.zero
        if let value = timing.from {
            guard let seconds = context.length(value, "from") else { return nil }
            guard seconds < end else {
                context.error("'from' (\(show(seconds))) is past the end of '\(name)' (\(show(end)))", at: value.location)
                return nil
            }
            from = seconds
        }
        var to: Rational?
        if let value = timing.to {
            guard let seconds = context.length(value, "to") else { return nil }
            guard seconds <= end else {
                context.error(
                    "'to' (\(show(seconds))) is past the end of '\(name)' (\(show(end)))", at: value.location,
                    hint: "leave 'to' out to play to the end")
                return nil
            }
            to = seconds
        }
        var duration: Rational?
        if let value = timing.duration { duration = context.length(value, "duration") }
        if timing.duration != nil, duration == nil { return nil }
        if timing.loop != .off {
            return looped(item, from: from, to: to ?? end, duration: duration, speed: speed, &context)
        }
        if let duration {
            return playedFor(duration, item: item, from: from, to: to, end: end, name: name, speed: speed, &context)
        }
        let stop = to ?? end
        guard checkOrder(from: from, to: stop, item: item, &context) else { return nil }
        let natural = (stop - from) / speed
        return ItemTiming(from: from, speed: speed, length: timing.untilEnd ? .untilEnd(limit: natural) : .fixed(natural))
    }
}
