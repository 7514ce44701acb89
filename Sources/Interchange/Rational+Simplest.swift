import EDLParser

extension Rational {
    /// The simplest fraction a double stands for: the first convergent of its
    /// continued fraction that the double holds to a few units in its last
    /// place (so 12.5 is 25/2 and 35.964035964035966 is 36000/1001), else the
    /// last one whose denominator is at most `maxDenominator`. `nil` for a
    /// double that is not finite or not within Int64.
    static func simplest(near value: Double, maxDenominator: Int64) -> Rational? {
        guard value.isFinite, abs(value) < 9.2e18 else { return nil }
        let tolerance = 8 * value.ulp
        // The two latest convergents p/q, starting from 1/0 and 0/1.
        var (p0, q0, p1, q1): (Int64, Int64, Int64, Int64) = (0, 1, 1, 0)
        var remainder = value
        var best: Rational?
        while true {
            let whole = remainder.rounded(.down)
            guard abs(whole) < 9.2e18 else { break }
            let term = Int64(whole)
            let (tp, o1) = term.multipliedReportingOverflow(by: p1)
            let (p, o2) = tp.addingReportingOverflow(p0)
            let (tq, o3) = term.multipliedReportingOverflow(by: q1)
            let (q, o4) = tq.addingReportingOverflow(q0)
            guard !(o1 || o2 || o3 || o4), q <= maxDenominator, let next = Rational(p, q) else { break }
            (p0, q0, p1, q1) = (p1, q1, p, q)
            best = next
            let fraction = remainder - whole
            guard abs(Double(p) / Double(q) - value) > tolerance, fraction > 0 else { break }
            remainder = 1 / fraction
        }
        return best
    }
}
