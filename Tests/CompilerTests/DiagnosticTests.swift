import EDLParser
import Testing

@testable import Compiler

@Suite struct DiagnosticTests {
    @Test func toPastTheEnd() {
        let diagnostics = errors(
            project([track([clip("intro", line: 4) { $0.timing.to = time(q(12), line: 5, column: 11) }])]),
            ["intro": .video(q(1001, 100))])
        #expect(diagnostics.map(\.message) == ["'to' (12s) is past the end of 'intro' (10.01s)"])
        #expect(diagnostics.first?.location == at(5, 11))
        #expect(diagnostics.first?.description == "edit.yaml:5:11: error: 'to' (12s) is past the end of 'intro' (10.01s)")
    }

    @Test func timesThatAreNotWholeMillisecondsReadAsPeopleWriteThem() {
        // A 48 kHz sound's length and an NTSC clip's are exact fractions no one writes.
        let diagnostics = errors(
            project([
                track([clip("song") { $0.timing.to = time(q(9)) }], kind: .audio),
                track([clip("ntsc") { $0.timing.to = time(q(3)) }]),
            ]),
            ["song": .sound(q(141_037, 16_000)), "ntsc": .video(q(71_393, 30_000), fps: fps(30_000, 1001))])
        #expect(
            Set(diagnostics.map(\.message)) == [
                "'to' (9s) is past the end of 'song' (about 8.815s)", "'to' (3s) is past the end of 'ntsc' (about 2.38s)",
            ])
    }

    @Test func cropThatRemovesTheWholePicture() {
        let diagnostics = errors(
            project([
                track([
                    clip("intro", line: 4) {
                        $0.picture.crop = Located(.constant(Crop(left: 1000, right: 920)), at: at(5, 9))
                    }
                ])
            ]),
            ["intro": .video(q(10))])
        #expect(diagnostics.map(\.message) == ["'crop' removes all of 'intro' (1920x1080) at every frame it shows"])
        #expect(diagnostics.first?.location == at(5, 9))
        // One column left is still a picture.
        #expect(throws: Never.self) {
            try plan(
                project([
                    track([clip("intro") { $0.picture.crop = Located(.constant(Crop(left: 1000, right: 919)), at: at(5)) }])
                ]),
                ["intro": .video(q(10))])
        }
    }

    /// A crop from everything to nothing is a reveal: hidden at first, then shown.
    @Test func aCropThatHidesThePictureOnlyForAWhileIsAReveal() throws {
        func crop(_ right: Double, at seconds: Rational, ease: Ease = .linear) -> Keyframe<Crop> {
            Keyframe(
                at: RelativeTime(offset: TimeValue(seconds: seconds)), value: Crop(right: right), ease: ease, location: at(5))
        }
        let reveal = Animated.keyframes([crop(5000, at: .zero), crop(0, at: q(1))], repetition: nil)
        let plan = try plan(
            project([track([clip("intro") { $0.picture.crop = Located(reveal, at: at(5)) }])]),
            ["intro": .video(q(2))])
        #expect(plan.distinctLayers.first?.transform.cropRemovesAll(at: .zero) == true)
        #expect(plan.distinctLayers.first?.transform.cropRemovesAll(at: q(1)) == false)
        // Held hidden until the item's end, after its last frame: a mistake.
        let hidden = Animated.keyframes([crop(5000, at: .zero, ease: .hold), crop(0, at: q(2))], repetition: nil)
        let diagnostics = errors(
            project([track([clip("intro") { $0.picture.crop = Located(hidden, at: at(5, 9)) }])]),
            ["intro": .video(q(2))])
        #expect(diagnostics.map(\.message) == ["'crop' removes all of 'intro' (1920x1080) at every frame it shows"])
    }

    @Test func fromNotBeforeTo() {
        let diagnostics = errors(
            project([
                track([
                    clip("a", line: 2) {
                        $0.timing.from = time(q(5), line: 3)
                        $0.timing.to = time(q(3), line: 4)
                    }
                ])
            ]), ["a": .video(q(10))])
        #expect(diagnostics.map(\.message) == ["'to' (3s) must be after 'from' (5s)"])
        #expect(diagnostics.first?.location == at(4, 9))
    }

    @Test func imageWithoutDuration() {
        let diagnostics = errors(project([track([clip("logo.png", line: 7)])]), ["logo.png": .image()])
        #expect(diagnostics.map(\.message) == ["image 'logo.png' needs 'duration' or 'until: end'"])
        #expect(diagnostics.first?.location == at(7))
    }

    @Test func transitionLongerThanANeighbour() {
        let diagnostics = errors(
            project([
                track([
                    color(.white, q(3), line: 1), transition(.crossfade, q(2), line: 2),
                    color(.black, q(3, 2), line: 3),
                ])
            ]))
        #expect(diagnostics.map(\.message) == ["'crossfade' (2s) is longer than the item after it (1.5s)"])
        #expect(diagnostics.first?.location == at(2, 15))
    }

    @Test func transitionNeedsTwoNeighbours() {
        let diagnostics = errors(
            project([
                track([
                    transition(.crossfade, q(1), line: 1), color(.white, q(3), line: 2),
                    transition(.wipeUp, q(1), line: 3),
                ])
            ]))
        #expect(
            diagnostics.map(\.message) == [
                "a transition needs an item on both sides", "a transition needs an item on both sides",
            ])
        #expect(diagnostics.map(\.location) == [at(1), at(3)])
    }

    @Test func probeFailureIsReportedAtTheSource() {
        let diagnostics = errors(project([track([clip("missing.mp4", line: 6), clip("missing.mp4", line: 7)])]))
        #expect(diagnostics.map(\.message) == ["cannot read 'missing.mp4': no such file"])
        #expect(diagnostics.first?.location == at(6, 13))
    }

    @Test func everyErrorOfAPhaseIsReported() {
        let diagnostics = errors(
            project([
                track([clip("a", line: 1) { $0.timing.to = time(q(20), line: 1) }]),
                track([clip("logo.png", line: 2)], line: 2),
            ]), ["a": .video(q(10)), "logo.png": .image()])
        #expect(diagnostics.count == 2)
    }

    @Test func durationRunningPastTheSource() {
        let diagnostics = errors(
            project([
                track([
                    clip("a") {
                        $0.timing.duration = time(q(6))
                        $0.timing.speed = Located(q(2), at: at(1))
                    }
                ])
            ]), ["a": .video(q(10))])
        #expect(
            diagnostics.map(\.message) == ["'duration' (6s) at speed 2 runs past the end of 'a' (10s): it would need up to 12s"])
    }

    @Test func freezePastTheEnd() {
        let diagnostics = errors(
            project([
                track([
                    clip("a") {
                        $0.timing.freeze = time(q(11))
                        $0.timing.duration = time(q(1))
                    }
                ])
            ]), ["a": .video(q(10))])
        #expect(diagnostics.map(\.message) == ["'freeze' (11s) is past the end of 'a' (10s)"])
    }

    @Test func timecodeFramesFieldMustBeBelowTheFrameRate() {
        var item = color(.white, q(1))
        item.timing.duration = Located(TimeValue(seconds: q(10), frames: 30), at: at(1, 9))
        let diagnostics = errors(project([track([item])]))
        #expect(diagnostics.map(\.message) == ["the frames field of 'duration' (30) must be below the frame rate (30)"])
    }

    @Test func audioOnlyFileWithPictureKeys() {
        let diagnostics = errors(
            project([track([clip("song.m4a", line: 3) { $0.picture.flip = .horizontal }])]),
            ["song.m4a": .sound(q(5))])
        #expect(diagnostics.map(\.message) == ["'song.m4a' has no picture, so its picture keys do nothing"])
    }

    @Test func silentFileOnAnAudioTrack() {
        let diagnostics = errors(
            project([track([clip("a", line: 2)], kind: .audio, name: "music")]),
            ["a": .video(q(5), audio: false)])
        #expect(diagnostics.map(\.message) == ["'a' has no sound to play on audio track 'music'"])
    }

    @Test func untilEndClosesItsTrack() {
        var first = color(.white, q(1), line: 1)
        first.timing.duration = nil
        first.timing.untilEnd = true
        let diagnostics = errors(project([track([first, color(.black, q(1), line: 2)])]) { $0.duration = time(q(3)) })
        #expect(diagnostics.map(\.message) == ["this item never plays: the item before it lasts 'until: end'"])
        #expect(diagnostics.first?.location == at(2))
    }

    @Test func duckingUnderAnUnknownTrack() {
        let ducked = track([clip("song", line: 2)], kind: .audio, name: "music", line: 2) {
            $0.ducking = Ducking(under: Located("vocie", at: at(3, 20)), gain: 0.25, attack: .zero, release: .zero)
        }
        let diagnostics = errors(
            project([track([clip("talk", line: 1)], name: "voice"), ducked]),
            ["song": .sound(q(5)), "talk": .video(q(5))])
        #expect(diagnostics.map(\.message) == ["no track is named 'vocie'"])
        #expect(diagnostics.first?.hint == "named tracks: 'voice', 'music'")
    }

    @Test func unknownOutputExtension() {
        let diagnostics = errors(project([track([color(.white, q(1))])]) { $0.path = Located("/p/out.avi", at: at(2, 9)) })
        #expect(diagnostics.map(\.message) == ["cannot tell the output format from 'out.avi'"])
    }

    @Test func oddDerivedSizeNeedsAnExplicitSize() {
        let diagnostics = errors(
            project([track([clip("odd", line: 4)])]), ["odd": .video(q(1), size: PixelSize(width: 641, height: 480))])
        #expect(
            diagnostics.map(\.message) == [
                "the output size 641x480, taken from this source, has an odd side; yuv420p needs even sides"
            ])
        #expect(diagnostics.first?.location == at(4, 13))
    }
}
