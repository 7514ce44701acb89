/// Side-chain ducking: lowers a signal (music) while a trigger signal (voice) has sound.
///
/// Detector: the RMS of the trigger over a sliding window (10 ms by default,
/// all channels pooled). The trigger "has sound" while that RMS is above the
/// threshold (-40 dBFS by default). The window's sum of squares is kept in
/// `Double`, and recomputed from the window itself every time the window
/// wraps, so rounding never accumulates.
///
/// Gain: moves in a straight line (linear amplitude) towards the ducked gain
/// while the trigger has sound, and back towards 1 otherwise. A full move
/// down takes `attack` seconds, a full move up `release` seconds; a partial
/// move goes at the same rate. The ramp is continuous (no clicks), and since
/// every step is a pure function of the samples seen, the result does not
/// depend on how the stream is cut into blocks.
///
///     trigger:   ____|‾‾‾‾‾‾‾‾‾‾‾‾‾‾‾‾|_________
///     gain:   1 ‾‾‾‾‾\                 \_
///                     \_______________   ‾‾‾‾‾‾  (release)
///                      (attack)        gain
public struct Ducker: Sendable {
    /// The gain applied while the trigger has sound (linear, e.g. 0.25 ≈ -12 dB).
    public let duckedGain: Double
    /// RMS level above which the trigger has sound (linear).
    public let threshold: Double
    /// The gain the next sample gets.
    public private(set) var currentGain: Double = 1

    private let attackStep: Double
    private let releaseStep: Double
    private var window: [Double]
    private var windowPosition = 0
    private var windowSum = 0.0

    /// - Parameters:
    ///   - sampleRate: Hz.
    ///   - gain: linear gain while ducked, in `0 ... 1`.
    ///   - attack: seconds to go from 1 to `gain`; 0 jumps.
    ///   - release: seconds to go from `gain` back to 1; 0 jumps.
    ///   - threshold: linear RMS level meaning "has sound"; default -40 dBFS.
    ///   - detectorWindow: seconds of trigger the RMS is measured over; default 10 ms.
    public init(
        sampleRate: Int, gain: Double, attack: Double, release: Double,
        threshold: Double = 0.01, detectorWindow: Double = 0.010
    ) {
        precondition(sampleRate > 0, "sample rate must be positive")
        precondition(gain >= 0 && gain <= 1, "ducked gain must be in 0 ... 1")
        precondition(attack >= 0 && release >= 0, "attack and release must not be negative")
        duckedGain = gain
        self.threshold = threshold
        let depth = 1 - gain
        let attackSamples = attack * Double(sampleRate)
        let releaseSamples = release * Double(sampleRate)
        attackStep = attackSamples >= 1 ? depth / attackSamples : depth
        releaseStep = releaseSamples >= 1 ? depth / releaseSamples : depth
        window = [Double](repeating: 0, count: max(1, Int((detectorWindow * Double(sampleRate)).rounded())))
    }

    /// Writes the ducking gain for each of the next `gains.count` samples, given the
    /// trigger's samples over the same span. Frames the trigger lacks (a shorter
    /// block, or `nil`) count as silence.
    public mutating func gains(trigger: AudioBlock?, into gains: UnsafeMutableBufferPointer<Float>) {
        let triggerFrames = min(trigger?.frameCount ?? 0, gains.count)
        let channels = trigger?.channels ?? 1
        let limit = threshold * threshold * Double(window.count)
        for index in gains.indices {
            var power = 0.0
            if let trigger, index < triggerFrames {
                for channel in 0..<channels {
                    let sample = Double(trigger[channel, index])
                    power += sample * sample
                }
                power /= Double(channels)
            }
            push(power)
            if windowSum > limit {
                currentGain = max(duckedGain, currentGain - attackStep)
            } else {
                currentGain = min(1, currentGain + releaseStep)
            }
            gains[index] = Float(currentGain)
        }
    }

    /// Ducks `block` in place by the gain the trigger calls for (see ``gains(trigger:into:)``).
    /// `scratch` holds the gains; it is resized, reusing its storage.
    public mutating func process(_ block: inout AudioBlock, trigger: AudioBlock?, scratch: inout [Float]) {
        if scratch.count != block.frameCount {
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: repeatElement(1, count: block.frameCount))
        }
        scratch.withUnsafeMutableBufferPointer { gains(trigger: trigger, into: $0) }
        block.apply(gains: scratch)
    }

    /// Ducks `block` in place; allocates a gain array per call (see the `scratch` variant).
    public mutating func process(_ block: inout AudioBlock, trigger: AudioBlock?) {
        var scratch: [Float] = []
        process(&block, trigger: trigger, scratch: &scratch)
    }

    /// Adds one sample's power to the sliding window.
    private mutating func push(_ power: Double) {
        windowSum += power - window[windowPosition]
        window[windowPosition] = power
        windowPosition += 1
        if windowPosition == window.count {
            windowPosition = 0
            windowSum = window.reduce(0, +)
        }
    }
}
