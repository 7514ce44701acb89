import EDLParser

/// The source time of an item whose rate changes (a `speed` ramp, `time:` keys):
/// the seconds of source elapsed from its map's `from` at each local time
/// (seconds from the item's start), in pieces from one key to the next.
///
///     speed keys   1 ───────▶ 3          elapsed = ∫ speed   (a quadratic: exact)
///     time keys    2s ──▶ 5s ══ 5s       elapsed = value − first value (a freeze: flat)
///
/// Linear and constant pieces are exact on the rational clock; eased pieces are
/// computed in floating point and kept to the microsecond, far under a frame.
public struct TimeCurve: Hashable, Sendable, Codable {
    public enum Shape: Hashable, Sendable, Codable {
        /// The rate runs linearly from `first` to `last` (equal for a constant
        /// rate, 0 for a freeze, negative backwards).
        case rate(first: Rational, last: Rational)
        /// The rate eases from `first` to `last` (a `speed` key's `ease`).
        case easedRate(first: Rational, last: Rational, ease: Ease)
        /// The elapsed time itself eases by `change` (a `time` key's `ease`).
        case easedTime(change: Rational, ease: Ease)
    }

    public struct Piece: Hashable, Sendable, Codable {
        /// Local time where the piece starts.
        public var start: Rational
        /// Nil for the last piece, which runs on at its rate.
        public var length: Rational?
        /// Elapsed source time at `start`.
        public var elapsed: Rational
        public var shape: Shape
    }

    /// In time order; the first starts at 0.
    public var pieces: [Piece]

    init(pieces: [Piece]) { self.pieces = pieces }

    /// A curve from `speed` keys (local time, rate, ease): before the first key its
    /// rate holds, after the last the last one does.
    public init(speeds keys: [(time: Rational, value: Rational, ease: Ease)]) {
        var pieces: [Piece] = []
        var elapsed = Rational.zero
        func add(_ start: Rational, _ length: Rational?, _ shape: Shape) {
            let piece = Piece(start: start, length: length, elapsed: elapsed, shape: shape)
            pieces.append(piece)
            if let length { elapsed = piece.elapsed(at: length) }
        }
        guard let first = keys.first, let last = keys.last else {
            self.pieces = [Piece(start: .zero, length: nil, elapsed: .zero, shape: .rate(first: .one, last: .one))]
            return
        }
        if first.time > .zero { add(.zero, first.time, .rate(first: first.value, last: first.value)) }
        for (key, next) in zip(keys, keys.dropFirst()) where next.time > key.time {
            switch key.ease {
            case .linear: add(key.time, next.time - key.time, .rate(first: key.value, last: next.value))
            case .hold: add(key.time, next.time - key.time, .rate(first: key.value, last: key.value))
            default: add(key.time, next.time - key.time, .easedRate(first: key.value, last: next.value, ease: key.ease))
            }
        }
        add(last.time, nil, .rate(first: last.value, last: last.value))
        self.pieces = pieces
    }

    /// A curve from `time` keys (local time, source time, ease), elapsed from the
    /// first key's source time: before the first key and after the last the
    /// picture holds; two keys at one time jump.
    public init(times keys: [(time: Rational, value: Rational, ease: Ease)]) {
        let origin = keys.first?.value ?? .zero
        var pieces: [Piece] = []
        let still = Shape.rate(first: .zero, last: .zero)
        if let first = keys.first, first.time > .zero {
            pieces.append(Piece(start: .zero, length: first.time, elapsed: .zero, shape: still))
        }
        for (key, next) in zip(keys, keys.dropFirst()) where next.time > key.time {
            let length = next.time - key.time
            let change = next.value - key.value
            let shape: Shape
            switch key.ease {
            case .linear: shape = .rate(first: change / length, last: change / length)
            case .hold: shape = still
            default: shape = change.isZero ? still : .easedTime(change: change, ease: key.ease)
            }
            pieces.append(Piece(start: key.time, length: length, elapsed: key.value - origin, shape: shape))
        }
        let last = keys.last ?? (time: .zero, value: origin, ease: .linear)
        pieces.append(Piece(start: last.time, length: nil, elapsed: last.value - origin, shape: still))
        self.pieces = pieces
    }

