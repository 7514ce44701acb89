import EDLParser
import Testing

@testable import Compiler

/// `y` for `x` on a CSS cubic-bezier, by plain bisection: the reference the solver is checked against.
func referenceBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func coordinate(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
    }
    var (low, high) = (0.0, 1.0)
    for _ in 0..<200 {
        let mid = (low + high) / 2
        if coordinate(x1, x2, mid) < x { low = mid } else { high = mid }
    }
    return coordinate(y1, y2, (low + high) / 2)
}

@Suite struct EaseTests {
    @Test func cssNamedCurvesAtKnownPoints() {
        #expect(abs(Ease.easeInOut.progress(0.5) - 0.5) < 1e-9)
        let expected: [(Ease, [Double])] = [
            (.easeIn, [0.017027, 0.093465, 0.315357, 0.621862, 0.839428]),
            (.easeOut, [0.160572, 0.378138, 0.684643, 0.906535, 0.982973]),
            (.easeInOut, [0.019722, 0.129162, 0.5, 0.870838, 0.980278]),
            (.cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1), [0.094796, 0.408511, 0.802403, 0.960459, 0.994316]),
        ]
        for (ease, values) in expected {
            for (x, y) in zip([0.1, 0.25, 0.5, 0.75, 0.9], values) {
                #expect(abs(ease.progress(x) - y) < 1e-5, "\(ease) at \(x)")
            }
        }
    }

    @Test(arguments: [
        (0.25, 0.1, 0.25, 1.0), (0.42, 0.0, 1.0, 1.0), (0.0, 0.0, 0.58, 1.0), (0.68, -0.55, 0.265, 1.55), (1.0, 0.0, 0.0, 1.0),
    ])
    func bezierMatchesReference(_ points: (Double, Double, Double, Double)) {
        let ease = Ease.cubicBezier(x1: points.0, y1: points.1, x2: points.2, y2: points.3)
        for step in 0...20 {
            let x = Double(step) / 20
            #expect(abs(ease.progress(x) - referenceBezier(points.0, points.1, points.2, points.3, at: x)) < 1e-4)
        }
    }

    @Test func linearAndHold() {
        #expect(Ease.linear.progress(0.3) == 0.3)
        #expect(Ease.hold.progress(0.999) == 0)
        #expect(Ease.hold.progress(1) == 1)
    }
}

@Suite struct KeyframeCurveTests {
    typealias Key = KeyframeCurve<Double>.Key

    @Test func holdsOutsideAndInterpolatesInside() {
        let curve = KeyframeCurve(origin: q(10), keys: [Key(time: q(1), value: 0), Key(time: q(3), value: 10)])
        #expect(curve.value(at: q(10)) == 0)
        #expect(curve.value(at: q(12)) == 5)
        #expect(curve.value(at: q(13)) == 10)
        #expect(curve.value(at: q(99)) == 10)
    }

    @Test func easeShapesTheSpanFromItsKeyframe() {
        let curve = KeyframeCurve(origin: .zero, keys: [Key(time: .zero, value: 0, ease: .easeIn), Key(time: q(1), value: 100)])
        #expect(abs(curve.value(at: q(1, 2)) - 31.5357) < 1e-3)
        let held = KeyframeCurve(origin: .zero, keys: [Key(time: .zero, value: 0, ease: .hold), Key(time: q(1), value: 100)])
        #expect(held.value(at: q(99, 100)) == 0)
        #expect(held.value(at: q(1)) == 100)
    }

    @Test func repeatForeverWraps() {
        let curve = KeyframeCurve(
            origin: q(1), keys: [Key(time: .zero, value: 0), Key(time: q(2), value: 360)],
            repetition: .init(count: nil, autoreverse: false))
        #expect(curve.value(at: q(0)) == 0)  // before `begin`
        #expect(curve.value(at: q(2)) == 180)
        #expect(curve.value(at: q(7, 2)) == 90)
        #expect(curve.value(at: q(1002)) == 180)
    }

    @Test func repeatCountThenFinalValue() {
        let curve = KeyframeCurve(
            origin: .zero, keys: [Key(time: .zero, value: 0), Key(time: q(1), value: 10)],
            repetition: .init(count: 3, autoreverse: false))
        #expect(curve.value(at: q(5, 2)) == 5)
        #expect(curve.value(at: q(3)) == 10)
        #expect(curve.value(at: q(50)) == 10)
        let half = KeyframeCurve(origin: .zero, keys: curve.keys, repetition: .init(count: 1.5, autoreverse: false))
        #expect(half.value(at: q(9)) == 5)
    }

    @Test func autoreversePlaysBackAndEndsOnFirstValue() {
        let curve = KeyframeCurve(
            origin: .zero, keys: [Key(time: .zero, value: 0), Key(time: q(2), value: 10)],
            repetition: .init(count: 2, autoreverse: true))
        #expect(curve.value(at: q(1)) == 5)
        #expect(curve.value(at: q(3)) == 5)
        #expect(curve.value(at: q(7, 2)) == 2.5)
        #expect(curve.value(at: q(5)) == 5)
        #expect(curve.value(at: q(8)) == 0)
        #expect(curve.value(at: q(100)) == 0)
    }

    @Test func colorsInterpolateComponentByComponent() {
        let curve = Curve<Color>.ramp(
            Ramp(
                from: Color(red: 1, green: 0, blue: 0), to: Color(red: 0, green: 0, blue: 1, alpha: 0),
                start: .zero, duration: q(2)))
        let middle = curve.value(at: q(1))
        #expect(middle == Color(red: 0.5, green: 0, blue: 0.5, alpha: 0.5))
    }

    @Test func rampShapes() {
        let tent = Ramp<Double>(from: 0, to: 1, start: .zero, duration: q(2), shape: .triangle)
        #expect(tent.value(at: q(1)) == 1)
        #expect(tent.value(at: q(1, 2)) == 0.5)
        #expect(tent.value(at: q(2)) == 0)
        let rise = Ramp<Double>(from: 0, to: 1, start: .zero, duration: q(1), shape: .equalPowerRise)
        let fall = Ramp<Double>(from: 1, to: 0, start: .zero, duration: q(1), shape: .equalPowerFall)
        for step in 0...10 {
            let t = q(Int64(step), 10)
            let (a, b) = (rise.value(at: t), fall.value(at: t))
            #expect(abs(a * a + b * b - 1) < 1e-12, "equal power at \(t)")
        }
    }

    @Test func anEnvelopeIsConstantOnlyWhereNoFactorMoves() {
        let fadeIn = Curve<Double>.ramp(Ramp(from: 0, to: 1, start: q(1), duration: q(1)))
        let envelope = Envelope([.constant(0.3), fadeIn])
        #expect(envelope.constantValue(over: q(0)...q(1)) == 0)
        #expect(envelope.constantValue(over: q(2)...q(5)) == envelope.value(at: q(3)))
        #expect(envelope.constantValue(over: q(2)...q(5)) == 0.3)
        #expect(envelope.constantValue(over: q(1, 2)...q(3, 2)) == nil)
    }
}
