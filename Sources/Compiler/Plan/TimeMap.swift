import EDLParser

/// Maps timeline time to source time for one item (SPEC 7):
///
///     s = from + ((t − start) × speed  mod  loopLength)
///
/// `speed` is 0 for a freeze frame or a still picture; `loopLength` is set when
/// the item loops its source range. An item whose rate changes (a `speed` ramp,
/// `time:` keys) has a `curve` instead: `s = from ± curve.elapsed(t − start)`.
///
///     timeline   start ──────────────▶ t
///     source     from ──(× speed)───▶ s   (wraps to `from` every loopLength)
public struct TimeMap: Hashable, Sendable, Codable {
    /// Timeline time where the item starts.
    public var start: Rational
    /// Source time shown at `start`.
    public var from: Rational
    public var speed: Rational
    public var loopLength: Rational?
    /// `true` when the source plays backwards from `from`; nil, not false,
    /// otherwise: a forward map encodes (and fingerprints) as before.
    public var reversed: Bool?
    /// The source time along an item whose rate changes; nil at one speed.
    public var curve: TimeCurve?
    /// `frames: blend`: an output frame averages the source frames it spans; nil otherwise.
    public var blend: Bool?

    public init(
        start: Rational, from: Rational, speed: Rational = .one, loopLength: Rational? = nil, reversed: Bool = false,
        curve: TimeCurve? = nil, blend: Bool = false
    ) {
        self.start = start
        self.from = from
        self.speed = speed
        self.loopLength = loopLength
        self.reversed = reversed ? true : nil
        self.curve = curve
        self.blend = blend ? true : nil
    }

    /// Whether source time runs backwards anywhere along the item (reversed, or
    /// a `time` key lower than the one before it): its reader then goes back a
    /// group of pictures at a time.
    public var playsBackwards: Bool {
        isReversed || curve?.pieces.contains { $0.motion == .backwards } == true
    }

    /// Whether source time runs backwards at timeline time `time`.
    public func descends(at time: Rational) -> Bool {
        guard let curve else { return isReversed }
        return (curve.rate(at: time - start) < 0) != isReversed
    }

    /// Whether the source plays at one rate, forwards, without looping: each
    /// output frame a source frame of the same time apart.
    public var isPlain: Bool { speed == .one && loopLength == nil && !isReversed && curve == nil && blend == nil }

    /// Whether source time runs backwards: a frame is then the one whose
    /// interval `(start, end]` holds the source time, the mirror of SPEC 7's
    /// `[start, end)`, so output frame k of a reversed range of n frames shows
    /// frame n − 1 − k.
    public var isReversed: Bool { reversed == true }

    /// Exact source time for a timeline time.
    public func sourceTime(at time: Rational) -> Rational {
        if let curve {
            let elapsed = curve.elapsed(at: time - start)
            return isReversed ? from - elapsed : from + elapsed
        }
        var elapsed = (time - start) * speed
        if let loopLength, loopLength > .zero {
            elapsed = elapsed - Rational((elapsed / loopLength).floor) * loopLength
        }
        return isReversed ? from - elapsed : from + elapsed
    }

    /// Source time shown by output frame `index` (which samples `index / fps`).
    public func sourceTime(frame index: Int64, fps: FrameRate) -> Rational {
        sourceTime(at: Rational(index) / fps.rate)
    }

    /// The source time whose frame output frame `index` shows by SPEC 7's
    /// rule (the frame whose interval `[start, end)` holds it): the source time
    /// itself or, played backwards, a moment (1 µs, shorter than any frame)
    /// before it, so that the frame shown is the one whose `(start, end]` holds it.
    public func pictureTime(frame index: Int64, fps: FrameRate) -> Rational {
        let time = sourceTime(frame: index, fps: fps)
        guard descends(at: Rational(index) / fps.rate), let moment = Rational(1, 1_000_000) else { return time }
        return time.checkedSubtract(moment) ?? time
    }

    /// Source time of output sample `index` at `rate` samples per second.
    public func sourceTime(sample index: Int64, rate: Int) -> Rational {
        sourceTime(at: Rational(index) / Rational(Int64(rate)))
    }