    /// Source seconds elapsed at local time `local`.
    public func elapsed(at local: Rational) -> Rational {
        let piece = self.piece(at: local)
        return piece.elapsed(at: local - piece.start)
    }

    /// The source's rate at `local` (seconds of source per second), negative backwards.
    public func rate(at local: Rational) -> Double {
        let piece = self.piece(at: local)
        return piece.rate(at: local - piece.start)
    }

    private func piece(at local: Rational) -> Piece { pieces[index(at: local)] }

    /// The index of the piece that holds local time `local`.
    public func index(at local: Rational) -> Int { max(0, pieces.partitionPoint { $0.start <= local } - 1) }

    /// The earliest local time (to the microsecond, rounded down) at which the
    /// elapsed time reaches `target`, for a curve that never runs backwards;
    /// nil when it never does.
    public func localTime(reaching target: Rational) -> Rational? {
        for piece in pieces {
            let end = piece.length.map { piece.elapsed(at: $0) }
            guard end.map({ $0 >= target }) ?? (piece.rate(at: .zero) > 0) else { continue }
            let upper = piece.length ?? max(.one, (target - piece.elapsed) / piece.finalRate)
            let found = Self.firstMicrosecond(in: .zero, upper) { piece.elapsed(at: $0) >= target }
            // The microsecond at or before the exact time: the item never shows past `target`.
            return piece.start + (piece.elapsed(at: found) > target ? found - Self.microsecond : found)
        }
        return nil
    }

    /// Where elapsed time lies in `[lower, upper)`, within local `[0, length)`.
    public func localRanges(whereElapsedIn lower: Rational, _ upper: Rational, length: Rational) -> [(Rational, Rational)] {
        var ranges: [(Rational, Rational)] = []
        for piece in pieces where piece.start < length {
            let span = min(piece.length ?? length - piece.start, length - piece.start)
            let (a, b) = (piece.elapsed, piece.elapsed(at: span))
            if a == b {
                if lower <= a && a < upper { ranges.append((piece.start, piece.start + span)) }
                continue
            }
            let rising = b > a
            if case .rate(let speed, let last) = piece.shape, speed == last {
                // At one rate the crossings are exact: (bound − a) / rate, within the piece.
                let clamp = { (time: Rational) in min(max(time, .zero), span) }
                let (enter, leave) =
                    rising
                    ? (clamp((lower - a) / speed), clamp((upper - a) / speed))
                    : (clamp((upper - a) / speed), clamp((lower - a) / speed))
                if enter < leave { ranges.append((piece.start + enter, piece.start + leave)) }
                continue
            }
            // The times at which the piece enters and leaves the range, in its direction.
            let enter = Self.firstMicrosecond(in: .zero, span) { t in
                let e = piece.elapsed(at: t)
                return rising ? e >= lower : e < upper
            }
            let leave = Self.firstMicrosecond(in: .zero, span) { t in
                let e = piece.elapsed(at: t)
                return rising ? e >= upper : e < lower
            }
            if enter < leave { ranges.append((piece.start + enter, piece.start + leave)) }
        }
        return ranges
    }

    static let microsecond = Rational(1, 1_000_000) ?? .zero

    /// Seconds rounded to the microsecond.
    static func microseconds(_ seconds: Double) -> Rational {
        Rational(Int64((seconds * 1_000_000).rounded()), 1_000_000) ?? .zero
    }

    /// The first whole microsecond in `[lower, upper]` where `reached` holds
    /// (`upper` when none does), for a condition that stays true once true.
    static func firstMicrosecond(in lower: Rational, _ upper: Rational, _ reached: (Rational) -> Bool) -> Rational {
        var low = lower.ceil(times: Rational(1_000_000))
        var high = upper.ceil(times: Rational(1_000_000))
        let top = high
        while low < high {
            let middle = low + (high - low) / 2
            if reached(Rational(middle, 1_000_000) ?? .zero) { high = middle } else { low = middle + 1 }
        }
        return low == top ? upper : Rational(low, 1_000_000) ?? upper
    }
}

