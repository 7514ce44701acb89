import Foundation
import Testing

/// Inputs and outputs that are not what they seem: a clear error, quickly, and
/// nothing left behind.
@Suite struct HostileInputCLITests {
    @Test func aPipeNamedLikeAClipIsRefusedWithoutBlocking() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", SafeOutputCLITests.clipProject)
        #expect(mkfifo(space.path("clip.mp4"), 0o644) == 0)
        for command in [["check", "edit.yaml"], ["edit.yaml", "--progress", "none"]] {
            let result = try CLI.run(command, in: space.url, timeout: 20)
            #expect(result.exited && result.status == 2, "\(command): \(result)")
            #expect(
                result.stderr.hasPrefix(
                    "edit.yaml:5:17: error: 'clip.mp4' is not a regular file (a pipe, socket or device), so it cannot be media\n"),
                "\(result)")
            #expect(result.seconds < 10)
        }
    }

    @Test func mediaSubtitlesAndLooksBehindSymbolicLinksAreFollowed() throws {
        let space = try Workspace()
        defer { space.clean() }
        // A shared footage folder outside the project, reached through links (as git-annex and Nix do).
        let shared = try Workspace()
        defer { shared.clean() }
        try shared.makeClip("take.mp4")
        try shared.write("take.srt", "1\n00:00:00,000 --> 00:00:00,800\nHello\n")
        try shared.write("look.cube", "LUT_3D_SIZE 2\n0 0 0\n1 0 0\n0 1 0\n1 1 0\n0 0 1\n1 0 1\n0 1 1\n1 1 1\n")
        for name in ["take.mp4", "take.srt", "look.cube"] {
            try FileManager.default.createSymbolicLink(atPath: space.path(name), withDestinationPath: shared.path(name))
        }
        try space.write(
            "edit.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            tracks:
              - items: [{ source: take.mp4, captions: take.srt, filters: [{ lut: look.cube }] }]
            """)
        let checked = try space.render("check", "edit.yaml")
        #expect(checked.status == 0, "\(checked)")
        let rendered = try space.render("edit.yaml", "-o", "out.mp4", "--progress", "none")
        #expect(rendered.status == 0 && space.data("out.mp4") != nil, "\(rendered)")
        // A link is refused only for what it finally names.
        try FileManager.default.removeItem(atPath: shared.path("take.mp4"))
        let dangling = try space.render("check", "edit.yaml")
        #expect(dangling.status == 2 && dangling.stderr.contains("error: 'take.mp4' does not exist"), "\(dangling)")
        try FileManager.default.removeItem(atPath: shared.path("take.srt"))
        #expect(mkfifo(shared.path("take.srt"), 0o644) == 0)
        let pipe = try space.render("check", "edit.yaml", timeout: 20)
        #expect(
            pipe.status == 2
                && pipe.stderr.contains("subtitle file 'take.srt' is not a regular file (a pipe, socket or device)"),
            "\(pipe)")
    }

    @Test func subtitleAndShaderFilesThatAreNotFilesSayWhy() throws {
        let space = try Workspace()
        defer { space.clean() }
        try FileManager.default.createDirectory(atPath: space.path("folder.glsl"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: space.path("zero.srt"), withDestinationPath: "/dev/zero")
        try space.write("huge.glsl", String(repeating: "// a comment line of a generated shader\n", count: 30_000))
        try space.write(
            "edit.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            tracks:
              - items:
                  - { shader: folder.glsl, duration: 1s }
                  - { shader: huge.glsl, duration: 1s }
                  - { captions: zero.srt }
            """)
        let result = try space.render("check", "edit.yaml", timeout: 20)
        #expect(result.status == 2, "\(result)")
        for message in [
            "edit.yaml:5:19: error: the shader 'folder.glsl' is a directory, not a file",
            "edit.yaml:6:19: error: the shader 'huge.glsl' is 1200000 bytes, over the limit of 1 MiB",
            "edit.yaml:7:21: error: subtitle file 'zero.srt' is not a regular file (a pipe, socket or device)",
        ] {
            #expect(result.stderr.contains(message), "\(message) in \(result.stderr)")
        }
        #expect(result.seconds < 10)
    }

    @Test func anOutputThatIsAFolderIsRefusedBeforeRendering() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", "cutlist: 1\ntracks:\n  - items: [{ color: red, duration: 1s }]\n")
        try FileManager.default.createDirectory(atPath: space.path("out.mp4"), withIntermediateDirectories: false)
        let result = try space.render("edit.yaml", "-o", "out.mp4", "--progress", "none")
        #expect(result.exited && result.status == 2, "\(result)")
        #expect(
            result.stderr
                == "error: the output '\(space.url.standardizedFileURL.path)/out.mp4' is a folder; choose a file name with -o\n")
        #expect(space.listing() == ["edit.yaml", "out.mp4"])
    }

    @Test func filesOfKilledRendersAreRemovedByTheNext() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write(
            "edit.yaml", "cutlist: 1\noutput: { size: 160x90, fps: 25 }\ntracks:\n  - items: [{ color: red, duration: 1s }]\n")
        // The process id of a process that has ended.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let pid = ended.processIdentifier
        // Named as this machine names them (CUTLIST_HOST below).
        try space.write(".out.partial-testhost-\(pid)-1f.mp4", "half a render")
        try FileManager.default.createDirectory(
            atPath: space.path(".out.partial-testhost-\(pid)-1f.mp4.chunks/tmp"), withIntermediateDirectories: true)
        // A render still running (this test process) keeps its files.
        let alive = ".out.partial-testhost-\(getpid())-2e.mp4"
        try space.write(alive, "a render in progress")
        // Another machine's, or an earlier version's without a machine: kept for a day.
        let recent = ".out.partial-\(pid).mp4"
        try space.write(recent, "written elsewhere")
        try space.write(".out.partial-\(pid)-old.mp4", "written elsewhere, two days ago")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -2 * 24 * 3600)],
            ofItemAtPath: space.path(".out.partial-\(pid)-old.mp4"))
        let result = try CLI.run(
            ["edit.yaml", "-o", "out.mp4", "--progress", "none", "--no-cache"], in: space.url,
            environment: ["CUTLIST_HOST": "testhost"])
        #expect(result.status == 0, "\(result)")
        #expect(space.listing() == [recent, alive, "edit.yaml", "out.mp4"])
    }

    @Test func aCropThatRemovesAllOfATextIsAnErrorAtItsItem() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write(
            "edit.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            tracks:
              - items:
                  - { text: Hi, font_size: 20, duration: 1s, crop: { left: 500 } }
            """)
        let result = try space.render("edit.yaml", "-o", "out.mp4", "--progress", "none", "--no-cache")
        // An invalid project (exit 2), said at the crop key, and no output half-written.
        #expect(result.exited && result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("edit.yaml:5:50: error: 'crop' removes all of the text"), "\(result)")
        #expect(space.listing() == ["edit.yaml"])
    }

    @Test func aMarginBeyondTheNumberLimitIsRefusedAtItsKey() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write(
            "edit.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            tracks:
              - items:
                  - { text: Hi, duration: 1s, position: top-left, margin: "1e308%" }
            """)
        for command in [["check", "edit.yaml"], ["plan", "--json", "edit.yaml"], ["edit.yaml", "-o", "out.mp4"]] {
            let result = try CLI.run(command, in: space.url)
            #expect(result.exited && result.status == 2, "\(command): \(result)")
            #expect(
                result.stderr.hasPrefix(
                    "edit.yaml:5:63: error: '1e308%' is out of range; numbers must lie within ±1000000\n"), "\(result)")
            #expect(result.stdout.isEmpty)
        }
        #expect(space.listing() == ["edit.yaml"])
    }

    @Test func aProjectFileOverTheSizeLimitIsRefusedWithoutReadingIt() throws {
        let space = try Workspace()
        defer { space.clean() }
        try Data(count: 9 << 20).write(to: space.url.appendingPathComponent("big.yaml"))
        let result = try CLI.run(["check", "big.yaml"], in: space.url)
        #expect(result.exited && result.status == 2, "\(result)")
        #expect(
            result.stderr == """
                big.yaml:1:1: error: the project file is 9437184 bytes; a project file may be at most 8388608 bytes (8 MiB)
                hint: split it into files used as compositions ('file:'); a file this large looks generated or damaged
                1 error

                """)
    }

    @Test func aDiagnosticQuotesAnExcerptOfALongLine() throws {
        let space = try Workspace()
        defer { space.clean() }
        // A megabyte of NUL bytes on one line: refused at its first byte.
        try Data(count: 1 << 20).write(to: space.url.appendingPathComponent("nul.yaml"))
        let result = try CLI.run(["check", "nul.yaml"], in: space.url)
        #expect(result.exited && result.status == 2)
        let nul = String(repeating: "\u{0}", count: 120)
        #expect(
            result.stderr == """
                nul.yaml:1:1: error: cannot read the file: control characters are not allowed at byte 0
                 1 | \(nul)…
                   | ^
                hint: project files are UTF-8 text
                1 error

                """)
    }

    @Test func aTextWhosePictureWouldBeHugeIsAnErrorAtItsItemBeforeRendering() throws {
        let space = try Workspace()
        defer { space.clean() }
        // 2,000 characters at 1000 px: a picture of about 1.3 million by 1,200 pixels.
        let line = String(repeating: "Ab", count: 1000)
        try space.write(
            "edit.yaml",
            "cutlist: 1\noutput: { size: 1920x1080, fps: 25 }\ntracks:\n  - items:\n"
                + "      - { text: \"\(line)\", font_size: 1000, duration: 1s }\n")
        for command in [["check", "edit.yaml"], ["edit.yaml", "-o", "out.mp4", "--progress", "none"]] {
            let result = try CLI.run(command, in: space.url, timeout: 30)
            #expect(result.exited && result.status == 2, "\(command): \(result)")
            let lines = result.stderr.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("edit.yaml:5:9: error: the text's picture would be ") == true, "\(result)")
            #expect(lines.first?.hasSuffix(" pixels; a text may have at most 16777216 (16 megapixels)") == true)
            #expect(
                lines.last(where: { $0.hasPrefix("hint:") })
                    == "hint: use a smaller 'font_size', or 'max_width' to break it into lines, or split it into several items")
            #expect(result.seconds < 20)
        }
        #expect(space.listing() == ["edit.yaml"])
    }

    @Test func aLargeTitleStillRenders() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write(
            "edit.yaml",
            "cutlist: 1\noutput: { size: 1920x1080, fps: 25 }\ntracks:\n  - items:\n"
                + "      - { text: HI, font_size: 400, duration: 1s }\n")
        let result = try CLI.run(["frame", "edit.yaml", "--at", "0.5", "-o", "title.png"], in: space.url)
        #expect(result.status == 0, "\(result)")
        try Tool.run(
            "ffmpeg",
            ["-v", "error", "-i", space.path("title.png"), "-f", "rawvideo", "-pix_fmt", "gray", space.path("title.gray")])
        let luma = try #require(space.data("title.gray"))
        #expect(luma.count == 1920 * 1080)
        // The white letters' ink: centred across the frame, as tall as DejaVu's capitals at 400 px (0.73 em).
        var (left, right, top, bottom) = (1920, -1, 1080, -1)
        for (index, value) in luma.enumerated() where value > 128 {
            (left, right) = (min(left, index % 1920), max(right, index % 1920))
            (top, bottom) = (min(top, index / 1920), max(bottom, index / 1920))
        }
        #expect(abs((left + right) / 2 - 960) <= 2, "\(left)...\(right)")
        #expect((280...300).contains(bottom - top + 1), "\(top)...\(bottom)")
        #expect(top > 300 && bottom < 780)
    }
}
