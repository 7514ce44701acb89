/// What decides the bytes of an output joined from chunks and sound segments
/// besides their own fingerprints: the joiner and the libraries, the file
/// settings, the captions' stream, and where each chunk lands.
struct JoinedOutput: Encodable {
    struct Placed: Encodable {
        var frames: Range<Int64>
        var fingerprint: String
    }

    var joiner = "cutlist join 1"
    var libraries: String
    var output: OutputPlan
    var audio: AudioFormat?
    var subtitles: SubtitlePlan?
    var window: Range<Int64>
    var copy: CopyStream?
    var chunks: [Placed]
    var sound: [String]
}

extension RenderPlan {
    /// The fingerprint of the file joined over `window` from `chunks` (beside
    /// `copy`) and the sound's `segments`, by the media libraries `libraries`
    /// names; the same wherever the file is written. Nil when the plan has
    /// sound but no segments: sound mixed in one pass is not named by content.
    public func joinedFingerprint(
        libraries: String, window: Range<Int64>, chunks: [Chunk], copy: CopyStream?, segments: [SoundSegment]?
    ) -> String? {
        guard segments != nil || audio.format == nil else { return nil }
        var output = output
        output.path = ""
        output.encoderOptionsLocation = nil
        return Fingerprint.sha256(
            JoinedOutput(
                libraries: libraries, output: output, audio: audio.format, subtitles: subtitles, window: window,
                copy: copy, chunks: chunks.map { .init(frames: $0.frames, fingerprint: $0.fingerprint) },
                sound: segments?.map(\.fingerprint) ?? []))
    }
}
