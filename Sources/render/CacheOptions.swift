import ArgumentParser
import Backend
import Foundation

/// `--cache DIR` and `--no-cache`, shared by the commands that use the chunk cache.
struct CacheOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp("The chunk cache folder (default: $XDG_CACHE_HOME/cutlist, else ~/.cache/cutlist).", valueName: "DIR"))
    var cache: String?

    @Flag(help: "Keep no chunks between renders: chunks live in a temporary folder beside the output.")
    var noCache = false

    func validate() throws {
        if noCache, cache != nil { throw ValidationError("--cache and --no-cache cannot be used together") }
    }

    /// The folder as given (relative to the working directory) or the default.
    var directory: String {
        cache.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? ChunkCache.defaultDirectory()
    }

    /// Runs `body` with the cache, or with a temporary one at `scratch` that is
    /// removed afterwards when `--no-cache` was given.
    func using<T>(scratch: String, _ body: (ChunkCache) throws -> T) throws -> T {
        guard noCache else { return try body(try open()) }
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        return try body(try ChunkCache(directory: scratch))
    }

    /// The cache; a folder that cannot be made or written is an I/O failure (exit 1).
    func open() throws -> ChunkCache {
        do {
            return try ChunkCache(directory: directory)
        } catch let failure as RenderFailure {
            Terminal.printError(
                "error: \(failure.message)\nhint: choose another folder with --cache DIR, or render with --no-cache")
            throw ExitCode(1)
        }
    }
}
