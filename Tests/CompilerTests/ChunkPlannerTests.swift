import EDLParser
import Testing

@testable import Compiler

/// The chunk planner runs on facts alone (SPEC 18): no media is read and no
/// encoder opened here, yet the chunks are those `render plan` lists.
@Suite struct ChunkPlannerTests {
    /// Facts as fixed answers, and the questions asked.
    final class FixedFacts: ChunkFacts {
        /// An x264 `avcC` record (High profile, level 1.3, CABAC, ids 0).
        static let parameterSets: [UInt8] = [
            1, 100, 0, 13, 255, 225, 0, 28, 103, 100, 0, 13, 172, 217, 65, 65, 159, 159, 1, 106, 2, 2, 2, 128, 0, 0, 3,
            0, 128, 0, 0, 30, 7, 138, 20, 203, 1, 0, 6, 104, 235, 225, 178, 200, 176, 253, 248, 248, 0,
        ]
        var pictures: [GeneratedPicture] = []
        var scanned: [String] = []
        var encoders: [CopyStream?] = []

        func contentHash(ofFile path: String) throws -> String {
            ContentHash.sha256("bytes of " + path)
        }

        func pictureHash(of picture: GeneratedPicture) throws -> String {
            pictures.append(picture)
            return "320x180 " + ContentHash.sha256("\(picture)")
        }

        /// 6 s at 30 fps, a keyframe every 2 s.
        func copySource(of file: FileSource) throws -> CopySource? {
            scanned.append(file.path)
            return CopySource(
                codec: .h264, pixelFormat: "yuv420p", size: PixelSize(width: 320, height: 180),
                parameterSets: Self.parameterSets, frameStarts: (0..<180).map { Rational(Int64($0)) / Rational(30) },
                keyframes: [0, 60, 120], delay: 2, colors: ColorDescription(range: 1, space: 1, primaries: 1, transfer: 1))
        }

        func chunkEncoder(_ encoding: VideoEncoding, output: OutputPlan, copy: CopyStream?) throws -> EncoderFacts {
            encoders.append(copy)
            return EncoderFacts(name: "libx264", library: "libavcodec 1", threads: 2, parameterSets: [0, 0, 0, 1, 103])
        }

        var loudnessAsked = 0
        /// The gain a loudness target applies (the backend rounds it).
        var loudnessGain = -3.0

        func soundEncoder(_ format: AudioFormat) throws -> EncoderFacts {
            EncoderFacts(name: "aac", library: "libavcodec 1", threads: 1, parameterSets: [17, 144])
        }

        func loudnessGain(of plan: RenderPlan) throws -> Double {
            loudnessAsked += 1
            return loudnessGain
        }
    }

    func plan(_ items: String) throws -> RenderPlan {
        let yaml = """
            cutlist: 1
            output: { size: 320x180, fps: 30 }
            tracks:
              - items:
            \(items)
            """
        let a = MediaFacts.video(q(6), size: PixelSize(width: 320, height: 180), audio: false)
        let b = MediaFacts.video(q(6), size: PixelSize(width: 640, height: 360), audio: false)
        return try #require(compileYAML(yaml, ["/p/a.mp4": a, "/p/b.mp4": b]).plan)
    }

