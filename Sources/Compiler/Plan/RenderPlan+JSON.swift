import Foundation

extension RenderPlan {
    /// The plan as `render plan --json` prints it: keys sorted, pretty-printed,
    /// with a `chunks` list (frames, kind, fingerprint) when `chunks` are given,
    /// and a `sound` list (samples, fingerprint) when sound segments are.
    public func json(chunks: [Chunk] = [], sound: [SoundSegment] = []) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = try encoder.encode(PlanDocument(plan: self, chunks: chunks, sound: sound))
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// The plan's own keys, and beside them the chunks without their layers.
private struct PlanDocument: Encodable {
    let plan: RenderPlan
    let chunks: [Chunk]
    let sound: [SoundSegment]

    private enum Keys: String, CodingKey { case chunks, sound }

    private struct SoundSummary: Encodable {
        let samples: Range<Int64>
        let fingerprint: String
    }

    private struct Summary: Encodable {
        let frames: Range<Int64>
        let kind: Chunk.Kind
        let fingerprint: String
    }

    func encode(to encoder: any Encoder) throws {
        try plan.encode(to: encoder)
        guard !chunks.isEmpty else { return }
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(
            chunks.map { Summary(frames: $0.frames, kind: $0.kind, fingerprint: $0.fingerprint) }, forKey: .chunks)
        guard !sound.isEmpty else { return }
        try container.encode(
            sound.map { SoundSummary(samples: $0.samples, fingerprint: $0.fingerprint) }, forKey: .sound)
    }
}
