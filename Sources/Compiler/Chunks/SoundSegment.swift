import EDLParser
import Foundation

/// A run of the output's sound mixed and encoded on its own, then joined to
/// its neighbours by copying packets, as chunks are (SPEC 18 for sound). Its
/// boundaries fall on the AAC frame grid at fixed steps, so they depend on
/// nothing but the sample rate and the length. Mixing starts at `mixFrom`, far
/// enough back for the limiter's and the duckers' state to settle; the encoder
/// is fed from `encodeFrom`, a pre-roll whose packets are dropped, to
/// `encodeTo`, past the end so the last kept packet hears what follows it.
///
///     mix ──[ effects' reach )[ pre-roll )[ samples )[ post-roll )
///                             encodeFrom  kept packets            encodeTo
public struct SoundSegment: Hashable, Sendable, Codable {
    /// Output samples it sounds.
    public var samples: Range<Int64>
    public var mixFrom: Int64
    public var encodeFrom: Int64
    public var encodeTo: Int64
    /// The last segment keeps the encoder's flushed packets (the stream's end).
    public var isLast: Bool
    /// The loudness gain on the whole mix (`ChunkFacts.loudnessGain`).
    public var gainDecibels: Double
    /// SHA-256 (64 hex digits) of everything that decides its packets.
    public var fingerprint: String

    /// Whether the segment keeps the encoder's packet at `pts` (a packet
    /// sounds `pts ..< pts + frame`; the first segment keeps the priming).
    public func keeps(pts: Int64) -> Bool {
        (samples.lowerBound == 0 || pts >= samples.lowerBound) && (isLast || pts < samples.upperBound)
    }
}

/// Cuts a plan's sound into `SoundSegment`s, or says it keeps the one-pass
/// path (nil): only AAC is segmented, and not sound whose state cannot be
/// bounded by a pre-roll (time-stretched or resampled inputs, compositions'
/// own mixes).
struct SoundPlanner {
    /// Samples per AAC frame, the grid segments are cut on.
    static let frame: Int64 = 1024
    /// 256 frames: about 5.5 s at 48 kHz.
    static let framesPerSegment: Int64 = 256
    /// Frames encoded before a segment and after it, whose packets are dropped.
    static let preRollFrames: Int64 = 16
    static let postRollFrames: Int64 = 4

    let plan: RenderPlan
    let identities: [String]
    let facts: any ChunkFacts

    func segments() throws -> [SoundSegment]? {
        guard let format = plan.audio.format, format.codec == .aac, format.sampleCount > 0 else { return nil }
        for input in plan.audio.inputs {
            let map = input.timeMap
            // A changing speed, a stretch and effects with memory are mixed in one pass.
            if map.curve != nil || (map.speed != .one && !map.speed.isZero) || input.effects != nil { return nil }
            if case .composition(_, let nested)? = plan.source(input.source)?.kind, nested.audio.format != nil {
                return nil
            }
        }
        let encoder = try facts.soundEncoder(format)
        let gain = try plan.audio.loudness == nil ? 0 : facts.loudnessGain(of: plan)
        let rate = Rational(Int64(format.sampleRate))
        let limiter = plan.audio.limiter
        let ducking = plan.audio.ducking.map { $0.attack + $0.release }.reduce(Rational.zero, +)
        // The limiter's release is exponential: ten time constants leave 5e-5 of a change.
        let reach = ((limiter.lookahead + Rational(Int64(10)) * limiter.release + ducking) * rate).ceil
        let lookahead = (limiter.lookahead * rate).ceil + 64
        let total = format.sampleCount
        let step = Self.frame * Self.framesPerSegment
        let count = (total + step - 1) / step
        let renderer =
            "cutlist sound 1 \(encoder.library) \(encoder.name) "
            + ContentHash.sha256(Data(encoder.parameterSets))
        var stream = format
        return (0..<count).map { index in
            let start = index * step
            let isLast = index == count - 1
            let end = isLast ? total : start + step
            let encodeFrom = max(0, start - Self.preRollFrames * Self.frame)
            let encodeTo = isLast ? total : end + Self.postRollFrames * Self.frame
            var segment = SoundSegment(
                samples: start..<end, mixFrom: max(0, encodeFrom - reach), encodeFrom: encodeFrom, encodeTo: encodeTo,
                isLast: isLast, gainDecibels: gain, fingerprint: "")
            let heard = segment.mixFrom..<(encodeTo + lookahead)
            // The stream's length decides only the last segment's packets.
            stream.sampleCount = isLast ? total : 0
            let content = SoundContent(
                renderer: renderer, format: stream, segment: segment, limiter: limiter,
                ducking: plan.audio.ducking.map(\.heard),
                inputs: plan.audio.inputs.filter { $0.samples.overlaps(heard) }.map {
                    $0.heard(keepingID: !plan.audio.ducking.isEmpty)
                })
            segment.fingerprint = Fingerprint.sha256(content, identities: identities)
            return segment
        }
    }
}

/// What decides a sound segment's packets. Times are the timeline's: a
/// segment is found again only at its own place.
struct SoundContent: Encodable {
    var renderer: String
    var format: AudioFormat
    var segment: SoundSegment
    var limiter: Limiter
    var ducking: [DuckingInstruction]
    var inputs: [AudioInput]
}

extension AudioInput {
    /// The input as a sound segment's fingerprint sees it: without its YAML
    /// place, and without its number unless ducking refers to it.
    func heard(keepingID: Bool) -> AudioInput {
        var heard = self
        heard.location = SourceLocation(file: "", line: 0, column: 0)
        if !keepingID { heard.id = 0 }
        return heard
    }
}

extension DuckingInstruction {
    var heard: DuckingInstruction {
        var heard = self
        heard.location = SourceLocation(file: "", line: 0, column: 0)
        return heard
    }
}

extension AudioPlan {
    /// The mix as a listener hears it: without the YAML places of its inputs
    /// and duckers, which a comment moves.
    public var heard: AudioPlan {
        var heard = self
        heard.inputs = inputs.map { $0.heard(keepingID: true) }
        heard.ducking = ducking.map(\.heard)
        return heard
    }
}
