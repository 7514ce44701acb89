import EDLParser
import Subtitles

/// The captions of one track in output time, for a subtitle stream
/// (`output.subtitles`) or a subtitle file (`render captions`): each cue where
/// its item shows it, through the item's time map (trimmed, sped up, looped
/// and moved with a clip, cut where it is cut) and cut at the output's end;
/// the same times as the drawn captions, exact.
struct SubtitlePlanner {
    let output: OutputPlan

    /// The stream `output.subtitles` asks for and the index of its track; nil
    /// after an error (reported).
    func stream(_ wanted: SubtitleOutput, _ placement: Placement, _ context: inout CompileContext) -> (
        plan: SubtitlePlan, track: Int
    )? {
        guard let codec = SubtitlePlan.Codec(container: output.container) else {
            context.error(
                "a .\(output.container.rawValue) file cannot hold subtitles", at: wanted.location,
                hint: "write an .mp4 or .mov (mov_text), or an .mkv or .webm (WebVTT), or leave 'subtitles' out")
            return nil
        }
        // The parser reported a track that is not there.
        guard let track = context.project.captionTrack(named: wanted.track).index else { return nil }
        let cues = cues(onTrack: track, placement)
        // One script's events keep their styles in Matroska (WebM takes only WebVTT).
        let scripts = Set(captions(onTrack: track, placement).map(\.captions.script))
        if output.container == .mkv, scripts.count == 1, let script = scripts.first ?? nil {
            let header = ASSScriptReader.header(of: script)
            return (SubtitlePlan(codec: .ass, language: wanted.language, cues: cues, scriptHeader: header), track)
        }
        return (SubtitlePlan(codec: codec, language: wanted.language, cues: codec == .movText ? stacked(cues) : cues), track)
    }

    /// The captions of track `index`: its `captions:` items' and its clips' own.
    private func captions(onTrack index: Int, _ placement: Placement) -> [(placed: PlacedItem, captions: Captions)] {
        placement.items.compactMap { placed in
            guard placed.track == index else { return nil }
            if case .captions(let content) = placed.item.content { return (placed, content) }
            return placed.item.captions.map { (placed, $0) }
        }
    }

    /// The cues of track `index` in output time, by start (then in file and item
    /// order). A cue that goes on across a cut between two parts of its clip is one cue.
    func cues(onTrack index: Int, _ placement: Placement) -> [CaptionCue] {
        let end = output.frameSpan
        var cues: [CaptionCue] = []
        /// Where each cue's last piece is in `cues`, by the cue.
        var lastPiece: [CaptionCue: Int] = [:]
        for (placed, captions) in captions(onTrack: index, placement) {
            guard let length = placed.length, length > .zero else { continue }
            let span = TimeRange(start: placed.start, end: min(placed.start + length, end))
            for cue in captions.cues {
                for range in placed.timeMap.timelineRanges(ofSource: cue.start, cue.end, within: span) {
                    if let piece = lastPiece[cue], cues[piece].end == range.start {
                        cues[piece].end = range.end
                        continue
                    }
                    var shown = cue
                    (shown.start, shown.end) = (range.start, range.end)
                    shown.spans = cue.spans.map { span in
                        var span = span
                        span.time = nil
                        return span
                    }
                    lastPiece[cue] = cues.count
                    cues.append(shown)
                }
            }
        }
        return cues.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
    }

    /// Cues that overlap as one cue for each stretch between their edges: the
    /// lines of the cues showing, the earlier above, as the burned-in captions
    /// stack them. Their own places (WebVTT settings) are left out.
    func stacked(_ cues: [CaptionCue]) -> [CaptionCue] {
        let edges = Set(cues.flatMap { [$0.start, $0.end] }).sorted()
        var stacked: [CaptionCue] = []
        for (start, end) in zip(edges, edges.dropFirst()) {
            let showing = cues.filter { $0.start <= start && $0.end >= end }
            guard let first = showing.first else { continue }
            let spans = showing.dropFirst().reduce(first.spans) { $0 + [CaptionSpan(text: "\n")] + $1.spans }
            if let last = stacked.last, last.end == start, last.spans == spans {
                stacked[stacked.count - 1].end = end
                continue
            }
            stacked.append(CaptionCue(start: start, end: end, spans: spans, location: first.location))
        }
        return stacked
    }
}

extension Compiler {
    /// The captions of a track in output time, as `render captions` writes
    /// them: the track `name` gives, else the one `output.subtitles` names,
    /// else the only track with captions. Nil with the diagnostics that say why.
    public func captions(of project: Project, track name: Located<String>?) -> (
        cues: [CaptionCue]?, diagnostics: [Diagnostic]
    ) {
        var context = CompileContext(project: project)
        var track: Int?
        if let name = name ?? project.output.subtitles?.track {
            let lookup = project.captionTrack(named: name)
            track = lookup.index
            if let problem = lookup.problem { context.diagnostics.append(problem) }
        } else {
            let tracks = project.captionTracks
            let names = tracks.map { "'\(project.tracks[$0].displayName(index: $0))'" }.joined(separator: ", ")
            if tracks.count == 1 {
                track = tracks[0]
            } else {
                context.error(
                    tracks.isEmpty ? "the project has no captions" : "more than one track has captions: \(names)",
                    at: project.tracks.first?.location,
                    hint: tracks.isEmpty
                        ? "add a 'captions:' item, or 'captions:' to a clip" : "say which with --track NAME")
            }
        }
        guard let track, let (placement, output) = place(&context) else { return (nil, context.diagnostics.sorted) }
        return (SubtitlePlanner(output: output).cues(onTrack: track, placement), context.diagnostics.sorted)
    }
}
