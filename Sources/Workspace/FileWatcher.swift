import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Waits for changes to a set of files, through Linux's inotify on their
/// folders (editors often save by writing a new file and renaming it over the
/// old one, which a watch on the file itself would miss). One watcher lives as
/// long as `--watch` does, so a save made while a render runs stays queued in
/// the kernel until the render ends. Sleeps in `poll` between events: no loop spins.
/// A folder removed or moved away (a `git checkout` of another branch, a sync
/// tool) is looked for again at each wake-up, and once it is back its files
/// count as changed.
public final class FileWatcher {
    private let descriptor: Int32
    /// Per watch, its folder and the names in it that count.
    private var folders: [Int32: (path: String, names: Set<String>)] = [:]
    /// Folders with names that count that are not there now, by path.
    private var gone: [String: Set<String>] = [:]
    private static let events =
        UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_DELETE_SELF)
        | UInt32(IN_MOVE_SELF)

    public init() throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw Failure(message: "cannot watch files: \(String(cString: strerror(errno)))") }
    }

    deinit { close(descriptor) }

    /// Makes `paths` (absolute) the files that count from now on, keeping the
    /// folders watched before: their queued events are read against the new set.
    public func watch(_ paths: [String]) {
        var byFolder: [String: Set<String>] = [:]
        for path in paths {
            let url = URL(fileURLWithPath: path)
            byFolder[url.deletingLastPathComponent().path, default: []].insert(url.lastPathComponent)
        }
        for (watch, folder) in folders { folders[watch]?.names = byFolder[folder.path] ?? [] }
        gone = gone.filter { byFolder[$0.key] != nil }
        for (folder, names) in byFolder where !folders.values.contains(where: { $0.path == folder }) {
            let watch = inotify_add_watch(descriptor, folder, Self.events)
            if watch >= 0 { folders[watch] = (folder, names) } else { gone[folder] = names }
        }
    }

    /// Watches again the folders that are back; their files that exist, as changed.
    private func revive() -> [String] {
        var back: [String] = []
        for (folder, names) in gone {
            let watch = inotify_add_watch(descriptor, folder, Self.events)
            guard watch >= 0 else { continue }
            gone[folder] = nil
            folders[watch] = (folder, names)
            back += names.map { folder + "/" + $0 }.filter { FileManager.default.fileExists(atPath: $0) }.sorted()
        }
        return back
    }

    /// Where an event's name length sits in its header: `len` is the header's last field,
    /// after `wd`, `mask` and `cookie` (the name follows the header).
    private static let lengthOffset = MemoryLayout<inotify_event>.size - MemoryLayout<UInt32>.size

    public struct Failure: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The files that changed, `already` first, once changes have settled for
    /// `quiet` seconds (a save is often several writes); waits for a first change
    /// only when `already` is empty. `nil` when `isCancelled` becomes true.
    public func waitForChange(already: [String] = [], quiet: Double = 0.2, isCancelled: () -> Bool) -> [String]? {
        var changed = already
        while true {
            let timeout = changed.isEmpty ? 250 : Int32(quiet * 1000)
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, timeout)
            if isCancelled() { return nil }
            let back = revive()
            for path in back where !changed.contains(path) { changed.append(path) }
            if ready > 0 {
                for path in read() where !changed.contains(path) { changed.append(path) }
            } else if !changed.isEmpty && back.isEmpty {
                return changed
            }
        }
    }

    /// The watched files named by the events waiting.
    private func read() -> [String] {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return [] }
        var paths: [String] = []
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let (watch, mask, length) = buffer.withUnsafeBytes { bytes in
                (
                    bytes.load(fromByteOffset: offset, as: Int32.self),
                    bytes.load(fromByteOffset: offset + MemoryLayout<Int32>.size, as: UInt32.self),
                    Int(bytes.load(fromByteOffset: offset + Self.lengthOffset, as: UInt32.self))
                )
            }
            // The folder itself was removed or moved away: looked for again by its path.
            if mask & (UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_IGNORED)) != 0, let folder = folders[watch] {
                folders[watch] = nil
                gone[folder.path] = folder.names
                if mask & UInt32(IN_MOVE_SELF) != 0 { inotify_rm_watch(descriptor, watch) }
            }
            let nameBytes = buffer[(offset + header)..<min(offset + header + length, count)].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            if let folder = folders[watch], folder.names.contains(name) { paths.append(folder.path + "/" + name) }
            offset += header + length
        }
        return paths
    }
}
