import EDLParser

/// Cuts the video into chunks and fingerprints each one (SPEC 18). Pure.
///
/// Chunks end where segments end (the content changes) and, inside a long
/// segment, every `length` frames counted from the first frame of the
/// latest-starting layer, so a chunk's content does not depend on where the
/// item sits on the timeline. A piece shorter than half a length left before
/// the segment's end joins the chunk before it:
///
///     items      [a─────────────────)[b─────────
///     grid       |     |     |     | |     |
///     chunks     [    )[    )[      )[    )[
///
/// A chunk's fingerprint covers everything that decides its bytes, and nothing
/// that does not: its layers with times relative to the chunk (not the absolute
/// times, track numbers, item ranges or YAML lines), its frame count, the
/// sources by content (`identities`, from the backend), the output's picture
/// and encoder settings, and the renderer (`renderer`, from the backend).
public struct Chunker: Sendable {
    public let plan: RenderPlan
    /// One identity per source, indexed like `plan.sources`: a hash of a file's
    /// bytes, of a text's rendered picture, or a generator's parameters.
    public let identities: [String]
    /// The renderer and encoder version, and anything else of the backend that
    /// changes encoded bytes.
    public let renderer: String
    /// Frames between regular cuts inside a long segment (about 2 s).
    public let length: Int64
    /// Output frames copied from sources (`CopyPlanner`), in order: each is a
    /// chunk of its own, and the frames around it render as usual.
    public let copies: [CopyRun]

    public init(plan: RenderPlan, identities: [String], renderer: String, length: Int64? = nil, copies: [CopyRun] = []) {
        self.plan = plan
        self.identities = identities
        self.renderer = renderer
        self.length = max(1, length ?? Rational(2).rounded(times: plan.output.fps.rate))
        self.copies = copies
    }

    /// The chunks covering `window` (all frames by default), in order.
    public func chunks(window: Range<Int64>? = nil) -> [Chunk] {
        let window = window ?? 0..<plan.output.frameCount
        let writer = PlanTextWriter(plan: plan, identities: identities)
        let header = headerText()
        var chunks: [Chunk] = []
        var copies = copies[...]
        for segment in plan.video where segment.frames.overlaps(window) {
            let lower = max(segment.frames.lowerBound, window.lowerBound)
            let upper = min(segment.frames.upperBound, window.upperBound)
            let anchor = segment.layers.map { $0.range.frames(at: plan.output.fps).lowerBound }.max() ?? lower
            var first = lower
            while first < upper {
                while let copy = copies.first, copy.frames.upperBound <= first { copies.removeFirst() }
                if let copy = copies.first, copy.frames.lowerBound <= first,
                    let copied = self.copied(copy, from: first, to: upper)
                {
                    chunks.append(chunk(copied, layers: segment.layers))
                    first = copied.frames.upperBound
                    continue
                }
                let steps = (first - anchor) / length + 1
                var end = min(anchor + steps * length, upper)
                // A tail shorter than half a length would cost an encoder start of its own.
                if 2 * (upper - end) < length { end = upper }
                if let copy = copies.first, copy.frames.lowerBound > first { end = min(end, copy.frames.lowerBound) }
                chunks.append(chunk(first..<end, layers: segment.layers, header: header, writer: writer))
                first = end
            }
        }
        return chunks
    }

    /// `copy`, when it starts at output frame `first` and ends by `upper`: a
    /// window that cuts a run renders it, since only whole groups of pictures copy.
    private func copied(_ copy: CopyRun, from first: Int64, to upper: Int64) -> CopyRun? {
        first == copy.frames.lowerBound && copy.frames.upperBound <= upper ? copy : nil
    }

    /// A copy chunk, named by its source's content and frames: its bytes are the source's.
    private func chunk(_ copy: CopyRun, layers: [Layer]) -> Chunk {
        let start = Rational(copy.frames.lowerBound) / plan.output.fps.rate
        let identity = identities.indices.contains(copy.source.index) ? identities[copy.source.index] : "?"
        let text =
            "cutlist copy 1\nsource \(identity)\nframes \(copy.sourceFrames.lowerBound)..<\(copy.sourceFrames.upperBound)\n"
        return Chunk(
            frames: copy.frames, layers: layers.map { $0.shifted(by: .zero - start) }, copied: copy,
            fingerprint: ContentHash.sha256(text))
    }

    private func chunk(_ frames: Range<Int64>, layers: [Layer], header: String, writer: PlanTextWriter) -> Chunk {
        let start = Rational(frames.lowerBound) / plan.output.fps.rate
        let local = layers.map { $0.shifted(by: .zero - start) }
        var text = header + "frames \(frames.count)\n"
        // A frame counter shows the output's frame number: the only content tied to a place.
        if layers.contains(where: { plan.source($0.source)?.kind == .pattern(.counter) }) {
            text += "first frame \(frames.lowerBound)\n"
        }
        for layer in local {
            let identity = identities.indices.contains(layer.source.index) ? identities[layer.source.index] : "?"
            text += writer.layerLines(layer, source: identity, canonical: true).joined(separator: "\n") + "\n"
        }
        return Chunk(frames: frames, layers: local, fingerprint: ContentHash.sha256(text))
    }

    private func headerText() -> String {
        let output = plan.output
        return "cutlist chunk 1\nrenderer \(renderer)\n"
            + "picture \(output.size) drawn at \(output.encodedSize) fps \(output.fps) background \(output.background)\n"
            + "video \(output.video?.planText ?? "none")\n"
    }
}
