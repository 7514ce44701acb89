import Compiler
import Crypto
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The cache folder: encoded chunks kept between renders, named by
/// fingerprint (SPEC 18), and what is remembered of sources and outputs. Its
/// parts each keep one thing: `chunks` (`ChunkStore`), the sources' content
/// hashes (`hashes`, `SourceHashes`), their copy scans (`scans`, `CopyScans`)
/// and what each output was joined from (`outputs`, `JoinedOutputs`); the
/// folder itself owns the layout, the writes, and pruning.
///
///     DIR/CUTLIST-CACHE              "cutlist-cache 1": the folder is a cache of this layout
///     DIR/chunks/ab/abcdef….chunk   one chunk (see `ChunkFile`)
///     DIR/sources/0123….hash        a source's SHA-256, keyed by path, size, mtime, inode
///     DIR/sources/4567…-video0.copy  what copying its packets needs (`CopyScan`), keyed by content
///     DIR/sources/89ab….output      what an output file was joined from, keyed by its path
///     DIR/tmp/NAME.partial-HOST-PID-RANDOM   writes in progress, renamed into place when whole
///
/// Every write lands by rename, so a killed render leaves at most a temporary
/// file, which the next render on its machine removes once its process is gone
/// (see `AbandonedFiles`). A chunk's last
/// use is its modification time: pruning removes the least recently used first.
/// Pruning and clearing remove only files named as above, in a folder that
/// carries the marker: a folder given by mistake keeps what it holds.
public final class ChunkCache: Sendable {
    public let directory: String
    /// The size `prune()` keeps the cache under.
    public let limit: Int64
    /// Why the folder cannot be written (a read-only mount, no permission); nil when it can.
    public let unwritable: String?
    /// A cache whose chunks and source facts are read when this one lacks them
    /// (a read-only cache, with this one beside the output for what is new).
    let lower: ChunkCache?

    public static let defaultLimit: Int64 = 5 << 30
    static let markerName = "CUTLIST-CACHE"
    static let format = "cutlist-cache 1"

