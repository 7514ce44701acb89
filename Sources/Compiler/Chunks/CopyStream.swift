/// The output's video stream when some chunks are copied from sources (SPEC 18).
///
/// Copied packets name the sources' parameter sets; rendered chunks are
/// encoded to the same profile, level, entropy coder and B-frame depth, under
/// parameter set ids of their own, and the output's `avcC` record holds both
/// sets. A decoder switches between them at each chunk's IDR picture.
public struct CopyStream: Sendable, Hashable, Codable {
    /// The parameter sets of the copied sources.
    let sources: AVCRecord
    /// Frames decoding runs ahead of presentation in the copied packets.
    public let delay: Int
    /// How rendered chunks are encoded to fit beside them.
    public let profile: String
    public let x264Options: String
    /// The sources' colour description, which rendered chunks repeat so that
    /// players read every frame alike.
    public let colors: ColorDescription

    /// Nil when the sources' profile is one rendered chunks cannot match.
    init?(sources: AVCRecord, delay: Int, colors: ColorDescription) {
        let profiles = [66: "baseline", 77: "main", 100: "high"]
        let used = Set(sources.sequenceIDs + sources.pictureIDs)
        guard let profile = profiles[sources.profile], let id = (0..<32).first(where: { !used.contains($0) }) else {
            return nil
        }
        var options = ["sps-id=\(id)", "level=\(sources.level)", "cabac=\(sources.usesCABAC ? 1 : 0)"]
        // As deep as the sources at most, so one decoding delay serves the whole stream.
        if delay == 0 { options.append("bframes=0") }
        if delay == 1 { options.append("b-pyramid=none") }
        self.sources = sources
        self.delay = delay
        self.profile = profile
        self.colors = colors
        x264Options = options.joined(separator: ":")
    }

    /// The stream of the copy runs' sources, when they can share one with
    /// rendered chunks. The runs' sources share one set of parameter sets
    /// (`CopyPlanner.runs`); the colours are those of the first source.
    static func of(_ runs: [CopyRun], sources: [SourceID: CopySource]) -> CopyStream? {
        let used = Set(runs.map(\.source)).sorted().compactMap { sources[$0] }
        guard let first = used.first, let record = AVCRecord(record: first.parameterSets) else { return nil }
        return CopyStream(sources: record, delay: used.map(\.delay).max() ?? 0, colors: first.colors)
    }

    /// The output's `avcC` record: the sources' sets, then the encoder's.
    public func record(encoderExtradata: [UInt8]) -> [UInt8]? {
        guard let encoded = AVCRecord(annexB: encoderExtradata) else { return nil }
        let ids = Set(sources.sequenceIDs + sources.pictureIDs)
        guard ids.isDisjoint(with: encoded.sequenceIDs + encoded.pictureIDs) else { return nil }
        return sources.adding(encoded).bytes
    }
}