    /// Where source time `[start, end)` shows on the timeline, cut to `span`
    /// (the item's): once, or once per loop.
    public func timelineRanges(ofSource start: Rational, _ end: Rational, within span: TimeRange) -> [TimeRange] {
        if let curve {
            let (lower, upper) = isReversed ? (from - end, from - start) : (start - from, end - from)
            return curve.localRanges(whereElapsedIn: lower, upper, length: span.end - self.start).compactMap {
                TimeRange(start: self.start + $0.0, end: self.start + $0.1).intersection(span)
            }
        }
        if isReversed {
            // Played backwards, source time s shows where the forward map shows 2·from − s.
            var forward = self
            forward.reversed = nil
            return forward.timelineRanges(ofSource: from + from - end, from + from - start, within: span)
        }
        guard speed > .zero else {
            // A frozen frame shows the source time it holds for the whole item.
            return start <= from && from < end ? [span] : []
        }
        let sourceEnd = loopLength.map { from + $0 }
        let first = max(start, from)
        let last = sourceEnd.map { min(end, $0) } ?? end
        guard first < last else { return [] }
        let period = loopLength.map { $0 / speed }
        var ranges: [TimeRange] = []
        var base = self.start
        while base < span.end {
            let lower = max(base + (first - from) / speed, span.start)
            let upper = min(base + (last - from) / speed, span.end)
            if lower < upper { ranges.append(TimeRange(start: lower, end: upper)) }
            guard let period, period > .zero else { break }
            base = base + period
        }
        return ranges
    }

    /// The same map for the times of `window` (timeline time), keeping only the
    /// curve's pieces that show there: what a chunk's fingerprint holds, so an
    /// edited key later in the item leaves earlier chunks as they are.
    public func restricted(to window: TimeRange) -> TimeMap {
        guard let curve else { return self }
        let (lower, upper) = (window.start - start, window.end - start)
        let kept = curve.pieces.filter { piece in
            piece.start < upper && (piece.length.map { piece.start + $0 > lower } ?? true)
        }
        guard let first = kept.first else { return self }
        var map = self
        map.start = start + first.start
        map.from = isReversed ? from - first.elapsed : from + first.elapsed
        map.curve = TimeCurve(
            pieces: kept.map { piece in
                var piece = piece
                piece.start = piece.start - first.start
                piece.elapsed = piece.elapsed - first.elapsed
                return piece
            })
        return map
    }

    public var planText: String {
        var text = "at \(TimeValue.format(start)) from \(TimeValue.format(from))"
        if let curve {
            text += " curve " + curve.pieces.map(\.planText).joined(separator: ", ")
        } else {
            text += " speed \(speed)"
        }
        if let loopLength { text += " loop \(TimeValue.format(loopLength))" }
        if isReversed { text += " reversed" }
        if blend == true { text += " blended" }
        return text
    }
}

/// A half-open range of timeline seconds `[start, end)` and its frame and sample
/// ranges by the one conversion rule (STYLE habit 3): frames
/// `ceil(start·fps) ..< ceil(end·fps)`, samples `ceil(start·rate) ..< ceil(end·rate)`,
/// so adjacent ranges partition frames and samples exactly.
public struct TimeRange: Hashable, Sendable, Codable, CustomStringConvertible {
    public var start: Rational
    public var end: Rational

    public init(start: Rational, end: Rational) {
        self.start = start
        self.end = end
    }

    public var duration: Rational { end - start }

    /// The part of both ranges, `nil` when they do not overlap.
    public func intersection(_ other: TimeRange) -> TimeRange? {
        let (lower, upper) = (max(start, other.start), min(end, other.end))
        return lower < upper ? TimeRange(start: lower, end: upper) : nil
    }

    public func frames(at fps: FrameRate) -> Range<Int64> {
        let lower = start.ceil(times: fps.rate)
        return lower..<max(lower, end.ceil(times: fps.rate))
    }

    public func samples(at rate: Int) -> Range<Int64> {
        let r = Rational(Int64(rate))
        let lower = start.ceil(times: r)
        return lower..<max(lower, end.ceil(times: r))
    }

    public var description: String { "[\(TimeValue.format(start)), \(TimeValue.format(end)))" }
}

extension Rational {
    /// `ceil(self × factor)` computed in 128 bits without reducing first, so it
    /// cannot overflow for any timeline time (`magnitudeFits`) and rate.
    public func ceil(times factor: Rational) -> Int64 {
        let n = Int128(numerator) * Int128(factor.numerator)
        let d = Int128(denominator) * Int128(factor.denominator)
        let q = n / d
        let up = (n % d != 0 && n > 0) ? q + 1 : q
        return Int64(clamping: up)
    }

    /// `round(self × factor)`, half away from zero, in 128 bits (`round(duration × fps)`).
    public func rounded(times factor: Rational) -> Int64 {
        let n = Int128(numerator) * Int128(factor.numerator)
        let d = Int128(denominator) * Int128(factor.denominator)
        let q = (2 * n.magnitude + d.magnitude) / (2 * d.magnitude)
        return Int64(clamping: n < 0 ? -Int128(q) : Int128(q))
    }

    /// Small enough that timeline arithmetic (sums over a long edit, × fps,
    /// × sample rate) stays exact inside Int64: under 2^42 s (a million hours is
    /// about 2^31.7 s), with a denominator of at most 2^32.
    public var magnitudeFits: Bool {
        denominator <= (1 << 32) && numerator.magnitude / UInt64(denominator) < (1 << 42)
    }
}
