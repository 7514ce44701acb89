import EDLParser
import Foundation

/// An animated value of the plan, evaluable at any timeline time: the lowered form
/// of `Animated<Value>` and of transition progress.
///
/// Times are exact timeline seconds (frame `n` samples `n / fps`, audio sample
/// `k` samples `k / rate`); `value(at:)` is a pure function.
public enum Curve<Value: Interpolatable>: Hashable, Sendable, Codable {
    case constant(Value)
    /// Keyframes from the project (item keys, track keys). Boxed (`indirect`),
    /// as is `ramp`: a layer holds a dozen curves, nearly all constant, and an
    /// hour of cuts holds tens of thousands of layers.
    indirect case keyframes(KeyframeCurve<Value>)
    /// A transition's progress from one value to another.
    indirect case ramp(Ramp<Value>)

    public func value(at time: Rational) -> Value {
        switch self {
        case .constant(let value): return value
        case .keyframes(let curve): return curve.value(at: time)
        case .ramp(let ramp): return ramp.value(at: time)
        }
    }

    public var isConstant: Bool {
        if case .constant = self { return true }
        return false
    }

    /// Whether the value is the same at every time of `span` (a keyframed curve
    /// outside its keys, a ramp before or after it).
    public func isConstant(over span: ClosedRange<Rational>) -> Bool {
        switch self {
        case .constant: return true
        case .ramp(let ramp): return span.upperBound <= ramp.start || span.lowerBound >= ramp.start + ramp.duration
        case .keyframes(let curve):
            guard curve.repetition == nil, let first = curve.keys.first, let last = curve.keys.last else { return false }
            return span.upperBound <= curve.origin + first.time || span.lowerBound >= curve.origin + last.time
        }
    }

    /// One line for `render plan`.
    public var planText: String {
        switch self {
        case .constant(let value): return value.planText
        case .keyframes(let curve): return curve.planText
        case .ramp(let ramp): return ramp.planText
        }
    }
}

/// A product of gain or opacity curves: item × track × transition × fades.
/// Kept as factors so each stays exact and readable in the plan.
public struct Envelope: Hashable, Sendable, Codable {
    public var factors: [Curve<Double>]

    public init(_ factors: [Curve<Double>] = []) {
        self.factors = factors.filter { $0 != .constant(1) }
    }

    public func value(at time: Rational) -> Double {
        factors.reduce(1) { $0 * $1.value(at: time) }
    }

    /// The value at every time of `span` when no factor changes over it (the
    /// same product, in the same order, as `value(at:)`), else nil.
    public func constantValue(over span: ClosedRange<Rational>) -> Double? {
        guard factors.allSatisfy({ $0.isConstant(over: span) }) else { return nil }
        return value(at: span.lowerBound)
    }

    public mutating func multiply(by factor: Curve<Double>) {
        if factor != .constant(1) { factors.append(factor) }
    }

    public var planText: String {
        factors.isEmpty ? "1" : factors.map(\.planText).joined(separator: " × ")
    }
}

/// How a ramp turns eased progress `p` into the fraction between its two values.
public enum RampShape: String, Hashable, Sendable, Codable {
    /// `p`.
    case linear
    /// `1 − |2p − 1|`: out and back, at the far value when `p` is ½ (fade through a colour).
    case triangle
    /// 0 before `p` reaches ½, then 1.
    case stepAtHalf = "step-at-half"
    /// `sin(p·π/2)`: the rising side of an equal-power crossfade.
    case equalPowerRise = "equal-power-rise"
    /// `1 − cos(p·π/2)`: from 1 to 0 this gives the falling side, `cos(p·π/2)`.
    case equalPowerFall = "equal-power-fall"
    /// A fade's curve (`FadeCurve.gain`) rising; falling, the same curve backwards.
    case expRise = "exp-rise"
    case expFall = "exp-fall"
    case logRise = "log-rise"
    case logFall = "log-fall"
    /// The same both ways.
    case sCurve = "s-curve"

    public func fraction(_ p: Double) -> Double {
        switch self {
        case .linear: return p
        case .triangle: return 1 - abs(2 * p - 1)
        case .stepAtHalf: return p >= 0.5 ? 1 : 0
        case .equalPowerRise: return sin(p * Double.pi / 2)
        case .equalPowerFall: return 1 - cos(p * Double.pi / 2)
        case .expRise: return FadeCurve.exp.gain(p)
        case .expFall: return 1 - FadeCurve.exp.gain(1 - p)
        case .logRise: return FadeCurve.log.gain(p)
        case .logFall: return 1 - FadeCurve.log.gain(1 - p)
        case .sCurve: return FadeCurve.sCurve.gain(p)
        }
    }
}

extension FadeCurve {
    /// The ramp shapes of a fade in (0 to 1) and a fade out (1 to 0) along this curve.
    public var shapes: (rising: RampShape, falling: RampShape) {
        switch self {
        case .linear: return (.linear, .linear)
        case .exp: return (.expRise, .expFall)
        case .log: return (.logRise, .logFall)
        case .sine, .equalPower: return (.equalPowerRise, .equalPowerFall)
        case .sCurve: return (.sCurve, .sCurve)
        }
    }
}

/// A transition's progress over `[start, start + duration)`: `from` before,
/// `to` after, shaped by the transition's ease and a `RampShape` between.
public struct Ramp<Value: Interpolatable>: Hashable, Sendable, Codable {
    public var from: Value
    public var to: Value
    public var start: Rational
    public var duration: Rational
    public var ease: Ease
    public var shape: RampShape

    public init(from: Value, to: Value, start: Rational, duration: Rational, ease: Ease = .linear, shape: RampShape = .linear) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
        self.ease = ease
        self.shape = shape
    }

    /// Eased progress 0...1 at a time.
    public func progress(at time: Rational) -> Double {
        guard duration > .zero else { return time < start ? 0 : 1 }
        let elapsed = (time - start).approximateDouble / duration.approximateDouble
        return ease.progress(min(max(elapsed, 0), 1))
    }

    public func value(at time: Rational) -> Value {
        Value.interpolate(from, to, shape.fraction(progress(at: time)))
    }

    public var planText: String {
        "ramp(\(from.planText) -> \(to.planText) \(shape.rawValue) over \(TimeValue.format(start))+\(TimeValue.format(duration)) \(ease))"
    }
}
