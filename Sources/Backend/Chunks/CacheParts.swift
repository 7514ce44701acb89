import Compiler
import Crypto
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The cache's encoded chunks (`chunks/ab/abcdef….chunk`, see `ChunkFile`),
/// named by fingerprint; a chunk's last use is its modification time.
public struct ChunkStore: Sendable {
    let cache: ChunkCache

    private func path(_ fingerprint: String) -> String {
        "\(cache.directory)/chunks/\(fingerprint.prefix(2))/\(fingerprint).chunk"
    }

    /// Whether a chunk is stored under `fingerprint`; marks it used where the
    /// cache can be written. Whether it is intact is found when it is loaded.
    public func contains(_ fingerprint: String) -> Bool {
        let path = path(fingerprint)
        return utimes(path, nil) == 0 || access(path, F_OK) == 0 || cache.lower?.chunks.contains(fingerprint) == true
    }

    /// The chunk stored under `fingerprint`, if it is there and intact. Anything
    /// else found under its name (damaged, another chunk's, a folder) is removed,
    /// so that the chunk is encoded again and the next render finds it whole.
    func load(_ fingerprint: String) -> ChunkFile? {
        let path = path(fingerprint)
        if let data = FileManager.default.contents(atPath: path), let chunk = ChunkFile(decoding: data, as: fingerprint) {
            return chunk
        }
        try? FileManager.default.removeItem(atPath: path)
        return cache.lower?.chunks.load(fingerprint)
    }

    func store(_ chunk: ChunkFile, as fingerprint: String) throws {
        let path = path(fingerprint)
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try cache.write(chunk.encoded(as: fingerprint), to: path, name: fingerprint)
    }
}

/// Source files' SHA-256 (`sources/0123….hash`), each read once and
/// remembered while the file keeps its path, size, modification time and inode.
struct SourceHashes: Sendable {
    let cache: ChunkCache

    func contentHash(ofFile path: String) throws -> String {
        let name = try Self.name(ofFile: path)
        if let data = cache.sideFiles.value(name), data.count == 64 { return String(decoding: data, as: UTF8.self) }
        let hash = try ChunkCache.hashFile(path)
        try cache.sideFiles.keep(Data(hash.utf8), as: name)
        return hash
    }

    /// The hash remembered for the file now at `path`, without reading it.
    func remembered(ofFile path: String) -> String? {
        (try? Self.name(ofFile: path)).flatMap { cache.sideFiles.value($0) }.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Forgets the hash of the file now at `path`.
    func forget(ofFile path: String) {
        if let name = try? Self.name(ofFile: path) { cache.sideFiles.remove(name) }
    }

    /// The name a file's hash is remembered under: its path, size, modification time, device and inode.
    private static func name(ofFile path: String) throws -> String {
        let identity: FileIdentity
        do {
            identity = try FileIdentity(path: path)
        } catch {
            throw RenderFailure(error.message)
        }
        return ContentHash.sha256("\(path)\n\(identity.key)") + ".hash"
    }
}

/// What copying a source's video stream needs (`CopyScan`,
/// `sources/4567…-video0.copy`), found once per content.
struct CopyScans: Sendable {
    let cache: ChunkCache

    /// The scan of `file`'s video stream; nil when its packets cannot be copied.
    func scan(of file: FileSource) throws -> CopyScan? {
        let name = Self.name(hash: try cache.hashes.contentHash(ofFile: file.path), of: file)
        if let data = cache.sideFiles.value(name), let kept = try? JSONDecoder().decode(Kept.self, from: data) {
            return kept.scan
        }
        let scan = try CopyScan.scan(file)
        if let data = try? JSONEncoder().encode(Kept(scan: scan)) { try cache.sideFiles.keep(data, as: name) }
        return scan
    }

    /// Forgets what is remembered of `file` (its scan and its hash), which the
    /// file itself contradicted: the next render reads it again.
    func forget(_ file: FileSource) {
        if let hash = cache.hashes.remembered(ofFile: file.path) { cache.sideFiles.remove(Self.name(hash: hash, of: file)) }
        cache.hashes.forget(ofFile: file.path)
    }

    private static func name(hash: String, of file: FileSource) -> String {
        "\(hash)-video\(file.videoStream ?? -1).copy"
    }

    /// A scan, or none: a source that cannot be copied is remembered too.
    private struct Kept: Codable {
        var scan: CopyScan?
    }
}

/// What each output file was joined from (`sources/89ab….output`), by its
/// path: what lets a render leave an up-to-date output as it is.
struct JoinedOutputs: Sendable {
    let cache: ChunkCache

    /// The fingerprint of what the output at `path` was joined from, as
    /// remembered by `remember`, while the file there is still the one written
    /// then (same size, modification time, device and inode); nil for a file
    /// made or changed otherwise.
    func fingerprint(ofOutput path: String) -> String? {
        guard let identity = try? FileIdentity(path: path), let data = cache.sideFiles.value(Self.name(path)) else {
            return nil
        }
        let text = String(decoding: data, as: UTF8.self)
        guard let newline = text.lastIndex(of: "\n"), text[..<newline] == identity.key else { return nil }
        return String(text[text.index(after: newline)...])
    }

    /// Remembers that the output now at `path` was joined from `fingerprint`.
    func remember(output path: String, fingerprint: String) throws {
        let identity: FileIdentity
        do {
            identity = try FileIdentity(path: path)
        } catch {
            throw RenderFailure(error.message)
        }
        try cache.sideFiles.keep(Data((identity.key + "\n" + fingerprint).utf8), as: Self.name(path))
    }

    private static func name(_ path: String) -> String {
        ContentHash.sha256("output\n" + path) + ".output"
    }
}

/// The values the memos keep in `sources/`, each in a file checked like a chunk:
///
///     "cutlist-side 1\n"
///     SHA-256 (hex) of the name, a newline and the value, then "\n"
///     the value
struct SideFiles: Sendable {
    let cache: ChunkCache

    private static let format = "cutlist-side 1\n"

    private static func checksum(_ value: Data, name: String) -> String {
        var hasher = SHA256()
        hasher.update(data: Data((name + "\n").utf8))
        hasher.update(data: value)
        return ContentHash.hex(hasher.finalize())
    }

    /// The value kept as `name`, else the lower cache's; a file that is not one
    /// (damaged, edited, of another format or name) is removed and is a miss.
    func value(_ name: String) -> Data? {
        let path = "\(cache.directory)/sources/\(name)"
        guard let data = FileManager.default.contents(atPath: path) else { return cache.lower?.sideFiles.value(name) }
        let header = Data(Self.format.utf8)
        let start = header.count + 65
        if data.count >= start, data.prefix(header.count) == header, data[data.startIndex + start - 1] == UInt8(ascii: "\n") {
            let value = data.suffix(from: data.startIndex + start)
            let checksum = data[(data.startIndex + header.count)..<(data.startIndex + start - 1)]
            if String(decoding: checksum, as: UTF8.self) == Self.checksum(value, name: name) { return Data(value) }
        }
        unlink(path)
        return cache.lower?.sideFiles.value(name)
    }

    func keep(_ value: Data, as name: String) throws {
        let stored = Data((Self.format + Self.checksum(value, name: name) + "\n").utf8) + value
        try cache.write(stored, to: "\(cache.directory)/sources/\(name)", name: name)
    }

    func remove(_ name: String) {
        unlink("\(cache.directory)/sources/\(name)")
    }
}
