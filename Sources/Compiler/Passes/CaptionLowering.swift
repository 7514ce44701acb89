import EDLParser
import Foundation
import Subtitles

/// Lowers captions to timed text layers: each cue shows over the output frames
/// its time covers (`ceil(start·fps) ..< ceil(end·fps)`, as every layer), mapped
/// through its item's time map and cut to the item's span. Cues that overlap
/// stack, the earlier above, as the lines of one text; a WebVTT cue with
/// settings stands on its own where they put it. An ASS or SSA script is one
/// layer over the item's span, which libass draws.
struct CaptionLowering {
    let output: OutputPlan

    /// A cue, or a word's time of one, as it shows on the timeline.
    private struct Showing {
        var range: TimeRange
        var cue: Int
        var part: Part
    }

    /// A cue's text, or a word of it, with its styled runs and its highlight.
    private struct Part {
        var start: Rational
        var end: Rational
        var string: String
        var styles: [TextContent.StyledScalars]
        var highlight: TextContent.Highlight?
    }

    /// `template` is the item's layer: its placement, opacity and filters.
    func layers(_ captions: Captions, template: Layer, sources: inout SourceTable) -> [Layer] {
        // libass shows a script's events by the file time of each frame, which the template's time map gives.
        if captions.script != nil { return [template] }
        var style = captions.style
        if style.maxWidth == nil { style.maxWidth = Double(output.size.width) * 0.9 }
        var stacked: [Showing] = []
        var layers: [Layer] = []
        let pops = captions.highlight?.pop == true
        for (index, cue) in captions.cues.enumerated() {
            for part in parts(of: cue, captions.highlight) {
                for range in template.timeMap.timelineRanges(ofSource: part.start, part.end, within: template.range) {
                    let showing = Showing(range: range, cue: index, part: part)
                    if cue.settings.isDefault {
                        stacked.append(showing)
                        continue
                    }
                    var text = style
                    (text.string, text.styles, text.highlight) = (part.string, part.styles, part.highlight)
                    if let align = cue.settings.align { text.align = Self.alignment(align) }
                    var layer = layer(text, range, template, &sources, pops: pops)
                    place(&layer, cue.settings, style: text)
                    layers.append(layer)
                }
            }
        }
        // Between any two edges the same cues show: one text of their lines.
        let edges = Set(stacked.flatMap { [$0.range.start, $0.range.end] }).sorted()
        var open: (range: TimeRange, text: TextContent, pops: Bool)?
        for (start, end) in zip(edges, edges.dropFirst()) {
            let showing = stacked.filter { $0.range.start <= start && $0.range.end >= end }.sorted { $0.cue < $1.cue }
            var text = style
            text.string = showing.map(\.part.string).joined(separator: "\n")
            var offset = 0
            for part in showing.map(\.part) {
                let moved = { (scalars: Range<Int>) in (scalars.lowerBound + offset)..<(scalars.upperBound + offset) }
                if let lit = part.highlight { text.highlight = .init(scalars: moved(lit.scalars), color: lit.color) }
                text.styles += part.styles.map { .init(scalars: moved($0.scalars), style: $0.style) }
                offset += part.string.unicodeScalars.count + 1
            }
            // A word that pops in pops again when it is said again.
            let popsHere = pops && showing.contains { $0.range.start == start }
            if let current = open, current.text == text, current.range.end == start, !popsHere {
                open?.range.end = end
                continue
            }
            if let current = open {
                layers.append(layer(current.text, current.range, template, &sources, pops: current.pops))
            }
            open = showing.isEmpty ? nil : (TimeRange(start: start, end: end), text, popsHere)
        }
        if let current = open { layers.append(layer(current.text, current.range, template, &sources, pops: current.pops)) }
        return layers
    }

    /// A cue's text over its time, or, with a highlight and word times, one
    /// text per word's time: the word from its time to the next word's.
    private func parts(of cue: CaptionCue, _ highlight: CaptionHighlight?) -> [Part] {
        let text = cue.text
        let styles = Self.styles(of: cue.spans)
        guard let highlight, cue.spans.contains(where: { $0.time != nil }) else {
            return [Part(start: cue.start, end: cue.end, string: text, styles: styles)]
        }
        var parts: [Part] = []
        var scalar = 0
        for (index, span) in cue.spans.enumerated() {
            let count = span.text.unicodeScalars.count
            defer { scalar += count }
            let start = span.time ?? cue.start
            let end = cue.spans[(index + 1)...].lazy.compactMap(\.time).first ?? cue.end
            guard start < end else { continue }
            switch highlight.mode {
            case .current:
                let lit = TextContent.Highlight(scalars: scalar..<(scalar + count), color: highlight.color)
                parts.append(Part(start: start, end: end, string: text, styles: styles, highlight: lit))
            case .karaoke:
                let lit = TextContent.Highlight(scalars: 0..<(scalar + count), color: highlight.color)
                parts.append(Part(start: start, end: end, string: text, styles: styles, highlight: lit))
            case .word:
                let word = span.text.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !word.isEmpty else { continue }
                let whole = 0..<word.unicodeScalars.count
                parts.append(
                    Part(
                        start: start, end: end, string: word,
                        styles: span.style.isEmpty ? [] : [.init(scalars: whole, style: span.style)],
                        highlight: .init(scalars: whole, color: highlight.color)))
            }
        }
        return parts
    }

    /// The scalars of each styled run of a cue's text.
    private static func styles(of spans: [CaptionSpan]) -> [TextContent.StyledScalars] {
        var styles: [TextContent.StyledScalars] = []
        var scalar = 0
        for span in spans {
            let count = span.text.unicodeScalars.count
            defer { scalar += count }
            guard !span.style.isEmpty else { continue }
            if let last = styles.last, last.style == span.style, last.scalars.upperBound == scalar {
                styles[styles.count - 1].scalars = last.scalars.lowerBound..<(scalar + count)
            } else {
                styles.append(.init(scalars: scalar..<(scalar + count), style: span.style))
            }
        }
        return styles
    }

    private func layer(
        _ text: TextContent, _ range: TimeRange, _ template: Layer, _ sources: inout SourceTable, pops: Bool = false
    ) -> Layer {
        var layer = template
        layer.source = sources.id(for: .text(text))
        layer.range = range
        if pops {
            // From 75% to 110% of its size in 0.1 s, settling at 100% by 0.2 s.
            let size = template.transform.scale.value(at: range.start)
            let keys = [
                (Rational.zero, 0.75, Ease.easeOut), (Rational(1, 10) ?? .zero, 1.1, .easeInOut),
                (Rational(1, 5) ?? .zero, 1, .linear),
            ]
            layer.transform.scale = .keyframes(
                KeyframeCurve(
                    origin: range.start,
                    keys: keys.map { .init(time: $0.0, value: Vector2(size.x * $0.1, size.y * $0.1), ease: $0.2) }))
        }
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
