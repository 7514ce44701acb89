import Foundation
import Testing

@testable import Backend

/// Outputs and cache files are put in place the same way: a temporary file
/// named `….partial-HOST-PID-RANDOM` beside the destination, renamed when whole,
/// removed when that fails.
@Suite struct TemporaryFileTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "cutlist-temporary-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    private func listing(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// The message of the `RenderFailure` that `body` throws.
    private func failure(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return (error as? RenderFailure)?.message
        }
    }

    @Test func anOutputIsWrittenBesideItAndMovedIntoPlace() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = SafeOutput(destination: folder + "/out.mp4")
        let name = String(output.temporary.dropFirst(folder.count + 1))
        let tag = ".out.partial-\(AbandonedFiles.host)-\(getpid())-"
        #expect(name.hasPrefix(tag) && name.hasSuffix(".mp4"), "\(name)")
        #expect(name.dropFirst(tag.count).dropLast(4).allSatisfy { $0.isHexDigit }, "\(name)")
        try Data("frames".utf8).write(to: URL(fileURLWithPath: output.temporary))
        try output.commit()
        #expect(listing(folder) == ["out.mp4"])
        #expect(FileManager.default.contents(atPath: folder + "/out.mp4") == Data("frames".utf8))
    }

    @Test func anOutputThatCannotBeMovedIsRemovedAndSaysWhy() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/out.mp4/inside", withIntermediateDirectories: true)
        let output = SafeOutput(destination: folder + "/out.mp4")
        try Data("frames".utf8).write(to: URL(fileURLWithPath: output.temporary))
        let message = failure { try output.commit() }
        #expect(
            message == "cannot move the finished render to '\(folder)/out.mp4': Is a directory")
        #expect(listing(folder) == ["out.mp4"], "the temporary file is gone")
    }

    @Test func aCacheFileIsWrittenThroughTmpAndRemovedWhenItCannotLand() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = try ChunkCache(directory: folder + "/cache")
        try cache.write(Data("value".utf8), to: folder + "/cache/sources/a.hash", name: "a.hash")
        #expect(FileManager.default.contents(atPath: folder + "/cache/sources/a.hash") == Data("value".utf8))
        let message = failure { try cache.write(Data("value".utf8), to: folder + "/cache/missing/b.hash", name: "b.hash") }
        #expect(
            message == "cannot write to the cache folder '\(folder)/cache': No such file or directory")
        #expect(listing(folder + "/cache/tmp").isEmpty, "the temporary file is gone")
    }
}
