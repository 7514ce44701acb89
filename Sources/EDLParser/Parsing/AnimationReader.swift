import Yams

/// Reads animatable values (SPEC section 11): a constant, a keyframe list, a ramp
/// (lowered to two keyframes), or a repeating keyframe cycle.
struct AnimationReader {
    static let keyframeKeys = ["at", "value", "ease"]
    static let rampKeys = ["from", "to", "start", "duration", "ease"]
    static let repeatingKeys = ["keyframes", "repeat", "autoreverse", "begin"]

    let context: ParseContext

    func read<V>(_ node: Node, _ key: String, _ value: (Node, String) -> V?) -> Animated<V>? {
        switch node {
        case .sequence(let sequence) where sequence.first.map(isMapping) == true:
            return keyframes(node, key, value).map { .keyframes($0, repetition: nil) }
        case .mapping(let mapping) where mapping["keyframes"] != nil:
            return repeating(node, key, value)
        case .mapping(let mapping) where mapping["from"] != nil || mapping["to"] != nil:
            return ramp(node, key, value)
        default:
            return value(node, key).map { .constant($0) }
        }
    }

    private func isMapping(_ node: Node) -> Bool {
        if case .mapping = node { return true }
        return false
    }

    private func keyframes<V>(_ node: Node, _ key: String, _ value: (Node, String) -> V?) -> [Keyframe<V>]? {
        guard let elements = context.elements(of: node, key) else { return nil }
        guard !elements.isEmpty else {
            context.error("'\(key)' has an empty keyframe list", at: node)
            return nil
        }
        var frames: [Keyframe<V>] = []
        var complete = true
        for element in elements {
            guard let keys = context.entries(of: element, in: "a keyframe", allowed: Self.keyframeKeys) else {
                complete = false
                continue
            }
            guard let at = keys["at"], let valueEntry = keys["value"] else {
                context.error("a keyframe needs 'at' and 'value'", at: element)
                complete = false
                continue
            }
            guard let time = context.value(at.value, "at", ValueSyntax.relativeTime),
                let v = value(valueEntry.value, key)
            else {
                complete = false
                continue
            }
            let ease = keys["ease"].flatMap { context.value($0.value, "ease", ValueSyntax.ease) } ?? .linear
            let frame = Keyframe(at: time, value: v, ease: ease, location: context.location(of: element))
            if let previous = frames.last, Self.isBefore(frame.at, previous.at) {
                context.error(
                    "keyframes must be in time order: 'at' (\(frame.at)) comes before the keyframe above it (\(previous.at))",
                    at: at.value)
            }
            frames.append(frame)
        }
        return complete ? frames : nil
    }

    /// Whether `a` is certainly earlier than `b` (times from different anchors, or
    /// mixing seconds and frames, are only known once the item is placed).
    static func isBefore(_ a: RelativeTime, _ b: RelativeTime) -> Bool {
        guard a.anchor == b.anchor else { return false }
        if a.offset.frames == b.offset.frames { return a.offset.seconds < b.offset.seconds }
        if a.offset.seconds == b.offset.seconds { return a.offset.frames < b.offset.frames }
        return false
    }

    private func ramp<V>(_ node: Node, _ key: String, _ value: (Node, String) -> V?) -> Animated<V>? {
        guard let keys = context.entries(of: node, in: "a ramp", allowed: Self.rampKeys) else { return nil }
        guard let fromEntry = keys["from"], let toEntry = keys["to"] else {
            context.error("a ramp needs both 'from' and 'to'", at: node)
            return nil
        }
        let from = value(fromEntry.value, key)
        let to = value(toEntry.value, key)
        let start = keys["start"].map { context.value($0.value, "start", ValueSyntax.relativeTime) } ?? RelativeTime()
        let duration = keys["duration"].map { context.positiveTime($0.value, "duration") }
        let ease = keys["ease"].map { context.value($0.value, "ease", ValueSyntax.ease) } ?? .linear
        // `duration`: absent (the ramp runs to the item's end), invalid (reported), or given.
        if case .some(nil) = duration { return nil }
        guard let from, let to, let start, let ease else { return nil }
        var end = RelativeTime(.end)
        if case .some(.some(let length)) = duration {
            guard let offset = start.offset.adding(length.value) else {
                context.error("the ramp ends too late to represent", at: node)
                return nil
            }
            end = RelativeTime(start.anchor, offset: offset)
        }
        let location = context.location(of: node)
        return .keyframes(
            [
                Keyframe(at: start, value: from, ease: ease, location: location),
                Keyframe(at: end, value: to, location: location),
            ], repetition: nil)
    }

    private func repeating<V>(_ node: Node, _ key: String, _ value: (Node, String) -> V?) -> Animated<V>? {
        guard let keys = context.entries(of: node, in: "a repeating animation", allowed: Self.repeatingKeys),
            let framesEntry = keys["keyframes"]
        else { return nil }
        var repetition = Repetition(count: .times(1))
        if let entry = keys["repeat"], let text = context.text(entry.value, "repeat") {
            if text == "forever" {
                repetition.count = .forever
            } else if let count = context.number(entry.value, "repeat", in: 0.001...1_000_000) {
                repetition.count = .times(count)
            }
        }
        if let entry = keys["autoreverse"], let flag = context.bool(entry.value, "autoreverse") { repetition.autoreverse = flag }
        if let entry = keys["begin"], let begin = context.time(entry.value, "begin") { repetition.begin = begin.value }
        guard let frames = keyframes(framesEntry.value, key, value) else { return nil }
        if let endAnchored = frames.first(where: { $0.at.anchor == .end }) {
            context.diagnostics.error(
                "a repeating animation's keyframes are timed from its cycle's start; 'end' has no meaning here",
                at: endAnchored.location)
            return nil
        }
        if let last = frames.last, last.at.offset.seconds <= .zero, last.at.offset.frames <= 0 {
            context.error(
                "a repeating animation needs its last keyframe after 0, which sets the cycle's length", at: framesEntry.value)
            return nil
        }
        return .keyframes(frames, repetition: repetition)
    }
}
