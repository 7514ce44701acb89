import EDLParser
import Testing

@testable import Compiler

/// Fingerprints by structure (SPEC 18): each stored field of each type that
/// reaches a chunk changes the chunk's fingerprint when it changes, except the
/// named ones that only say where the chunk or its layers sit. Each check lists
/// the type's fields through `Mirror`, so a field added to a type fails here
/// until a mutation covers it.
@Suite struct FingerprintTests {
    /// Sources s0, s1 (files) and s2 (a LUT), by content.
    let identities = ["file sha256 aa video#0", "file sha256 bb video#0", "lut sha256 cc"]

    let transform = LayerTransform(
        sourceSize: PixelSize(width: 1920, height: 1080), outputSize: PixelSize(width: 1280, height: 720),
        sizing: .fit(.contain), position: .constant(Vector2(640, 360)))

    let shader = LayerShader(
        progress: .constant(0), time: .constant(1), uniforms: [PlanUniform(name: "level", value: .number(.constant(1)))],
        name: "a.glsl")

    var layer: Layer {
        Layer(
            source: SourceID(0), timeMap: TimeMap(start: q(-1), from: q(2)), transform: transform,
            opacity: Envelope([.constant(0.5)]), range: TimeRange(start: q(-1), end: q(3)), track: 1, order: 2,
            location: at(7), item: ItemID(clip("a"), track: 1, index: 0))
    }

    let video = VideoEncoding(
        codec: .h264, quality: .crf(20), preset: "medium", pixelFormat: "yuv420p", keyframeInterval: 60)

    var output: OutputPlan {
        OutputPlan(
            path: "/p/out.mp4", container: .mp4, size: PixelSize(width: 1280, height: 720), fps: fps(30),
            frameCount: 300, duration: q(10), background: Color(red: 0, green: 0, blue: 0), video: video,
            metadata: [MetadataEntry(key: "title", value: "A")], faststart: true)
    }

    var content: ChunkContent {
        ChunkContent(renderer: "x264 1", output: output, frameCount: 60, firstFrame: nil, layers: [layer])
    }

    func fingerprint(_ content: ChunkContent, identities: [String]? = nil) -> String {
        Fingerprint.sha256(content, identities: identities ?? self.identities)
    }

    /// The chunk's fingerprint with its one layer replaced.
    func fingerprint(_ layer: Layer) -> String {
        var chunk = content
        chunk.layers = [layer.drawn]
        return fingerprint(chunk)
    }

    func fingerprint(_ transform: LayerTransform) -> String {
        var layer = self.layer
        layer.transform = transform
        return fingerprint(layer)
    }

    /// The chunk's fingerprint with its layer's rotation replaced: how curves reach it.
    func fingerprint(rotation: Curve<Double>) -> String {
        var transform = self.transform
        transform.rotation = rotation
        return fingerprint(transform)
    }

    @Test func everyFieldOfAChunkChangesItsFingerprint() {
        expectEachField(
            of: content,
            changes: [
                ("renderer", { $0.renderer = "x264 2" }),
                ("output", { $0.output.size = PixelSize(width: 640, height: 360) }),
                ("frameCount", { $0.frameCount = 61 }),
                ("firstFrame", { $0.firstFrame = 0 }),
                ("layers", { $0.layers.append(layer.drawn) }),
            ], fingerprint: { fingerprint($0) })
        // The sources a chunk shows, by content; the others are not its business.
        #expect(fingerprint(content, identities: ["file sha256 ab video#0"] + identities.dropFirst()) != fingerprint(content))
        #expect(fingerprint(content, identities: identities.dropLast() + ["lut sha256 dd"]) == fingerprint(content))
    }