    @Test func chunksAreThoseRenderPlanListsWithTheEncoderAskedOnceForTheCopyStream() throws {
        let plan = try plan(
            """
                  - { source: a.mp4, from: 0.5s, to: 5s }
                  - { text: "The end", duration: 1s }
                  - { pattern: bars, duration: 1s }
            """)
        let facts = FixedFacts()
        let layout = try ChunkPlanner(plan: plan, facts: facts).layout()
        // a shows source frames 15..<150: its whole groups 60..<120 copy, as output frames 45..<105.
        // (The text's picture is hashed here from its description, every style field in it.)
        #expect(
            plan.chunkText(layout.chunks) == """
                chunk frames 0..<45 render c5403f96d863e9cbf574dcc695213e7aeaa13aef04180c59b9abaf89226808e0
                chunk frames 45..<105 copy 52a27b07c999f42090cae6fcbfe2693629f21a6e9a1c48582ee00def0574f249
                chunk frames 105..<135 render 889c057dac8370bcc4d85d26409915ccae814fd2032b7a62f843280f771b020e
                chunk frames 135..<165 render e6f97ce52d4f0fe92cfa060571d339888ae1a10e28de6c2d5d89fa31978523db
                chunk frames 165..<195 render ba23b43259d51abdfee9bee085e21d471be6e4da4ee62ebdc10cc98c8c5fb399

                """)
        #expect(facts.scanned == ["/p/a.mp4"])
        #expect(
            facts.pictures == [
                .text(TextContent(string: "The end")),
                .pattern(.bars, size: PixelSize(width: 320, height: 180), fps: FrameRate.thirty),
            ])
        // Rendered chunks are encoded to fit beside the copied packets: the encoder is asked once, with that stream.
        #expect(facts.encoders.map { $0?.x264Options } == ["sps-id=1:level=13:cabac=1"])
        #expect(layout.copy?.profile == "high" && layout.copy?.delay == 2)
    }

    @Test func aPlanOfCopiedChunksOnlyOpensNoEncoder() throws {
        let plan = try plan("      - { source: a.mp4, from: 2s, to: 4s }")
        let facts = FixedFacts()
        let layout = try ChunkPlanner(plan: plan, facts: facts).layout()
        #expect(plan.chunkText(layout.chunks).hasPrefix("chunk frames 0..<60 copy "))
        #expect(layout.chunks.count == 1 && facts.encoders.isEmpty)
    }

    /// b is not the output's size: its packets could never be copied.
    @Test func sourcesThatCannotBeCopiedAreNotScanned() throws {
        let plan = try plan(
            """
                  - { source: b.mp4, from: 0s, to: 2s }
                  - { text: "The end", duration: 1s }
            """)
        let facts = FixedFacts()
        let layout = try ChunkPlanner(plan: plan, facts: facts).layout()
        #expect(facts.scanned.isEmpty && layout.copy == nil && facts.encoders.count == 1)
        #expect(layout.chunks.map(\.kind) == [.render, .render])
    }

    func soundPlan(_ item: String, loudness: String = "", above: String = "") throws -> RenderPlan {
        let yaml = """
            cutlist: 1
            output: { size: 320x180, fps: 30\(loudness) }
            \(above)
            tracks:
              - items:
                  - \(item)
            """
        let c = MediaFacts.video(q(6), size: PixelSize(width: 320, height: 180), audio: true)
        return try #require(compileYAML(yaml, ["/p/c.mp4": c]).plan)
    }

    /// 6 s at 48 kHz: one run of 256 AAC frames, then the rest; the mix of
    /// the second starts the limiter's reach (5 ms + 10 × 100 ms) before its
    /// 16-frame pre-roll, and the first is fed 4 frames past its end.
    @Test func soundIsCutInFixedRunsOfAACFramesWithTheLoudnessGainInEveryFingerprint() throws {
        let plan = try soundPlan("{ source: c.mp4 }")
        let facts = FixedFacts()
        let segments = try #require(try ChunkPlanner(plan: plan, facts: facts).soundSegments())
        #expect(segments.map(\.samples) == [0..<262_144, 262_144..<288_000])
        #expect(segments.map(\.mixFrom) == [0, 245_760 - 48_240] && segments.map(\.encodeFrom) == [0, 245_760])
        #expect(segments.map(\.encodeTo) == [266_240, 288_000] && segments.map(\.isLast) == [false, true])
        #expect(segments.map(\.gainDecibels) == [0, 0] && facts.loudnessAsked == 0)
        let text = plan.chunkText(try ChunkPlanner(plan: plan, facts: facts).layout().chunks, sound: segments)
        #expect(text.hasSuffix("sound samples 262144..<288000 \(segments[1].fingerprint)\n1 chunk, 2 sound segments\n"))

        let loud = try soundPlan("{ source: c.mp4 }", loudness: ", audio: { loudness: -16 }")
        let gained = try #require(try ChunkPlanner(plan: loud, facts: facts).soundSegments())
        #expect(gained.map(\.gainDecibels) == [-3, -3] && facts.loudnessAsked == 1)
        #expect(Set(gained.map(\.fingerprint)).isDisjoint(with: segments.map(\.fingerprint)))
        facts.loudnessGain = -3.25
        let regained = try #require(try ChunkPlanner(plan: loud, facts: facts).soundSegments())
        #expect(Set(regained.map(\.fingerprint)).isDisjoint(with: gained.map(\.fingerprint)))
    }

    @Test func aSegmentsFingerprintCoversWhatItHearsAndNotWhereItsItemIsWritten() throws {
        let facts = FixedFacts()
        let plain = try #require(try ChunkPlanner(plan: try soundPlan("{ source: c.mp4 }"), facts: facts).soundSegments())
        let moved = try #require(
            try ChunkPlanner(plan: try soundPlan("{ source: c.mp4 }", above: "# two lines\n# further down"), facts: facts)
                .soundSegments())
        #expect(moved.map(\.fingerprint) == plain.map(\.fingerprint))
        // A tone from 5.6 s on is heard by the last segment only (the first is fed to 5.55 s).
        let yaml = { (volume: String) in
            """
            cutlist: 1
            output: { size: 320x180, fps: 30 }
            tracks:
              - items:
                  - { source: c.mp4 }
              - kind: audio
                items:
                  - { gap: 5.6s }
                  - { tone: 440, duration: 0.4s, volume: \(volume) }
            """
        }
        let c = MediaFacts.video(q(6), size: PixelSize(width: 320, height: 180), audio: true)
        let fingerprints = { (volume: String) in
            try ChunkPlanner(plan: try #require(compileYAML(yaml(volume), ["/p/c.mp4": c]).plan), facts: facts)
                .soundSegments()?.map(\.fingerprint) ?? []
        }
        let (quiet, loud) = (try fingerprints("0.5"), try fingerprints("0.8"))
        #expect(quiet.count == 2 && quiet[0] == loud[0] && quiet[1] != loud[1])
    }

    /// Time-stretched sound has state no pre-roll bounds: it keeps the one-pass path.
    @Test func stretchedSoundIsNotSegmented() throws {
        let plan = try soundPlan("{ source: c.mp4, speed: 2 }")
        #expect(try ChunkPlanner(plan: plan, facts: FixedFacts()).soundSegments() == nil)
    }

    /// Opus keeps the one-pass path: a chunk file does not keep the end trim
    /// libopus puts on the stream's last packet (decisions.md, Sound segments).
    @Test func opusSoundIsNotSegmented() throws {
        let opus = try soundPlan("{ source: c.mp4 }", loudness: ", audio: { codec: opus }")
        #expect(opus.audio.format?.codec == .opus)
        #expect(try ChunkPlanner(plan: opus, facts: FixedFacts()).soundSegments() == nil)
    }

    /// A file joined again from the same parts is left as it is (SPEC 18): each
    /// field of what it was joined from reaches that fingerprint, and where the
    /// file is written does not.
    @Test func everyPartOfAJoinedFileChangesItsFingerprintAndWhereItIsWrittenDoesNot() throws {
        let plan = try plan("      - { source: a.mp4, from: 0.5s, to: 5s }")
        let layout = try ChunkPlanner(plan: plan, facts: FixedFacts()).layout()
        let copy = try #require(layout.copy)
        let aac = AudioFormat(codec: .aac, sampleRate: 48_000, channels: 2, bitrate: 192_000, sampleCount: 0)
        let placed = JoinedOutput.Placed(frames: 0..<45, fingerprint: "a")
        let joined = JoinedOutput(
            libraries: "libavformat 1", output: plan.output, audio: nil, subtitles: nil, window: 0..<135, copy: nil,
            chunks: [placed], sound: [])
        expectEachField(
            of: joined,
            changes: [
                ("joiner", { $0.joiner = "cutlist join 2" }), ("libraries", { $0.libraries = "libavformat 2" }),
                ("output", { $0.output.faststart.toggle() }), ("audio", { $0.audio = aac }),
                ("subtitles", { $0.subtitles = SubtitlePlan(codec: .movText, language: nil, cues: []) }),
                ("window", { $0.window = 0..<60 }), ("copy", { $0.copy = copy }), ("chunks", { $0.chunks = [] }),
                ("sound", { $0.sound = ["b"] }),
            ], fingerprint: { Fingerprint.sha256($0) })
        expectEachField(
            of: placed,
            changes: [("frames", { $0.frames = 45..<90 }), ("fingerprint", { $0.fingerprint = "b" })],
            fingerprint: { placed in
                var changed = joined
                changed.chunks = [placed]
                return Fingerprint.sha256(changed)
            })

        let fingerprint = { (plan: RenderPlan) in
            plan.joinedFingerprint(
                libraries: "libavformat 1", window: 0..<135, chunks: layout.chunks, copy: layout.copy, segments: nil)
        }
        expectEachField(
            of: plan.output,
            changes: [
                ("container", { $0.container = .mov }), ("size", { $0.size = PixelSize(width: 640, height: 360) }),
                ("pictureScale", { $0.pictureScale = 0.5 }), ("fps", { $0.fps = fps(25) }),
                ("frameCount", { $0.frameCount = 30 }), ("duration", { $0.duration = q(1) }),
                ("background", { $0.background = Color(red: 1, green: 1, blue: 1) }), ("video", { $0.video = nil }),
                ("metadata", { $0.metadata.append(MetadataEntry(key: "title", value: "A")) }),
                ("faststart", { $0.faststart.toggle() }), ("shaderBudget", { $0.shaderBudget = q(1) }),
            ],
            keeps: [
                ("path", { $0.path = "/elsewhere/cut.mp4" }),
                ("encoderOptionsLocation", { $0.encoderOptionsLocation = at(2, 3) }),
            ],
            fingerprint: { output in
                var changed = plan
                changed.output = output
                return fingerprint(changed) ?? ""
            })
        // Sound mixed in one pass is not named by content: such a file is always written again.
        var sounding = plan
        sounding.audio.format = aac
        #expect(fingerprint(plan) != nil && fingerprint(sounding) == nil)
        #expect(
            sounding.joinedFingerprint(
                libraries: "libavformat 1", window: 0..<135, chunks: layout.chunks, copy: layout.copy, segments: [])
                != nil)
    }
}
