import EDLParser

/// Everything heard: inputs, side-chain ducking, and the mix stage.
public struct AudioPlan: Hashable, Sendable, Codable {
    /// `nil` when the output has no audio stream; then `inputs` is empty.
    public var format: AudioFormat?
    public var inputs: [AudioInput]
    public var ducking: [DuckingInstruction]
    public var limiter: Limiter
    /// The integrated loudness (LUFS, ITU-R BS.1770) the mix is gained to, when set;
    /// the limiter then holds the true peak under its ceiling.
    public var loudness: Double?

    public init(
        format: AudioFormat?, inputs: [AudioInput] = [], ducking: [DuckingInstruction] = [], limiter: Limiter = Limiter(),
        loudness: Double? = nil
    ) {
        self.format = format
        self.inputs = inputs
        self.ducking = ducking
        self.limiter = limiter
        self.loudness = loudness
    }
}

/// The encoded audio stream.
public struct AudioFormat: Hashable, Sendable, Codable {
    public var codec: AudioCodec
    public var sampleRate: Int
    public var channels: Int
    /// Bits per second (ignored by lossless codecs).
    public var bitrate: Int64
    /// Exactly as long as the video: `ceil(frameCount / fps × sampleRate)`.
    public var sampleCount: Int64

    public init(codec: AudioCodec, sampleRate: Int, channels: Int, bitrate: Int64, sampleCount: Int64) {
        self.codec = codec
        self.sampleRate = sampleRate
        self.channels = channels
        self.bitrate = bitrate
        self.sampleCount = sampleCount
    }
}

/// One item's sound: samples at `timeMap`'s source time, times `gain`.
public struct AudioInput: Hashable, Sendable, Codable {
    /// Index in `AudioPlan.inputs`, for ducking triggers.
    public var id: Int
    public var source: SourceID
    public var timeMap: TimeMap
    /// Item volume × fades × track volume × transition curves.
    public var gain: Envelope
    /// Timeline span heard.
    public var range: TimeRange
    /// Output samples `ceil(start·rate) ..< ceil(end·rate)`, clipped to the output.
    public var samples: Range<Int64>
    public var pitch: PitchMode
    public var track: Int
    public var location: SourceLocation
    /// `eq`, `gate`, `compressor`, `limiter`, before the gain; nil when none.
    public var effects: SoundEffects?

    public init(
        id: Int, source: SourceID, timeMap: TimeMap, gain: Envelope, range: TimeRange, samples: Range<Int64>,
        pitch: PitchMode, track: Int, location: SourceLocation
    ) {
        self.id = id
        self.source = source
        self.timeMap = timeMap
        self.gain = gain
        self.range = range
        self.samples = samples
        self.pitch = pitch
        self.track = track
        self.location = location
    }
}

/// Lowers every input of `track` while any of `triggers` sounds (side-chain).
public struct DuckingInstruction: Hashable, Sendable, Codable {
    public var track: Int
    /// Inputs (ids) of the track named by `under`.
    public var triggers: [Int]
    /// Linear gain while ducked.
    public var gain: Double
    public var attack: Rational
    public var release: Rational
    public var location: SourceLocation

    public init(track: Int, triggers: [Int], gain: Double, attack: Rational, release: Rational, location: SourceLocation) {
        self.track = track
        self.triggers = triggers
        self.gain = gain
        self.attack = attack
        self.release = release
        self.location = location
    }
}

/// The last stage of the mix: the summed signal never exceeds `ceiling`.
public struct Limiter: Hashable, Sendable, Codable {
    /// Linear peak, 1 = full scale.
    public var ceiling: Double
    public var lookahead: Rational
    public var release: Rational
    /// Whether the ceiling holds for the true peak (between samples, ITU-R
    /// BS.1770 Annex 2) rather than for the samples alone.
    public var truePeak: Bool

    public init(
        ceiling: Double = 0.98, lookahead: Rational = Rational(1, 200) ?? .zero, release: Rational = Rational(1, 10) ?? .zero,
        truePeak: Bool = false
    ) {
        self.ceiling = ceiling
        self.lookahead = lookahead
        self.release = release
        self.truePeak = truePeak
    }

    /// With loudness normalisation: true peak at most -1 dBTP (EBU R128). The
    /// limiter holds -1.5 dBTP by its own 12-tap reading; meters with other
    /// interpolation filters read sharp transients up to about 0.5 dB higher.
    public static let loudnessNormalising = Limiter(ceiling: 0.841_395_141_645_194_9, truePeak: true)
}

extension SoundEffects {
    /// `eq highpass 80 q 0.707; gate -50dB range -40dB ...`, in the order they apply.
    var planText: String {
        var parts: [String] = []
        if !eq.isEmpty {
            parts.append(
                "eq "
                    + eq.map { band in
                        "\(band.kind.rawValue) \(formatNumber(band.frequency)) q \(formatNumber(band.q))"
                            + (band.gain == 0 ? "" : " \(formatNumber(band.gain))dB")
                    }.joined(separator: ", "))
        }
        if let gate {
            parts.append(
                "gate \(formatNumber(gate.threshold))dB range \(formatNumber(gate.range))dB attack \(formatNumber(gate.attack)) "
                    + "hold \(formatNumber(gate.hold)) release \(formatNumber(gate.release))")
        }
        if let c = compressor {
            parts.append(
                "compressor \(formatNumber(c.threshold))dB ratio \(formatNumber(c.ratio)) knee \(formatNumber(c.knee))dB "
                    + "attack \(formatNumber(c.attack)) release \(formatNumber(c.release)) makeup \(formatNumber(c.makeup))dB "
                    + c.detect.rawValue)
        }
        if let limiter {
            parts.append("limiter \(formatNumber(limiter.ceiling))dB release \(formatNumber(limiter.release))")
        }
        return parts.joined(separator: "; ")
    }
}
