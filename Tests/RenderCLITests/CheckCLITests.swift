import Foundation
import Testing

/// `render check`: every mistake at once, located, with the source line and a caret.
@Suite struct CheckCLITests {
    @Test func indentationTabsAMisspeltFileAndEveryBadValueOfAnItemAreSaid() throws {
        let space = try Workspace()
        defer { space.clean() }
        try FileManager.default.createDirectory(atPath: space.path("media"), withIntermediateDirectories: true)
        try space.makeClip("media/chaplin.mp4")
        try space.write("short.yaml", "cutlist: 1\ntracks:\n  - items:\n      - color: red\n       duration: 1s\n")
        let short = try space.render("check", "short.yaml")
        #expect(short.status == 2, "\(short)")
        #expect(
            short.stderr.contains(
                "hint: check the indentation: this line starts at column 8, but the list or mapping opened at line 4 has "
                    + "its entries at column 7"), "\(short)")
        try space.write("tab.yaml", "cutlist: 1\ntracks:\n\t- items: [{ color: red, duration: 1s }]\n")
        let tab = try space.render("check", "tab.yaml")
        #expect(
            tab.status == 2
                && tab.stderr.hasPrefix(
                    "tab.yaml:3:1: error: invalid YAML: a tab in the indentation; YAML indents with spaces only"),
            "\(tab)")
        try space.write(
            "edit.yaml",
            """
            cutlist: 1
            tracks:
              - items:
                  - { source: media/Chaplin.mp4 }
                  - { color: purpel, duration: 2x, opacity: lots }

            """)
        let edit = try space.render("check", "edit.yaml")
        #expect(edit.status == 2, "\(edit)")
        #expect(edit.stderr.contains("'media/Chaplin.mp4' does not exist"), "\(edit)")
        #expect(edit.stderr.contains("hint: did you mean 'media/chaplin.mp4'?"), "\(edit)")
        for place in [
            "5:18: error: 'purpel' is not a color", "5:36: error: '2x' is not a time", "5:49: error: 'lots' is not a number",
        ] {
            #expect(edit.stderr.contains("edit.yaml:" + place), "\(place) in \(edit.stderr)")
        }
    }

    @Test func twoIndependentMistakesAreBothReportedWithTheirSourceLines() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write(
            "two.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            tracks:
              - items:
                  - color: blak
                    duration: 1s
                  - pattern: bars
                    duration: 1s
                    opacityy: 0.5

            """)
        let result = try space.render("check", "two.yaml")
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout == "")
        #expect(
            result.stderr == """
                two.yaml:5:16: error: 'blak' is not a color; expected a CSS name such as 'red', 'transparent', '#rgb', '#rrggbb', '#rrggbbaa' or 'rgba(255, 0, 0, 0.5)'
                 5 |       - color: blak
                   |                ^
                hint: did you mean 'black'?
                two.yaml:9:9: error: unknown key 'opacityy' in an item
                 9 |         opacityy: 0.5
                   |         ^
                hint: did you mean 'opacity'?
                2 errors

                """)
    }

    /// A text cropped away for a while (a reveal from nothing) draws nothing
    /// then; one cropped away for as long as it shows is a mistake, reported at
    /// 'crop' by check, render and frame alike (its size is known once drawn).
    @Test func aTextCropThatHidesItOnlyForAWhileRendersAndOneThatAlwaysDoesIsADiagnostic() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write(
            "reveal.yaml",
            """
            cutlist: 1
            output: { size: 320x180, fps: 25 }
            tracks:
              - items: [{ text: "Reveal", duration: 1s, crop: { from: { right: 500 }, to: { right: 0 } } }]

            """)
        #expect(try space.render("check", "reveal.yaml").status == 0)
        let rendered = try space.render("reveal.yaml", "-o", "reveal.mp4", "--quiet")
        #expect(rendered.status == 0, "\(rendered)")
        try Tool.run(
            "ffmpeg", ["-v", "error", "-i", space.path("reveal.mp4"), "-f", "rawvideo", "-pix_fmt", "gray", space.path("luma")])
        let luma = try #require(space.data("luma"))
        let frameSize = 320 * 180
        try #require(luma.count == 25 * frameSize)
        #expect(luma.prefix(frameSize).max() ?? 255 < 30, "the first frame shows none of the text")
        #expect(luma.suffix(frameSize).max() ?? 0 > 200, "the last frame shows it")
        try space.write(
            "hidden.yaml",
            """
            cutlist: 1
            output: { size: 320x180, fps: 25 }
            tracks:
              - items: [{ text: "Reveal", duration: 1s, crop: { right: 500 } }]

            """)
        for command in [
            ["check", "hidden.yaml"], ["hidden.yaml", "-o", "out.mp4"], ["frame", "hidden.yaml", "--at", "0", "-o", "f.png"],
        ] {
            let result = try CLI.run(command, in: space.url)
            #expect(result.status == 2, "\(command): \(result)")
            // The text's size depends on the font fontconfig finds.
            let stderr = result.stderr.replacingOccurrences(
                of: #"\(\d+x\d+\)|below \d+"#, with: "_", options: .regularExpression)
            #expect(
                stderr == """
                    hidden.yaml:4:45: error: 'crop' removes all of the text _ at every frame it shows
                     4 |   - items: [{ text: "Reveal", duration: 1s, crop: { right: 500 } }]
                       |                                             ^
                    hint: left + right must stay _ and top + bottom _ at some time
                    1 error

                    """, "\(command)")
        }
        #expect(!space.exists("out.mp4") && !space.exists("f.png"))
    }

    /// Sample media not made yet: the hint is the command that makes it, and it does.
    @Test func aMissingMediumAProjectBesideItMakesIsMadeByTheCommandTheHintGives() throws {
        let space = try Workspace()
        defer { space.clean() }
        try FileManager.default.createDirectory(atPath: space.path("edit/media"), withIntermediateDirectories: true)
        try space.write(
            "edit/media/card.mp4.yaml",
            "cutlist: 1\noutput: { size: 160x90, fps: 25 }\ntracks:\n  - items: [{ color: teal, duration: 1s }]\n")
        try space.write("edit/edit.yaml", "cutlist: 1\ntracks:\n  - items: [{ source: media/card.mp4 }]\n")
        let missing = try space.render("check", "edit/edit.yaml")
        #expect(missing.status == 2 && missing.stderr.contains("'media/card.mp4' does not exist"), "\(missing)")
        let hint = try #require(missing.stderr.firstMatch(of: #/hint: the project beside it makes it: render (\S+) -o (\S+) /#))
        #expect(hint.1 == "edit/media/card.mp4.yaml" && hint.2 == "edit/media/card.mp4", "\(missing)")
        let made = try space.render(String(hint.1), "-o", String(hint.2), "--progress", "none")
        #expect(made.status == 0, "\(made)")
        let checked = try space.render("check", "edit/edit.yaml")
        #expect(checked.status == 0, "\(checked)")
    }

    @Test func aMisspeltKeyAndAMissingFileComeInOneRun() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write(
            "edit.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            tracks:
              - items:
                  - { source: intro.mp4, duration: 2s }
                  - { color: blue, duratoin: 1s }

            """)
        let result = try space.render("check", "edit.yaml")
        #expect(result.status == 2, "\(result)")
        // The misspelt 'duration' is not also reported as missing.
        #expect(
            result.stderr == """
                edit.yaml:5:19: error: 'intro.mp4' does not exist
                 5 |       - { source: intro.mp4, duration: 2s }
                   |                   ^
                edit.yaml:6:24: error: unknown key 'duratoin' in an item
                 6 |       - { color: blue, duratoin: 1s }
                   |                        ^
                hint: did you mean 'duration'?
                2 errors

                """)
    }

    /// Mistakes of every phase in one run: YAML syntax, values, files, media
    /// and the timeline; the item a mistake is in is left out of later phases,
    /// so nothing is reported twice.
    @Test func mistakesOfEveryPhaseComeInOneRun() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.makeClip("clip.mp4")
        try space.write("garbage.mp4", String(repeating: "not a video\n", count: 200))
        try space.write(
            "edit.yaml",
            """
            cutlist: 1
            output: { size: 320x180, fps: 25 }
            tracks:
              - items:
                  - { source: clip.mp4, to: 1s }
                  - { transition: crossfade, duration: 3s }
                  - { color: red, duration: 2s }
                  - { color: blue, duration: 1s, position: bottom-center }
                  - { transition: wipe-left, duration: 1s }
                  - { source: missing.mp4, duration: 1s }
                  - { source: garbage.mp4 }
                  - text: "Hello
                    duration: 1s
                  - { source: clip.mp4, from: 5s }
              - items:
                  - { text: Sale, duration: 1s, fade: 1s }
                  - { color: green, duration: 1s
                  - { color: white, duration: 1s, opacity: 2 }

            """)
        let result = try space.render("check", "edit.yaml")
        #expect(result.status == 2, "\(result)")
        let stderr = result.stderr.replacingOccurrences(of: space.url.standardizedFileURL.path, with: "DIR")
        #expect(
            stderr == """
                edit.yaml:6:44: error: 'crossfade' (3s) is longer than the item before it (1s)
                 6 |       - { transition: crossfade, duration: 3s }
                   |                                            ^
                hint: a transition overlaps both neighbours; shorten it or lengthen the item
                edit.yaml:6:44: error: 'crossfade' (3s) is longer than the item after it (2s)
                 6 |       - { transition: crossfade, duration: 3s }
                   |                                            ^
                hint: a transition overlaps both neighbours; shorten it or lengthen the item
                edit.yaml:8:48: error: 'bottom-center' is not a valid 'position'
                 8 |       - { color: blue, duration: 1s, position: bottom-center }
                   |                                                ^
                hint: did you mean 'bottom'?
                edit.yaml:10:19: error: 'missing.mp4' does not exist
                 10 |       - { source: missing.mp4, duration: 1s }
                    |                   ^
                edit.yaml:11:19: error: cannot read 'garbage.mp4': 'DIR/garbage.mp4' is not a media file libav can read (Invalid data found when processing input)
                 11 |       - { source: garbage.mp4 }
                    |                   ^
                edit.yaml:12:15: error: invalid YAML: a quoted scalar starts here and is never closed
                 12 |       - text: "Hello
                    |               ^
                hint: close it: a quote with the same quote, '{' with '}', '[' with ']'
                edit.yaml:14:35: error: 'from' (5s) is past the end of 'clip.mp4' (1s)
                 14 |       - { source: clip.mp4, from: 5s }
                    |                                   ^
                edit.yaml:16:37: error: unknown key 'fade' in an item
                 16 |       - { text: Sale, duration: 1s, fade: 1s }
                    |                                     ^
                hint: did you mean 'fade_in' or 'fade_out'?
                edit.yaml:18:9: error: invalid YAML: did not find expected ',' or '}' (while parsing a flow mapping)
                 18 |       - { color: white, duration: 1s, opacity: 2 }
                    |         ^
                9 errors

                """)
    }

    /// An item pinned past the last picture leaves the output black before it
    /// (a title) or after the picture ends (a sound): a warning, the project still checks.
    @Test func anItemPinnedPastTheLastPictureWarnsOfBlack() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write(
            "edit.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            tracks:
              - items:
                  - { color: blue, duration: 2s }
              - items:
                  - { text: "The end", duration: 1s, at: 4s }
              - kind: audio
                items:
                  - { tone: 440, duration: 2s, at: 5s }

            """)
        let result = try space.render("check", "edit.yaml")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "edit.yaml: ok (3 tracks, 3 items)\n")
        #expect(
            result.stderr == """
                edit.yaml:7:46: warning: nothing is on screen from 2s to 4s, before this item: the output is black there
                 7 |       - { text: "The end", duration: 1s, at: 4s }
                   |                                              ^
                hint: start it earlier, or give the items before it more length
                edit.yaml:10:40: warning: this item makes the output last 7s, but nothing is on screen after 5s: its last 2s are black
                 10 |       - { tone: 440, duration: 2s, at: 5s }
                    |                                        ^
                hint: trim it, or give 'output.duration'

                """)
        // Given a length, the black is the project's own choice.
        try space.write(
            "edit.yaml",
            try #require(String(data: space.data("edit.yaml") ?? Data(), encoding: .utf8))
                .replacingOccurrences(of: "fps: 25 }", with: "fps: 25, duration: 7s }"))
        let given = try space.render("check", "edit.yaml")
        #expect(given.status == 0 && given.stderr == "", "\(given)")
    }

    @Test func aValidProjectPrintsItsOkLine() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("ok.yaml", Projects.tiny)
        let result = try space.render("check", "ok.yaml")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "ok.yaml: ok (2 tracks, 2 items)\n")
        #expect(result.stderr == "")
    }

    @Test func aMissingSourceIsReportedAtItsSourceKey() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write(
            "missing.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            tracks:
              - items:
                  - source: media/none.mp4

            """)
        let result = try space.render("check", "missing.yaml")
        #expect(result.status == 2, "\(result)")
        let stderr = result.stderr.replacingOccurrences(of: space.url.standardizedFileURL.path, with: "DIR")
        #expect(
            stderr == """
                missing.yaml:5:17: error: 'media/none.mp4' does not exist
                 5 |       - source: media/none.mp4
                   |                 ^
                1 error

                """)
    }

    /// `check` probes media: what `render` would reject, `check` rejects too.
    @Test func aTimePastTheSourceEndAndAnUnreadableSourceAreFoundByCheck() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.makeClip("clip.mp4")
        try space.write("garbage.mp4", String(repeating: "not a video\n", count: 200))
        try space.write(
            "past.yaml",
            """
            cutlist: 1
            tracks:
              - items:
                  - source: clip.mp4
                    to: 5s
                  - source: garbage.mp4

            """)
        let result = try space.render("check", "past.yaml")
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout == "")
        #expect(
            result.stderr.contains(
                """
                past.yaml:6:17: error: cannot read 'garbage.mp4': 
                """), "\(result)")
        let beforeRender = result.stderr
        // Fixing the garbage source leaves the time past the end, which needs the probe too.
        try space.write(
            "past.yaml",
            """
            cutlist: 1
            tracks:
              - items:
                  - source: clip.mp4
                    to: 5s

            """)
        let second = try space.render("check", "past.yaml")
        #expect(second.status == 2, "\(second) after \(beforeRender)")
        #expect(
            second.stderr == """
                past.yaml:5:13: error: 'to' (5s) is past the end of 'clip.mp4' (1s)
                 5 |         to: 5s
                   |             ^
                hint: leave 'to' out to play to the end
                1 error

                """)
    }

    @Test func sourcesResolveAgainstTheProjectsFolderNotTheWorkingDirectory() throws {
        let space = try Workspace()
        defer { space.clean() }
        try FileManager.default.createDirectory(atPath: space.path("edits/media"), withIntermediateDirectories: true)
        try space.makeClip("edits/media/clip.mp4")
        try space.write(
            "edits/promo.yaml",
            """
            cutlist: 1
            tracks:
              - items:
                  - source: media/clip.mp4

            """)
        let check = try space.render("check", "edits/promo.yaml")
        #expect(check.status == 0, "\(check)")
        #expect(check.stdout == "edits/promo.yaml: ok (1 track, 1 item)\n")
        let render = try space.render("edits/promo.yaml", "-o", "promo.mp4", "--quiet")
        #expect(render.status == 0, "\(render)")
        #expect(try Tool.videoFacts(space.path("promo.mp4")) == .init(width: 160, height: 90, frames: 25, rate: "25/1"))
    }

    @Test func aBillionLaughsAliasBombIsRejectedWithinASecond() throws {
        let space = try Workspace()
        defer { space.clean() }
        var lines = ["cutlist: 1", "x-a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for (previous, name) in zip("abcdefgh", "bcdefghi") {
            lines.append("x-\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]")
        }
        lines += ["tracks:", "  - items:", "      - { color: red, duration: 1s }", ""]
        try space.write("bomb.yaml", lines.joined(separator: "\n"))
        let result = try space.render("check", "bomb.yaml", timeout: 20)
        #expect(result.status == 2, "\(result)")
        #expect(result.seconds < 1, "took \(result.seconds) s")
        #expect(
            result.stderr == """
                bomb.yaml:1:1: error: aliases add more than 100000 YAML nodes to the document
                 1 | cutlist: 1
                   | ^
                hint: anchors and aliases are for reuse; this many copies look like an alias bomb
                1 error

                """)
    }

    @Test func hugeDurationAndSizeAreDiagnosticsNotCrashes() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write(
            "huge.yaml",
            """
            cutlist: 1
            output: { size: 100000x100000, fps: 25 }
            tracks:
              - items:
                  - color: red
                    duration: 1e300

            """)
        for command in [["check", "huge.yaml"], ["huge.yaml", "-o", "huge.mp4"], ["plan", "huge.yaml"]] {
            let result = try CLI.run(command, in: space.url)
            #expect(result.exited && result.status == 2, "\(command): \(result)")
            #expect(
                result.stderr == """
                    huge.yaml:2:17: error: '100000x100000' is too large; each side must be 2 to 16384 pixels
                     2 | output: { size: 100000x100000, fps: 25 }
                       |                 ^
                    huge.yaml:6:19: error: '1e300' is too long; times are limited to 10 years (315360000s)
                     6 |         duration: 1e300
                       |                   ^
                    2 errors

                    """, "\(command)")
        }
        #expect(!space.exists("huge.mp4"))
    }

    @Test func aMissingProjectFileIsAClearUsageError() throws {
        let space = try Workspace()
        defer { space.clean() }
        let result = try space.render("check", "nothere.yaml")
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: project file 'nothere.yaml' does not exist\n1 error\n")
    }

    @Test func aDirectoryAsTheProjectIsAClearUsageError() throws {
        let space = try Workspace()
        defer { space.clean() }
        try FileManager.default.createDirectory(atPath: space.path("edit.yaml"), withIntermediateDirectories: true)
        let result = try space.render("check", "edit.yaml")
        #expect(result.status == 2)
        #expect(result.stderr == "error: project file 'edit.yaml' is a directory, not a project file\n1 error\n")
    }

    @Test func aProjectThatIsNotUTF8IsAClearUsageError() throws {
        let space = try Workspace()
        defer { space.clean() }
        // "café" in Latin-1: the 0xE9 byte is not UTF-8.
        try Data(Array("cutlist: 1\n# caf".utf8) + [0xE9, 0x0A]).write(to: space.url.appendingPathComponent("latin1.yaml"))
        let result = try space.render("check", "latin1.yaml")
        #expect(result.status == 2)
        #expect(result.stderr == "latin1.yaml:1:1: error: the project file is not UTF-8 text\n1 error\n")
    }
}

/// Small projects the suites share: generated sources only, 160x90.
enum Projects {
    /// One second of a frame counter over a 440 Hz tone, at 25 fps.
    static let tiny = """
        cutlist: 1
        output: { size: 160x90, fps: 25 }
        tracks:
          - items:
              - pattern: counter
                duration: 1s
          - kind: audio
            items:
              - tone: 440
                duration: 1s

        """

    /// A grid whose length is the variable `length` (1 s unless `--set`).
    static let variableLength = """
        cutlist: 1
        output: { size: 160x90, fps: 25 }
        vars: { length: 1s }
        tracks:
          - items:
              - pattern: grid
                duration: "${length}"

        """
}
