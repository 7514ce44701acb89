import EDLParser

/// Pass 2 and 4: the output's defaults (SPEC 4). The frame rate and size come
/// before placement (frame-based times need the fps); the rest after, when the
/// timeline's length is known.
///
/// Decisions where the spec is silent:
/// - with no video item and no `size`, the output is 1920x1080;
/// - `h264` (the default codec) becomes `vp9` in `.webm` and `gif` in `.gif`,
///   the only codecs those containers take;
/// - audio-only containers (`.m4a`, `.wav`) always write audio, `.gif` never does.
struct OutputResolver {
    static let defaultSize = PixelSize(width: 1920, height: 1080)

    /// The first video item with a picture: it decides the default size and fps.
    struct FirstPicture {
        var size: PixelSize
        var fps: FrameRate?
        var location: SourceLocation
    }

    func firstPicture(_ context: CompileContext) -> FirstPicture? {
        for track in context.project.tracks where track.kind == .video {
            for item in track.items {
                guard case .source(let reference) = item.content, let video = context.facts(of: reference)?.video else {
                    continue
                }
                let size = item.picture.autoRotate ? video.displaySize : video.size
                return FirstPicture(size: size, fps: video.isStillImage ? nil : video.frameRate, location: reference.location)
            }
        }
        return nil
    }

    /// The frame rate and size, which placement needs before the rest.
    func resolveFormat(_ context: inout CompileContext) {
        context.fps = context.project.output.fps?.value ?? firstPicture(context)?.fps.map(Self.standardRate) ?? .thirty
        context.size = frameSize(&context)
    }

    /// The rates an output without `output.fps` snaps to: film, PAL and NTSC video,
    /// and the low rates of screen and browser recordings and webcams.
    private static let commonRates: [Rational] = [
        (10, 1), (12, 1), (25, 2), (15, 1), (20, 1), (24, 1), (25, 1), (30, 1), (48, 1), (50, 1), (60, 1),
    ]
    .compactMap { Rational($0, $1) }
    private static let ntscRates: [Rational] = [15_000, 24_000, 30_000, 48_000, 60_000].compactMap { Rational($0, 1001) }

    /// The output rate for a first clip at `rate`: the rate itself when it is a
    /// common or NTSC rate (within 0.02%), else the common rate nearest by ratio.
    /// Timestamps that jitter (a browser's millisecond WebM, a phone's variable
    /// rate averaging 750000/71393, about 10.5) give odd rates no one wants as
    /// an output's; above 60 the output is 60.
    static func standardRate(_ rate: FrameRate) -> FrameRate {
        let value = rate.rate.approximateDouble
        func ratio(_ common: Rational) -> Double {
            let quotient = value / common.approximateDouble
            return max(quotient, 1 / quotient)
        }
        if let exact = (commonRates + ntscRates).first(where: { ratio($0) < 1.0002 }) { return FrameRate(exact) ?? rate }
        let nearest = commonRates.min { ratio($0) < ratio($1) } ?? Rational(30)
        return FrameRate(nearest) ?? rate
    }

    func resolve(_ placement: Placement, _ context: inout CompileContext) -> OutputPlan? {
        let output = context.project.output
        let path = output.path?.value ?? defaultPath(context.project)
        guard let container = container(of: path, output.path?.location ?? output.location, &context) else { return nil }
        var duration = placement.naturalEnd
        if let explicit = output.duration {
            guard let seconds = context.length(explicit, "duration") else { return nil }
            duration = seconds
        }
        guard duration > .zero else {
            if let name = context.composition {
                context.error(
                    "composition '\(name)' has no length of its own: nothing in it has a length but 'until: end'",
                    at: output.location, hint: "give it a 'duration'")
                return nil
            }
            context.error(
                "the output has no length: no item has one of its own",
                at: output.location ?? context.project.tracks.first?.location,
                hint: "give 'output.duration', or a 'duration' to an item")
            return nil
        }
        let fps = context.fps
        let frameCount = duration.rounded(times: fps.rate)
        guard frameCount > 0 else {
            context.error(
                "the output lasts \(show(duration)), less than one frame at \(fps) fps",
                at: output.duration?.location ?? output.location ?? context.project.tracks.first?.location,
                hint:
                    "an output needs at least half a frame (\(show(Rational.one / fps.rate / Rational(2)))) to have one"
            )
            return nil
        }
        let size = context.size
        let video = container.hasVideo ? videoEncoding(container, fps: fps, &context) : nil
        var plan = OutputPlan(
            path: path, container: container, size: size, fps: fps,
            frameCount: frameCount, duration: duration, background: output.background,
            video: video, metadata: output.metadata, faststart: output.faststart)
        plan.shaderBudget = output.shaderBudget.flatMap { context.length($0, "shader_budget") }
        if video?.options != nil { plan.encoderOptionsLocation = output.video.optionsLocation }
        return plan
    }

    /// The project file's name with `.mp4`, beside it.
    func defaultPath(_ project: Project) -> String {
        let name = project.file.split(separator: "/").last.map(String.init) ?? project.file
        let base = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        let directory = project.directory.hasSuffix("/") ? String(project.directory.dropLast()) : project.directory
        return "\(directory)/\(base.isEmpty ? "output" : base).mp4"
    }

    private func container(of path: String, _ location: SourceLocation?, _ context: inout CompileContext) -> OutputPlan.Container?
    {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let ext = name.lastIndex(of: ".").map { String(name[name.index(after: $0)...]).lowercased() } ?? ""
        guard let container = OutputPlan.Container(rawValue: ext) else {
            let known = OutputPlan.Container.allCases.map { "." + $0.rawValue }.joined(separator: " ")
            context.error("cannot tell the output format from '\(name)'", at: location, hint: "end the path with one of \(known)")
            return nil
        }
        return container
    }

    private func frameSize(_ context: inout CompileContext) -> PixelSize {
        if let size = context.project.output.size { return size.value }
        guard let first = firstPicture(context) else { return Self.defaultSize }
        let size = first.size
        if context.project.output.video.pixelFormat == "yuv420p", size.width % 2 != 0 || size.height % 2 != 0 {
            context.error(
                "the output size \(size), taken from this source, has an odd side; yuv420p needs even sides",
                at: first.location, hint: "set 'output.size'")
        }
        return size
    }

    private func videoEncoding(_ container: OutputPlan.Container, fps: FrameRate, _ context: inout CompileContext)
        -> VideoEncoding
    {
        let settings = context.project.output.video
        let codec = settings.codec ?? container.defaultVideoCodec ?? .h264
        if !container.videoCodecs.contains(codec) {
            context.error(
                "'\(codec.rawValue)' video cannot be written to .\(container.rawValue)", at: context.project.output.location)
        }
        let interval = context.seconds(
            Located(
                settings.keyframeInterval,
                at: context.project.output.location
                    ?? SourceLocation(file: context.project.file, line: 1, column: 1)), "keyframe_interval")
        let frames = max((interval ?? Rational(2)).rounded(times: fps.rate), 1)
        var encoding = VideoEncoding(
            codec: codec, quality: settings.quality, preset: settings.preset,
            pixelFormat: settings.pixelFormat, keyframeInterval: frames, copiesSources: settings.copy == .auto)
        encoding.options = settings.options
        return encoding
    }
}
