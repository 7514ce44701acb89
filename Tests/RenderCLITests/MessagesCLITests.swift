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
                Error: --max-size takes a size such as 2GiB, 500MiB or 1G, not '\(size)'
                Usage: render cache prune [--cache <DIR>] [--no-cache] --max-size <SIZE>
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
}
