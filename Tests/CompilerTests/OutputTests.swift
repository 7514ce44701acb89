import EDLParser
import Testing

@testable import Compiler

@Suite struct OutputTests {
    @Test(arguments: [
        (fps(10), fps(10)),
        (fps(12), fps(12)),
        (fps(25, 2), fps(25, 2)),
        (fps(15), fps(15)),
        (fps(20), fps(20)),
        (fps(15_000, 1001), fps(15_000, 1001)),  // a browser's recording
        (fps(147, 10), fps(15)),  // the same, as its jittering timestamps average it
        (fps(294, 10), fps(30)),
        (fps(750_000, 71_393), fps(10)),  // a phone's variable-rate clip, averaging about 10.5
        (fps(2997, 100), fps(30_000, 1001)),  // NTSC written in round figures
        (fps(24_000, 1001), fps(24_000, 1001)),
        (fps(48_000, 1001), fps(48_000, 1001)),
        (fps(25), fps(25)),
        (fps(48), fps(48)),
        (fps(53), fps(50)),
        (fps(240), fps(60)),  // slow-motion capture
        (fps(5), fps(10)),
    ])
    func theFirstClipsRateIsSnappedToACommonRate(source: FrameRate, output: FrameRate) throws {
        let plan = try plan(project([track([clip("a")])]), ["a": .video(q(2), fps: source)])
        #expect(plan.output.fps == output)
    }

    @Test func defaultsComeFromTheFirstVideoItem() throws {
        let plan = try plan(
            project([
                track([clip("music", line: 1)], kind: .audio),
                track([color(.white, q(1), line: 2), clip("phone", line: 3), clip("wide", line: 4)], line: 2),
            ]),
            [
                "music": .sound(q(2)),
                "phone": .video(q(2), fps: fps(30000, 1001), size: PixelSize(width: 1920, height: 1080), rotation: 90),
                "wide": .video(q(2), fps: fps(25)),
            ])
        #expect(plan.output.size == PixelSize(width: 1080, height: 1920))
        #expect(plan.output.fps == fps(30000, 1001))
        #expect(plan.output.path == "/p/edit.mp4")
        #expect(plan.output.container == .mp4)
        #expect(plan.output.video?.codec == .h264)
        #expect(plan.output.video?.keyframeInterval == 60)
        #expect(plan.audio.format?.codec == .aac)
        #expect(plan.audio.format?.sampleRate == 48_000)
    }

    @Test func autoRotateOffKeepsTheCodedSize() throws {
        let plan = try plan(
            project([track([clip("phone") { $0.picture.autoRotate = false }])]),
            ["phone": .video(q(2), rotation: 90)])
        #expect(plan.output.size == PixelSize(width: 1920, height: 1080))
        #expect(plan.distinctLayers.first?.transform.autoRotation == 0)
    }

    @Test func generatedOnlyProjectsUseTheDefaults() throws {
        let plan = try plan(project([track([color(.white, q(2))])]))
        #expect(plan.output.size == PixelSize(width: 1920, height: 1080))
        #expect(plan.output.fps == fps(30))
        #expect(plan.output.frameCount == 60)
        #expect(plan.audio.format == nil)
        #expect(plan.text.contains("audio none"))
    }

    @Test func explicitDurationCutsAndExtends() throws {
        let cut = try plan(project([track([color(.white, q(5))])]) { $0.duration = time(q(3)) })
        #expect(cut.output.frameCount == 90)
        #expect(cut.video.map(\.frames) == [0..<90])
        let extended = try plan(project([track([color(.white, q(1))])]) { $0.duration = time(q(2)) })
        #expect(extended.video.map(\.frames) == [0..<30, 30..<60])
        #expect(extended.video.map(\.layers.count) == [1, 0])
    }

    @Test func frameCountRoundsDurationTimesFps() throws {
        let plan = try plan(project([track([color(.white, q(1, 3))])]) { $0.fps = Located(fps(25), at: at(1)) })
        #expect(plan.output.frameCount == 8)  // round(25/3 = 8.33)
        #expect(plan.video.last?.frames.upperBound == 8)
    }

    @Test func containersPickTheirCodecs() throws {
        let webm = try plan(
            project([track([Item(content: .tone(440), location: at(1)).lasting(q(1))])]) {
                $0.path = Located("/p/out.webm", at: at(1))
            })
        #expect(webm.output.video?.codec == .vp9)
        #expect(webm.audio.format?.codec == .opus)
        let wav = try plan(
            project([track([Item(content: .tone(440), location: at(1)).lasting(q(1))], kind: .audio)]) {
                $0.path = Located("/p/out.wav", at: at(1))
            })
        #expect(wav.output.video == nil)
        #expect(wav.audio.format?.codec == .pcm)
        #expect(wav.audio.format?.sampleCount == 48_000)
    }

    @Test func audioNoneWritesNoAudio() throws {
        let plan = try plan(
            project([track([clip("a")])]) {
                $0.audio = nil
                $0.audioExplicit = true
            }, ["a": .video(q(1))])
        #expect(plan.audio.format == nil)
        #expect(plan.audio.inputs.isEmpty)
    }

    @Test func audioLastsExactlyAsLongAsVideo() throws {
        let plan = try plan(
            project([track([clip("a") { $0.timing.to = time(q(1, 10)) }])]) { $0.fps = Located(fps(30000, 1001), at: at(1)) },
            ["a": .video(q(10))])
        // round(0.1 × 29.97) = 3 frames = 3003/30000 s = 4804.8 samples → 4805.
        #expect(plan.output.frameCount == 3)
        #expect(plan.audio.format?.sampleCount == 4805)
    }
}

extension Item {
    func lasting(_ seconds: Rational) -> Item {
        var item = self
        item.timing.duration = time(seconds, line: location.line)
        return item
    }
}
