import Foundation

/// An in-place iterative radix-2 complex FFT, enough for analysis (levels and
/// pitch checks on rendered audio).
struct FFT {
    /// Transform size, a power of two.
    let size: Int
    private let cosines: [Double]
    private let sines: [Double]

    /// A transform of `size` points; `size` must be a power of two.
    init(size: Int) {
        precondition(size >= 2 && size & (size - 1) == 0, "FFT size must be a power of two")
        self.size = size
        let half = size / 2
        cosines = (0..<half).map { cos(-2 * Double.pi * Double($0) / Double(size)) }
        sines = (0..<half).map { sin(-2 * Double.pi * Double($0) / Double(size)) }
    }

    /// Transforms `real` and `imaginary` (each `size` long) in place, forward direction.
    func forward(real: inout [Double], imaginary: inout [Double]) {
        precondition(real.count == size && imaginary.count == size)
        reorder(&real, &imaginary)
        var length = 2
        while length <= size {
            let half = length / 2
            let stride = size / length
            var start = 0
            while start < size {
                for offset in 0..<half {
                    let twiddleRe = cosines[offset * stride]
                    let twiddleIm = sines[offset * stride]
                    let even = start + offset
                    let odd = even + half
                    let oddRe = real[odd] * twiddleRe - imaginary[odd] * twiddleIm
                    let oddIm = real[odd] * twiddleIm + imaginary[odd] * twiddleRe
                    real[odd] = real[even] - oddRe
                    imaginary[odd] = imaginary[even] - oddIm
                    real[even] += oddRe
                    imaginary[even] += oddIm
                }
                start += length
            }
            length *= 2
        }
    }

    /// Bit-reversal permutation.
    private func reorder(_ real: inout [Double], _ imaginary: inout [Double]) {
        var target = 0
        for index in 0..<size - 1 {
            if index < target {
                real.swapAt(index, target)
                imaginary.swapAt(index, target)
            }
            var bit = size >> 1
            while target & bit != 0 {
                target ^= bit
                bit >>= 1
            }
            target |= bit
        }
    }
}
