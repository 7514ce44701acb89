import EDLParser

/// A run of output frames rendered and encoded on its own, then joined to its
/// neighbours without re-encoding (SPEC 18). A pure value: the same chunk
/// renders the same bytes in a thread here, in another process or on another
/// machine, and its fingerprint names those bytes in the cache.
///
///     timeline   ──[ chunk 0 )[ chunk 1 )[ chunk 2 )──▶
///     local time   0 ───────▶ 0 ───────▶ 0 ───────▶
public struct Chunk: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// Decoded, composited and encoded.
        case render
        /// Packets copied from a source (`copied`).
        case copy
    }

    /// Output frames `[first, end)` it covers.
    public var frames: Range<Int64>
    /// Bottom to top, with times relative to the chunk: local frame `i` shows
    /// output frame `frames.lowerBound + i` at local time `i / fps`.
    public var layers: [Layer]
    public var kind: Kind { copied == nil ? .render : .copy }
    /// The source frames a copy chunk's packets come from.
    public var copied: CopyRun?
    /// SHA-256 (64 hex digits) of everything that decides the chunk's encoded
    /// bytes; see `Chunker`.
    public var fingerprint: String

    public init(frames: Range<Int64>, layers: [Layer], copied: CopyRun? = nil, fingerprint: String) {
        self.frames = frames
        self.layers = layers
        self.copied = copied
        self.fingerprint = fingerprint
    }

    /// The chunk's frames as a segment of its own local timeline, `0 ..< count`.
    public var localSegment: Segment {
        Segment(frames: 0..<Int64(frames.count), layers: layers)
    }
}

extension RenderPlan {
    /// `render plan`'s lines for the chunks (frame range, kind, fingerprint),
    /// then the sound's segments (samples, fingerprint) and a line counting both.
    public func chunkText(_ chunks: [Chunk], sound: [SoundSegment] = []) -> String {
        let chunkLines = chunks.map {
            "chunk frames \($0.frames.lowerBound)..<\($0.frames.upperBound) \($0.kind.rawValue) \($0.fingerprint)\n"
        }
        guard !sound.isEmpty else { return chunkLines.joined() }
        let soundLines = sound.map {
            "sound samples \($0.samples.lowerBound)..<\($0.samples.upperBound) \($0.fingerprint)\n"
        }
        let count =
            "\(chunks.count) chunk\(chunks.count == 1 ? "" : "s"), \(sound.count) sound segment\(sound.count == 1 ? "" : "s")\n"
        return (chunkLines + soundLines + [count]).joined()
    }
}
