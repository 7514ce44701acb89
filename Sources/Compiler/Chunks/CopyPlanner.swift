import EDLParser

/// Finds the output frames that can be copied from a source (SPEC 18). Pure.
///
/// A frame qualifies when its segment holds one layer: a video file drawn
/// whole, opaque, unmoved and unscaled at the output's size, in the output's
/// codec and pixel format. A run of such frames copies when consecutive output
/// frames show consecutive source frames (speed 1 at the source's frame rate),
/// and only its whole groups of pictures: the frames between a cut and the
/// next keyframe are rendered.
///
///     source     |K      .   |K          |K      .   |K
///     item            [───────────────────────)
///     chunks          [render][   copy    ][render)
///
/// One output stream holds one set of parameter sets, so runs are copied
/// only from the sources that share the set covering the most frames.
public struct CopyPlanner: Sendable {
    public let plan: RenderPlan
    /// What the backend found in each video file that could be copied.
    public let sources: [SourceID: CopySource]

    public init(plan: RenderPlan, sources: [SourceID: CopySource]) {
        self.plan = plan
        self.sources = sources
    }

    /// The sources a plan could copy from at all: files shown by a lone layer,
    /// in a codec the output uses. The backend reads only these.
    public static func candidates(in plan: RenderPlan) -> [SourceID] {
        guard let video = plan.output.video, video.copiesSources, plan.output.encodedSize == plan.output.size else {
            return []
        }
        var found: Set<SourceID> = []
        for segment in plan.video where segment.layers.count == 1 {
            let layer = segment.layers[0]
            guard layer.isPlainPicture, case .file(let file)? = plan.source(layer.source)?.kind, file.videoStream != nil,
                let facts = file.facts.video, !facts.isStillImage, facts.rotation == 0, !facts.isMirrored,
                facts.size == plan.output.size
            else { continue }
            found.insert(layer.source)
        }
        return found.sorted()
    }

    /// The runs to copy, in output order, all from sources with the same parameter sets.
    public func runs() -> [CopyRun] {
        guard let video = plan.output.video else { return [] }
        let all = plan.video.flatMap { runs(in: $0, codec: video.codec, pixelFormat: video.pixelFormat) }
        var frames: [[UInt8]: Int64] = [:]
        for run in all {
            frames[sources[run.source]?.parameterSets ?? [], default: 0] += Int64(run.frames.count)
        }
        // Most frames first; equal counts by the bytes, so the choice never depends on a dictionary's order.
        guard
            let chosen = frames.max(by: {
                $0.value != $1.value ? $0.value < $1.value : $0.key.lexicographicallyPrecedes($1.key)
            })?.key
        else { return [] }
        return all.filter { sources[$0.source]?.parameterSets == chosen }
    }

    private func runs(in segment: Segment, codec: VideoCodec, pixelFormat: String) -> [CopyRun] {
        guard segment.layers.count == 1, let layer = segment.layers.first, layer.isPlainPicture, !layer.timeMap.playsBackwards,
            let source = sources[layer.source], source.codec == codec, source.pixelFormat == pixelFormat,
            source.size == plan.output.size, plan.output.encodedSize == plan.output.size
        else { return [] }
        var runs: [CopyRun] = []
        var start: (frame: Int64, source: Int)?
        var previous = -1
        func close(at end: Int64) {
            defer { start = nil }
            guard let (frame, first) = start else { return }
            let shown = first..<first + Int(end - frame)
            guard let copied = source.wholeGroups(within: shown) else { return }
            let lower = frame + Int64(copied.lowerBound - first)
            runs.append(
                CopyRun(frames: lower..<lower + Int64(copied.count), source: layer.source, sourceFrames: copied))
        }
        for index in segment.frames {
            let shown = untouched(layer, frame: index, size: source.size) ? source.frame(at: sourceTime(layer, index)) : nil
            if let shown, start != nil, shown == previous + 1 {
                previous = shown
                continue
            }
            close(at: index)
            if let shown { start = (index, shown) }
            previous = shown ?? -1
        }
        close(at: segment.frames.upperBound)
        return runs
    }

    private func sourceTime(_ layer: Layer, _ index: Int64) -> Rational {
        layer.timeMap.sourceTime(frame: index, fps: plan.output.fps)
    }

    /// Whether output frame `index` shows the layer's picture exactly as decoded.
    private func untouched(_ layer: Layer, frame index: Int64, size: PixelSize) -> Bool {
        let time = Rational(index) / plan.output.fps.rate
        let rect = layer.transform.sourceRect(at: time, sourceSize: size)
        return layer.opacity.value(at: time) >= 1 && layer.transform(at: time, sourceSize: size).isIdentity
            && rect.x == 0 && rect.y == 0 && rect.width == Double(size.width) && rect.height == Double(size.height)
    }
}