    @Test func everyFieldOfTheOutputsPictureChangesTheFingerprintAndTheFileDoesNot() {
        let chunk = { (output: OutputPlan) in
            var chunk = content
            chunk.output = output.drawn
            return fingerprint(chunk)
        }
        expectEachField(
            of: output,
            changes: [
                ("size", { $0.size = PixelSize(width: 1920, height: 1080) }),
                ("pictureScale", { $0.pictureScale = 0.5 }),
                ("fps", { $0.fps = fps(25) }),
                ("background", { $0.background = Color(red: 1, green: 1, blue: 1) }),
                ("video", { $0.video = nil }),
            ],
            keeps: [
                ("path", { $0.path = "/q/other.mov" }),
                ("container", { $0.container = .mov }),
                ("frameCount", { $0.frameCount = 30 }),
                ("duration", { $0.duration = q(1) }),
                ("metadata", { $0.metadata = [] }),
                ("faststart", { $0.faststart = false }),
                ("shaderBudget", { $0.shaderBudget = q(1) }),
                ("encoderOptionsLocation", { $0.encoderOptionsLocation = at(3, 4) }),
            ], fingerprint: chunk)
        expectEachField(
            of: video,
            changes: [
                ("codec", { $0.codec = .hevc }),
                ("quality", { $0.quality = .crf(21) }),
                ("quality", { $0.quality = .bitrate(20) }),
                ("preset", { $0.preset = "slow" }),
                ("pixelFormat", { $0.pixelFormat = "yuv444p" }),
                ("keyframeInterval", { $0.keyframeInterval = 30 }),
                ("options", { $0.options = ["tune": "film"] }),
            ],
            // Copying changes the encoder, which the renderer's identity names.
            keeps: [("copiesSources", { $0.copiesSources = false })],
            fingerprint: { video in
                var output = self.output
                output.video = video
                return chunk(output)
            })
    }

