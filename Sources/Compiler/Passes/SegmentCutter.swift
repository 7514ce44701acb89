import EDLParser

/// Pass 8: cut the output's frames into segments wherever the set of layers
/// changes. Each layer covers frames `ceil(start·fps) ..< ceil(end·fps)` of its
/// range, so neighbouring items partition frames exactly, and segments
/// partition `0 ..< frameCount`.
///
///     layers     [a───────)[b──────────)
///                      [t──────)              (a title over both)
///     segments   [a ][a,t )[b,t)[b    )
struct SegmentCutter {
    let output: OutputPlan

    func cut(_ layers: [Layer]) -> [Segment] {
        let count = output.frameCount
        guard count > 0 else { return [] }
        let spans: [(frames: Range<Int64>, layer: Layer)] = layers.compactMap { layer in
            // Items past the output's end, or shorter than a frame, show in no frame.
            let frames = layer.range.frames(at: output.fps)
            let lower = min(max(frames.lowerBound, 0), count)
            let upper = min(max(frames.upperBound, lower), count)
            return lower < upper ? (lower..<upper, layer) : nil
        }
        var cuts: Set<Int64> = [0, count]
        for span in spans {
            cuts.insert(span.frames.lowerBound)
            cuts.insert(span.frames.upperBound)
        }
        let bounds = cuts.sorted()
        var segments: [Segment] = []
        for (lower, upper) in zip(bounds, bounds.dropFirst()) {
            let active = spans.filter { $0.frames.contains(lower) }.map(\.layer)
                .sorted { ($0.track, $0.order) < ($1.track, $1.order) }
            segments.append(Segment(frames: lower..<upper, layers: active))
        }
        return segments
    }
}
