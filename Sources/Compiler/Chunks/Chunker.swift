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
/// sources by content (`identities`), the output's picture and encoder
/// settings, and the renderer (see `chunks(window:renderer:)`). It is
/// `Fingerprint.sha256` of a `ChunkContent`: the plan's types encoded as they are.
/// `ChunkPlanner` gathers what it needs.
public struct Chunker: Sendable {
    public let plan: RenderPlan
    /// One identity per source, indexed like `plan.sources`: a hash of a file's
    /// bytes, of a text's rendered picture, or a generator's parameters.
    public let identities: [String]
    /// Frames between regular cuts inside a long segment (about 2 s).
    public let length: Int64
    /// Output frames copied from sources (`CopyPlanner`), in order: each is a
    /// chunk of its own, and the frames around it render as usual.
    public let copies: [CopyRun]

    public init(plan: RenderPlan, identities: [String], length: Int64? = nil, copies: [CopyRun] = []) {
        self.plan = plan
        self.identities = identities
        self.length = max(1, length ?? Rational(2).rounded(times: plan.output.fps.rate))
        self.copies = copies
    }

    /// The chunks covering `window` (all frames by default), in order.
    /// `renderer` names the renderer and encoder version, and anything else of
    /// the backend that changes encoded bytes; it is asked once, when the first
    /// rendered chunk is fingerprinted (copied chunks are their sources' bytes).
    public func chunks<Failure: Error>(
        window: Range<Int64>? = nil, renderer: () throws(Failure) -> String
    ) throws(Failure) -> [Chunk] {
        let window = window ?? 0..<plan.output.frameCount
        var chunks: [Chunk] = []
        var copies = copies[...]
        var named: String?
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
                let name: String
                if let named { name = named } else { name = try renderer() }
                named = name
                chunks.append(chunk(first..<end, layers: segment.layers, renderer: name))
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
        return Chunk(
            frames: copy.frames, layers: layers.map { $0.shifted(by: .zero - start) }, copied: copy,
            fingerprint: Fingerprint.sha256(copy.drawn, identities: identities))
    }

    private func chunk(_ frames: Range<Int64>, layers: [Layer], renderer: String) -> Chunk {
        let start = Rational(frames.lowerBound) / plan.output.fps.rate
        let local = layers.map { $0.shifted(by: .zero - start) }
        let counts = layers.contains { plan.source($0.source)?.kind == .pattern(.counter) }
        let window = TimeRange(start: .zero, end: Rational(Int64(frames.count)) / plan.output.fps.rate)
        let shown = local.map { layer in
            var layer = layer
            layer.timeMap = layer.timeMap.restricted(to: window)
            return layer
        }
        let content = ChunkContent(
            renderer: renderer, output: plan.output.drawn, frameCount: frames.count,
            firstFrame: counts ? frames.lowerBound : nil, layers: shown.drawn)
        return Chunk(frames: frames, layers: local, fingerprint: Fingerprint.sha256(content, identities: identities))
    }
}
