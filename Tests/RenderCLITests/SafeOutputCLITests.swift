import Foundation
import Testing

/// The output appears only when complete: a failed or interrupted render leaves
/// an earlier output byte-identical and nothing beside it; an input is never
/// overwritten.
@Suite struct SafeOutputCLITests {
    static let clipProject = """
        cutlist: 1
        output: { size: 160x90, fps: 25 }
        tracks:
          - items:
              - source: clip.mp4

        """

    @Test func aSourceCorruptedAfterCheckFailsWith1AndKeepsTheEarlierOutput() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.makeClip("clip.mp4", seconds: 2)
        try space.write("edit.yaml", Self.clipProject)
        #expect(try space.render("check", "edit.yaml").status == 0)
        #expect(try space.render("edit.yaml", "-o", "out.mp4", "--quiet").status == 0)
        let earlier = try #require(space.data("out.mp4"))

        // Keep the header (so probing still succeeds) and scramble every byte of the media data.
        var bytes = [UInt8](try #require(space.data("clip.mp4")))
        let mdat = try #require(Self.find(Array("mdat".utf8), in: bytes))
        var state: UInt32 = 12345
        for index in (mdat + 4)..<bytes.count {
            state = state &* 1_103_515_245 &+ 12345
            bytes[index] = UInt8(truncatingIfNeeded: state >> 16)
        }
        try Data(bytes).write(to: space.url.appendingPathComponent("clip.mp4"))

        let result = try space.render("edit.yaml", "-o", "out.mp4", "--progress", "none")
        #expect(result.exited && result.status == 1, "\(result)")
        #expect(result.stderr.hasPrefix("edit.yaml:5:9: error: cannot read the picture of this item: "), "\(result)")
        #expect(
            result.stderr.hasSuffix(
                """
                 5 |       - source: clip.mp4
                   |         ^
                1 error

                """), "\(result)")
        #expect(space.data("out.mp4") == earlier)
        #expect(space.listing() == ["clip.mp4", "edit.yaml", "out.mp4"])
    }

    @Test func anOutputFolderThatCannotHoldFilesFailsWith1() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Projects.tiny)
        try space.write("notes", "a file, not a folder\n")
        let result = try space.render("edit.yaml", "-o", "notes/out.mp4", "--progress", "none")
        #expect(result.exited && result.status == 1, "\(result)")
        #expect(
            result.stderr
                == "error: rendering '\(space.url.standardizedFileURL.path)/notes/out.mp4' failed: avio_open2 failed: Not a directory\n"
        )
        #expect(space.listing() == ["edit.yaml", "notes"])
    }

    /// A folder made read-only (with `chattr +i` when running as root, where
    /// permissions do not stop writes) with an earlier output in it.
    @Test func anUnwritableOutputFolderFailsWith1AndKeepsTheEarlierOutput() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Projects.tiny)
        try FileManager.default.createDirectory(atPath: space.path("locked"), withIntermediateDirectories: true)
        try space.write("locked/out.mp4", "an earlier render\n")
        let locked = space.path("locked")
        if geteuid() == 0 {
            guard (try? Tool.run("chattr", ["+i", locked])) != nil else { return }  // No way to lock it here.
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked)
        }
        defer {
            if geteuid() == 0 { _ = try? Tool.run("chattr", ["-i", locked]) }
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked)
        }
        let result = try space.render("edit.yaml", "-o", "locked/out.mp4", "--progress", "none")
        #expect(result.exited && result.status == 1, "\(result)")
        #expect(result.stderr.hasPrefix("error: rendering '\(locked)/out.mp4' failed: "), "\(result)")
        #expect(space.data("locked/out.mp4") == Data("an earlier render\n".utf8))
        #expect(space.listing("locked") == ["out.mp4"])
    }

    @Test func sigintExits130AndLeavesTheEarlierOutputAndNoPartialFile() throws {
        let space = try Workspace()
        defer { space.clean() }
        // Long enough that it is still running when the signal comes.
        try space.write(
            "long.yaml",
            """
            cutlist: 1
            output: { size: 1920x1080, fps: 25 }
            tracks:
              - items:
                  - pattern: counter
                    duration: 20s

            """)
        try space.write("long.mp4", "an earlier render\n")
        let running = try RunningCLI(["long.yaml", "--progress", "json", "--no-cache"], in: space.url)
        let started = running.waitUntil(timeout: 60) { running.stdoutSoFar.contains("\n") }
        #expect(started, "no progress line: \(running.stderrSoFar)")
        #expect(space.listing().contains { $0.contains(".partial") }, "renders into temporary files beside the output")
        running.process.interrupt()
        let result = try running.wait(timeout: 60)
        #expect(result.exited, "exits after cleaning up; does not die by the signal")
        #expect(result.status == 130, "\(result)")
        #expect(result.stderr == "render: interrupted; '\(space.url.standardizedFileURL.path)/long.mp4' was not written\n")
        #expect(space.data("long.mp4") == Data("an earlier render\n".utf8))
        #expect(space.listing() == ["long.mp4", "long.yaml"])
    }

    @Test func anOutputThatIsAnInputIsRefusedAndTheInputIsUntouched() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.makeClip("clip.mp4")
        try space.write("edit.yaml", Self.clipProject)
        try FileManager.default.createSymbolicLink(atPath: space.path("link.mp4"), withDestinationPath: "clip.mp4")
        let original = try #require(space.data("clip.mp4"))
        let clip = "\(space.url.standardizedFileURL.path)/clip.mp4"
        for output in ["clip.mp4", "./sub/../clip.mp4", clip, "link.mp4"] {
            let result = try space.render("edit.yaml", "-o", output, "--progress", "none")
            #expect(result.exited && result.status == 2, "\(output): \(result)")
            #expect(result.stderr.hasPrefix("error: the output '"), "\(output): \(result)")
            #expect(
                result.stderr.hasSuffix("' is one of the project's inputs; choose another path with -o\n"), "\(output): \(result)"
            )
        }
        // The project's own `output.path` is refused the same way.
        try space.write("self.yaml", Self.clipProject.replacingOccurrences(of: "fps: 25 }", with: "fps: 25, path: clip.mp4 }"))
        let result = try space.render("self.yaml", "--progress", "none")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr == "error: the output '\(clip)' is one of the project's inputs; choose another path with -o\n")
        #expect(space.data("clip.mp4") == original)
        #expect(space.listing() == ["clip.mp4", "edit.yaml", "link.mp4", "self.yaml"])
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }
}
