import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The chunk cache as a user meets it (SPEC 18): a second render reuses every
/// chunk and writes the same file, `render plan` lists the chunks, `render
/// cache` shows and shrinks the cache, and a killed render leaves nothing a
/// later render trusts.
@Suite struct ChunkCacheCLITests {
    static let edit = """
        cutlist: 1
        output: { size: 160x90, fps: 25 }
        tracks:
          - items:
              - { color: red, duration: 3s }
              - { color: blue, duration: 1s }
          - kind: audio
            items:
              - { tone: 440, duration: 4s }

        """

    @Test func aSecondRenderReusesEveryChunkAndWritesTheSameFile() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Self.edit)
        let first = try space.render("edit.yaml", "-o", "first.mp4", "--cache", "cache", "--progress", "none")
        #expect(first.status == 0, "\(first)")
        // Red 0..<50 (2 s), red 50..<75 and blue 75..<100: three different chunks; the tone's 4 s, one sound segment.
        #expect(
            first.stderr == "wrote \(space.url.standardizedFileURL.path)/first.mp4 "
                + "(100 frames; 3 chunks: 0 reused, 3 encoded; 1 sound segment: 0 reused, 1 encoded)\n")
        let second = try space.render("edit.yaml", "-o", "second.mp4", "--cache", "cache", "--progress", "json")
        #expect(second.status == 0, "\(second)")
        #expect(second.stdout.contains("\"chunks\":3,\"chunks_reused\":3"), "\(second)")
        #expect(space.data("first.mp4") == space.data("second.mp4"))
        #expect(try Tool.videoFacts(space.path("second.mp4")) == .init(width: 160, height: 90, frames: 100, rate: "25/1"))

        let shown = try space.render("cache", "--cache", "cache")
        #expect(shown.status == 0, "\(shown)")
        #expect(shown.stdout.hasPrefix("\(space.url.standardizedFileURL.path)/cache: "), "\(shown)")
        #expect(shown.stdout.contains(" in 4 chunks (kept under 5.0 GiB)\n"), "\(shown)")  // and the sound's segment
        let pruned = try space.render("cache", "prune", "--max-size", "0", "--cache", "cache")
        #expect(pruned.stdout == "removed 4 chunks; the cache holds 0 B\n", "\(pruned)")
        let third = try space.render("edit.yaml", "-o", "third.mp4", "--cache", "cache", "--quiet")
        #expect(third.status == 0 && space.data("third.mp4") == space.data("first.mp4"), "\(third)")
        let cleared = try space.render("cache", "clear", "--cache", "cache")
        #expect(cleared.stdout.hasPrefix("removed 4 chunks ("), "\(cleared)")
        let bad = try space.render("cache", "prune", "--max-size", "lots")
        #expect(bad.status == 2 && bad.stderr.contains("--max-size <SIZE>': expected a size such as 2GiB"), "\(bad)")
    }

    /// Rendering an unchanged project again leaves its output as it is (same
    /// file, not rewritten), unless the file was changed since, the project
    /// changed, or another part of it is asked for.
    @Test func renderingAgainLeavesAnUpToDateOutputAloneAndRewritesAChangedOne() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Self.edit)
        let output = space.url.standardizedFileURL.path + "/out.mp4"
        func render(_ arguments: String...) throws -> String {
            let result = try CLI.run(
                ["edit.yaml", "-o", "out.mp4", "--cache", "cache", "--progress", "none"] + arguments, in: space.url)
            #expect(result.status == 0, "\(result)")
            return result.stderr
        }
        func file() throws -> (inode: Int, bytes: Data?) {
            let attributes = try FileManager.default.attributesOfItem(atPath: output)
            return ((attributes[.systemFileNumber] as? Int) ?? -1, space.data("out.mp4"))
        }
        let counts = "(100 frames; 3 chunks: 3 reused, 0 encoded; 1 sound segment: 1 reused, 0 encoded)\n"
        _ = try render()
        let written = try file()
        #expect(try render() == "up to date: \(output) \(counts)")
        #expect(try file() == written)

        // Changed in place (its first byte): written again, as it was.
        let handle = try #require(FileHandle(forWritingAtPath: output))
        try handle.write(contentsOf: Data([0xFF]))
        try handle.close()
        #expect(try render() == "wrote \(output) \(counts)")
        #expect(try file().bytes == written.bytes)
        #expect(try render() == "up to date: \(output) \(counts)")

        // Part of it asked for, then the whole again: each is written.
        #expect(try render("--range", "0s..2s").hasPrefix("wrote \(output) (50 frames; "))
        #expect(try render() == "wrote \(output) \(counts)")
        try FileManager.default.removeItem(atPath: output)
        #expect(try render() == "wrote \(output) \(counts)")
        try space.write("edit.yaml", Self.edit.replacingOccurrences(of: "tone: 440", with: "tone: 441"))
        #expect(try render().hasPrefix("wrote \(output) "))
        #expect(try file().bytes != written.bytes)
    }

    /// 16 s of sound in three segments (0, 5.46 and 10.92 s on); the last one's
    /// mix starts at 9.58 s, the reach of its limiter and pre-roll. Each edit
    /// re-encodes the segments that hear the items it changes, and the last
    /// line says how many.
    @Test func anEditReencodesOnlyTheSoundSegmentsThatHearItAndTheLastLineCountsThem() throws {
        let space = try Workspace()
        defer { space.clean() }
        let edit = { (first: String, bridge: String, last: String) in
            """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            tracks:
              - items:
                  - { color: "#203040", duration: 16s }
              - kind: audio
                items:
                  - { tone: 330, duration: \(first) }
                  - { tone: 440, duration: 4s }
                  - { tone: 550, duration: 0.5s, volume: \(bridge) }
                  - { gap: 1.5s }
                  - { tone: 660, duration: 4s, volume: \(last) }

            """
        }
        func render(_ yaml: String) throws -> String {
            try space.write("edit.yaml", yaml)
            let result = try space.render("edit.yaml", "-o", "out.mp4", "--cache", "cache", "--progress", "none")
            #expect(result.status == 0, "\(result)")
            return String(result.stderr.split(separator: "(").last ?? "")
        }
        #expect(
            try render(edit("6s", "0.5", "0.5"))
                == "400 frames; 8 chunks: 0 reused, 8 encoded; 3 sound segments: 0 reused, 3 encoded)\n")
        // At 12..16 s, under the last segment alone.
        #expect(
            try render(edit("6s", "0.5", "0.6"))
                == "400 frames; 8 chunks: 8 reused, 0 encoded; 3 sound segments: 2 reused, 1 encoded)\n")
        // At 10..10.5 s, under the second segment and in the last one's reach.
        #expect(
            try render(edit("6s", "0.6", "0.6"))
                == "400 frames; 8 chunks: 8 reused, 0 encoded; 3 sound segments: 1 reused, 2 encoded)\n")
        // A ripple: the first tone 1 s shorter moves every item after it.
        #expect(
            try render(edit("5s", "0.6", "0.6"))
                == "400 frames; 8 chunks: 8 reused, 0 encoded; 3 sound segments: 0 reused, 3 encoded)\n")
    }

    @Test func planListsTheChunksWithTheirFingerprints() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Self.edit)
        let result = try space.render("plan", "edit.yaml", "--cache", "cache")
        #expect(result.status == 0, "\(result)")
        let chunks = result.stdout.split(separator: "\n").filter { $0.hasPrefix("chunk ") }
        #expect(
            chunks.map { $0.split(separator: " ").prefix(4).joined(separator: " ") } == [
                "chunk frames 0..<50 render", "chunk frames 50..<75 render", "chunk frames 75..<100 render",
            ])
        #expect(chunks.allSatisfy { $0.split(separator: " ").last?.count == 64 })
        // The tone's 4 s at 48 kHz: one sound segment, then the line that counts both.
        let lines = result.stdout.split(separator: "\n")
        let sound = try #require(lines.dropLast().last)
        #expect(sound.hasPrefix("sound samples 0..<192000 ") && sound.split(separator: " ").last?.count == 64, "\(sound)")
        #expect(lines.last == "3 chunks, 1 sound segment", "\(result.stdout)")

        let json = try space.render("plan", "edit.yaml", "--json", "--cache", "cache")
        #expect(json.status == 0, "\(json)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["output"] != nil && object["video"] != nil)
        let listed = try #require(object["chunks"] as? [[String: Any]])
        #expect(listed.compactMap { $0["frames"] as? [Int] } == [[0, 50], [50, 75], [75, 100]])
        #expect(listed.compactMap { $0["kind"] as? String } == ["render", "render", "render"])
        #expect(
            listed.compactMap { $0["fingerprint"] as? String }
                == chunks.compactMap { $0.split(separator: " ").last.map(String.init) })
        let segments = try #require(object["sound"] as? [[String: Any]])
        #expect(segments.compactMap { $0["samples"] as? [Int] } == [[0, 192_000]])
        #expect(segments.compactMap { $0["fingerprint"] as? String } == [String(sound.split(separator: " ").last ?? "")])
    }

    @Test func aCacheFolderThatCannotBeMadeIsAnIOFailure() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Self.edit)
        // A file stands where the folder would go.
        let result = try space.render("edit.yaml", "-o", "out.mp4", "--cache", "edit.yaml/cache", "--progress", "none")
        #expect(result.exited && result.status == 1, "\(result)")
        let folder = "\(space.url.standardizedFileURL.path)/edit.yaml"
        #expect(
            result.stderr == """
                error: cannot use the cache folder '\(folder)/cache': '\(folder)' is a file, not a folder
                hint: choose another folder with --cache DIR, or render with --no-cache

                """)
        #expect(space.listing() == ["edit.yaml"])
    }

    @Test func noCacheLeavesNothingBehind() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Self.edit)
        let result = try space.render("edit.yaml", "-o", "out.mp4", "--no-cache", "--quiet")
        #expect(result.status == 0, "\(result)")
        #expect(space.listing() == ["edit.yaml", "out.mp4"])
        let both = try space.render("edit.yaml", "--no-cache", "--cache", "c")
        #expect(both.status == 2 && both.stderr.contains("--cache and --no-cache cannot be used together"), "\(both)")
    }

    @Test func aRenderKilledPartWayIsFinishedCorrectlyByTheNext() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write(
            "long.yaml",
            """
            cutlist: 1
            output: { size: 640x360, fps: 25 }
            tracks:
              - items:
                  - pattern: counter
                    duration: 12s

            """)
        let running = try RunningCLI(["long.yaml", "--cache", "cache", "--jobs", "2", "--progress", "json"], in: space.url)
        let started = running.waitUntil(timeout: 120) { running.stdoutSoFar.contains("\"frame\":1") }
        #expect(started, "no progress: \(running.stderrSoFar)")
        Thread.sleep(forTimeInterval: 1)
        kill(running.process.processIdentifier, SIGKILL)
        let killed = try running.wait(timeout: 30)
        #expect(!killed.exited, "died by the signal")
        #expect(!space.exists("long.mp4"))

        let again = try space.render("long.yaml", "--cache", "cache", "--progress", "none", timeout: 300)
        #expect(again.status == 0, "\(again)")
        #expect(try Tool.videoFacts(space.path("long.mp4")).frames == 300)
        #expect(try Tool.run("ffmpeg", ["-v", "error", "-i", space.path("long.mp4"), "-f", "null", "-"]).isEmpty)
        #expect(space.listing("cache/tmp").isEmpty, "the killed render's temporary files are gone")
        let fresh = try space.render("long.yaml", "-o", "fresh.mp4", "--no-cache", "--progress", "none", timeout: 300)
        #expect(fresh.status == 0, "\(fresh)")
        #expect(space.data("fresh.mp4") == space.data("long.mp4"))
    }

    /// A `lut` filter's `.cube` is part of what a chunk is: editing the table
    /// re-renders the chunks that use it, and a missing one is found before rendering.
    @Test func editingALUTRendersItsChunksAgain() throws {
        let space = try Workspace()
        defer { space.clean() }
        func cube(_ swap: Bool) -> String {
            var text = "LUT_3D_SIZE 2\n"
            for b in 0...1 { for g in 0...1 { for r in 0...1 { text += swap ? "\(b) \(g) \(r)\n" : "\(r) \(g) \(b)\n" } } }
            return text
        }
        try space.write("look.cube", cube(false))
        try space.write(
            "edit.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            tracks:
              - items: [{ color: red, duration: 1s, filters: [{ lut: look.cube }] }]
            """)
        let first = try space.render("edit.yaml", "-o", "a.mp4")
        #expect(first.status == 0 && first.stderr.contains("0 reused"), "\(first)")
        let again = try space.render("edit.yaml", "-o", "a.mp4")
        #expect(again.status == 0 && again.stderr.contains("0 encoded"), "\(again)")
        try space.write("look.cube", cube(true))
        let edited = try space.render("edit.yaml", "-o", "b.mp4")
        #expect(edited.status == 0 && edited.stderr.contains("0 reused"), "\(edited)")
        try FileManager.default.removeItem(atPath: space.path("look.cube"))
        let missing = try space.render("check", "edit.yaml")
        #expect(missing.status == 2 && missing.stderr.contains("'look.cube' does not exist"), "\(missing)")
    }
}