extension TimeCurve.Piece {
    /// Elapsed source time `u` seconds into the piece.
    public func elapsed(at u: Rational) -> Rational {
        switch shape {
        case .rate(let first, let last):
            // elapsed + first·u + (last − first)·u² / (2·length), exact when it fits.
            guard first != last, let length else {
                return first.checkedMultiply(u).flatMap { elapsed.checkedAdd($0) }
                    ?? elapsed + TimeCurve.microseconds(first.approximateDouble * u.approximateDouble)
            }
            let exact = first.checkedMultiply(u).flatMap { linear in
                (last - first).checkedMultiply(u).flatMap { $0.checkedMultiply(u) }
                    .flatMap { $0.checkedDivide(length + length) }
                    .flatMap { linear.checkedAdd($0) }.flatMap { elapsed.checkedAdd($0) }
            }
            let (x, d) = (u.approximateDouble, length.approximateDouble)
            return exact
                ?? elapsed
                + TimeCurve.microseconds(
                    first.approximateDouble * x + (last - first).approximateDouble * x * x / (2 * d))
        case .easedRate(let first, let last, let ease):
            let d = length?.approximateDouble ?? 1
            let x = u.approximateDouble / d
            let area = first.approximateDouble * x + (last - first).approximateDouble * Self.integral(of: ease, to: x)
            return elapsed + TimeCurve.microseconds(d * area)
        case .easedTime(let change, let ease):
            let x = u.approximateDouble / (length?.approximateDouble ?? 1)
            return elapsed + TimeCurve.microseconds(change.approximateDouble * ease.progress(x))
        }
    }

    /// Which way source time runs along the piece (a piece never turns round).
    public enum Motion: Sendable { case forwards, still, backwards }

    public var motion: Motion {
        let rates = [rate(at: .zero), rate(at: length ?? .zero)]
        if rates.contains(where: { $0 < 0 }) { return .backwards }
        return rates.allSatisfy { $0 == 0 } ? .still : .forwards
    }

    /// The rate `u` seconds into the piece.
    public func rate(at u: Rational) -> Double {
        let d = length?.approximateDouble ?? 1
        let x = min(max(u.approximateDouble / d, 0), 1)
        switch shape {
        case .rate(let first, let last): return first.approximateDouble + (last - first).approximateDouble * x
        case .easedRate(let first, let last, let ease):
            return first.approximateDouble + (last - first).approximateDouble * ease.progress(x)
        case .easedTime(let change, let ease):
            let h = 1e-4
            let slope = (ease.progress(min(x + h, 1)) - ease.progress(max(x - h, 0))) / (min(x + h, 1) - max(x - h, 0))
            return change.approximateDouble / d * slope
        }
    }

    /// For `render plan`: where the piece starts, the source elapsed there, and its shape.
    var planText: String {
        let head = "\(TimeValue.format(start)) +\(TimeValue.format(elapsed))"
        switch shape {
        case .rate(let first, let last) where first == last: return first.isZero ? head + " hold" : head + " ×\(first)"
        case .rate(let first, let last): return head + " ×\(first)→×\(last)"
        case .easedRate(let first, let last, let ease): return head + " ×\(first)→×\(last) \(ease)"
        case .easedTime(let change, let ease): return head + " +\(TimeValue.format(change)) \(ease)"
        }
    }

    /// The rate at the piece's end (of the last piece: its constant rate).
    var finalRate: Rational {
        switch shape {
        case .rate(_, let last), .easedRate(_, let last, _): return last > .zero ? last : .one
        case .easedTime: return .one
        }
    }

    /// `∫₀ˣ ease(y) dy` by Simpson's rule on 16 intervals: the named eases are
    /// smooth cubics, so this is within about 1e-7 of the whole span.
    static func integral(of ease: Ease, to x: Double) -> Double {
        guard x > 0 else { return 0 }
        let n = 16
        let h = x / Double(n)
        var sum = ease.progress(0) + ease.progress(x)
        for i in 1..<n { sum += Double(i % 2 == 0 ? 2 : 4) * ease.progress(Double(i) * h) }
        return sum * h / 3
    }
}
