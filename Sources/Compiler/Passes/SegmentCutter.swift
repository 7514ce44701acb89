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
        // One sweep over the bounds: layers join the active set where they start and
        // leave where they end, so a long edit costs n log n, not n² (an hour of cuts
        // is 36,000 items). The set stays in drawing order: track, then order.
        func drawsBefore(_ a: Int, _ b: Int) -> Bool {
            let (x, y) = (spans[a].layer, spans[b].layer)
            return (x.track, x.order, a) < (y.track, y.order, b)
        }
        let starts = spans.indices.sorted { spans[$0].frames.lowerBound < spans[$1].frames.lowerBound }
        var next = 0
        var active: [Int] = []
        var segments: [Segment] = []
        for (lower, upper) in zip(bounds, bounds.dropFirst()) {
            active.removeAll { spans[$0].frames.upperBound <= lower }
            while next < starts.count, spans[starts[next]].frames.lowerBound <= lower {
                let joining = starts[next]
                active.insert(joining, at: active.firstIndex { drawsBefore(joining, $0) } ?? active.endIndex)
                next += 1
            }
            segments.append(Segment(frames: lower..<upper, layers: active.map { spans[$0].layer }))
        }
        return segments
    }
}
