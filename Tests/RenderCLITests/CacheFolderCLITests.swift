import Foundation
import Testing

/// A cache folder says it is one: `cache clear` and `cache prune` remove only
/// the files Cutlist wrote, in a folder Cutlist marked, and an empty `--cache`
/// (an unset variable) never names the working directory.
@Suite struct CacheFolderCLITests {
    static let edit = ChunkCacheCLITests.edit

    @Test func anEmptyCacheNameIsAUsageErrorThatTouchesNothing() throws {
        let space = try Workspace()
        defer { space.clean() }
        try FileManager.default.createDirectory(atPath: space.path("sources"), withIntermediateDirectories: true)
        try space.write("sources/interview.mp4", "my footage\n")
        try space.write("edit.yaml", Self.edit)
        let commands: [[String]] = [
            ["cache", "clear", "--cache", ""], ["cache", "prune", "--max-size", "0", "--cache", ""], ["cache", "--cache", ""],
            ["edit.yaml", "--cache", ""], ["plan", "edit.yaml", "--cache", ""],
            ["diff", "edit.yaml", "edit.yaml", "--cache", ""],
        ]
        for arguments in commands {
            let result = try CLI.run(arguments, in: space.url)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(
                result.stderr.contains("--cache takes a folder, not an empty name (is the variable giving it set?)"),
                "\(arguments): \(result)")
        }
        #expect(space.listing() == ["edit.yaml", "sources"])
        #expect(space.listing("sources") == ["interview.mp4"])
        #expect(space.data("sources/interview.mp4") == Data("my footage\n".utf8))
    }

    @Test func aFolderCutlistDidNotMakeIsNeverClearedOrPruned() throws {
        let space = try Workspace()
        defer { space.clean() }
        try FileManager.default.createDirectory(atPath: space.path("sources"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: space.path("chunks/ab"), withIntermediateDirectories: true)
        try space.write("sources/interview.mp4", "my footage\n")
        try space.write("chunks/ab/notes.chunk", "my notes\n")
        try space.write("edit.yaml", Self.edit)
        for arguments in [["cache", "clear", "--cache", "."], ["cache", "prune", "--max-size", "0", "--cache", "."]] {
            let result = try CLI.run(arguments, in: space.url)
            #expect(result.status == 1, "\(arguments): \(result)")
            #expect(
                result.stderr.hasPrefix(
                    "error: '\(space.url.standardizedFileURL.path)' is not a Cutlist cache folder: it holds '"),
                "\(result)")
            #expect(result.stderr.contains("', which Cutlist did not write\n"), "\(result)")
        }
        let render = try space.render("edit.yaml", "--cache", ".", "--progress", "none")
        #expect(render.status == 1 && render.stderr.contains("is not a Cutlist cache folder"), "\(render)")
        #expect(space.listing() == ["chunks", "edit.yaml", "sources"])
        #expect(space.data("sources/interview.mp4") == Data("my footage\n".utf8))
        #expect(space.data("chunks/ab/notes.chunk") == Data("my notes\n".utf8))
    }

    @Test func clearingACacheRemovesOnlyWhatCutlistWrote() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Self.edit)
        let first = try space.render("edit.yaml", "--cache", "cache", "--progress", "none")
        #expect(first.status == 0, "\(first)")
        #expect(space.data("cache/CUTLIST-CACHE") == Data("cutlist-cache 1\n".utf8))
        // Files of the user's that ended up in the cache folder.
        try space.write("cache/sources/interview.mp4", "my footage\n")
        try space.write("cache/chunks/notes.txt", "my notes\n")
        let cleared = try space.render("cache", "clear", "--cache", "cache")
        #expect(cleared.status == 0 && cleared.stdout.hasPrefix("removed 4 chunks ("), "\(cleared)")
        #expect(space.listing("cache/sources") == ["interview.mp4"])
        #expect(space.data("cache/chunks/notes.txt") == Data("my notes\n".utf8))
        #expect(try space.render("cache", "--cache", "cache").stdout.contains(" in 0 chunks "))
        let again = try space.render("edit.yaml", "--cache", "cache", "--progress", "none")
        #expect(
            again.status == 0 && again.stderr.hasSuffix("3 chunks: 0 reused, 3 encoded; 1 sound segment: 0 reused, 1 encoded)\n"),
            "\(again)")
    }

    /// A cache made before caches carried a marker (the default folder of an
    /// earlier version) is kept and marked when it holds only cache files.
    @Test func aCacheFromBeforeTheMarkerIsAdoptedWhenItHoldsOnlyCacheFiles() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Self.edit)
        #expect(try space.render("edit.yaml", "--cache", "old", "--progress", "none").status == 0)
        try FileManager.default.removeItem(atPath: space.path("old/CUTLIST-CACHE"))
        // An earlier version's write cut short by a kill.
        try space.write("old/tmp/.dat.nosync1a2b.Xy12Zq", "half a hash")
        let reused = try space.render("edit.yaml", "--cache", "old", "--progress", "none")
        #expect(
            reused.status == 0
                && reused.stderr.hasSuffix("3 chunks: 3 reused, 0 encoded; 1 sound segment: 1 reused, 0 encoded)\n"), "\(reused)")
        #expect(space.data("old/CUTLIST-CACHE") == Data("cutlist-cache 1\n".utf8))

        try FileManager.default.removeItem(atPath: space.path("old/CUTLIST-CACHE"))
        try space.write("old/sources/holiday.mov", "footage\n")
        let refused = try space.render("cache", "clear", "--cache", "old")
        #expect(refused.status == 1, "\(refused)")
        #expect(
            refused.stderr == """
                error: '\(space.url.standardizedFileURL.path)/old' is not a Cutlist cache folder: it holds 'sources/holiday.mov', which Cutlist did not write
                hint: choose another folder with --cache DIR, or render with --no-cache

                """)
        let chunks = try FileManager.default.subpathsOfDirectory(atPath: space.path("old/chunks"))
        #expect(space.exists("old/sources/holiday.mov") && chunks.filter { $0.hasSuffix(".chunk") }.count == 4)

        try FileManager.default.createDirectory(atPath: space.path("other"), withIntermediateDirectories: true)
        try space.write("other/CUTLIST-CACHE", "cutlist-cache 7\n")
        let newer = try space.render("cache", "clear", "--cache", "other")
        #expect(newer.status == 1, "\(newer)")
        #expect(
            newer.stderr.hasPrefix(
                "error: the cache folder '\(space.url.standardizedFileURL.path)/other' is 'cutlist-cache 7'; this renderer uses 'cutlist-cache 1'\n"
            ), "\(newer)")
    }
}

