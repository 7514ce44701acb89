import Yams

extension ProjectParser {
    static let outputKeys = [
        "path", "size", "fps", "duration", "background", "video", "audio", "faststart", "metadata", "subtitles",
        "shader_budget",
    ]
    static let videoKeys = ["codec", "crf", "bitrate", "preset", "pixel_format", "keyframe_interval", "copy", "options"]
    static let audioKeys = ["codec", "bitrate", "sample_rate", "channels", "loudness"]
    static let subtitleKeys = ["from", "burn", "language"]
    static let presets = [
        "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo",
    ]
    static let pixelFormats = ["yuv420p", "yuv422p", "yuv444p", "yuv420p10le", "yuv422p10le", "yuv444p10le"]

    /// `output:` (SPEC section 4).
    static func readOutput(_ node: Node, _ paths: PathResolver, _ context: ParseContext) -> Output {
        var output = Output()
        output.location = context.location(of: node)
        guard let keys = context.entries(of: node, in: "'output'", allowed: outputKeys) else { return output }
        if let entry = keys["path"], let path = context.value(entry.value, "path", paths.resolve) {
            output.path = Located(path, at: context.location(of: entry.value))
            if Container(path: path) == nil {
                context.error(
                    "'\(path.split(separator: "/").last ?? "")' has no known container extension", at: entry.value,
                    hint: "use one of: \(Container.allCases.map { "." + $0.rawValue }.joined(separator: " "))")
            }
        }
        if let entry = keys["fps"], let fps = context.value(entry.value, "fps", ValueSyntax.frameRate) {
            output.fps = Located(fps, at: context.location(of: entry.value))
        }
        if let entry = keys["duration"] { output.duration = context.positiveTime(entry.value, "duration") }
        if let entry = keys["background"], let color = context.value(entry.value, "background", ValueSyntax.color) {
            output.background = color
        }
        if let entry = keys["faststart"], let flag = context.bool(entry.value, "faststart") { output.faststart = flag }
        if let entry = keys["shader_budget"] { output.shaderBudget = context.positiveTime(entry.value, "shader_budget") }
        if let entry = keys["video"] { output.video = readVideoSettings(entry.value, context) }
        if let entry = keys["size"], let size = readPixelSize(entry.value, "size", context) {
            output.size = Located(size, at: context.location(of: entry.value))
            if output.video.pixelFormat.hasPrefix("yuv420p") && (size.width % 2 != 0 || size.height % 2 != 0) {
                context.error(
                    "output size \(size) has an odd side; \(output.video.pixelFormat) needs even width and height",
                    at: entry.value, hint: "try \(size.width + size.width % 2)x\(size.height + size.height % 2)")
            }
        }
        if let entry = keys["audio"] {
            output.audioExplicit = true
            output.audio = readAudioSettings(entry.value, context)
        }
        if let entry = keys["metadata"] { output.metadata = readMetadata(entry.value, context) }
        if let entry = keys["subtitles"] { output.subtitles = readSubtitles(entry.value, context) }
        checkCodecs(output, keys, context)
        return output
    }

    /// `"1920x1080"` or `[1920, 1080]`.
    static func readPixelSize(_ node: Node, _ key: String, _ context: ParseContext) -> PixelSize? {
        guard case .sequence(let sequence) = node else { return context.value(node, key, ValueSyntax.pixelSize) }
        guard sequence.count == 2 else {
            context.error("'\(key)' must be two numbers [width, height], not \(sequence.count)", at: node)
            return nil
        }
        guard let width = context.integer(sequence[0], "width", in: 2...16384),
            let height = context.integer(sequence[1], "height", in: 2...16384)
        else { return nil }
        return PixelSize(width: width, height: height)
    }

    private static func readVideoSettings(_ node: Node, _ context: ParseContext) -> VideoSettings {
        var video = VideoSettings()
        guard let keys = context.entries(of: node, in: "'output.video'", allowed: videoKeys) else { return video }
        if let entry = keys["codec"], let codec = context.word(entry.value, "codec", VideoCodec.self) { video.codec = codec }
        if let crf = keys["crf"], let bitrate = keys["bitrate"] {
            context.error(
                "'crf' and 'bitrate' cannot both be set", at: bitrate.keyNode,
                hint: "'crf' targets a quality, 'bitrate' a file size; keep one (at \(context.location(of: crf.keyNode)))")
        } else if let entry = keys["crf"], let crf = context.number(entry.value, "crf", in: 0...63) {
            video.quality = .crf(crf)
        } else if let entry = keys["bitrate"], let bitrate = context.value(entry.value, "bitrate", ValueSyntax.bitrate) {
            video.quality = .bitrate(bitrate)
        }
        if let entry = keys["preset"], let preset = context.text(entry.value, "preset") {
            if presets.contains(preset) {
                video.preset = preset
            } else {
                context.error(
                    "'\(preset)' is not an encoder preset", at: entry.value,
                    hint: NameSuggestions.didYouMean(preset, in: presets)
                        ?? "expected one of: \(presets.joined(separator: ", "))")
            }
        }
        if let entry = keys["pixel_format"], let format = context.text(entry.value, "pixel_format") {
            if pixelFormats.contains(format) {
                video.pixelFormat = format
            } else {
                context.error(
                    "'\(format)' is not a supported pixel format", at: entry.value,
                    hint: "expected one of: \(pixelFormats.joined(separator: ", "))")
            }
        }
        if let entry = keys["keyframe_interval"], let interval = context.positiveTime(entry.value, "keyframe_interval") {
            video.keyframeInterval = interval.value
        }
        if let entry = keys["copy"], let copy = context.word(entry.value, "copy", VideoCopy.self) { video.copy = copy }
        if let entry = keys["options"] {
            video.options = readEncoderOptions(entry.value, context)
            video.optionsLocation = context.location(of: entry.keyNode)
        }
        return video
    }

