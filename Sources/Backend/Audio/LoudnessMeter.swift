import Foundation

/// Integrated loudness per ITU-R BS.1770-4 (EBU R128): each channel K-weighted
/// (a high shelf for the head's effect, then the RLB high-pass), mean squares
/// over 400 ms blocks overlapping by 75%, an absolute gate at -70 LUFS and a
/// relative gate 10 LU under the loudness of the blocks above it. Left, right
/// and centre weigh 1 (the output has one or two channels).
struct LoudnessMeter {
    private var filters: [KWeighting]
    /// Sum of squares per channel in the current 100 ms step.
    private var step: [Double]
    private var stepFill = 0
    private let stepLength: Int
    /// The last four steps' per-channel sums: one 400 ms block.
    private var recent: [[Double]] = []
    /// Each block's mean square, summed over channels.
    private var blocks: [Double] = []

    init(sampleRate: Int, channels: Int) {
        filters = (0..<channels).map { _ in KWeighting(sampleRate: Double(sampleRate)) }
        step = [Double](repeating: 0, count: channels)
        stepLength = max(1, sampleRate / 10)
    }

    mutating func feed(_ block: AudioBlock) {
        for frame in 0..<block.frameCount {
            for channel in step.indices {
                let weighted = filters[channel].process(Double(block[channel, frame]))
                step[channel] += weighted * weighted
            }
            stepFill += 1
            if stepFill == stepLength { closeStep() }
        }
    }

    private mutating func closeStep() {
        recent.append(step)
        if recent.count > 4 { recent.removeFirst() }
        if recent.count == 4 {
            let length = Double(4 * stepLength)
            blocks.append(step.indices.reduce(0) { sum, channel in sum + recent.reduce(0) { $0 + $1[channel] } / length })
        }
        for channel in step.indices { step[channel] = 0 }
        stepFill = 0
    }

    /// The integrated loudness in LUFS; nil when every block is under the absolute gate (silence).
    var integrated: Double? {
        let loudness = { (power: Double) in -0.691 + 10 * log10(power) }
        let audible = blocks.filter { $0 > 0 && loudness($0) > -70 }
        guard !audible.isEmpty else { return nil }
        let relativeGate = loudness(audible.reduce(0, +) / Double(audible.count)) - 10
        let gated = audible.filter { loudness($0) > relativeGate }
        return loudness(gated.reduce(0, +) / Double(gated.count))
    }
}

/// BS.1770's K-weighting for one channel: two biquads whose coefficients
/// follow from the standard's analogue filters at any sample rate.
struct KWeighting {
    private var shelf: Biquad
    private var highPass: Biquad

    init(sampleRate: Double) {
        // The head's high shelf: +4 dB above about 1.7 kHz.
        var k = tan(Double.pi * 1681.974450955533 / sampleRate)
        var q = 0.7071752369554196
        let vh = pow(10, 3.999843853973347 / 20)
        let vb = pow(vh, 0.4996667741545416)
        var a0 = 1 + k / q + k * k
        shelf = Biquad(
            b: [(vh + vb * k / q + k * k) / a0, 2 * (k * k - vh) / a0, (vh - vb * k / q + k * k) / a0],
            a: [2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0])
        // The revised low-frequency B-weighting: a high-pass at about 38 Hz.
        k = tan(Double.pi * 38.13547087602444 / sampleRate)
        q = 0.5003270373238773
        a0 = 1 + k / q + k * k
        highPass = Biquad(b: [1, -2, 1], a: [2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0])
    }

    mutating func process(_ x: Double) -> Double { highPass.process(shelf.process(x)) }
}

/// A direct-form I biquad: `b` the feed-forward, `a` the feedback (a1, a2) coefficients.
struct Biquad {
    let b: [Double]
    let a: [Double]
    private var x1 = 0.0, x2 = 0.0, y1 = 0.0, y2 = 0.0

    init(b: [Double], a: [Double]) {
        self.b = b
        self.a = a
    }

    mutating func process(_ x: Double) -> Double {
        let y = b[0] * x + b[1] * x1 + b[2] * x2 - a[0] * y1 - a[1] * y2
        (x2, x1, y2, y1) = (x1, x, y1, y)
        return y
    }
}