/// A cache on a read-only mount (a shared, prepared cache) is read: a render
/// uses its chunks and keeps nothing new; what changes it fails and says why.
@Suite struct ReadOnlyCacheCLITests {
    /// Makes `path` read-only as a mount (as root) or by its permissions; undone by the returned call.
    static func makeReadOnly(_ path: String) throws -> (reason: String, undo: () -> Void) {
        guard getuid() == 0 else {
            try Tool.run("chmod", ["-R", "a-w", path])
            return ("Permission denied", { _ = try? Tool.run("chmod", ["-R", "u+w", path]) })
        }
        try Tool.run("mount", ["--bind", path, path])
        try Tool.run("mount", ["-o", "remount,bind,ro", path])
        return ("Read-only file system", { _ = try? Tool.run("umount", [path]) })
    }

    @Test func aReadOnlyCacheIsReadAndKeepsNothingNew() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", ChunkCacheCLITests.edit)
        #expect(try space.render("edit.yaml", "-o", "first.mp4", "--cache", "cache", "--progress", "none").status == 0)
        let before = try FileManager.default.subpathsOfDirectory(atPath: space.path("cache")).sorted()
        let (reason, undo) = try Self.makeReadOnly(space.path("cache"))
        defer { undo() }
        let root = space.url.standardizedFileURL.path
        let note =
            "note: the cache folder '\(root)/cache' cannot be written (\(reason)): its chunks are used, nothing new is kept\n"

        let again = try space.render("edit.yaml", "-o", "again.mp4", "--cache", "cache", "--progress", "none")
        #expect(again.status == 0, "\(again)")
        #expect(
            again.stderr == note
                + "wrote \(root)/again.mp4 (100 frames; 3 chunks: 3 reused, 0 encoded; 1 sound segment: 1 reused, 0 encoded)\n")
        #expect(space.data("again.mp4") == space.data("first.mp4"))
        let quiet = try space.render("edit.yaml", "-o", "quiet.mp4", "--cache", "cache", "--quiet")
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet)")

        try space.write("green.yaml", ChunkCacheCLITests.edit.replacingOccurrences(of: "blue", with: "green"))
        let edited = try space.render("green.yaml", "-o", "green.mp4", "--cache", "cache", "--progress", "none")
        #expect(edited.status == 0, "\(edited)")
        #expect(
            edited.stderr == note
                + "wrote \(root)/green.mp4 (100 frames; 3 chunks: 2 reused, 1 encoded; 1 sound segment: 1 reused, 0 encoded)\n")
        #expect(try Tool.videoFacts(space.path("green.mp4")).frames == 100)

        for arguments in [["cache", "prune", "--max-size", "0"], ["cache", "clear"]] {
            let result = try CLI.run(arguments + ["--cache", "cache"], in: space.url)
            #expect(result.status == 1, "\(arguments): \(result)")
            #expect(
                result.stderr.hasPrefix("error: cannot remove files from the cache folder '\(root)/cache': \(reason)\n"),
                "\(result)")
        }
        #expect(try FileManager.default.subpathsOfDirectory(atPath: space.path("cache")).sorted() == before)
        #expect(space.listing() == ["again.mp4", "cache", "edit.yaml", "first.mp4", "green.mp4", "green.yaml", "quiet.mp4"])
    }

    @Test(.enabled(if: getuid() == 0, "mounting needs root")) func aFullCacheSaysSo() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", ChunkCacheCLITests.edit)
        try FileManager.default.createDirectory(atPath: space.path("cache"), withIntermediateDirectories: true)
        // One page: the folder's marker fills it.
        try Tool.run("mount", ["-t", "tmpfs", "-o", "size=4k", "tmpfs", space.path("cache")])
        defer { _ = try? Tool.run("umount", [space.path("cache")]) }
        let result = try space.render("edit.yaml", "--cache", "cache", "--progress", "none")
        let root = space.url.standardizedFileURL.path
        #expect(result.status == 1, "\(result)")
        #expect(
            result.stderr
                == "error: rendering '\(root)/edit.mp4' failed: cannot write to the cache folder '\(root)/cache': No space left on device\n"
        )
    }
}
