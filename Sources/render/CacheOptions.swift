import ArgumentParser
import Backend
import Compiler
import Foundation

/// What the cache is to a command, and so what `--no-cache` says there.
protocol CacheUse {
    /// `--no-cache`'s help; nil where it is not taken (the cache commands work on the folder itself).
    static var noCacheHelp: String? { get }
}

/// `render`: chunks are kept between renders.
enum RenderingCache: CacheUse {
    static let noCacheHelp: String? = "Keep no chunks between renders: chunks live in a temporary folder beside the output."
}

/// `plan` and `diff`: the cache remembers the sources' hashes that name chunks.
enum FingerprintCache: CacheUse {
    static let noCacheHelp: String? =
        "Leave the cache alone: hash the sources afresh, in a temporary folder, instead of reading the hashes it remembers."
}

/// `render cache`: the folder is what the command works on.
enum CacheFolder: CacheUse {
    static let noCacheHelp: String? = nil
}

/// `--cache DIR` and `--no-cache`, shared by the commands that use the chunk cache.
struct CacheOptions<Use: CacheUse>: ParsableArguments {
    @Option(
        help: ArgumentHelp("The chunk cache folder (default: $XDG_CACHE_HOME/cutlist, else ~/.cache/cutlist).", valueName: "DIR"))
    var cache: String?

    @Flag(help: ArgumentHelp(Use.noCacheHelp ?? "", visibility: Use.noCacheHelp == nil ? .private : .default))
    var noCache = false

    func validate() throws {
        if noCache, Use.noCacheHelp == nil {
            throw ValidationError("render cache works on the cache folder: --no-cache would leave it none to work on")
        }
        if noCache, cache != nil { throw ValidationError("--cache and --no-cache cannot be used together") }
        // An unset variable names the working directory, whose files are no cache.
        if cache == "" { throw ValidationError("--cache takes a folder, not an empty name (is the variable giving it set?)") }
    }

    /// The folder as given (relative to the working directory) or the default.
    var directory: String {
        cache.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? ChunkCache.defaultDirectory()
    }

    /// Runs `body` with the cache, or with a temporary one at `scratch` that is
    /// removed afterwards: when `--no-cache` was given, or in front of a cache
    /// that cannot be written (which is read, and said so unless `quiet`).
    func using<T>(scratch: String, quiet: Bool = false, _ body: (ChunkCache) throws -> T) throws -> T {
        var readOnly: ChunkCache?
        if !noCache {
            let cache = try open()
            guard let reason = cache.unwritable else { return try body(cache) }
            if !quiet {
                Terminal.printError(
                    "note: the cache folder '\(directory)' cannot be written (\(reason)): its chunks are used, nothing new is kept"
                )
            }
            readOnly = cache
        }
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        return try body(try ChunkCache(directory: scratch, readingAlso: readOnly))
    }

    /// The plan laid out in chunks, with their fingerprints (which name sources
    /// by content, their hashes remembered in the cache), and its sound's
    /// segments; nil for a plan that is not rendered in chunks. A failure is
    /// printed and ends the command with status 1.
    func job(of plan: RenderPlan) throws -> RenderJob? {
        guard RenderJob.canChunk(plan) else { return nil }
        let scratch = NSTemporaryDirectory() + "/cutlist-chunks-\(ProcessInfo.processInfo.processIdentifier)"
        do {
            return try using(scratch: scratch) { try RenderJob(plan: plan, cache: $0) }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            Terminal.printError("error: cannot list the chunks: \(error)")
            throw ExitCode(1)
        }
    }

    /// The cache; a folder that cannot be made or written is an I/O failure (exit 1).
    func open() throws -> ChunkCache {
        try failing { try ChunkCache(directory: directory) }
    }

    /// Runs `body` on the cache; a failure is printed with a hint and ends the command with status 1.
    func failing<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let failure as RenderFailure {
            Terminal.printError(
                "error: \(failure.message)\nhint: choose another folder with --cache DIR, or render with --no-cache")
            throw ExitCode(1)
        }
    }
}
