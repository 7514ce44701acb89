import EDLParser

/// Warns where an item pinned with `at` leaves the picture black: a picture
/// that starts after everything shown before it has ended, or a sound that
/// makes the output last past its last picture.
struct BlackStretchCheck {
    func check(_ placement: Placement, output: OutputPlan, _ context: inout CompileContext) {
        // A length the project gives is the user's choice, black or not.
        guard output.video != nil, context.project.output.duration == nil else { return }
        let tracks = context.project.tracks
        let isPicture = { (placed: PlacedItem) -> Bool in
            let track = tracks[placed.track]
            guard track.kind == .video, !track.hidden else { return false }
            switch placed.item.content {
            case .tone: return false
            case .source: return placed.facts?.video != nil
            default: return true
            }
        }
        let pictures = placement.items.filter(isPicture)
        let lastPicture = pictures.compactMap(\.end).max() ?? .zero
        for placed in placement.items {
            guard let at = placed.item.timing.at, let end = placed.end else { continue }
            if isPicture(placed) {
                let shownBefore = pictures.filter { $0.start < placed.start }.compactMap(\.end).max() ?? .zero
                guard shownBefore > .zero, shownBefore < placed.start else { continue }
                context.diagnostics.append(
                    Diagnostic(
                        .warning,
                        "nothing is on screen from \(show(shownBefore)) to \(show(placed.start)), before this item: "
                            + "the output is black there",
                        at: at.location, hint: "start it earlier, or give the items before it more length"))
            } else if lastPicture > .zero, lastPicture < end, end == output.duration {
                context.diagnostics.append(
                    Diagnostic(
                        .warning,
                        "this item makes the output last \(show(end)), but nothing is on screen after "
                            + "\(show(lastPicture)): its last \(show(end - lastPicture)) are black",
                        at: at.location, hint: "trim it, or give 'output.duration'"))
            }
        }
    }
}
