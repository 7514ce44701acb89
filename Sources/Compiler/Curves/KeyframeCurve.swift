import EDLParser

/// Keyframes at exact times measured from `origin` (an item's start, or the
/// start of the first cycle of a repeating animation), per SPEC 11: before the
/// first keyframe the first value holds, after the last the last value holds;
/// a keyframe's ease shapes the span to the next.
public struct KeyframeCurve<Value: Interpolatable>: Hashable, Sendable, Codable {
    public struct Key: Hashable, Sendable, Codable {
        /// Seconds after `origin`.
        public var time: Rational
        public var value: Value
        public var ease: Ease

        public init(time: Rational, value: Value, ease: Ease = .linear) {
            self.time = time
            self.value = value
            self.ease = ease
        }
    }

    /// Repetition of the cycle `[0, last key time]`, as Core Animation has it.
    public struct Repeat: Hashable, Sendable, Codable {
        /// Number of cycles; `nil` repeats forever. May be fractional.
        public var count: Double?
        /// Each cycle plays forwards, then backwards.
        public var autoreverse: Bool

        public init(count: Double?, autoreverse: Bool) {
            self.count = count
            self.autoreverse = autoreverse
        }
    }

    /// Absolute timeline time the key times count from.
    public var origin: Rational
    /// Sorted by time; never empty.
    public var keys: [Key]
    public var repetition: Repeat?

    public init(origin: Rational, keys: [Key], repetition: Repeat? = nil) {
        self.origin = origin
        self.keys = keys
        self.repetition = repetition
    }

    public func value(at time: Rational) -> Value {
        let local = time - origin
        guard let repetition else { return sample(local) }
        return repeated(local, repetition)
    }

    /// The value at a time within one cycle (or of the whole, when not repeating).
    func sample(_ local: Rational) -> Value {
        guard let first = keys.first else { preconditionFailure("a keyframe curve has at least one key") }
        guard local >= first.time else { return first.value }
        for (index, key) in keys.enumerated().dropLast() {
            let next = keys[index + 1]
            guard local < next.time else { continue }
            let span = next.time - key.time
            let fraction = span.isZero ? 1 : ((local - key.time) / span).approximateDouble
            return Value.interpolate(key.value, next.value, key.ease.progress(fraction))
        }
        return keys[keys.count - 1].value
    }

    private func repeated(_ local: Rational, _ repetition: Repeat) -> Value {
        let cycle = keys[keys.count - 1].time
        guard local > .zero, cycle > .zero, let first = keys.first else { return keys[0].value }
        let period = repetition.autoreverse ? cycle + cycle : cycle
        if let count = repetition.count, local.approximateDouble >= count * period.approximateDouble {
            return endValue(count: count, cycle: cycle, period: period, autoreverse: repetition.autoreverse, first: first.value)
        }
        let phase = local - Rational((local / period).floor) * period
        return phaseValue(phase, cycle: cycle)
    }

    private func phaseValue(_ phase: Rational, cycle: Rational) -> Value {
        phase <= cycle ? sample(phase) : sample(cycle + cycle - phase)
    }

    /// After the last repetition: the final value; for whole counts that is the
    /// last key, or the first with autoreverse.
    private func endValue(count: Double, cycle: Rational, period: Rational, autoreverse: Bool, first: Value) -> Value {
        let fraction = count - count.rounded(.down)
        if fraction == 0 { return autoreverse ? first : keys[keys.count - 1].value }
        let micro = Int64((fraction * 1_000_000).rounded())
        let phase = (Rational(micro, 1_000_000) ?? .zero) * period
        return phaseValue(phase, cycle: cycle)
    }

    public var planText: String {
        let list = keys.map { "\(TimeValue.format($0.time))=\($0.value.planText) \($0.ease)" }.joined(separator: ", ")
        var text = "keyframes(from \(TimeValue.format(origin)): \(list))"
        if let repetition {
            let count = repetition.count.map(formatNumber) ?? "forever"
            text += " repeat \(count)\(repetition.autoreverse ? " autoreverse" : "")"
        }
        return text
    }
}