    @Test func everyFieldOfALayerChangesTheFingerprintAndWhereItSitsDoesNot() {
        let frame = CompositionFrame(size: PixelSize(width: 320, height: 240), transform: transform)
        expectEachField(
            of: layer,
            changes: [
                ("source", { $0.source = SourceID(1) }),
                ("timeMap", { $0.timeMap.from = q(3) }),
                ("transform", { $0.transform.autoRotation = 90 }),
                ("opacity", { $0.opacity = Envelope([.constant(0.25)]) }),
                ("mask", { $0.mask = .rectangle(.constant(Rect(x: 0, y: 0, width: 10, height: 10))) }),
                ("mask", { $0.mask = .circle(center: Vector2(5, 5), radius: .constant(3)) }),
                ("mask", { $0.mask = .frames([frame]) }),
                ("filters", { $0.filters = [LayerFilter(kind: .blur, amount: .constant(2))] }),
                ("blurredBackdrop", { $0.blurredBackdrop = 12 }),
                ("shader", { $0.shader = shader }),
                ("transitionIn", { $0.transitionIn = shader }),
                ("leavesByShader", { $0.leavesByShader = true }),
            ],
            keeps: [
                ("range", { $0.range = TimeRange(start: q(5), end: q(9)) }),
                ("track", { $0.track = 4 }),
                ("order", { $0.order = 0 }),
                ("location", { $0.location = at(40, 9) }),
                ("item", { $0.item = ItemID(clip("a"), track: 3, index: 2) }),
            ], fingerprint: fingerprint)
        expectEachField(
            of: layer.timeMap,
            changes: [
                ("start", { $0.start = q(0) }),
                ("from", { $0.from = q(5, 2) }),
                ("speed", { $0.speed = q(2) }),
                ("loopLength", { $0.loopLength = q(4) }),
                ("reversed", { $0.reversed = true }),
                ("blend", { $0.blend = true }),
                ("curve", { $0.curve = TimeCurve(speeds: [(.zero, .one, .linear), (q(1), q(2), .easeIn)]) }),
            ],
            fingerprint: { map in
                var layer = self.layer
                layer.timeMap = map
                return fingerprint(layer)
            })
        let masked = { (mask: Mask) in
            var layer = self.layer
            layer.mask = mask
            return fingerprint(layer)
        }
        #expect(
            masked(.circle(center: Vector2(5, 5), radius: .constant(3)))
                != masked(.circle(center: Vector2(5, 6), radius: .constant(3))))
        #expect(
            masked(.circle(center: Vector2(5, 5), radius: .constant(3)))
                != masked(.circle(center: Vector2(5, 5), radius: .constant(4))))
        expectEachField(
            of: frame,
            changes: [
                ("size", { $0.size = PixelSize(width: 320, height: 241) }),
                ("transform", { $0.transform.anchor = Vector2(0, 0) }),
            ], fingerprint: { masked(.frames([$0])) })
        let lut = LayerFilter(kind: .lut, amount: .constant(1), lut: SourceID(2))
        expectEachField(
            of: lut,
            changes: [
                ("kind", { $0.kind = .blur }),
                ("amount", { $0.amount = .constant(0.5) }),
                ("lut", { $0.lut = SourceID(0) }),
                ("lut", { $0.lut = nil }),
            ],
            fingerprint: { filter in
                var layer = self.layer
                layer.filters = [filter]
                return fingerprint(layer)
            })
        let shaded = { (shader: LayerShader) in
            var layer = self.layer
            layer.shader = shader
            return fingerprint(layer.drawn)
        }
        expectEachField(
            of: shader,
            changes: [
                ("transition", { $0.transition = SourceID(1) }),
                ("progress", { $0.progress = .constant(0.5) }),
                ("time", { $0.time = .constant(2) }),
                ("uniforms", { $0.uniforms[0].value = .number(.constant(2)) }),
                ("uniforms", { $0.uniforms[0].name = "speed" }),
                ("uniforms", { $0.uniforms = [] }),
                ("inputs", { $0.inputs = [ItemID(given: "clip")] }),
            ],
            keeps: [
                ("name", { $0.name = "other.glsl" }),
                ("location", { $0.location = SourceLocation(file: "b.yaml", line: 3, column: 4) }),
            ], fingerprint: shaded)
        for value in [
            PlanUniform.Value.pair(.constant(Vector2(1, 2))), .color(.constant(Color(red: 1, green: 0, blue: 0)), components: 4),
            .color(.constant(Color(red: 1, green: 0, blue: 0)), components: 3), .fixed([1], type: "float"),
            .fixed([1], type: "int"),
        ] {
            var changed = shader
            changed.uniforms[0].value = value
            #expect(shaded(changed) != shaded(shader), "\(value)")
        }
        expectEachField(
            of: layer.opacity, changes: [("factors", { $0.multiply(by: .constant(0.5)) })],
            fingerprint: { opacity in
                var layer = self.layer
                layer.opacity = opacity
                return fingerprint(layer)
            })
    }

    /// An input is named by its layer's place in the chunk, as the chunk draws the
    /// same whatever the item's id; an input the chunk does not show reads nothing.
    @Test func aShadersInputsAreNamedByTheirPlaceAmongTheChunksLayers() {
        func chunk(_ layers: [Layer]) -> String {
            var chunk = content
            chunk.layers = layers.drawn
            return fingerprint(chunk)
        }
        func pair(_ id: String, reading input: String) -> [Layer] {
            var (clip, reader) = (layer, layer)
            clip.item = ItemID(given: id)
            reader.shader = shader
            reader.shader?.inputs = [ItemID(given: input)]
            return [clip, reader]
        }
        #expect(chunk(pair("clip", reading: "clip")) == chunk(pair("shot", reading: "shot")))
        #expect(chunk(pair("clip", reading: "clip")) != chunk(pair("clip", reading: "other")))
        #expect(chunk(pair("clip", reading: "clip")).isEmpty == false)
    }

    @Test func everyFieldOfATransformChangesTheFingerprint() {
        expectEachField(
            of: transform,
            changes: [
                ("sourceSize", { $0.sourceSize = nil }),
                ("outputSize", { $0.outputSize = PixelSize(width: 1920, height: 1080) }),
                ("autoRotation", { $0.autoRotation = 90 }),
                ("autoMirror", { $0.autoMirror = true }),
                ("crop", { $0.crop = .constant(Crop(left: 8)) }),
                ("flip", { $0.flip = .horizontal }),
                ("sizing", { $0.sizing = .fit(.cover) }),
                ("sizing", { $0.sizing = .box(.constant(Vector2(100, 50))) }),
                ("sizing", { $0.sizing = .autoWidth(height: .constant(100)) }),
                ("sizing", { $0.sizing = .autoHeight(width: .constant(100)) }),
                ("boxFill", { $0.boxFill = .contain }),
                ("anchor", { $0.anchor = Vector2(0, 0) }),
                ("position", { $0.position = .constant(Vector2(640, 361)) }),
                ("scale", { $0.scale = .constant(Vector2(2, 2)) }),
                ("rotation", { $0.rotation = .constant(45) }),
                ("shifts", { $0.shifts = [.constant(Vector2(10, 0))] }),
                ("zoom", { $0.zoom = .constant(2) }),
                ("parents", { $0.parents = [transform] }),
            ], fingerprint: fingerprint)
    }

    @Test func everyFieldOfACurveChangesTheFingerprint() {
        let keys = KeyframeCurve<Double>(
            origin: q(0), keys: [.init(time: q(0), value: 0), .init(time: q(1), value: 90, ease: .easeIn)])
        expectEachField(
            of: keys,
            changes: [
                ("origin", { $0.origin = q(1, 2) }),
                ("keys", { $0.keys.removeLast() }),
                ("repetition", { $0.repetition = .init(count: 2, autoreverse: false) }),
            ], fingerprint: { fingerprint(rotation: .keyframes($0)) })
        expectEachField(
            of: keys.keys[1],
            changes: [
                ("time", { $0.time = q(2) }),
                ("value", { $0.value = 91 }),
                ("ease", { $0.ease = .hold }),
                ("ease", { $0.ease = .cubicBezier(x1: 0.1, y1: 0, x2: 0.9, y2: 1) }),
            ],
            fingerprint: { key in
                var curve = keys
                curve.keys[1] = key
                return fingerprint(rotation: .keyframes(curve))
            })
        expectEachField(
            of: KeyframeCurve<Double>.Repeat(count: 2, autoreverse: false),
            changes: [("count", { $0.count = nil }), ("autoreverse", { $0.autoreverse = true })],
            fingerprint: { repetition in
                var curve = keys
                curve.repetition = repetition
                return fingerprint(rotation: .keyframes(curve))
            })
        expectEachField(
            of: Ramp<Double>(from: 0, to: 90, start: q(0), duration: q(1)),
            changes: [
                ("from", { $0.from = 1 }),
                ("to", { $0.to = 91 }),
                ("start", { $0.start = q(1, 30) }),
                ("duration", { $0.duration = q(2) }),
                ("ease", { $0.ease = .easeOut }),
                ("shape", { $0.shape = .triangle }),
            ], fingerprint: { fingerprint(rotation: .ramp($0)) })
    }

    @Test func everyFieldOfAValueChangesTheFingerprint() {
        let position = { (value: Vector2) in
            var transform = self.transform
            transform.position = .constant(value)
            return fingerprint(transform)
        }
        expectEachField(
            of: Vector2(640, 360), changes: [("x", { $0.x = 641 }), ("y", { $0.y = 361 })], fingerprint: position)
        expectEachField(
            of: Crop(),
            changes: [
                ("left", { $0.left = 1 }), ("top", { $0.top = 1 }), ("right", { $0.right = 1 }),
                ("bottom", { $0.bottom = 1 }),
            ],
            fingerprint: { crop in
                var transform = self.transform
                transform.crop = .constant(crop)
                return fingerprint(transform)
            })
        expectEachField(
            of: Rect(x: 0, y: 0, width: 10, height: 10),
            changes: [
                ("x", { $0.x = 1 }), ("y", { $0.y = 1 }), ("width", { $0.width = 11 }), ("height", { $0.height = 11 }),
            ],
            fingerprint: { rect in
                var layer = self.layer
                layer.mask = .rectangle(.constant(rect))
                return fingerprint(layer)
            })
        expectEachField(
            of: Color(red: 0, green: 0, blue: 0),
            changes: [
                ("red", { $0.red = 0.5 }), ("green", { $0.green = 0.5 }), ("blue", { $0.blue = 0.5 }),
                ("alpha", { $0.alpha = 0.5 }),
            ],
            fingerprint: { color in
                var chunk = content
                chunk.output.background = color
                return fingerprint(chunk)
            })
        expectEachField(
            of: PixelSize(width: 1280, height: 720),
            changes: [("width", { $0.width = 1282 }), ("height", { $0.height = 722 })],
            fingerprint: { size in
                var chunk = content
                chunk.output.size = size
                return fingerprint(chunk)
            })
        expectEachField(
            of: fps(30), changes: [("rate", { $0 = fps(30_000, 1001) })],
            fingerprint: { rate in
                var chunk = content
                chunk.output.fps = rate
                return fingerprint(chunk)
            })
        // Times are exact: a rational is its numerator and its denominator.
        expectEachField(
            of: q(2), changes: [("numerator", { $0 = q(3) }), ("denominator", { $0 = q(2, 3) })],
            fingerprint: { from in
                var layer = self.layer
                layer.timeMap.from = from
                return fingerprint(layer)
            })
    }

    @Test func aCopyChunkIsItsSourcesFramesWhereverItLands() {
        expectEachField(
            of: CopyRun(frames: 30..<90, source: SourceID(0), sourceFrames: 0..<60),
            changes: [("source", { $0.source = SourceID(1) }), ("sourceFrames", { $0.sourceFrames = 1..<61 })],
            keeps: [("frames", { $0.frames = 90..<150 })],
            fingerprint: { Fingerprint.sha256($0.drawn, identities: identities) })
    }

    @Test func aGeneratorIsItsParameters() {
        let gradient = Gradient(
            shape: .linear,
            stops: [.init(color: Color(red: 1, green: 0, blue: 0), at: 0), .init(color: Color(red: 0, green: 0, blue: 1), at: 1)])
        expectEachField(
            of: gradient,
            changes: [
                ("shape", { $0.shape = .radial }),
                ("stops", { $0.stops[1].at = 0.5 }),
                ("angle", { $0.angle = 90 }),
                ("center", { $0.center = Point(x: .pixels(10), y: .pixels(10)) }),
                ("radius", { $0.radius = 100 }),
            ], fingerprint: { Fingerprint.sha256(SourcePlan.Kind.gradient($0)) })
        let code = ShaderCode(text: "void main() {}", isTransition: false)
        expectEachField(
            of: code,
            changes: [
                ("text", { $0.text = "void main() { }" }), ("isTransition", { $0.isTransition = true }),
                ("builtIn", { $0.builtIn = .init(wholeColours: true) }),
            ],
            fingerprint: { Fingerprint.sha256(SourcePlan.Kind.shader($0)) })
        #expect(
            Fingerprint.sha256(SourcePlan.Kind.tone(frequency: 440)) != Fingerprint.sha256(SourcePlan.Kind.tone(frequency: 441)))
    }

    /// A sound segment's fingerprint, as a chunk's: each field of what decides
    /// its packets reaches it; where its sounds are written does not.
    @Test func aSoundSegmentIsWhatItsPacketsAreMadeOf() {
        let segment = SoundSegment(
            samples: 0..<262_144, mixFrom: 0, encodeFrom: 0, encodeTo: 266_240, isLast: false, gainDecibels: 0,
            fingerprint: "")
        let ducking = DuckingInstruction(track: 1, triggers: [0], gain: 0.25, attack: q(1, 10), release: q(1, 2), location: at(3))
        let content = SoundContent(
            renderer: "aac libavcodec 1",
            format: AudioFormat(codec: .aac, sampleRate: 48_000, channels: 2, bitrate: 192_000, sampleCount: 0),
            segment: segment, limiter: Limiter(), ducking: [ducking.heard], inputs: [])
        let sha = { (content: SoundContent) in Fingerprint.sha256(content, identities: identities) }
        expectEachField(
            of: content,
            changes: [
                ("renderer", { $0.renderer = "aac libavcodec 2" }), ("format", { $0.format.bitrate = 128_000 }),
                ("segment", { $0.segment.isLast = true }), ("limiter", { $0.limiter.truePeak = true }),
                ("ducking", { $0.ducking = [] }),
                (
                    "inputs",
                    {
                        $0.inputs = [
                            AudioInput(
                                id: 0, source: SourceID(0), timeMap: TimeMap(start: .zero, from: .zero), gain: Envelope(),
                                range: TimeRange(start: .zero, end: q(1)), samples: 0..<48_000, pitch: .keep, track: 1,
                                location: at(9))
                        ]
                    }
                ),
            ], fingerprint: sha)
        expectEachField(
            of: segment,
            changes: [
                ("samples", { $0.samples = 0..<131_072 }), ("mixFrom", { $0.mixFrom = 1 }), ("encodeFrom", { $0.encodeFrom = 1 }),
                ("encodeTo", { $0.encodeTo = 270_336 }), ("isLast", { $0.isLast = true }),
                ("gainDecibels", { $0.gainDecibels = -3 }),
                // Empty while the fingerprint is made of the rest.
                ("fingerprint", { $0.fingerprint = "x" }),
            ],
            fingerprint: { segment in
                var changed = content
                changed.segment = segment
                return sha(changed)
            })
        expectEachField(
            of: ducking,
            changes: [
                ("track", { $0.track = 2 }), ("triggers", { $0.triggers = [1] }), ("gain", { $0.gain = 0.5 }),
                ("attack", { $0.attack = q(1, 5) }), ("release", { $0.release = q(1) }),
            ],
            keeps: [("location", { $0.location = at(40) })],
            fingerprint: { ducking in
                var changed = content
                changed.ducking = [ducking.heard]
                return sha(changed)
            })
        expectEachField(
            of: Limiter(),
            changes: [
                ("ceiling", { $0.ceiling = 0.9 }), ("lookahead", { $0.lookahead = q(1, 100) }),
                ("release", { $0.release = q(1, 5) }),
                ("truePeak", { $0.truePeak = true }),
            ],
            fingerprint: { limiter in
                var changed = content
                changed.limiter = limiter
                return sha(changed)
            })
    }

    @Test func aCompositionIsWhatItsPicturesAreMadeOf() {
        let plan = RenderPlan(
            output: output, sources: [], video: [Segment(frames: 0..<300, layers: [layer])], audio: AudioPlan(format: nil))
        let base = plan.pictureFingerprint(identities: identities)
        var longer = plan
        longer.output.frameCount = 330
        var cut = plan
        cut.video = [Segment(frames: 0..<150, layers: [layer]), Segment(frames: 150..<300, layers: [layer])]
        var drawn = plan
        drawn.video[0].layers[0].transform.zoom = .constant(2)
        var placed = plan
        placed.video[0].layers[0].location = at(80)
        for changed in [longer, cut, drawn] { #expect(changed.pictureFingerprint(identities: identities) != base) }
        #expect(placed.pictureFingerprint(identities: identities) == base)
    }

    /// A chunk moved along the timeline (its item later, on another track,
    /// from another line of the file) keeps its fingerprint.
    @Test func movingAChunkOnTheTimelineKeepsItsFingerprint() {
        var plan = RenderPlan(
            output: output, sources: [], video: [Segment(frames: 0..<60, layers: [layer])], audio: AudioPlan(format: nil))
        plan.output.frameCount = 60
        var moved = plan
        moved.output.frameCount = 105
        var later = layer.shifted(by: q(3, 2))
        later.track = 3
        later.order = 0
        later.location = at(90)
        later.item = ItemID(clip("b"), track: 3, index: 0)
        moved.video = [Segment(frames: 0..<45, layers: []), Segment(frames: 45..<105, layers: [later])]
        let chunks = Chunker(plan: plan, identities: identities).chunks { "test" }
        let movedChunks = Chunker(plan: moved, identities: identities).chunks { "test" }
        // The item started 1 s before: chunks count 2 s from its start.
        #expect(chunks.map(\.frames) == [0..<30, 30..<60])
        #expect(movedChunks.map(\.frames) == [0..<45, 45..<75, 75..<105])
        #expect(movedChunks.dropFirst().map(\.fingerprint) == chunks.map(\.fingerprint))
        #expect(Set(movedChunks.map(\.fingerprint)).count == 3)
    }
}

