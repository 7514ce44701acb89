import EDLParser

/// Writes a plan as stable, diffable text: one line per output setting, source,
/// segment, layer and audio input; times as exact decimals or fractions, numbers
/// by `formatNumber`. Nested details are indented under their line.
struct PlanTextWriter {
    let plan: RenderPlan

    func lines() -> [String] {
        ["cutlist plan 1"] + outputLines() + body()
    }

    /// Sources, segments and audio: what a composition's plan shows under its source line.
    func body() -> [String] {
        var lines = plan.sources.map { "source \($0.planText(relativeTo: plan.directory))" }
        for segment in plan.video {
            lines.append("segment frames \(segment.frames.lowerBound)..<\(segment.frames.upperBound)")
            for layer in segment.layers {
                lines += layerLines(layer).map { "  " + $0 }
            }
        }
        lines += audioLines()
        return lines
    }

    private func outputLines() -> [String] {
        let output = plan.output
        var lines = [
            "output \(quoted(relativePath(output.path, to: plan.directory))) \(output.container.rawValue) \(output.size) fps \(output.fps) frames \(output.frameCount) "
                + "duration \(TimeValue.format(output.duration)) background \(output.background)\(output.faststart ? " faststart" : "")"
                + (output.pictureScale == 1 ? "" : " drawn at \(output.encodedSize)")
        ]
        if let video = output.video { lines.append("video \(video.planText)") }
        if let format = plan.audio.format {
            lines.append(
                "audio \(format.codec.rawValue) \(format.sampleRate)Hz \(format.channels)ch \(format.bitrate)b/s samples \(format.sampleCount)"
            )
        } else {
            lines.append("audio none")
        }
        lines += output.metadata.map { "metadata \(quoted($0.key)) = \(quoted($0.value))" }
        if let subtitles = plan.subtitles {
            let language = subtitles.language.map { " language \($0.terminology)" } ?? ""
            lines.append("subtitles \(subtitles.codec.rawValue)\(language) cues \(subtitles.cues.count)")
            lines += subtitles.cues.map { "  cue \(TimeRange(start: $0.start, end: $0.end)) \(quoted($0.text))" }
        }
        return lines
    }

    /// One layer's lines.
    private func layerLines(_ layer: Layer) -> [String] {
        var lines = [
            "layer \(layer.source) track \(layer.track) order \(layer.order) range \(layer.range) item \(layer.location)",
            "  time \(layer.timeMap.planText)",
        ]
        lines += layer.transform.planLines.map { "  " + $0 }
        lines.append("  opacity \(layer.opacity.planText)")
        if let mask = layer.mask { lines.append("  mask \(mask.planText)") }
        if let shader = layer.shader { lines.append("  \(shader.planText)") }
        if let shader = layer.transitionIn { lines.append("  entered by \(shader.planText)") }
        if layer.leavesByShader == true { lines.append("  leaves by shader") }
        if !layer.filters.isEmpty {
            lines.append("  filters " + layer.filters.map(\.planText).joined(separator: ", "))
        }
        if let sigma = layer.blurredBackdrop { lines.append("  backdrop cover blur \(formatNumber(sigma))") }
        return lines
    }

    private func audioLines() -> [String] {
        var lines: [String] = []
        for input in plan.audio.inputs {
            lines.append(
                "input \(input.id) \(input.source) track \(input.track) samples \(input.samples.lowerBound)..<\(input.samples.upperBound) "
                    + "range \(input.range) pitch \(input.pitch.rawValue) item \(input.location)")
            lines.append("  time \(input.timeMap.planText)")
            lines.append("  gain \(input.gain.planText)")
            if let effects = input.effects { lines.append("  effects \(effects.planText)") }
        }
        for duck in plan.audio.ducking {
            lines.append(
                "duck track \(duck.track) under inputs \(duck.triggers.map(String.init).joined(separator: ",")) "
                    + "gain \(formatNumber(duck.gain)) attack \(TimeValue.format(duck.attack)) release \(TimeValue.format(duck.release)) at \(duck.location)"
            )
        }
        let limiter = plan.audio.limiter
        if plan.audio.format != nil {
            lines.append(
                "limiter ceiling \(formatNumber(limiter.ceiling))\(limiter.truePeak ? " true-peak" : "") lookahead \(TimeValue.format(limiter.lookahead)) release \(TimeValue.format(limiter.release))"
            )
            if let loudness = plan.audio.loudness { lines.append("loudness \(formatNumber(loudness)) LUFS") }
        }
        return lines
    }
}

extension RenderPlan {
    /// The plan as `render plan` prints it: stable text, byte-identical across
    /// runs, one line per instruction.
    public var text: String { PlanTextWriter(plan: self).lines().joined(separator: "\n") + "\n" }
}

extension LayerTransform {
    /// The transform's lines in `render plan`; a flattened
    /// composition's placements follow as `in` lines.
    var planLines: [String] {
        var head = "transform source \(sourceSize?.description ?? "rasterised")"
        if autoRotation != 0 { head += " auto-rotate \(autoRotation)" }
        if autoMirror { head += " auto-mirror" }
        if let flip { head += " flip \(flip.rawValue)" }
        head += " \(sizing.planText)"
        if boxFill != .stretch { head += " \(boxFill.rawValue)" }
        head += " anchor \(anchor)"
        var lines = [head, "  position \(position.planText)", "  scale \(scale.planText)", "  rotation \(rotation.planText)"]
        if crop != .constant(Crop()) { lines.append("  crop \(crop.planText)") }
        lines += shifts.map { "  shift \($0.planText)" }
        if zoom != .constant(1) { lines.append("  zoom \(zoom.planText)") }
        for parent in parents {
            lines += parent.planLines.enumerated().map { $0.offset == 0 ? "  in " + $0.element : "   " + $0.element }
        }
        return lines
    }
}

extension Sizing {
    var planText: String {
        switch self {
        case .fit(let fit): return "fit \(fit.rawValue)"
        case .box(let size): return "size \(size.planText)"
        case .autoWidth(let height): return "size auto x \(height.planText)"
        case .autoHeight(let width): return "size \(width.planText) x auto"
        }
    }
}
