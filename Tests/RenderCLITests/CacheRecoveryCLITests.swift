import Foundation
import Testing

/// What is found wrong in the cache is removed and made again, never left to
/// fail the next render: damaged, swapped or replaced chunks, edited side files,
/// chunks pruned while a render runs.
@Suite struct CacheRecoveryCLITests {
    /// The chunk files of `project`'s chunks, in timeline order.
    func chunkFiles(_ project: String, in space: Workspace) throws -> [String] {
        let plan = try space.render("plan", project, "--cache", "cache")
        #expect(plan.status == 0, "\(plan)")
        return plan.stdout.split(separator: "\n").filter { $0.hasPrefix("chunk ") && $0.contains(" render ") }.compactMap {
            guard let fingerprint = $0.split(separator: " ").last else { return nil }
            return "cache/chunks/\(fingerprint.prefix(2))/\(fingerprint).chunk"
        }
    }

    @Test func swappedChunksAndAChunkReplacedByAFolderAreEncodedAgain() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", ChunkCacheCLITests.edit)
        let first = try space.render("edit.yaml", "-o", "first.mp4", "--cache", "cache", "--progress", "none")
        #expect(first.status == 0, "\(first)")
        // Red 50..<75 and blue 75..<100 have as many frames: swapped, each still passes as a chunk.
        let files = try chunkFiles("edit.yaml", in: space)
        try #require(files.count == 3)
        let (red, blue) = (try #require(space.data(files[1])), try #require(space.data(files[2])))
        try red.write(to: URL(fileURLWithPath: space.path(files[2])))
        try blue.write(to: URL(fileURLWithPath: space.path(files[1])))
        try FileManager.default.removeItem(atPath: space.path(files[0]))
        try FileManager.default.createDirectory(atPath: space.path(files[0]), withIntermediateDirectories: true)
        for name in ["second.mp4", "third.mp4"] {
            let result = try space.render("edit.yaml", "-o", name, "--cache", "cache", "--progress", "none")
            #expect(result.status == 0, "\(result)")
            #expect(space.data(name) == space.data("first.mp4"), "the right colours in the right places")
            let chunks = name == "second.mp4" ? "3 chunks: 0 reused, 3 encoded" : "3 chunks: 3 reused, 0 encoded"
            let expected = chunks + "; 1 sound segment: 1 reused, 0 encoded"
            #expect(result.stderr.hasSuffix("\(expected))\n"), "\(result)")
        }
    }

    @Test func anEditedCopyScanIsReadAgainFromTheSource() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.makeClip("clip.mp4", seconds: 2)
        try space.write(
            "cut.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            tracks:
              - items: [{ source: clip.mp4 }]
            """)
        let first = try space.render("cut.yaml", "-o", "first.mp4", "--cache", "cache", "--progress", "none")
        #expect(first.status == 0 && first.stderr.contains("1 copied (50 frames)"), "\(first)")
        let scans = space.listing("cache/sources").filter { $0.hasSuffix(".copy") }
        let scan = "cache/sources/" + (try #require(scans.first))
        // Valid JSON, wrong content: the frame times of another file.
        let stored = try #require(space.data(scan))
        let json = try #require(stored.firstIndex(of: UInt8(ascii: "{")))
        var object = try #require(try JSONSerialization.jsonObject(with: stored[json...]) as? [String: Any])
        var value = try #require(object["scan"] as? [String: Any])
        value["timestamps"] = (value["timestamps"] as? [Int])?.map { $0 * 2 + 7 }
        object["scan"] = value
        try (stored[..<json] + JSONSerialization.data(withJSONObject: object)).write(
            to: URL(fileURLWithPath: space.path(scan)))
        for name in ["second.mp4", "third.mp4"] {
            let result = try space.render("cut.yaml", "-o", name, "--cache", "cache", "--progress", "none")
            #expect(result.status == 0 && result.stderr.contains("1 copied (50 frames)"), "\(result)")
            #expect(space.data(name) == space.data("first.mp4"))
        }
    }

    /// `cache prune` and `cache clear` run over and over while renders run:
    /// every render succeeds with the same file and counts that add up.
    @Test func rendersSucceedWhileTheCacheIsPrunedAndCleared() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write(
            "edit.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            tracks:
              - items: [{ pattern: counter, duration: 12s }]
            """)
        let reference = try space.render("edit.yaml", "-o", "reference.mp4", "--no-cache", "--progress", "none")
        #expect(reference.status == 0, "\(reference)")
        let stop = StopFlag()
        let stopped = DispatchSemaphore(value: 0)
        let shrinker = Thread {
            var round = 0
            while !stop.isSet {
                let arguments = round % 2 == 0 ? ["cache", "prune", "--max-size", "0"] : ["cache", "clear"]
                _ = try? CLI.run(arguments + ["--cache", "cache"], in: space.url)
                round += 1
            }
            stopped.signal()
        }
        shrinker.start()
        defer {
            stop.set()
            stopped.wait()
        }
        for round in 0..<6 {
            let name = "out\(round).mp4"
            let result = try space.render("edit.yaml", "-o", name, "--cache", "cache", "--jobs", "2", "--progress", "none")
            #expect(result.status == 0, "\(result)")
            let counts = result.stderr.firstMatch(of: /(\d+) chunks: (-?\d+) reused, (-?\d+) encoded\)/)
            let (chunks, reused, encoded) = (Int(counts?.1 ?? ""), Int(counts?.2 ?? ""), Int(counts?.3 ?? ""))
            #expect(chunks == 6 && (reused ?? -1) >= 0 && (encoded ?? -1) >= 0, "\(result)")
            #expect((reused ?? 0) + (encoded ?? 0) == 6, "\(result)")
            #expect(space.data(name) == space.data("reference.mp4"))
        }
    }
}

/// A flag one thread sets and another reads.
private final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = false
    var isSet: Bool { lock.withLock { stored } }
    func set() { lock.withLock { stored = true } }
}
