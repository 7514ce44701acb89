import Foundation
import Testing

/// Errors a user can cause say what is wrong in the project's words: no
/// Foundation error domains, decoder dumps or ArgumentParser's guesses.
@Suite struct MessagesCLITests {
    static let tenSeconds = """
        cutlist: 1
        output: { size: 160x90, fps: 25 }
        tracks:
          - items: [{ color: red, duration: 5s }, { color: blue, duration: 5s }]

        """

    @Test func splitIntoAnExistingFileSaysItIsAFile() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Self.tenSeconds)
        try space.write("afile", "someone's notes")
        let result = try space.render("split", "edit.yaml", "-o", "afile")
        #expect(result.status == 2, "\(result)")
        #expect(
            result.stderr == """
                Error: -o 'afile' is a file; render split writes a job folder: name a new folder
                Usage: render split <project> --output <JOBDIR> [--tasks <tasks>] [--set <NAME=VALUE> ...]
                  See 'render split --help' for more information.

                """)
        #expect(space.data("afile") == Data("someone's notes".utf8))
    }

    /// More tasks than chunks would be empty array jobs (and a huge number
    /// allocated gigabytes): the job gets one task per chunk, and a note says so.
    @Test func splitMakesAtMostOneTaskPerChunk() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Self.tenSeconds)
        let result = try space.render("split", "edit.yaml", "-o", "job", "--tasks", "99999999999")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "6\n")
        #expect(result.stderr == "note: 6 tasks, not 99999999999: the job has 6 chunks to render\n")
        let few = try space.render("split", "edit.yaml", "-o", "job2", "--tasks", "2")
        #expect(few.stdout == "2\n" && few.stderr == "", "\(few)")
    }

    @Test(arguments: ["-1", "0x10", "1e3", "inf", "-5MiB"])
    func pruneRefusesWhatIsNotASize(size: String) throws {
        let space = try Workspace()
        defer { space.clean() }
        let result = try space.render("cache", "prune", "--cache", "cache", "--max-size", size)
        #expect(result.status == 2, "\(result)")
        #expect(
            result.stderr == """
                Error: The value '\(size)' is invalid for '--max-size <SIZE>': expected a size such as 2GiB, 500MiB or 1G
                Help:  --max-size <SIZE>  The size to shrink to, e.g. 2GiB, 500MiB, 1G.
                Usage: render cache prune [--cache <DIR>] --max-size <SIZE>
                  See 'render cache prune --help' for more information.

                """)
    }

    @Test func importNamesWhatTheFileHoldsInsteadOfATimeline() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("none.otio", #"{"OTIO_SCHEMA": "Timeline.1", "name": "cut", "tracks": null}"#)
        try space.write("clip.otio", #"{"OTIO_SCHEMA": "Clip.2", "name": "a"}"#)
        let none = try space.render("import", "none.otio")
        #expect(none.status == 2)
        #expect(none.stderr == "error: 'none.otio': the timeline has no tracks: its 'tracks' is not a Stack\n")
        let clip = try space.render("import", "clip.otio")
        #expect(clip.status == 2)
        #expect(clip.stderr == "error: 'clip.otio': the file holds an OpenTimelineIO Clip, not a Timeline\n")
    }

    /// A field of the wrong type or missing is named by its place, not skipped with its clip.
    @Test(arguments: [
        (
            #"{"OTIO_SCHEMA": "Gap.1", "source_range": {"start_time": {"value": 0, "rate": 24}, "duration": {"value": "24", "rate": 24}}}"#,
            "the timeline's 'tracks.children[0].children[0].source_range.duration.value' is not a number"
        ),
        (
            #"{"OTIO_SCHEMA": "Clip.2", "source_range": {"duration": {"value": 24, "rate": 24}}}"#,
            "the timeline's 'tracks.children[0].children[0].source_range.start_time' is missing"
        ),
        (#"{"OTIO_SCHEMA": "Clip.2", "name": ["a"]}"#, "the timeline's 'tracks.children[0].children[0].name' is not a string"),
    ])
    func importNamesAFieldOfTheWrongTypeByItsPlace(_ item: String, _ message: String) throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write(
            "cut.otio",
            #"{"OTIO_SCHEMA": "Timeline.1", "tracks": {"OTIO_SCHEMA": "Stack.1", "children": [{"OTIO_SCHEMA": "Track.1", "children": ["#
                + item + "]}]}}")
        let result = try space.render("import", "cut.otio")
        #expect(result.status == 2)
        #expect(result.stderr == "error: 'cut.otio': \(message)\n")
        #expect(!space.exists("cut.yaml"))
    }

    /// Chunks from the cache are not frames this render made: no rate for them.
    @Test func progressOfAReusedRenderShowsNoRate() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Self.tenSeconds)
        let first = try space.render("edit.yaml", "-o", "out.mp4", "--progress", "plain", "--cache", "cache")
        #expect(first.status == 0, "\(first)")
        // Into another file, which is written (the same file would be up to date).
        let again = try space.render("edit.yaml", "-o", "again.mp4", "--progress", "plain", "--cache", "cache")
        #expect(again.status == 0, "\(again)")
        #expect(
            again.stderr == """
                render: 99% (249/250 frames), nothing to encode
                render: 100% (250/250 frames), nothing to encode
                wrote \(space.url.standardizedFileURL.path)/again.mp4 (250 frames; 6 chunks: 6 reused, 0 encoded)

                """)
    }

    @Test func picturesAreWrittenAsPNGOnly() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Self.tenSeconds)
        let frame = try space.render("frame", "edit.yaml", "--at", "1s", "-o", "x.jpg")
        #expect(frame.status == 2)
        #expect(frame.stderr.hasPrefix("Error: -o 'x.jpg': pictures are written as PNG; give a file name ending in .png\n"))
        #expect(!space.exists("x.jpg"))
    }

    /// One form for a time past the end: the option, the value as written, and the length.
    @Test func timesPastTheEndAreSaidOneWay() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Self.tenSeconds)
        try space.makeClip("clip.mp4")
        let frame = try space.render("frame", "edit.yaml", "--at", "20s", "-o", "x.png")
        #expect(frame.status == 2)
        #expect(frame.stderr.hasPrefix("Error: --at 20s is past the end of the output, which lasts 10s\n"), "\(frame)")
        let thumbnails = try space.render("thumbnails", "clip.mp4", "--at", "0,20", "-o", "thumbs")
        #expect(thumbnails.status == 2)
        #expect(thumbnails.stderr.hasPrefix("Error: --at 20s is past the end of 'clip.mp4', which lasts 1s\n"), "\(thumbnails)")
    }

    @Test func theCacheCommandsRefuseNoCache() throws {
        let space = try Workspace()
        defer { space.clean() }
        for command in [["cache"], ["cache", "clear"], ["cache", "prune", "--max-size", "1G"]] {
            let result = try CLI.run(command + ["--no-cache"], in: space.url)
            #expect(result.status == 2, "\(result)")
            #expect(
                result.stderr.hasPrefix(
                    "Error: render cache works on the cache folder: --no-cache would leave it none to work on\n"),
                "\(result)")
        }
        let help = try CLI.run(["cache", "clear", "--help"], in: space.url)
        #expect(!help.stdout.contains("--no-cache"))
        let plan = try CLI.run(["plan", "--help"], in: space.url)
        #expect(plan.stdout.contains("Leave the cache alone: hash the sources afresh"), "\(plan)")
        #expect(!plan.stdout.contains("Keep no chunks between renders"), "\(plan)")
    }

    @Test func versionNamesTheFormatAndTheLibraries() throws {
        let result = try CLI.run(["--version"], in: URL(fileURLWithPath: NSTemporaryDirectory()))
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("render: Cutlist projects of format 1 ('cutlist: 1'); libavcodec "), "\(result)")
    }

    @Test func theTopLevelUsageShowsRenderingAProject() throws {
        let result = try CLI.run(["--help"], in: URL(fileURLWithPath: NSTemporaryDirectory()))
        #expect(
            result.stdout.contains(
                "USAGE: render PROJECT.yaml [-o OUT] [options]   (render project --help lists them)\n"
                    + "       render <subcommand> ...\n"), "\(result)")
    }

    /// The overviews say what a command reads and what it needs.
    @Test func helpSaysWhatImportReadsAndWhatThumbnailsNeed() throws {
        let here = URL(fileURLWithPath: NSTemporaryDirectory())
        func help(_ command: String) throws -> String {
            try CLI.run([command, "--help"], in: here).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        #expect(
            try help("import").hasPrefix(
                "OVERVIEW: Write another editor's timeline as a Cutlist project: OpenTimelineIO (.otio, .otiod), or "
                    + "through otioconvert an EDL, FCP XML, AAF and the other formats its plugins read."))
        #expect(
            try help("thumbnails").contains(
                "Give -o DIR for one PNG per thumbnail, --contact-sheet FILE for one PNG of them all, or both."))
    }
}