/// Checks that `mutations` and `kept` name every stored property of `value`
/// (so a field added to the type fails here until it is covered), that each of
/// `mutations` changes `fingerprint` and that each of `kept` (a change of where
/// the value sits) does not.
func expectEachField<Value>(
    of value: Value, changes mutations: [(String, (inout Value) -> Void)],
    keeps kept: [(String, (inout Value) -> Void)] = [], fingerprint: (Value) -> String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let fields = Set(Mirror(reflecting: value).children.compactMap(\.label))
    let covered = Set((mutations + kept).map(\.0))
    #expect(
        fields == covered,
        "\(Value.self): no mutation for \(fields.subtracting(covered).sorted()), no field \(covered.subtracting(fields).sorted())",
        sourceLocation: sourceLocation)
    let base = fingerprint(value)
    for (field, mutate) in mutations {
        var changed = value
        mutate(&changed)
        #expect(
            fingerprint(changed) != base, "\(Value.self).\(field) does not reach the fingerprint", sourceLocation: sourceLocation)
    }
    for (field, mutate) in kept {
        var moved = value
        mutate(&moved)
        #expect("\(moved)" != "\(value)", "\(Value.self).\(field): the mutation changes nothing", sourceLocation: sourceLocation)
        #expect(fingerprint(moved) == base, "\(Value.self).\(field) changes the fingerprint", sourceLocation: sourceLocation)
    }
}
