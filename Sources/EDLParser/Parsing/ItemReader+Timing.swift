import Yams

extension ItemReader {
    /// The timing keys, with the checks that need no media: exclusive keys, ranges,
    /// and a length for items that have none of their own.
    func readTiming(_ keys: [String: ParseContext.Entry], _ node: Node, needsLength: Bool) -> Timing {
        var timing = Timing()
        timing.from = keys["from"].flatMap { context.time($0.value, "from") }
        timing.to = keys["to"].flatMap { context.time($0.value, "to") }
        timing.duration = keys["duration"].flatMap { context.positiveTime($0.value, "duration") }
        timing.at = keys["at"].flatMap { context.time($0.value, "at") }
        if let entry = keys["speed"] {
            switch AnimationReader(context: context).read(entry.value, "speed", readSpeed) {
            case .constant(let speed)?: timing.speed = Located(speed, at: context.location(of: entry.value))
            case .keyframes(let keys, let repetition)?:
                timing.speedKeys = timeKeys(keys, repetition, "speed", entry.value)
            case nil: break
            }
        }
        if let entry = keys["time"] {
            let read = AnimationReader(context: context).read(entry.value, "time") { node, key in
                context.time(node, key)?.value
            }
            switch read {
            case .constant?:
                context.error(
                    "'time' takes keys: the source time shown at points of the item", at: entry.value,
                    hint: "to show one source frame, use 'freeze: { at: \(entry.value.string ?? "2s") }'")
            case .keyframes(let keys, let repetition)?: timing.timeKeys = timeKeys(keys, repetition, "time", entry.value)
            case nil: break
            }
        }
        if let entry = keys["loop"] { timing.loop = readLoop(entry.value) }
        if let entry = keys["until"], let text = context.text(entry.value, "until") {
            if text == "end" {
                timing.untilEnd = true
            } else {
                context.error(
                    "'until' takes only 'end', not '\(text)'", at: entry.value,
                    hint: "to end at a given time, use 'duration' or 'to'")
            }
        }
        if let entry = keys["freeze"] { timing.freeze = readFreeze(entry.value) }
        if let entry = keys["frames"], let choice = context.word(entry.value, "frames", FrameChoice.self) {
            timing.frames = Located(choice, at: context.location(of: entry.value))
        }
        if let entry = keys["reverse"], let reverse = context.bool(entry.value, "reverse") {
            timing.reverse = Located(reverse, at: context.location(of: entry.value))
        }
        checkTiming(timing, keys, node, needsLength: needsLength)
        return timing
    }

    private func readSpeed(_ node: Node, _ key: String) -> Rational? {
        guard let speed = context.value(node, key, ValueSyntax.ratio) else { return nil }
        guard speed > .zero, speed <= Rational(100) else {
            context.error(
                "'speed' must be above 0 and at most 100, not \(formatNumber(speed.approximateDouble))", at: node,
                hint: speed > .zero ? nil : "to hold a frame, use 'freeze' or two 'time' keys with one value")
            return nil
        }
        return speed
    }

    /// The keys of a time map (`speed` ramps, `time`): played once, timed from the item's start.
    private func timeKeys<V>(_ keys: [Keyframe<V>], _ repetition: Repetition?, _ key: String, _ node: Node)
        -> Located<[Keyframe<V>]>?
    {
        if repetition != nil {
            context.error(
                "'\(key)' keys play once along the item; they do not repeat", at: node,
                hint: "write each key out, or use 'loop' to repeat the source range")
            return nil
        }
        return Located(keys, at: context.location(of: node))
    }

    private func readLoop(_ node: Node) -> LoopMode {
        guard let text = context.text(node, "loop") else { return .off }
        switch text {
        case "true", "True", "TRUE": return .forever
        case "false", "False", "FALSE": return .off
        default:
            return context.integer(node, "loop", in: 1...1_000_000).map { .count($0) } ?? .off
        }
    }

    private func readFreeze(_ node: Node) -> Located<TimeValue>? {
        guard let keys = context.entries(of: node, in: "'freeze'", allowed: ["at"]) else { return nil }
        guard let at = keys["at"] else {
            context.error("'freeze' needs 'at': the source time of the frame to show", at: node)
            return nil
        }
        return context.time(at.value, "at")
    }

    private func checkTiming(_ timing: Timing, _ keys: [String: ParseContext.Entry], _ node: Node, needsLength: Bool) {
        // A key given but invalid, or misspelt ('duratoin', reported as unknown with
        // a did-you-mean), was reported already; do not also call it missing.
        let hasLength =
            keys["duration"] != nil || keys["until"] != nil
            || node.mapping?.keys.contains { key in
                guard let name = key.string, keys[name] == nil else { return false }
                return NameSuggestions.didYouMean(name, in: ["duration", "until"]) != nil
            } == true
        if let duration = keys["duration"], let until = keys["until"], timing.untilEnd {
            context.error(
                "'duration' and 'until: end' both set the item's length; keep one", at: until.keyNode,
                hint: "'duration' is at \(context.location(of: duration.keyNode))")
        }
        if let duration = keys["duration"], keys["from"] != nil, keys["to"] != nil, timing.loop == .off {
            context.error(
                "'from', 'to' and 'duration' together over-determine the item", at: duration.keyNode,
                hint: "drop one of them, or set 'loop: true' to repeat the range for 'duration'")
        }
        if let from = timing.from, let to = timing.to, Self.isCertainlyNotBefore(from.value, to.value) {
            context.diagnostics.error(Timing.orderError(from: "\(from.value)", to: "\(to.value)"), at: to.location)
        }
        if needsLength && !hasLength {
            context.error("this item needs 'duration' or 'until: end'; it has no length of its own", at: node)
        }
        if timing.loop != .off && !hasLength, let loop = keys["loop"] {
            context.error("'loop' needs 'duration' or 'until: end' to know how long to repeat", at: loop.keyNode)
        }
        checkTimeMap(timing, keys)
        if let freeze = keys["freeze"] {
            if !hasLength {
                context.error("'freeze' needs 'duration' or 'until: end': how long to show the frame", at: freeze.keyNode)
            }
            for key in ["speed", "loop", "reverse", "time"] where keys[key] != nil {
                context.error(
                    "'\(key)' does not combine with 'freeze', which shows a single frame", at: keys[key]?.keyNode ?? node)
            }
        }
    }

    /// `time` sets the source time itself: no range, rate or direction beside it.
    private func checkTimeMap(_ timing: Timing, _ keys: [String: ParseContext.Entry]) {
        if let time = keys["time"] {
            for key in ["speed", "from", "to", "loop", "reverse"] where keys[key] != nil {
                context.error(
                    "'\(key)' does not combine with 'time', which sets the source time at each key",
                    at: keys[key]?.keyNode ?? time.keyNode,
                    hint: key == "speed"
                        ? "a 'time' key's value is the source time shown then; the speed follows from the keys"
                        : "write the source times into the 'time' keys")
            }
        }
        if timing.speedKeys != nil, let loop = keys["loop"] {
            context.error(
                "a changing 'speed' does not combine with 'loop'", at: loop.keyNode,
                hint: "give the item one speed to loop it, or write the repeats as items")
        }
    }

    /// `a >= b`, when it can be told without knowing the fps.
    static func isCertainlyNotBefore(_ a: TimeValue, _ b: TimeValue) -> Bool {
        if a.frames == b.frames { return a.seconds >= b.seconds }
        if a.seconds == b.seconds { return a.frames >= b.frames }
        return false
    }
}
