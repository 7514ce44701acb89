import EDLParser

/// Lowers captions to timed text layers: each cue shows over the output frames
/// its time covers (`ceil(start·fps) ..< ceil(end·fps)`, as every layer), mapped
/// through its item's time map and cut to the item's span. Cues that overlap
/// stack, the earlier above, as the lines of one text; a WebVTT cue with
/// settings stands on its own where they put it.
struct CaptionLowering {
    let output: OutputPlan

    /// `template` is the item's layer: its placement, opacity and filters.
    func layers(_ captions: Captions, template: Layer, sources: inout SourceTable) -> [Layer] {
        var style = captions.style
        if style.maxWidth == nil { style.maxWidth = Double(output.size.width) * 0.9 }
        var stacked: [(range: TimeRange, cue: Int)] = []
        var layers: [Layer] = []
        for (index, cue) in captions.cues.enumerated() {
            for range in shown(cue, timeMap: template.timeMap, within: template.range) {
                if cue.settings.isDefault {
                    stacked.append((range, index))
                } else {
                    var text = style
                    text.string = cue.text
                    if let align = cue.settings.align { text.align = Self.alignment(align) }
                    var layer = layer(text, range, template, &sources)
                    place(&layer, cue.settings, style: text)
                    layers.append(layer)
                }
            }
        }
        // Between any two cue edges the same cues show: one text of their lines.
        let edges = Set(stacked.flatMap { [$0.range.start, $0.range.end] }).sorted()
        var open: (range: TimeRange, string: String)?
        for (start, end) in zip(edges, edges.dropFirst()) {
            let showing = stacked.filter { $0.range.start <= start && $0.range.end >= end }.map(\.cue).sorted()
            let string = showing.map { captions.cues[$0].text }.joined(separator: "\n")
            if let current = open, current.string == string, current.range.end == start {
                open?.range.end = end
                continue
            }
            if let current = open {
                var text = style
                text.string = current.string
                layers.append(layer(text, current.range, template, &sources))
            }
            open = showing.isEmpty ? nil : (TimeRange(start: start, end: end), string)
        }
        if let current = open {
            var text = style
            text.string = current.string
            layers.append(layer(text, current.range, template, &sources))
        }
        return layers
    }

    /// Where a cue of source time `[start, end)` shows on the timeline, cut to
    /// `span`: once, or once per loop.
    private func shown(_ cue: CaptionCue, timeMap: TimeMap, within span: TimeRange) -> [TimeRange] {
        let map = timeMap
        guard map.speed > .zero else {
            // A frozen frame shows the cue of its time for the whole item.
            return cue.start <= map.from && map.from < cue.end ? [span] : []
        }
        let sourceEnd = map.loopLength.map { map.from + $0 }
        let first = max(cue.start, map.from)
        let last = sourceEnd.map { min(cue.end, $0) } ?? cue.end
        guard first < last else { return [] }
        let period = map.loopLength.map { $0 / map.speed }
        var ranges: [TimeRange] = []
        var base = map.start
        while base < span.end {
            let start = max(base + (first - map.from) / map.speed, span.start)
            let end = min(base + (last - map.from) / map.speed, span.end)
            if start < end { ranges.append(TimeRange(start: start, end: end)) }
            guard let period, period > .zero else { break }
            base = base + period
        }
        return ranges
    }

    private func layer(_ text: TextContent, _ range: TimeRange, _ template: Layer, _ sources: inout SourceTable) -> Layer {
        var layer = template
        layer.source = sources.id(for: .text(text))
        layer.range = range
        return layer
    }

    /// WebVTT's `line` and `position`: the cue's anchor at that place of the frame.
    private func place(_ layer: inout Layer, _ settings: CueSettings, style: TextContent) {
        let (width, height) = (Double(output.size.width), Double(output.size.height))
        let margin = Picture.captions.margin?.pixels(of: min(width, height)) ?? 0
        var anchor = layer.transform.anchor
        var point = layer.transform.position.value(at: layer.range.start)
        if let position = settings.position {
            point.x = position / 100 * width
            anchor.x = style.align == .left ? 0 : style.align == .right ? 1 : 0.5
        }
        let lineStep = style.fontSize * style.lineHeight
        switch settings.line {
        case .percent(let percent)?:
            (point.y, anchor.y) = (percent / 100 * height, 0)
        case .number(let number)? where number >= 0:
            (point.y, anchor.y) = (margin + Double(number) * lineStep, 0)
        case .number(let number)?:
            (point.y, anchor.y) = (height - margin + Double(number + 1) * lineStep, 1)
        case nil: break
        }
        layer.transform.anchor = anchor
        layer.transform.position = .constant(point)
    }

    private static func alignment(_ align: CueSettings.Alignment) -> TextAlignment {
        switch align {
        case .start, .left: return .left
        case .center: return .center
        case .end, .right: return .right
        }
    }
}
