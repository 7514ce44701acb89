import EDLParser

/// What planning chunks needs to know that only the backend can find out
/// (SPEC 18): sources by content, what copying a video file's packets needs,
/// and what the chunks' encoder adds to its pictures. `ChunkPlanner` asks;
/// the backend's `ChunkProbe` answers, and tests answer with fixed facts, as
/// `MediaInfo` does for compiling.
public protocol ChunkFacts {
    /// SHA-256 (64 hex digits) of the file's bytes.
    func contentHash(ofFile path: String) throws -> String
    /// The picture as drawn, `WxH` and the SHA-256 (64 hex digits) of its
    /// RGBA pixels: a text named by what it looks like covers the fonts
    /// actually found.
    func pictureHash(of picture: GeneratedPicture) throws -> String
    /// What copying the packets of the file's video stream needs; nil when
    /// they cannot be copied.
    func copySource(of file: FileSource) throws -> CopySource?
    /// The encoder of the chunks of `output`, encoded to fit beside the
    /// packets copied from sources when `copy` is given.
    func chunkEncoder(_ encoding: VideoEncoding, output: OutputPlan, copy: CopyStream?) throws -> EncoderFacts
    /// The encoder of the output's sound segments.
    func soundEncoder(_ format: AudioFormat) throws -> EncoderFacts
    /// The gain in dB that brings the whole mix to `plan.audio.loudness`, as
    /// every render applies it (rounded: the same in every segment's fingerprint
    /// when an edit moves the mix's loudness a little).
    func loudnessGain(of plan: RenderPlan) throws -> Double
}

/// A picture the backend generates, named by its pixels.
public enum GeneratedPicture: Hashable, Sendable {
    case text(TextContent)
    /// A test pattern at `size`; the counter's first frame, at `fps`.
    case pattern(Pattern, size: PixelSize, fps: FrameRate)
}

/// What an encoder puts into every chunk besides its pictures.
public struct EncoderFacts: Hashable, Sendable {
    /// The encoder's name (`libx264`, ...).
    public var name: String
    /// The library and its version (`libavcodec 3876708`).
    public var library: String
    /// The encoder's threads, on which x264's and x265's bytes depend.
    public var threads: Int
    /// The parameter sets it writes out of band (the container's extradata).
    public var parameterSets: [UInt8]

    public init(name: String, library: String, threads: Int, parameterSets: [UInt8]) {
        self.name = name
        self.library = library
        self.threads = threads
        self.parameterSets = parameterSets
    }
}
