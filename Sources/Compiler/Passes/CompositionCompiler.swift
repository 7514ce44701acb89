import EDLParser

/// Pass 2a: each composition an item uses compiles, as a project of its own,
/// to a plan; the item then plays that plan as a video source plays a file
/// (SPEC 14). A composition is as large as the output and runs at its rate
/// unless it says otherwise (a file's `output.size`, `fps`), and its sound is
/// mixed at the output's sample rate.
package struct CompositionCompiler {
    let compiler: Compiler

    func compile(_ context: inout CompileContext) {
        for track in context.project.tracks {
            for item in track.items where !context.failedItems.contains(item.location) {
                guard case .composition(let composition) = item.content, context.compositions[composition] == nil else {
                    continue
                }
                let result = compiler.compile(Self.project(for: composition, context), composition: composition.name)
                for diagnostic in result.diagnostics { context.diagnostics.append(diagnostic) }
                if let plan = result.plan { context.compositions[composition] = plan }
            }
        }
    }

    /// The composition as a project of its own: its tracks, at its size and rate.
    package static func project(for composition: Composition, _ context: CompileContext) -> Project {
        let parent = context.project
        var project = Project(file: parent.file, directory: parent.directory, tracks: composition.tracks)
        var output = Output()
        output.size = composition.size ?? Located(context.size, at: composition.location)
        output.fps = composition.fps ?? Located(context.fps, at: composition.location)
        output.duration = composition.duration
        output.path = Located(parent.directory + "/composition.mp4", at: composition.location)
        output.location = composition.location
        output.shaderBudget = parent.output.shaderBudget
        var audio = AudioSettings()
        audio.sampleRate = parent.output.audio?.sampleRate ?? audio.sampleRate
        audio.channels = parent.output.audio?.channels ?? audio.channels
        output.audio = audio
        project.output = output
        return project
    }
}

extension RenderPlan {
    /// A composition's plan as a source's facts: its length, its picture's size
    /// and rate, and sound when anything in it sounds.
    var compositionFacts: MediaFacts {
        MediaFacts(
            duration: output.frameSpan,
            video: VideoFacts(size: output.size, frameRate: output.fps, duration: output.frameSpan),
            audio: audio.inputs.isEmpty
                ? nil
                : audio.format.map { AudioFacts(sampleRate: $0.sampleRate, channels: $0.channels, duration: output.frameSpan) })
    }
}
