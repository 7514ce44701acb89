/// How a keyframe's span to the next keyframe is shaped (CSS timing functions).
public enum Ease: Hashable, Sendable, Codable, CustomStringConvertible {
    case linear
    /// Keeps the value until the next keyframe, then jumps.
    case hold
    case easeIn
    case easeOut
    case easeInOut
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)

    public var description: String {
        switch self {
        case .linear: return "linear"
        case .hold: return "hold"
        case .easeIn: return "ease-in"
        case .easeOut: return "ease-out"
        case .easeInOut: return "ease-in-out"
        case .cubicBezier(let x1, let y1, let x2, let y2):
            return "cubic-bezier(\([x1, y1, x2, y2].map(formatNumber).joined(separator: ", ")))"
        }
    }
}

/// One keyframe: a value at a time relative to the item's start (or end).
public struct Keyframe<Value: Hashable & Sendable & Codable>: Hashable, Sendable, Codable {
    public var at: RelativeTime
    public var value: Value
    /// Shapes the span from this keyframe to the next.
    public var ease: Ease
    public var location: SourceLocation

    public init(at: RelativeTime, value: Value, ease: Ease = .linear, location: SourceLocation) {
        self.at = at
        self.value = value
        self.ease = ease
        self.location = location
    }
}

/// Repetition of a keyframe cycle, as Core Animation has it.
public struct Repetition: Hashable, Sendable, Codable {
    public enum Count: Hashable, Sendable, Codable {
        case forever
        /// A number of cycles; may be fractional, as in Core Animation.
        case times(Double)
    }

    public var count: Count
    /// Each cycle plays forwards, then backwards.
    public var autoreverse: Bool
    /// When the first cycle starts, relative to the item's start.
    public var begin: TimeValue

    public init(count: Count, autoreverse: Bool = false, begin: TimeValue = .zero) {
        self.count = count
        self.autoreverse = autoreverse
        self.begin = begin
    }
}

/// An animatable value as written in the project: a constant, or keyframes
/// (ramps are lowered to two keyframes by the parser), optionally repeating.
public enum Animated<Value: Hashable & Sendable & Codable>: Hashable, Sendable, Codable {
    case constant(Value)
    case keyframes([Keyframe<Value>], repetition: Repetition?)

    /// The value before any animation starts.
    public var initialValue: Value? {
        switch self {
        case .constant(let value): return value
        case .keyframes(let frames, _): return frames.first?.value
        }
    }

    public var isConstant: Bool {
        if case .constant = self { return true }
        return false
    }
}
