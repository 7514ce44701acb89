import EDLParser
import Foundation

/// An item's sound effects in their fixed order: `eq` (biquads by RBJ's
/// cookbook, per channel), `gate`, `compressor` (both detecting across the
/// channels, so the stereo image holds), then `limiter` (the master's
/// look-ahead `PeakLimiter`, its delay taken out by `EffectedProducer`).
struct SoundEffectChain {
    private var bands: [[Biquad]]
    private var gate: GateStage?
    private var compressor: CompressorStage?
    private(set) var limiter: PeakLimiter?
    let channels: Int

    init(_ effects: SoundEffects, sampleRate: Int, channels: Int) {
        self.channels = channels
        let rate = Double(sampleRate)
        bands = (0..<channels).map { _ in effects.eq.map { Self.biquad($0, sampleRate: rate) } }
        gate = effects.gate.map { GateStage($0, sampleRate: rate) }
        compressor = effects.compressor.map { CompressorStage($0, sampleRate: rate) }
        limiter = effects.limiter.map {
            PeakLimiter(sampleRate: sampleRate, channels: channels, ceilingDecibels: $0.ceiling, release: $0.release)
        }
    }

    /// The block through every stage; with a limiter, delayed by its latency.
    mutating func process(_ block: inout AudioBlock) {
        let count = block.frameCount
        var data = (0..<channels).map { block.samples(channel: $0).map(Double.init) }
        for channel in 0..<channels where !bands[channel].isEmpty {
            for i in 0..<count {
                var x = data[channel][i]
                for band in bands[channel].indices { x = bands[channel][band].process(x) }
                data[channel][i] = x
            }
        }
        if gate != nil || compressor != nil {
            for i in 0..<count {
                var level = 0.0
                for channel in 0..<channels { level = max(level, abs(data[channel][i])) }
                var gain = gate?.gain(level) ?? 1
                gain *= compressor?.gain(level * gain) ?? 1
                for channel in 0..<channels { data[channel][i] *= gain }
            }
        }
        block = AudioBlock(channelData: data.map { $0.map(Float.init) })
        limiter?.process(&block)
    }

    /// The RBJ cookbook's coefficients, normalised by a0.
    static func biquad(_ band: SoundEffects.Band, sampleRate: Double) -> Biquad {
        let w0 = 2 * Double.pi * min(band.frequency, sampleRate * 0.49) / sampleRate
        let (c, alpha) = (cos(w0), sin(w0) / (2 * band.q))
        let a = pow(10, band.gain / 40)
        let root = 2 * a.squareRoot() * alpha
        let (b, d): ([Double], [Double])
        switch band.kind {
        case .lowpass: (b, d) = ([(1 - c) / 2, 1 - c, (1 - c) / 2], [1 + alpha, -2 * c, 1 - alpha])
        case .highpass: (b, d) = ([(1 + c) / 2, -(1 + c), (1 + c) / 2], [1 + alpha, -2 * c, 1 - alpha])
        case .peak: (b, d) = ([1 + alpha * a, -2 * c, 1 - alpha * a], [1 + alpha / a, -2 * c, 1 - alpha / a])
        case .lowShelf:
            b = [a * ((a + 1) - (a - 1) * c + root), 2 * a * ((a - 1) - (a + 1) * c), a * ((a + 1) - (a - 1) * c - root)]
            d = [(a + 1) + (a - 1) * c + root, -2 * ((a - 1) + (a + 1) * c), (a + 1) + (a - 1) * c - root]
        case .highShelf:
            b = [a * ((a + 1) + (a - 1) * c + root), -2 * a * ((a - 1) + (a + 1) * c), a * ((a + 1) + (a - 1) * c - root)]
            d = [(a + 1) - (a - 1) * c + root, 2 * ((a - 1) - (a + 1) * c), (a + 1) - (a - 1) * c - root]
        }
        return Biquad(b: b.map { $0 / d[0] }, a: [d[1] / d[0], d[2] / d[0]])
    }
}

/// One pole moving towards a target: `attack` while rising, `release` while falling
/// (time constants in seconds).
struct Follower {
    private let rise: Double
    private let fall: Double
    private(set) var value: Double

    init(attack: Double, release: Double, sampleRate: Double, start: Double) {
        rise = exp(-1 / (max(attack, 1e-5) * sampleRate))
        fall = exp(-1 / (max(release, 1e-5) * sampleRate))
        value = start
    }

    mutating func follow(_ target: Double) -> Double {
        let k = target > value ? rise : fall
        value = target + k * (value - target)
        return value
    }
}

/// Open while the level is above the threshold (and for `hold` after); closed,
/// the gain falls to `range` dB over `release` and rises again over `attack`.
struct GateStage {
    private let threshold: Double
    private let closed: Double
    private let holdSamples: Int
    private var held = 0
    private var envelope: Follower
    private var gain: Follower

    init(_ gate: SoundEffects.Gate, sampleRate: Double) {
        threshold = pow(10, gate.threshold / 20)
        closed = pow(10, gate.range / 20)
        holdSamples = Int((gate.hold * sampleRate).rounded())
        // The detector follows peaks at once and lets go over 10 ms.
        envelope = Follower(attack: 0.0001, release: 0.01, sampleRate: sampleRate, start: 0)
        gain = Follower(attack: gate.attack, release: gate.release, sampleRate: sampleRate, start: 1)
    }

    mutating func gain(_ level: Double) -> Double {
        if envelope.follow(level) >= threshold { held = holdSamples } else if held > 0 { held -= 1 }
        return gain.follow(held > 0 || envelope.value >= threshold ? 1 : closed)
    }
}

/// The static curve of a compressor with a soft knee (Giannoulis, Massberg and
/// Reiss), on a level detected as RMS or peak, its gain smoothed in decibels.
struct CompressorStage {
    private let settings: SoundEffects.Compressor
    private var detector: Follower
    private var smoothed: Follower

    init(_ compressor: SoundEffects.Compressor, sampleRate: Double) {
        settings = compressor
        // RMS: a mean square over about 10 ms; peak: at once, letting go over the release.
        detector =
            compressor.detect == .rms
            ? Follower(attack: 0.01, release: 0.01, sampleRate: sampleRate, start: 0)
            : Follower(attack: 0.0001, release: compressor.release, sampleRate: sampleRate, start: 0)
        smoothed = Follower(attack: compressor.release, release: compressor.attack, sampleRate: sampleRate, start: 0)
    }

    /// The reduction in dB for an input level in dB.
    static func reduction(_ level: Double, _ c: SoundEffects.Compressor) -> Double {
        let over = level - c.threshold
        if 2 * over <= -c.knee { return 0 }
        if 2 * abs(over) < c.knee {
            let into = over + c.knee / 2
            return (1 / c.ratio - 1) * into * into / (2 * c.knee)
        }
        return (1 / c.ratio - 1) * over
    }

    mutating func gain(_ level: Double) -> Double {
        let detected = settings.detect == .rms ? detector.follow(level * level).squareRoot() : detector.follow(level)
        let decibels = 20 * log10(max(detected, 1e-9))
        // The reduction is negative: falling into it is the attack, rising out of it the release.
        let reduction = smoothed.follow(Self.reduction(decibels, settings))
        return pow(10, (reduction + settings.makeup) / 20)
    }
}
