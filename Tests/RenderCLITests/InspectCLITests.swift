import Foundation
import Testing

/// `render plan`, `schema`, `frame` and `thumbnails`.
@Suite struct InspectCLITests {
    @Test func planTextIsByteIdenticalAcrossRunsAndShowsSet() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Projects.variableLength)
        let first = try space.render("plan", "edit.yaml")
        let second = try space.render("plan", "edit.yaml")
        #expect(first.status == 0, "\(first)")
        #expect(first.stderr == "")
        #expect(!first.stdout.isEmpty)
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.hasPrefix("cutlist plan 1\n"))
        #expect(first.stdout.contains(" fps 25 frames 25 duration 1s "))
        let longer = try space.render("plan", "edit.yaml", "--set", "length=2s")
        #expect(longer.status == 0)
        #expect(longer.stdout.contains(" fps 25 frames 50 duration 2s "), "\(longer)")
        #expect(!space.exists("edit.mp4"), "plan renders nothing")
    }

    /// A browser's recording (VP9 and Opus in WebM, whose millisecond timestamps
    /// step 66 or 67 ms at 15000/1001 fps) keeps its rate: 24 was the nearest of
    /// the film and video rates.
    @Test func planKeepsABrowserRecordingsRate() throws {
        let space = try Workspace()
        defer { space.clean() }
        try Tool.run(
            "ffmpeg",
            [
                "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=15000/1001:duration=2",
                "-f", "lavfi", "-i", "sine=duration=2", "-c:v", "libvpx-vp9", "-deadline", "realtime",
                "-cpu-used", "8", "-c:a", "libopus", space.path("recording.webm"),
            ])
        try space.write(
            "edit.yaml",
            """
            cutlist: 1
            tracks:
              - items: [{ source: recording.webm }]

            """)
        let plan = try space.render("plan", "edit.yaml")
        #expect(plan.status == 0, "\(plan)")
        #expect(plan.stdout.contains(" fps 15000/1001 frames 30 "), "\(plan.stdout)")
    }

    @Test func planJSONParsesAndIsStable() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Projects.tiny)
        let first = try space.render("plan", "edit.yaml", "--json")
        let second = try space.render("plan", "edit.yaml", "--json")
        #expect(first.status == 0, "\(first)")
        #expect(first.stdout == second.stdout)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        #expect(Set(json.keys).isSuperset(of: ["output", "sources", "video", "audio"]), "\(json.keys)")
    }

    @Test func schemaIsJSONDraft202012() throws {
        let space = try Workspace()
        defer { space.clean() }
        let result = try space.render("schema")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    }

    /// `--at 12f` is frame 12 at the output's rate, the frame `--at 0.48s` shows at 25 fps.
    @Test func aTimeInFramesCountsTheOutputsFrames() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write(
            "edit.yaml",
            "cutlist: 1\noutput: { size: 160x90, fps: 25 }\ntracks:\n  - items: [{ pattern: counter, duration: 1s }]\n")
        for (at, name) in [("12f", "frames.png"), ("0.48s", "seconds.png"), ("0", "first.png")] {
            #expect(try space.render("frame", "edit.yaml", "--at", at, "-o", name).status == 0)
        }
        #expect(space.data("frames.png") != nil && space.data("frames.png") == space.data("seconds.png"))
        #expect(space.data("frames.png") != space.data("first.png"))
    }

    @Test func frameWritesAPNGOfTheOutputSizeOrTheGivenSize() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Projects.tiny)
        let full = try space.render("frame", "edit.yaml", "--at", "0.5s", "-o", "full.png")
        #expect(full.status == 0, "\(full)")
        #expect(full.stdout == "" && full.stderr == "")
        let fullSize = try #require(space.pngSize("full.png"))
        #expect(fullSize == (160, 90))
        let small = try space.render("frame", "edit.yaml", "--at", "12f", "-o", "small.png", "--size", "64x36")
        #expect(small.status == 0, "\(small)")
        let smallSize = try #require(space.pngSize("small.png"))
        #expect(smallSize == (64, 36))
        #expect(space.listing() == ["edit.yaml", "full.png", "small.png"])
    }

    @Test func frameNeverWritesOverTheProjectOrASource() throws {
        let space = try Workspace()
        defer { space.clean() }
        try Tool.run(
            "ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "color=red:size=32x32", "-frames:v", "1", space.path("logo.png")])
        try space.write(
            "edit.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            tracks:
              - items:
                  - { source: logo.png, duration: 1s }

            """)
        let project = try #require(space.data("edit.yaml"))
        let logo = try #require(space.data("logo.png"))
        for output in ["logo.png", "./logo.png"] {
            let result = try space.render("frame", "edit.yaml", "--at", "0", "-o", output)
            #expect(result.status == 2, "\(output): \(result)")
            #expect(
                result.stderr == "error: the output '\(output)' is one of the project's inputs; choose another path with -o\n")
        }
        // The project is no PNG: refused by its name before anything is rendered.
        let overProject = try space.render("frame", "edit.yaml", "--at", "0", "-o", "edit.yaml")
        #expect(overProject.status == 2 && overProject.stderr.hasPrefix("Error: -o 'edit.yaml': pictures are written as PNG"))
        #expect(space.data("edit.yaml") == project)
        #expect(space.data("logo.png") == logo)
        #expect(space.listing() == ["edit.yaml", "logo.png"])
    }

    @Test func thumbnailsOfARenderedOutputWriteOnePNGPerTime() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Projects.variableLength)
        #expect(try space.render("edit.yaml", "--set", "length=2s", "-o", "out.mp4", "--quiet").status == 0)
        let result = try space.render("thumbnails", "out.mp4", "--at", "0,0.5s,1.5s", "-o", "thumbs")
        #expect(result.status == 0, "\(result)")
        #expect(space.listing("thumbs") == ["thumb-001.png", "thumb-002.png", "thumb-003.png"])
        for name in space.listing("thumbs") {
            let size = try #require(space.pngSize("thumbs/" + name))
            #expect(size == (160, 90), "\(name)")
        }
        let small = try space.render("thumbnails", "out.mp4", "--every", "1s", "--max-size", "80x80", "-o", "small")
        #expect(small.status == 0, "\(small)")
        #expect(space.listing("small") == ["thumb-001.png", "thumb-002.png"])
        let smallSize = try #require(space.pngSize("small/thumb-001.png"))
        #expect(smallSize == (80, 45))
    }
}