    /// `options: { tune: film, x264-params: "…" }`: each a libav option name and its value as text.
    private static func readEncoderOptions(_ node: Node, _ context: ParseContext) -> [String: String]? {
        guard case .mapping(let mapping) = node else {
            context.error(
                "'options' takes a mapping of encoder options", at: node, hint: "for example 'options: { tune: film }'")
            return nil
        }
        var options: [String: String] = [:]
        for (key, value) in mapping {
            guard let name = key.string, !name.isEmpty else {
                context.error("an encoder option's name is a word", at: key)
                continue
            }
            guard let text = context.text(value, name) else { continue }
            options[name] = text
        }
        return options
    }

    private static func readAudioSettings(_ node: Node, _ context: ParseContext) -> AudioSettings? {
        if case .scalar = node {
            if context.text(node, "audio") != "none" {
                context.error("'audio' must be 'none' or a mapping of audio settings, not \(context.describe(node))", at: node)
            }
            return nil
        }
        var audio = AudioSettings()
        guard let keys = context.entries(of: node, in: "'output.audio'", allowed: audioKeys) else { return audio }
        if let entry = keys["codec"] { audio.codec = context.word(entry.value, "codec", AudioCodec.self) }
        if let entry = keys["bitrate"], let bitrate = context.value(entry.value, "bitrate", ValueSyntax.bitrate) {
            audio.bitrate = bitrate
        }
        if let entry = keys["sample_rate"], let rate = context.integer(entry.value, "sample_rate", in: 8000...192_000) {
            audio.sampleRate = rate
        }
        if let entry = keys["channels"], let channels = context.integer(entry.value, "channels", in: 1...2) {
            audio.channels = channels
        }
        if let entry = keys["loudness"] { audio.loudness = context.number(entry.value, "loudness", in: -70...(-5)) }
        return audio
    }

    /// `subtitles: { from: captions, burn: false, language: en }`; the track is
    /// looked for by the compiler, which knows the tracks and the container.
    private static func readSubtitles(_ node: Node, _ context: ParseContext) -> SubtitleOutput? {
        guard let keys = context.entries(of: node, in: "'output.subtitles'", allowed: subtitleKeys) else { return nil }
        guard let from = keys["from"], let name = context.text(from.value, "from") else {
            if keys["from"] == nil {
                context.error(
                    "'subtitles' needs 'from': the name of the track whose captions it writes", at: node,
                    hint: "as in 'subtitles: { from: captions }'")
            }
            return nil
        }
        var subtitles = SubtitleOutput(
            track: Located(name, at: context.location(of: from.value)), location: context.location(of: node))
        if let entry = keys["burn"], let burn = context.bool(entry.value, "burn") { subtitles.burn = burn }
        if let entry = keys["language"], let code = context.text(entry.value, "language") {
            if let language = LanguageCode(code) {
                subtitles.language = language
            } else {
                context.error(
                    "'\(code)' is not an ISO 639 language code", at: entry.value,
                    hint: NameSuggestions.didYouMean(code.lowercased(), in: LanguageCode.knownCodes)
                        ?? "write two letters (ISO 639-1, 'en') or three (ISO 639-2, 'eng')")
            }
        }
        return subtitles
    }

    private static func readMetadata(_ node: Node, _ context: ParseContext) -> [MetadataEntry] {
        guard case .mapping(let mapping) = node else {
            context.error("'metadata' must be a mapping of tags to text, not \(context.describe(node))", at: node)
            return []
        }
        return mapping.compactMap { keyNode, value in
            guard case .scalar(let key) = keyNode, let text = context.text(value, key.string) else { return nil }
            return MetadataEntry(key: key.string, value: text)
        }
    }

    /// Codecs the container named by `output.path` cannot hold. Without a path the
    /// container is only known once `-o` is applied; the compiler checks it then.
    private static func checkCodecs(_ output: Output, _ keys: [String: ParseContext.Entry], _ context: ParseContext) {
        guard let container = output.path.flatMap({ Container(path: $0.value) }) else { return }
        if let entry = keys["video"], let codec = output.video.codec, !container.videoCodecs.contains(codec) {
            let message =
                container.videoCodecs.isEmpty
                ? "a .\(container.rawValue) file holds no video"
                : "a .\(container.rawValue) file cannot hold \(codec.rawValue) video"
            context.error(
                message, at: entry.value,
                hint: container.videoCodecs.isEmpty
                    ? nil : "use one of: \(container.videoCodecs.map(\.rawValue).joined(separator: ", "))")
        }
        if let audio = output.audio, let codec = audio.codec, let entry = keys["audio"], !container.audioCodecs.contains(codec) {
            context.error(
                "a .\(container.rawValue) file cannot hold \(codec.rawValue) audio", at: entry.value,
                hint: container.audioCodecs.isEmpty
                    ? nil : "use one of: \(container.audioCodecs.map(\.rawValue).joined(separator: ", "))")
        }
    }
}
