import ArgumentParser
import Backend
import Foundation

/// `render cache`: how big the chunk cache is; `clear` and `prune` shrink it.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show the chunk cache's size and folder.",
        subcommands: [Clear.self, Prune.self])

    @OptionGroup var options: CacheOptions<CacheFolder>

    func run() throws {
        let (bytes, chunks) = try options.open().usage()
        print(
            "\(options.directory): \(ByteCount.format(bytes)) in \(chunks) chunk\(chunks == 1 ? "" : "s") "
                + "(kept under \(ByteCount.format(ChunkCache.defaultLimit)))")
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove every chunk from the cache.")

        @OptionGroup var options: CacheOptions<CacheFolder>

        func run() throws {
            let cache = try options.open()
            let (bytes, chunks) = cache.usage()
            try options.failing { try cache.clear() }
            print("removed \(chunks) chunk\(chunks == 1 ? "" : "s") (\(ByteCount.format(bytes))) from \(options.directory)")
        }
    }

    struct Prune: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove the least recently used chunks until the cache is at most --max-size.")

        @OptionGroup var options: CacheOptions<CacheFolder>

        // Unconditional, so that '-1' is read as a (wrong) size, not as a missing one.
        @Option(
            parsing: .unconditional, help: ArgumentHelp("The size to shrink to, e.g. 2GiB, 500MiB, 1G.", valueName: "SIZE"),
            transform: OptionValue.bytes)
        var maxSize: Int64

        func run() throws {
            let cache = try options.open()
            let removed = try options.failing { try cache.prune(maxBytes: maxSize) }
            let (bytes, _) = cache.usage()
            print("removed \(removed) chunk\(removed == 1 ? "" : "s"); the cache holds \(ByteCount.format(bytes))")
        }
    }
}

/// Sizes as people write them: `2GiB`, `500MiB`, `1G` (binary units), or bytes.
enum ByteCount {
    static func parse(_ text: String) -> Int64? {
        let units: [(String, Int64)] = [
            ("KiB", 1 << 10), ("MiB", 1 << 20), ("GiB", 1 << 30), ("TiB", 1 << 40),
            ("KB", 1 << 10), ("MB", 1 << 20), ("GB", 1 << 30), ("TB", 1 << 40),
            ("K", 1 << 10), ("M", 1 << 20), ("G", 1 << 30), ("T", 1 << 40), ("B", 1), ("", 1),
        ]
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for (suffix, scale) in units where trimmed.uppercased().hasSuffix(suffix.uppercased()) {
            let number = trimmed.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)
            // Plain decimals only: Double also reads '0x10', '1e3', 'inf' and signs.
            guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                let value = Double(number), value * Double(scale) < 9e18
            else { continue }
            return Int64((value * Double(scale)).rounded())
        }
        return nil
    }

    static func format(_ bytes: Int64) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 ? "\(bytes) B" : String(format: "%.1f", value) + " " + units[unit]
    }
}
