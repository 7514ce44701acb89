import CFFmpeg
import EDLParser

extension Rational {
    /// An `AVRational` as an exact fraction; nil when its denominator is 0 (libav's "unknown").
    init?(_ value: AVRational) {
        self.init(Int64(value.num), Int64(value.den))
    }

    /// This fraction as an `AVRational`, when numerator and denominator fit in 32 bits.
    var avRational: AVRational? {
        guard let num = Int32(exactly: numerator), let den = Int32(exactly: denominator) else { return nil }
        return AVRational(num: num, den: den)
    }

    /// `timestamp × timeBase` in seconds; nil on overflow.
    static func seconds(timestamp: Int64, timeBase: Rational) -> Rational? {
        Rational(timestamp).checkedMultiply(timeBase)
    }

    /// The largest timestamp in `timeBase` units not after `self` seconds; nil on overflow.
    func timestamp(in timeBase: Rational) -> Int64? {
        checkedDivide(timeBase)?.floor
    }
}
