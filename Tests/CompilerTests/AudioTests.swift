import EDLParser
import Testing

@testable import Compiler

@Suite struct AudioTests {
    @Test func volumeFadesAndTrackVolumeMultiply() throws {
        let plan = try plan(
            project([
                track([
                    color(.white, q(1)),
                    clip("a", line: 2) {
                        $0.timing.to = time(q(4))
                        $0.sound.volume = .constant(0.5)
                        $0.sound.fadeIn = time(q(1))
                        $0.sound.fadeOut = time(q(2))
                    },
                ]) { $0.volume = .constant(0.5) }
            ]), ["a": .video(q(10))])
        let input = try #require(plan.audio.inputs.first)
        #expect(input.range == TimeRange(start: q(1), end: q(5)))
        #expect(input.samples == 48_000..<240_000)
        #expect(input.gain.value(at: q(1)) == 0)
        #expect(input.gain.value(at: q(3, 2)) == 0.125)
        #expect(input.gain.value(at: q(2)) == 0.25)
        #expect(input.gain.value(at: q(4)) == 0.125)
    }

    @Test func muteDropsTheInputButNotThePicture() throws {
        let silent = try plan(project([track([clip("a") { $0.sound.mute = true }])]), ["a": .video(q(1))])
        #expect(silent.audio.inputs.isEmpty)
        #expect(silent.audio.format == nil)
        #expect(silent.distinctLayers.count == 1)
        let muted = try plan(
            project([track([clip("a")]) { $0.mute = true }, track([clip("b", line: 2)], kind: .audio, line: 2)]),
            ["a": .video(q(1)), "b": .sound(q(1))])
        #expect(muted.audio.inputs.map(\.location) == [at(2)])
    }

    @Test func hiddenTrackStillSounds() throws {
        let plan = try plan(project([track([clip("a")]) { $0.hidden = true }]), ["a": .video(q(1))])
        #expect(plan.distinctLayers.isEmpty)
        #expect(plan.audio.inputs.count == 1)
    }

    @Test func toneIsAGenerator() throws {
        let plan = try plan(project([track([Item(content: .tone(440), location: at(1)).lasting(q(1, 2))], kind: .audio)]))
        let input = try #require(plan.audio.inputs.first)
        #expect(plan.source(input.source)?.kind == .tone(frequency: 440))
        #expect(input.samples == 0..<24_000)
        #expect(plan.video.map(\.layers.count) == [0])
    }

    @Test func duckingListensToTheTriggerTrack() throws {
        let music = track(
            [
                clip("song", line: 2) {
                    $0.timing.untilEnd = true
                    $0.timing.loop = .forever
                }
            ], kind: .audio, name: "music", line: 2
        ) {
            $0.ducking = Ducking(
                under: Located("voice", at: at(3)), gain: 0.25,
                attack: TimeValue(seconds: q(3, 10)), release: TimeValue(seconds: q(1, 2)))
        }
        let voice = track([gap(q(1)), clip("talk", line: 4), clip("talk", line: 5)], kind: .audio, name: "voice", line: 4)
        let plan = try plan(project([music, voice]), ["song": .sound(q(2)), "talk": .sound(q(2))])
        let duck = try #require(plan.audio.ducking.first)
        #expect(duck.track == 0)
        #expect(duck.triggers == [1, 2])
        #expect(duck.attack == q(3, 10))
        #expect(plan.audio.inputs[0].range == TimeRange(start: .zero, end: q(5)))
        #expect(plan.text.contains("duck track 0 under inputs 1,2 gain 0.25 attack 0.3s release 0.5s"))
    }

    /// `fade_in` and `fade_out` fade a clip's picture (to transparent) and its
    /// sound alike, and a picture without sound (a colour) too.
    @Test func fadesRampThePictureAndTheSound() throws {
        let plan = try plan(
            project([
                track([
                    clip("a") {
                        $0.sound.fadeIn = time(q(1), line: 4)
                        $0.sound.fadeOut = time(q(1, 2), line: 5)
                    },
                    color(red, q(1)).fading(in: q(1, 4)),
                ])
            ]), ["a": .video(q(2))])
        let layers = plan.distinctLayers
        try #require(layers.count == 2)
        let gain = try #require(plan.audio.inputs.first?.gain)
        for (seconds, level) in [(q(0), 0.0), (q(1, 2), 0.5), (q(3, 2), 1), (q(7, 4), 0.5)] {
            #expect(layers[0].opacity.value(at: seconds) == level, "picture at \(seconds)")
            #expect(gain.value(at: seconds) == level, "sound at \(seconds)")
        }
        #expect(layers[1].opacity.value(at: q(2)) == 0)
        #expect(layers[1].opacity.value(at: q(17, 8)) == 0.5)
        #expect(layers[1].opacity.value(at: q(5, 2)) == 1)
    }

    @Test func fadeLongerThanTheItemIsAnError() {
        let diagnostics = errors(project([track([clip("a") { $0.sound.fadeIn = time(q(3), line: 4) }])]), ["a": .video(q(2))])
        #expect(diagnostics.map(\.message) == ["'fade_in' (3s) is longer than the item (2s)"])
        let picture = errors(project([track([color(red, q(1)).fading(in: q(2))])]))
        #expect(picture.map(\.message) == ["'fade_in' (2s) is longer than the item (1s)"])
    }

    @Test func speedAndPitchReachTheInput() throws {
        let plan = try plan(
            project([
                track([
                    clip("a") {
                        $0.timing.speed = Located(q(1, 2), at: at(1))
                        $0.sound.pitch = .shift
                    }
                ])
            ]), ["a": .video(q(2))])
        let input = try #require(plan.audio.inputs.first)
        #expect(input.pitch == .shift)
        #expect(input.range.end == q(4))
        #expect(input.timeMap.sourceTime(sample: 48_000, rate: 48_000) == q(1, 2))
    }
}

extension Item {
    func fading(in seconds: Rational) -> Item {
        var item = self
        item.sound.fadeIn = time(seconds, line: location.line)
        return item
    }
}
