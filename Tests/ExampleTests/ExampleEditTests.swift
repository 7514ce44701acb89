import Foundation
import Testing

/// The everyday edits: joining, replacing and extracting sound, speed changes.
@Suite("Example edits")
struct ExampleEditTests {
    let workspace = ExampleWorkspace.shared
    let media = ExampleWorkspace.directory + "/media/"

    @Test("merge.yaml lasts as long as its three clips together, each heard with its own tone")
    func merge() async throws {
        let output = ExampleOutput(try await workspace.rendered("merge"))
        let parts = try ["clip-a.mp4", "clip-b.mp4", "clip-c.mp4"].map { try ExampleOutput(media + $0).duration() }
        #expect(abs(try output.duration() - parts.reduce(0, +)) < 0.03)
        for (index, frequency) in [440.0, 550, 660].enumerated() {
            let start = Double(index) * 2 + 0.5
            let own = try output.level(of: frequency, from: start, to: start + 1)
            let others = try [440.0, 550, 660].filter { $0 != frequency }.map {
                try output.level(of: $0, from: start, to: start + 1)
            }
            #expect(own > -20 && others.allSatisfy { $0 < own - 20 }, "clip \(index + 1): \(own) dB vs \(others)")
        }
    }

    @Test("replace-soundtrack.yaml ends with its video; the music replaces the clip's own tone")
    func replaceSoundtrack() async throws {
        let rendered = try await workspace.rendered("replace-soundtrack")
        let output = ExampleOutput(rendered)
        let facts = try output.facts()
        #expect(try ExampleOutput(media + "music.m4a").duration() > 4.5, "the music is longer than the video")
        #expect(abs(try output.duration() - 4) < 0.03)
        let audio = try #require(facts.audio?.duration).approximateDouble
        #expect(abs(audio - 4) < 0.03, "the music is trimmed to the video: \(audio) s")
        let music = try output.level(of: 220, from: 1, to: 2)
        let clipTone = try output.level(of: 1000, from: 1, to: 2)
        #expect(music > -30 && clipTone < music - 30, "music \(music) dB, the clip's tone \(clipTone) dB")
    }

    @Test("concat-audio.yaml is an .m4a with no picture, as long as its two files together")
    func concatAudio() async throws {
        let output = ExampleOutput(try await workspace.rendered("concat-audio"))
        let facts = try output.facts()
        #expect(output.path.hasSuffix(".m4a") && facts.video == nil && facts.audio != nil)
        let parts = try ExampleOutput(media + "speech.m4a").duration() + ExampleOutput(media + "music.m4a").duration()
        #expect(abs(try output.duration() - parts) < 0.05)
        #expect(try output.level(of: 880, from: 1.25, to: 2.25) > -30, "the voice comes first")
        #expect(try output.level(of: 220, from: 7, to: 8) > -30, "then the music")
    }

    @Test("extract-audio.yaml is a .wav with no picture, as long as the clip, with the clip's tone")
    func extractAudio() async throws {
        let output = ExampleOutput(try await workspace.rendered("extract-audio"))
        let facts = try output.facts()
        #expect(output.path.hasSuffix(".wav") && facts.video == nil && facts.audio != nil)
        #expect(abs(try output.duration() - ExampleOutput(media + "clip-a.mp4").duration()) < 0.01)
        #expect(try output.level(of: 440, from: 0.2, to: 1) > -20)
    }

    @Test("fast-motion.yaml lasts a fifth of its source and keeps the tone's pitch")
    func fastMotion() async throws {
        let output = ExampleOutput(try await workspace.rendered("fast-motion"))
        let source = try ExampleOutput(media + "long.mp4").duration()
        #expect(abs(try output.duration() - source / 5) < 0.03)
        let pitch = try output.level(of: 1000, from: 0.2, to: 1)
        let shifted = try output.level(of: 5000, from: 0.2, to: 1)
        #expect(pitch > -30 && shifted < pitch - 20, "1 kHz at \(pitch) dB, 5 kHz at \(shifted) dB")
    }

    @Test("slow-motion.yaml makes one second of source last four, at the same pitch")
    func slowMotion() async throws {
        let output = ExampleOutput(try await workspace.rendered("slow-motion"))
        #expect(abs(try output.duration() - 4) < 0.03)
        let pitch = try output.level(of: 1000, from: 1, to: 3)
        let shifted = try output.level(of: 250, from: 1, to: 3)
        #expect(pitch > -30 && shifted < pitch - 20, "1 kHz at \(pitch) dB, 250 Hz at \(shifted) dB")
    }

    @Test("reverse.yaml shows a second forwards, the same frames backwards, then its first frame held")
    func reverse() async throws {
        let output = ExampleOutput(try await workspace.rendered("reverse"))
        #expect(abs(try output.duration() - 3) < 0.03)
        // At 30 fps, forward frame i shows source frame 30 + i, backward frame j 59 − j;
        // each time is a third of a frame into its frame. Below the labels only.
        let at = { (frame: Double) in (frame + 1.0 / 3) / 30 }
        let pictures = try output.pictures(at: [at(5), at(12), at(30 + 24), at(30 + 5), at(60 + 10)])
        let below = Box(left: 0, top: 40, right: 220, bottom: 180)
        let differing = { (a: Picture, b: Picture) -> Int in
            var count = 0
            for y in below.top..<below.bottom {
                for x in below.left..<below.right where abs(Int(a.pixel(x, y).y) - Int(b.pixel(x, y).y)) > 40 { count += 1 }
            }
            return count
        }
        #expect(differing(pictures[0], pictures[2]) < 20, "frame 35 forwards and backwards")
        #expect(differing(pictures[0], pictures[3]) > 100, "frames 35 and 54")
        #expect(differing(pictures[4], try output.picture(at: at(0))) < 20, "the held frame is frame 30")
        #expect(differing(pictures[1], pictures[0]) > 100, "frames 42 and 35")
    }

    @Test("crossfade.yaml overlaps its clips by the transitions and blends them halfway through")
    func crossfade() async throws {
        let output = ExampleOutput(try await workspace.rendered("crossfade"))
        #expect(abs(try output.duration() - (3 * 2 - 2 * 0.5)) < 0.03)
        let pictures = try output.pictures(at: [1, 1.75, 2.5])
        let (red, middle, blue) = (pictures[0].pixel(40, 30), pictures[1].pixel(40, 30), pictures[2].pixel(40, 30))
        #expect(red.isNear(0xc0392b) && blue.isNear(0x2471a3), "\(red) \(blue)")
        for (a, m, b) in [(red.u, middle.u, blue.u), (red.v, middle.v, blue.v)] {
            #expect(min(a, b) + 10 < m && m + 10 < max(a, b), "halfway \(middle) is between \(red) and \(blue)")
        }
    }
}