    /// `$XDG_CACHE_HOME/cutlist`, else `~/.cache/cutlist`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/cutlist" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.cache/cutlist"
    }

    /// Opens the cache at `directory`: one that carries the marker, or a folder
    /// that is new, empty or holds only what Cutlist writes (a cache made before
    /// caches carried the marker), which is marked. Any other folder is refused.
    /// One that cannot be written is only read (`unwritable`).
    public init(directory: String, limit: Int64 = ChunkCache.defaultLimit, readingAlso lower: ChunkCache? = nil) throws {
        self.directory = directory
        self.limit = limit
        self.lower = lower
        let marker = directory + "/" + Self.markerName
        if try !Self.isMarked(directory), let foreign = Self.foreignEntry(in: directory) {
            // Another process may have marked the new folder since it was looked at.
            guard foreign == Self.markerName, try Self.isMarked(directory) else {
                throw RenderFailure(
                    "'\(directory)' is not a Cutlist cache folder: it holds '\(foreign)', which Cutlist did not write")
            }
        }
        let manager = FileManager.default
        for folder in ["chunks", "sources", "tmp"] {
            do {
                try manager.createDirectory(atPath: directory + "/" + folder, withIntermediateDirectories: true)
            } catch {
                throw RenderFailure("cannot use the cache folder '\(directory)': \(Self.reason(creating: directory))")
            }
        }
        unwritable = access(directory + "/tmp", W_OK) == 0 ? nil : String(cString: strerror(errno))
        guard unwritable == nil else { return }
        if !manager.fileExists(atPath: marker) {
            try write(Data((Self.format + "\n").utf8), to: marker, name: Self.markerName)
        }
        AbandonedFiles.remove(in: directory + "/tmp")
    }

    /// Whether the folder carries the marker; an error when it is another
    /// format's.
    private static func isMarked(_ directory: String) throws -> Bool {
        guard let data = FileManager.default.contents(atPath: directory + "/" + markerName) else { return false }
        let found = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard found == format else {
            throw RenderFailure("the cache folder '\(directory)' is '\(found.prefix(40))'; this renderer uses '\(format)'")
        }
        return true
    }

    /// Why a folder cannot be made, in words: the nearest existing ancestor is a
    /// file, or cannot be written.
    private static func reason(creating folder: String) -> String {
        var path = folder
        var isDirectory: ObjCBool = false
        while !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), path != "/" {
            path = (path as NSString).deletingLastPathComponent
        }
        if !isDirectory.boolValue { return "'\(path)' is a file, not a folder" }
        return "'\(path)' cannot be written"
    }

    /// Whether `path`, relative to the cache folder, is a folder or a file of
    /// the cache's layout.
    static func isCacheEntry(_ path: String, isFolder: Bool) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        func isHex(_ text: Substring, count: Int) -> Bool {
            text.count == count && text.allSatisfy { $0.isHexDigit && !$0.isUppercase }
        }
        let name = parts.last ?? ""
        switch (parts.count, parts[0], isFolder) {
        case (1, "chunks", true), (1, "sources", true), (1, "tmp", true): return true
        case (2, "chunks", true): return isHex(name, count: 2)
        case (3, "chunks", false):
            return name.hasPrefix(parts[1]) && name.hasSuffix(".chunk") && isHex(name.dropLast(6), count: 64)
        case (2, "sources", false):
            if name.hasSuffix(".hash") { return isHex(name.dropLast(5), count: 64) }
            if name.hasSuffix(".output") { return isHex(name.dropLast(7), count: 64) }
            guard name.hasSuffix(".copy"), let video = name.range(of: "-video") else { return false }
            return isHex(name[..<video.lowerBound], count: 64) && Int(name[video.upperBound...].dropLast(5)) != nil
        case (2, "tmp", _): return true  // writes in progress, whoever's library named them
        default: return false
        }
    }

    /// The first entry of an unmarked folder that is not part of a cache's
    /// layout; nil when the folder is missing, empty or holds only cache files.
    private static func foreignEntry(in directory: String) -> String? {
        guard let entries = FileManager.default.enumerator(atPath: directory) else { return nil }
        while let entry = entries.nextObject() as? String {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: directory + "/" + entry, isDirectory: &isFolder)
            if !isCacheEntry(entry, isFolder: isFolder.boolValue) { return entry }
        }
        return nil
    }

    // MARK: Parts

    /// The encoded chunks, by fingerprint.
    public var chunks: ChunkStore { ChunkStore(cache: self) }
    /// Source files' content hashes, by where and what each file is.
    var hashes: SourceHashes { SourceHashes(cache: self) }
    /// What copying a source's packets needs, by content.
    var scans: CopyScans { CopyScans(cache: self) }
    /// What each output file was joined from, by its path.
    var outputs: JoinedOutputs { JoinedOutputs(cache: self) }
    /// The checked files the three memos keep their values in.
    var sideFiles: SideFiles { SideFiles(cache: self) }

    /// Writes `data` as the file at `path` through a temporary file in `tmp/`
    /// (on the cache's file system).
    func write(_ data: Data, to path: String, name: String) throws {
        do {
            try TemporaryFile(for: path, in: directory + "/tmp", prefix: name).write(data)
        } catch {
            throw writeFailure(error.code)
        }
    }

    /// Says why (read-only, full, not allowed...) a write failed.
    private func writeFailure(_ code: Int32) -> RenderFailure {
        RenderFailure("cannot write to the cache folder '\(directory)': \(String(cString: strerror(code)))")
    }

    // MARK: Size

    /// Bytes and number of the chunks stored.
    public func usage() -> (bytes: Int64, chunks: Int) {
        let files = chunkFiles()
        return (files.reduce(0) { $0 + $1.size }, files.count)
    }

    /// Removes least recently used chunks until the cache holds at most
    /// `maxBytes` (its limit by default). Returns how many were removed.
    @discardableResult
    public func prune(maxBytes: Int64? = nil) throws -> Int {
        let bound = maxBytes ?? limit
        var files = chunkFiles().sorted { ($0.used, $0.path) < ($1.used, $1.path) }
        var total = files.reduce(0) { $0 + $1.size }
        var removed = 0
        while total > bound, !files.isEmpty {
            let oldest = files.removeFirst()
            if try remove(oldest.path) { removed += 1 }
            total -= oldest.size
        }
        return removed
    }

    /// Removes every chunk and remembered hash: the files of the cache's
    /// layout, nothing else the folders hold.
    public func clear() throws {
        for folder in ["chunks", "sources"] {
            let entries = FileManager.default.enumerator(atPath: directory + "/" + folder)?.allObjects as? [String] ?? []
            for entry in entries where Self.isCacheEntry(folder + "/" + entry, isFolder: false) {
                _ = try remove(directory + "/" + folder + "/" + entry)
            }
        }
    }

    /// Removes one file of the cache; false when it was already gone (another
    /// process pruned it).
    private func remove(_ path: String) throws -> Bool {
        if unlink(path) == 0 { return true }
        guard errno == ENOENT else {
            throw RenderFailure("cannot remove files from the cache folder '\(directory)': \(String(cString: strerror(errno)))")
        }
        return false
    }

    private func chunkFiles() -> [(path: String, size: Int64, used: Int64)] {
        let root = directory + "/chunks"
        var files: [(path: String, size: Int64, used: Int64)] = []
        for folder in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []
            where Self.isCacheEntry("chunks/\(folder)/\(name)", isFolder: false) {
                let path = "\(root)/\(folder)/\(name)"
                var info = stat()
                guard stat(path, &info) == 0 else { continue }
                files.append(
                    (path, Int64(info.st_size), Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)))
            }
        }
        return files
    }

    static func hashFile(_ path: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw RenderFailure("cannot read '\(path)'") }
        defer { try? handle.close() }
        var hasher = SHA256()
        while true {
            let block: Data?
            do {
                block = try handle.read(upToCount: 1 << 20)
            } catch {
                throw RenderFailure("cannot read '\(path)': \(error.localizedDescription)")
            }
            guard let block, !block.isEmpty else { break }
            hasher.update(data: block)
        }
        return ContentHash.hex(hasher.finalize())
    }
}
