import EDLParser

/// What a compile gives: a plan, or the diagnostics that prevented one.
public struct CompileResult: Sendable {
    /// `nil` exactly when `diagnostics` holds an error.
    public var plan: RenderPlan?
    /// In source order.
    public var diagnostics: [Diagnostic]

    public init(plan: RenderPlan?, diagnostics: [Diagnostic]) {
        self.plan = plan
        self.diagnostics = diagnostics
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Lowers a parsed project to a `RenderPlan`. Pure: media facts come through
/// `MediaInfo`, and nothing is read or written.
///
/// The passes, in order: probe media, resolve the frame rate and size, compile
/// the compositions items use (each a plan of its own), place tracks,
/// resolve the output, turn fades into ramps, lower transitions, build layers, build audio, draw
/// the compositions that allow it as their own layers, cut segments. (Chunks and their fingerprints come later: see `Chunker`.) Diagnostics of one phase are all collected; the next
/// phase runs only if there were no errors, except that items that failed are
/// left out of placement and the transitions between the others still checked.
public struct Compiler: Sendable {
    public let media: any MediaInfo

    public init(media: any MediaInfo) {
        // Compositions compile as projects of their own: a file they share is probed once.
        self.media = media is RememberedMedia ? media : RememberedMedia(media)
    }

    /// - Parameters:
    ///   - failedItems: items with an error of their own (by location),
    ///     already reported: left out, and what needs them is not checked, so the
    ///     errors that do not depend on them come in the same run.
    ///   - preview: laid out as the project says, drawn and encoded at half the
    ///     width and height with the fastest preset (the studio's and `--preview`'s).
    public func compile(
        _ project: Project, leavingOut failedItems: Set<SourceLocation> = [], preview: Bool = false
    ) -> CompileResult {
        var result = compile(project, composition: nil, leavingOut: failedItems)
        if preview {
            result.plan?.output.pictureScale = 0.5
            result.plan?.output.video?.preset = "ultrafast"
        }
        return result
    }

    /// `composition`: the name of the composition `project` holds, when it is one.
    func compile(_ project: Project, composition: String?, leavingOut failedItems: Set<SourceLocation> = []) -> CompileResult {
        var context = CompileContext(project: project)
        context.composition = composition
        context.failedItems = failedItems
        let plan = run(&context)
        let diagnostics = context.diagnostics.sorted
        return CompileResult(plan: context.hasErrors ? nil : plan, diagnostics: diagnostics)
    }

    /// The passes up to the timeline: every item placed, `until: end` resolved.
    package func place(_ context: inout CompileContext) -> (Placement, OutputPlan)? {
        MediaProber(media: media).probe(&context)
        // The frame rate and size come from the first source unless the output
        // gives them: with a source left out, later passes could work from the wrong ones.
        let output = context.project.output
        let formatIsGiven = output.fps != nil && output.size != nil
        guard (!context.hasErrors && context.failedItems.isEmpty) || formatIsGiven else { return nil }
        OutputResolver().resolveFormat(&context)
        CompositionCompiler(compiler: self).compile(&context)
        guard !context.hasErrors || formatIsGiven else { return nil }

        var placement = TrackPlacer().place(&context)
        guard !context.hasErrors, context.failedItems.isEmpty else {
            // The output's length needs every item; a transition's needs only its neighbours.
            TransitionLowering.check(placement, &context)
            return nil
        }
        guard let output = OutputResolver().resolve(placement, &context), !context.hasErrors else { return nil }
        placement.resolveUntilEnd(outputEnd: output.duration)
        return (placement, output)
    }

    private func run(_ context: inout CompileContext) -> RenderPlan? {
        guard case (var placement, let output)? = place(&context) else { return nil }
        FadeResolver().resolve(&placement, &context)
        let transitions = TransitionLowering(output: output)
        TransitionLowering.check(placement, &context)
        guard !context.hasErrors else { return nil }
        BlackStretchCheck().check(placement, output: output, &context)

        // A composition's `output` gives only its format: its subtitles are not written.
        let wanted = context.composition == nil ? context.project.output.subtitles : nil
        let subtitles = wanted.flatMap { SubtitlePlanner(output: output).stream($0, placement, &context) }
        guard !context.hasErrors else { return nil }

        var sources = SourceTable()
        let unburned = wanted?.burn == false ? subtitles?.track : nil
        let (layers, captionLayers) = LayerBuilder(output: output, unburnedTrack: unburned).build(
            placement, sources: &sources, &context)
        let (audio, audioByItem) = AudioBuilder(output: output).build(placement, sources: &sources, &context)
        var work = TransitionLowering.Work(layers: layers, audio: audio, audioByItem: audioByItem)
        transitions.apply(placement, to: &work, sources: &sources, &context)
        guard !context.hasErrors else { return nil }

        let ordered = placement.items.indices.compactMap { work.layers[$0] } + work.extraLayers + captionLayers
        let flat = CompositionFlattener(output: output).flatten(ordered, sources: &sources)
        let segments = SegmentCutter(output: output).cut(flat)
        var plan = RenderPlan(
            output: output, sources: sources.sources, video: segments, audio: work.audio,
            directory: context.project.directory)
        plan.subtitles = subtitles?.plan
        plan.dropUnusedSources()
        // A composition's texts are checked where the project that draws it is compiled.
        if context.composition == nil {
            for (problem, location) in Self.oversizedTexts(in: plan, media: media) {
                context.error(
                    problem, at: location,
                    hint: "use a smaller 'font_size', or 'max_width' to break it into lines, or split it into several items")
            }
        }
        return plan
    }

    /// Each text of `plan` (and of the compositions it draws) whose picture
    /// would be too large to draw, with the first item that draws it: found
    /// before rendering, as a file's problems are.
    static func oversizedTexts(in plan: RenderPlan, media: any MediaInfo) -> [(String, SourceLocation)] {
        var drawnAt: [SourceID: SourceLocation] = [:]
        for layer in plan.video.flatMap(\.layers) where drawnAt[layer.source] == nil { drawnAt[layer.source] = layer.location }
        return plan.sources.flatMap { source -> [(String, SourceLocation)] in
            switch source.kind {
            case .text(let text):
                guard let location = drawnAt[source.id], let problem = media.textProblem(text) else { return [] }
                return [(problem, location)]
            case .composition(_, let nested): return oversizedTexts(in: nested, media: media)
            default: return []
            }
        }
    }
}
