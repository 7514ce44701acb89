import EDLParser

extension Compiler {
    /// The project as an OpenTimelineIO timeline (`render export`): one OTIO
    /// track per track, clips with their source ranges and speeds, gaps where
    /// nothing plays, transitions between clips. Times count frames at the
    /// output's rate. A transition in OTIO does not shorten its track, so the
    /// clips around one are shortened by half its length each and it reaches
    /// half its length into each: the clips play at the same times as here.
    /// Generated items are clips with a generator reference; `nil` with
    /// diagnostics when the project does not compile.
    public func otioTimeline(_ project: Project) -> (timeline: OTIOTimeline?, diagnostics: [Diagnostic]) {
        var context = CompileContext(project: project)
        guard let (placement, output) = place(&context), !context.hasErrors else { return (nil, context.diagnostics.sorted) }
        let fps = output.fps
        var tracks: [OTIOTimeline.Track] = []
        for (index, track) in project.tracks.enumerated() {
            let items = placement.items.indices.filter { placement.items[$0].track == index }
            var half: [Int: (start: Rational, end: Rational)] = [:]
            var incoming: [Int: PlacedTransition] = [:]
            for transition in placement.transitions where transition.track == index {
                let d = transition.duration / Rational(2)
                half[transition.outgoing, default: (.zero, .zero)].end = d
                half[transition.incoming, default: (.zero, .zero)].start = d
                incoming[transition.incoming] = transition
            }
            var children: [OTIOTimeline.Child] = []
            var cursor = Rational.zero
            for item in items {
                let placed = placement.items[item]
                guard let end = placed.end else { continue }
                let trim = half[item] ?? (.zero, .zero)
                let (start, stop) = (placed.start + trim.start, end - trim.end)
                if let transition = incoming[item] {
                    children.append(
                        .transition(
                            OTIOTimeline.Transition(
                                kind: transition.transition.kind.rawValue,
                                offset: OTIOTimeline.Time(transition.duration / Rational(2), rate: fps),
                                cutlist: ["audio": transition.transition.audio.rawValue])))
                } else if start > cursor {
                    children.append(.gap(duration: OTIOTimeline.Time(start - cursor, rate: fps)))
                }
                children.append(.clip(clip(placed, from: start, to: stop, fps: fps)))
                cursor = stop
            }
            tracks.append(
                OTIOTimeline.Track(
                    name: track.displayName(index: index), kind: track.kind == .audio ? .audio : .video, children: children))
        }
        let name = project.file.split(separator: "/").last.map { String($0.split(separator: ".").first ?? $0) } ?? "timeline"
        var timeline = OTIOTimeline(name: name, tracks: OTIOTimeline.Stack(children: tracks))
        timeline.metadata = ["fps": fps.description, "size": output.size.description]
        return (timeline, context.diagnostics.sorted)
    }

    /// The clip of a placed item shown from timeline time `start` to `stop`.
    private func clip(_ placed: PlacedItem, from start: Rational, to stop: Rational, fps: FrameRate) -> OTIOTimeline.Clip {
        let speed = placed.timing.speed
        let sourceStart = placed.timing.from + (start - placed.start) * speed
        let range = OTIOTimeline.Range(
            start: OTIOTimeline.Time(sourceStart, rate: fps), duration: OTIOTimeline.Time(stop - start, rate: fps))
        var cutlist = ["item": "\(placed.item.location)"]
        var clip = OTIOTimeline.Clip(name: "", sourceRange: range, cutlist: [:])
        switch placed.item.content {
        case .source(let reference):
            clip.name = reference.displayName
            clip.target = reference.path
            let still = placed.facts?.video?.isStillImage == true && placed.facts?.duration == nil
            if speed != .one, !still {
                clip.speed = speed.approximateDouble
                cutlist["speed"] = speed.description
            }
        case .color(let color): (clip.name, clip.generator) = ("color \(color)", "SolidColor")
        case .text(let text): (clip.name, clip.generator) = (text.string, "Text")
        case .tone(let frequency): (clip.name, clip.generator) = ("tone \(frequency) Hz", "Tone")
        case .pattern(let pattern): (clip.name, clip.generator) = (pattern.rawValue, "Pattern")
        case .gradient(let gradient): (clip.name, clip.generator) = ("gradient \(gradient.shape.rawValue)", "Gradient")
        case .composition(let composition):
            (clip.name, clip.generator) = (composition.name, "Composition")
            if speed != .one {
                clip.speed = speed.approximateDouble
                cutlist["speed"] = speed.description
            }
        case .gap, .transition: break
        }
        // What OpenTimelineIO has no field for: what a generator makes, and every picture
        // and sound key the item sets (animations, filters, text style), as Cutlist writes them.
        let own = Self.properties(placed.item)
        let defaults = Self.properties(Item(content: placed.item.content, location: placed.item.location))
        for (key, value) in own where key != "content" && defaults[key] != value { cutlist[key] = value }
        if clip.generator != nil { cutlist["content"] = own["content"] }
        clip.cutlist = cutlist
        return clip
    }
}
