import EDLParser
import Testing

@testable import Compiler

@Suite struct TimelineTests {
    @Test func fortyCutsAtNTSCRateHaveNoDrift() throws {
        let items = (0..<40).map { color(.white, q(1, 10), line: $0 + 1) }
        let plan = try plan(project([track(items)]) { $0.fps = Located(fps(30000, 1001), at: at(1)) })
        #expect(plan.output.frameCount == 120)
        #expect(plan.output.duration == q(4))
        var next: Int64 = 0
        for segment in plan.video {
            #expect(segment.frames.lowerBound == next)
            #expect(segment.layers.count == 1)
            next = segment.frames.upperBound
        }
        #expect(next == 120)
        #expect(plan.video.count == 40)
        // Cut k covers ceil(k·2.997) ..< ceil((k+1)·2.997): 3 frames each, 120 in all.
        #expect(plan.video.allSatisfy { $0.frames.count == 3 })
        #expect(plan.video[39].frames == 117..<120)
    }

    @Test func sequentialItemsAtAndGaps() throws {
        var pinned = color(red, q(1), line: 3)
        pinned.timing.at = time(q(5), line: 3)
        let result = Compiler(media: FakeMedia(files: [:]))
            .compile(project([track([color(.white, q(2), line: 1), gap(q(1), line: 2), pinned])]))
        // The picture is black from the white card's end to the pinned one's start: said, not refused.
        #expect(
            result.diagnostics.map(\.description) == [
                "edit.yaml:3:9: warning: nothing is on screen from 2s to 5s, before this item: the output is black there"
            ])
        let plan = try #require(result.plan)
        let ranges = plan.distinctLayers.map(\.range)
        #expect(ranges == [TimeRange(start: .zero, end: q(2)), TimeRange(start: q(5), end: q(6))])
        #expect(plan.output.duration == q(6))
        #expect(plan.video.map(\.layers.count) == [1, 0, 1])
        #expect(plan.video.map(\.frames) == [0..<60, 60..<150, 150..<180])
    }

    @Test func atBeforePreviousEndIsAnError() {
        var pinned = color(red, q(1), line: 2)
        pinned.timing.at = time(q(1), line: 2, column: 9)
        let diagnostics = errors(project([track([color(.white, q(2), line: 1), pinned])]))
        #expect(diagnostics.map(\.message) == ["'at' (1s) is before the end of the previous item (2s)"])
        #expect(diagnostics.first?.location == at(2, 9))
    }

    @Test func crossfadeOverlapsItsNeighbours() throws {
        let plan = try plan(
            project([
                track([
                    clip("a", line: 1) { $0.timing.to = time(q(3)) }, transition(.crossfade, q(1), line: 2),
                    clip("b", line: 3) { $0.timing.to = time(q(3)) },
                ])
            ]),
            ["a": .video(q(10)), "b": .video(q(10))])
        #expect(plan.output.duration == q(5))
        #expect(plan.output.frameCount == 150)
        #expect(plan.video.map(\.frames) == [0..<60, 60..<90, 90..<150])
        #expect(plan.video.map(\.layers.count) == [1, 2, 1])
        #expect(plan.distinctLayers.map(\.range.start) == [.zero, q(2)])
    }

    @Test func speedTwoHalvesTheLengthAndMapsFrames() throws {
        let plan = try plan(project([track([clip("a") { $0.timing.speed = Located(q(2), at: at(1)) }])]), ["a": .video(q(10))])
        #expect(plan.output.duration == q(5))
        #expect(plan.output.frameCount == 150)
        let map = try #require(plan.video.first?.layers.first?.timeMap)
        for k: Int64 in [0, 1, 7, 149] {
            #expect(map.sourceTime(frame: k, fps: plan.output.fps) == q(2 * k, 30))
        }
    }

    @Test func durationWithoutToSetsToFromSpeed() throws {
        let plan = try plan(
            project([
                track([
                    clip("a") {
                        $0.timing.from = time(q(1))
                        $0.timing.duration = time(q(2))
                        $0.timing.speed = Located(q(3, 2), at: at(1))
                    }
                ])
            ]), ["a": .video(q(10))])
        let map = try #require(plan.distinctLayers.first?.timeMap)
        #expect(plan.output.duration == q(2))
        #expect(map.sourceTime(at: q(2)) == q(4))
        #expect(map.from == q(1))
    }

    @Test func untilEndWithLoopFillsExactly() throws {
        let music = clip("song", line: 2) {
            $0.timing.untilEnd = true
            $0.timing.loop = .forever
        }
        let plan = try plan(
            project([track([color(.white, q(7), line: 1)]), track([music], kind: .audio, line: 2)]),
            ["song": .sound(q(3))])
        let input = try #require(plan.audio.inputs.first)
        #expect(input.range == TimeRange(start: .zero, end: q(7)))
        #expect(input.samples == 0..<(7 * 48_000))
        #expect(input.timeMap.loopLength == q(3))
        #expect(input.timeMap.sourceTime(at: q(13, 2)) == q(1, 2))
        #expect(plan.audio.format?.sampleCount == Int64(7 * 48_000))
    }

    @Test func untilEndWithoutLoopStopsAtTheSourceEnd() throws {
        let music = clip("song", line: 2) { $0.timing.untilEnd = true }
        let plan = try plan(
            project([track([color(.white, q(7), line: 1)]), track([music], kind: .audio, line: 2)]),
            ["song": .sound(q(3))])
        #expect(plan.audio.inputs.first?.range == TimeRange(start: .zero, end: q(3)))
    }

    @Test func loopCountRepeatsTheRange() throws {
        let plan = try plan(
            project([
                track([
                    clip("a") {
                        $0.timing.to = time(q(2))
                        $0.timing.loop = .count(3)
                    }
                ])
            ]), ["a": .video(q(10))])
        #expect(plan.output.duration == q(6))
        #expect(plan.distinctLayers.first?.timeMap.sourceTime(at: q(5)) == q(1))
    }

    @Test func freezeShowsOneSourceFrame() throws {
        let plan = try plan(
            project([
                track([
                    clip("a") {
                        $0.timing.freeze = time(q(4))
                        $0.timing.duration = time(q(2))
                    }
                ])
            ]), ["a": .video(q(10))])
        let layer = try #require(plan.distinctLayers.first)
        #expect(layer.timeMap.sourceTime(at: .zero) == q(4))
        #expect(layer.timeMap.sourceTime(at: q(19, 10)) == q(4))
        #expect(plan.audio.inputs.isEmpty)
        #expect(plan.audio.format == nil)
    }

    /// `reverse` plays the range from its end down: a loop from the loop's end,
    /// a `duration` from where it stops; the plan says so.
    @Test func reverseStartsAtTheRangesEnd() throws {
        let reversed = { (configure: @escaping (inout Item) -> Void) in
            try plan(
                project([
                    track([
                        clip("a") {
                            $0.timing.reverse = Located(true, at: at(1))
                            configure(&$0)
                        }
                    ])
                ]), ["a": .video(q(10))]
            ).distinctLayers.first?.timeMap
        }
        let ranged = try reversed {
            $0.timing.from = time(q(2))
            $0.timing.to = time(q(6))
        }
        #expect(ranged?.sourceTime(at: .zero) == q(6) && ranged?.sourceTime(at: q(4)) == q(2))
        #expect(ranged?.planText == "at 0s from 6s speed 1 reversed")
        let fast = try reversed {
            $0.timing.from = time(q(1))
            $0.timing.duration = time(q(2))
            $0.timing.speed = Located(q(2), at: at(1))
        }
        #expect(fast?.sourceTime(at: .zero) == q(5) && fast?.sourceTime(at: q(1)) == q(3))
        let looped = try reversed {
            $0.timing.from = time(q(1))
            $0.timing.to = time(q(3))
            $0.timing.loop = .forever
            $0.timing.duration = time(q(5))
        }
        #expect(looped?.sourceTime(at: q(1, 2)) == q(5, 2) && looped?.sourceTime(at: q(5, 2)) == q(5, 2))
        // A caption cue at 4..5 s of the source shows while those seconds play backwards.
        #expect(
            ranged?.timelineRanges(ofSource: q(4), q(5), within: TimeRange(start: .zero, end: q(4))) == [
                TimeRange(start: q(1), end: q(2))
            ])
    }

    @Test func aStillCannotBeReversed() {
        let found = errors(
            project([
                track([
                    clip("logo.png") {
                        $0.timing.duration = time(q(3))
                        $0.timing.reverse = Located(true, at: at(1, 40))
                    }
                ])
            ]), ["logo.png": .image()])
        #expect(found.map(\.message) == ["'reverse' plays a range backwards, and 'logo.png' is a still image"])
        #expect(found.first?.location == at(1, 40))
    }

    @Test func imagesTakeTheirDuration() throws {
        let plan = try plan(project([track([clip("logo.png") { $0.timing.duration = time(q(3)) }])]), ["logo.png": .image()])
        #expect(plan.output.frameCount == 90)
        #expect(plan.output.size == PixelSize(width: 800, height: 600))
        #expect(plan.output.fps == fps(30))
    }

    @Test func untilEndItemsDoNotDecideTheLength() throws {
        var logo = clip("logo.png", line: 2)
        logo.timing.untilEnd = true
        logo.timing.at = time(q(1), line: 2)
        let plan = try plan(project([track([color(.black, q(4), line: 1)]), track([logo], line: 2)]), ["logo.png": .image()])
        #expect(plan.output.duration == q(4))
        #expect(plan.distinctLayers.last?.range == TimeRange(start: q(1), end: q(4)))
    }

    @Test func keyframesAtEndMinusOneResolvePerItem() throws {
        func fading(_ seconds: Int64, line: Int) -> Item {
            var item = color(.white, q(seconds), line: line)
            let endMinusOne = RelativeTime(.end, offset: TimeValue(seconds: q(-1)))
            item.picture.opacity = .keyframes(
                [
                    Keyframe(at: endMinusOne, value: 1, location: at(line)),
                    Keyframe(at: RelativeTime(.end), value: 0, location: at(line)),
                ], repetition: nil)
            return item
        }
        let plan = try plan(project([track([fading(3, line: 1), fading(5, line: 2)])]))
        let layers = plan.distinctLayers
        #expect(layers.count == 2)
        // First item [0, 3): fades over [2, 3). Second [3, 8): over [7, 8).
        #expect(layers[0].opacity.value(at: q(2)) == 1)
        #expect(layers[0].opacity.value(at: q(5, 2)) == 0.5)
        #expect(layers[1].opacity.value(at: q(7)) == 1)
        #expect(layers[1].opacity.value(at: q(15, 2)) == 0.5)
        #expect(layers[1].opacity.value(at: q(8)) == 0)
    }
}
