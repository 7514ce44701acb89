import Foundation
import Testing

/// `render PROJECT`: what lands on disk, and what is printed on the way.
@Suite struct RenderOutputCLITests {
    @Test func theOutputHasTheExactFrameCountAndItsWroteLine() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Projects.tiny)
        let result = try space.render("edit.yaml", "-o", "out.mp4", "--progress", "none", "--no-cache")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "")
        #expect(
            result.stderr == "wrote \(space.url.standardizedFileURL.path)/out.mp4"
                + " (25 frames; 1 chunk: 0 reused, 1 encoded; 1 sound segment: 0 reused, 1 encoded)\n")
        #expect(try Tool.videoFacts(space.path("out.mp4")) == .init(width: 160, height: 90, frames: 25, rate: "25/1"))
        #expect(space.listing() == ["edit.yaml", "out.mp4"], "no temporary file left beside the output")
    }

    /// `output.video.options` reach the encoder: x264 told to use no B-frames writes none;
    /// an option it does not take is an error at the key, naming the ones it does.
    @Test func encoderOptionsReachTheEncoderAndAnUnknownOneIsAnError() throws {
        let space = try Workspace()
        defer { space.clean() }
        func project(_ options: String) -> String {
            """
            cutlist: 1
            output: { size: 160x90, fps: 25, video: { options: \(options) } }
            tracks:
              - items: [{ color: red, duration: 1s }, { pattern: bars, duration: 1s }]
            """
        }
        func bFrames(_ name: String) throws -> String {
            try Tool.run(
                "ffprobe",
                [
                    "-v", "error", "-select_streams", "v", "-show_entries", "stream=has_b_frames", "-of", "csv=p=0",
                    space.path(name),
                ]
            ).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        try space.write("none.yaml", project("{ x264-params: \"bframes=0\", tune: film }"))
        try space.write("plain.yaml", project("{}"))
        #expect(try space.render("none.yaml", "--quiet").status == 0)
        #expect(try space.render("plain.yaml", "--quiet").status == 0)
        #expect(try bFrames("none.mp4") == "0")
        #expect(try bFrames("plain.mp4") != "0")
        try space.write("typo.yaml", project("{ tunee: film }"))
        let check = try space.render("check", "typo.yaml")
        #expect(check.status != 0)
        #expect(
            check.stderr.hasPrefix(
                "typo.yaml:2:43: error: the encoder refuses 'options': libx264 has no option 'tunee' (did you mean 'tune'?); "
                    + "its own options: 8x8dct, "), "\(check)")
    }

    /// `.webp` writes an animated WebP that plays for ever, a frame for each output frame,
    /// which a project reads back as a clip of the same length.
    @Test func aWebPOutputIsAnAnimationThatLoops() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write(
            "sticker.yaml",
            """
            cutlist: 1
            output: { path: sticker.webp, size: 160x90, fps: 25 }
            tracks:
              - items: [{ pattern: counter, duration: 1s }]
            """)
        let result = try space.render("sticker.yaml", "--quiet")
        #expect(result.status == 0, "\(result)")
        let bytes = [UInt8](space.data("sticker.webp") ?? Data())
        #expect(bytes.count > 40 && String(decoding: bytes[8..<16], as: UTF8.self) == "WEBPVP8X")
        // RIFF chunks after the header: ANIM (its loop count, 0 for ever), then one ANMF per frame.
        var chunks: [(name: String, body: ArraySlice<UInt8>)] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            let size =
                Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            chunks.append(
                (
                    String(decoding: bytes[offset..<offset + 4], as: UTF8.self),
                    bytes[offset + 8..<min(bytes.count, offset + 8 + size)]
                ))
            offset += 8 + size + size % 2
        }
        let animation = try #require(chunks.first { $0.name == "ANIM" }?.body)
        #expect(Array(animation.dropFirst(4).prefix(2)) == [0, 0], "loops for ever")
        #expect(chunks.filter { $0.name == "ANMF" }.count == 25)
        try space.write(
            "reuse.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            tracks:
              - items: [{ source: sticker.webp }]
            """)
        let plan = try space.render("plan", "reuse.yaml")
        #expect(plan.status == 0 && plan.stdout.contains(" frames 25 duration 1s"), "\(plan.stdout.prefix(300))")
    }

    @Test func withoutDashOTheOutputGoesBesideTheProjectNotTheWorkingDirectory() throws {
        let space = try Workspace()
        defer { space.clean() }
        try FileManager.default.createDirectory(atPath: space.path("edits"), withIntermediateDirectories: true)
        try space.write("edits/promo.yaml", Projects.tiny)
        let result = try space.render("edits/promo.yaml", "--quiet")
        #expect(result.status == 0, "\(result)")
        #expect(space.listing("edits") == ["promo.mp4", "promo.yaml"])
        #expect(space.listing() == ["edits"])
    }

    @Test func setOverridesAVariable() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Projects.variableLength)
        let result = try space.render("edit.yaml", "--set", "length=2s", "-o", "out.mp4", "--quiet")
        #expect(result.status == 0, "\(result)")
        #expect(try Tool.videoFacts(space.path("out.mp4")).frames == 50)
        #expect(abs(try Tool.duration(space.path("out.mp4")) - 2) < 0.01)
    }

    @Test func jobsTakesAPositiveNumberOfWorkers() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Projects.tiny)
        let result = try space.render("edit.yaml", "-o", "out.mp4", "--jobs", "1", "--quiet")
        #expect(result.status == 0, "\(result)")
        #expect(try Tool.videoFacts(space.path("out.mp4")) == .init(width: 160, height: 90, frames: 25, rate: "25/1"))
        let refused = try space.render("edit.yaml", "-o", "other.mp4", "--jobs", "0")
        #expect(refused.status == 2)
        #expect(refused.stderr.hasPrefix("Error: --jobs takes a number of workers, 1 or more, not 0\n"))
    }

    @Test func previewHalvesWidthAndHeightKeepingThemEven() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Projects.variableLength)
        let result = try space.render("edit.yaml", "--preview", "-o", "preview.mp4", "--quiet")
        #expect(result.status == 0, "\(result)")
        // 160x90 -> 80x45, and 45 is odd for yuv420p: 44.
        #expect(try Tool.videoFacts(space.path("preview.mp4")) == .init(width: 80, height: 44, frames: 25, rate: "25/1"))
    }

    @Test func rangeRendersExactlyThatSpan() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Projects.variableLength)
        let result = try space.render(
            "edit.yaml", "--set", "length=3s", "--range", "1s..2s", "-o", "part.mp4", "--progress", "none", "--no-cache")
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr == "wrote \(space.url.standardizedFileURL.path)/part.mp4 (25 frames; 1 chunk: 0 reused, 1 encoded)\n")
        #expect(try Tool.videoFacts(space.path("part.mp4")).frames == 25)
        #expect(abs(try Tool.duration(space.path("part.mp4")) - 1) < 0.01)
    }

    /// A range running past the end renders up to the end, and says how many frames it wrote.
    @Test func aRangePastTheEndStopsAtTheEnd() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Projects.variableLength)
        let result = try space.render(
            "edit.yaml", "--range", "0.5s..5s", "-o", "part.mp4", "--progress", "none", "--no-cache")
        #expect(result.status == 0, "\(result)")
        // Frames 13 ..< 25: the first whose start is at or after 0.5 s, to the end.
        #expect(
            result.stderr == "wrote \(space.url.standardizedFileURL.path)/part.mp4 (12 frames; 1 chunk: 0 reused, 1 encoded)\n")
        #expect(try Tool.videoFacts(space.path("part.mp4")).frames == 12)
    }

    @Test func progressJSONPrintsJSONLinesOnStdoutReaching100Percent() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Projects.tiny)
        let result = try space.render("edit.yaml", "-o", "out.mp4", "--progress", "json")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "", "every line ends with a newline")
        let objects = try lines.dropLast().map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
        #expect(!objects.isEmpty)
        for object in objects {
            #expect(
                Set(object.keys) == [
                    "frame", "frames", "percent", "fps", "speed", "eta_seconds", "chunks", "chunks_reused", "frames_copied",
                ])
            #expect(object["chunks"] as? Int == 1)
            #expect(object["frames"] as? Int == 25)
        }
        let percents = objects.compactMap { ($0["percent"] as? NSNumber)?.doubleValue }
        #expect(percents == percents.sorted(), "percent never goes back")
        #expect(percents.last == 100)
        #expect(objects.last?["frame"] as? Int == 25)
    }

    @Test func plainProgressGoesToStderrWhenNotOnATerminal() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Projects.tiny)
        let result = try space.render("edit.yaml", "-o", "out.mp4")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { !$0.contains("\u{1B}") && !$0.contains("\r") }, "no colour, no bar")
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("render: ") }, "\(lines)")
        #expect(lines.dropLast().last?.hasPrefix("render: 100% (25/25 frames), ") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("wrote \(space.url.standardizedFileURL.path)/out.mp4 (25 frames; 1 chunk: ") == true)
    }

    @Test func quietPrintsNothingOnSuccess() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Projects.tiny)
        let result = try space.render("edit.yaml", "-o", "out.mp4", "--quiet")
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "")
        #expect(space.exists("out.mp4"))
    }
}
