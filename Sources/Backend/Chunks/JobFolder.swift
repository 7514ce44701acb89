import Compiler
import EDLParser
import Foundation

/// A render split into tasks for many machines (SPEC 19): a folder on storage
/// they all see, holding what every task and the join need, so that none of
/// them compiles the project or reads a source it does not render.
///
///     JOBDIR/manifest.json   format, plan, chunks, tasks (see `JobManifest`)
///     JOBDIR/cache/          a chunk cache: each task's chunks land here
///
/// Tasks share the cache's format and its atomic writes: a task run twice (a
/// scheduler's retry) finds its chunks and encodes nothing, and a task killed
/// half-way leaves no chunk that the join would trust.
public struct JobFolder: Sendable {
    public let directory: String
    static let format = "cutlist-job 1"

    public init(directory: String) {
        self.directory = URL(fileURLWithPath: directory).standardizedFileURL.path
    }

    public var manifestPath: String { directory + "/manifest.json" }
    public var cacheDirectory: String { directory + "/cache" }

    /// The job's chunk cache, never pruned: it holds the job's chunks until the join.
    func cache() throws -> ChunkCache { try ChunkCache(directory: cacheDirectory, limit: .max) }

    /// Writes the job for `plan` in `tasks` tasks of about equal cost; returns the manifest.
    @discardableResult
    public static func split(_ plan: RenderPlan, into directory: String, tasks: Int) throws -> JobManifest {
        let folder = JobFolder(directory: directory)
        try FileManager.default.createDirectory(atPath: folder.directory, withIntermediateDirectories: true)
        let cache = try folder.cache()
        let layout = try ChunkedRenderer(plan: plan, cache: cache).layout(window: nil)
        let manifest = JobManifest(
            format: format, plan: plan, chunks: layout.chunks, copy: layout.copy,
            scans: layout.scans.map { JobManifest.Scan(source: $0.key, scan: $0.value) }.sorted { $0.source < $1.source },
            tasks: Self.tasks(layout.chunks, count: max(1, tasks)))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try cache.write(try encoder.encode(manifest), to: folder.manifestPath, name: "manifest.json")
        return manifest
    }

    /// Contiguous runs of the chunks to render, of about equal cost (frames ×
    /// layers); copy chunks cost nothing here, the join copies them.
    static func tasks(_ chunks: [Chunk], count: Int) -> [[Int]] {
        let rendered = chunks.indices.filter { chunks[$0].kind == .render }
        let cost = { (index: Int) in Int64(chunks[index].frames.count) * Int64(max(chunks[index].layers.count, 1)) }
        let total = rendered.reduce(Int64(0)) { $0 + cost($1) }
        var tasks: [[Int]] = [[]]
        var done: Int64 = 0
        for index in rendered {
            // A new task once this one has its share, while tasks are left to fill.
            if !tasks[tasks.count - 1].isEmpty, tasks.count < count, done * Int64(count) >= total * Int64(tasks.count) {
                tasks.append([])
            }
            tasks[tasks.count - 1].append(index)
            done += cost(index)
        }
        while tasks.count < count { tasks.append([]) }
        return tasks
    }

    /// The manifest, with the sources' paths moved from the project's folder to
    /// `root` when given (the same storage mounted elsewhere).
    public func load(root: String? = nil) throws -> JobManifest {
        guard let data = FileManager.default.contents(atPath: manifestPath) else {
            throw RenderFailure("'\(directory)' holds no job: no manifest.json (make one with render split)")
        }
        var manifest: JobManifest
        do {
            manifest = try JSONDecoder().decode(JobManifest.self, from: data)
        } catch {
            throw RenderFailure("the job's manifest in '\(directory)' cannot be read: \(error)")
        }
        guard manifest.format == Self.format else {
            throw RenderFailure("the job in '\(directory)' is '\(manifest.format)'; this renderer reads '\(Self.format)'")
        }
        let projectFolder = manifest.plan.directory
        if let root { manifest.plan.moveSources(to: URL(fileURLWithPath: root).standardizedFileURL.path) }
        // Found here, before any work: a task on a machine that mounts the project elsewhere.
        for path in manifest.plan.inputFiles where !FileManager.default.fileExists(atPath: path) {
            throw RenderFailure(
                "'\(path)' is not on this machine; "
                    + (root == nil
                        ? "if the project's folder '\(projectFolder)' is mounted elsewhere here, give --root DIR"
                        : "--root names where the project's folder '\(projectFolder)' is mounted here"))
        }
        return manifest
    }

    /// Renders task `index`: its chunks not yet in the job's cache, on `jobs` workers.
    /// Returns how many it encoded.
    public func runTask(
        _ index: Int, root: String? = nil, jobs: Int = 1, isCancelled: @escaping @Sendable () -> Bool = { false }
    ) throws -> Int {
        let manifest = try load(root: root)
        guard manifest.tasks.indices.contains(index) else {
            throw RenderFailure("the job has tasks 0 to \(manifest.tasks.count - 1), not \(index)")
        }
        let cache = try cache()
        var seen: Set<String> = []
        let missing = manifest.tasks[index].map { manifest.chunks[$0] }.filter {
            seen.insert($0.fingerprint).inserted && !cache.contains($0.fingerprint)
        }
        guard !missing.isEmpty else { return 0 }
        let encoder = ChunkEncoder(plan: manifest.plan, cache: cache, copy: manifest.copy)
        try ChunkWorkers(encoder: encoder, chunks: missing, jobs: jobs, isCancelled: isCancelled).finish()
        return missing.count
    }

    /// The tasks whose chunks are not all in the job's cache.
    private func missingTasks(of manifest: JobManifest, in cache: ChunkCache) -> [Int] {
        manifest.tasks.indices.filter { task in
            manifest.tasks[task].contains { !cache.contains(manifest.chunks[$0].fingerprint) }
        }
    }

    /// Joins the finished tasks' chunks and the sound into the file at `path`,
    /// as `render PROJECT` writes it.
    public func join(
        _ manifest: JobManifest, to path: String, isCancelled: @escaping @Sendable () -> Bool = { false }
    ) throws {
        let cache = try cache()
        let missing = missingTasks(of: manifest, in: cache)
        guard missing.isEmpty else {
            throw RenderFailure(
                "the job is not finished: task\(missing.count == 1 ? "" : "s") \(missing.map(String.init).joined(separator: ", ")) "
                    + "\(missing.count == 1 ? "has" : "have") not written all \(missing.count == 1 ? "its" : "their") chunks")
        }
        let encoder = ChunkEncoder(plan: manifest.plan, cache: cache, copy: manifest.copy)
        let scans = Dictionary(uniqueKeysWithValues: manifest.scans.map { ($0.source, $0.scan) })
        _ = try ChunkJoiner(encoder: encoder, scans: scans).join(
            manifest.chunks, window: 0..<manifest.plan.output.frameCount, into: path, isCancelled: isCancelled
        ) { _ in }
    }
}

/// What `render split` writes: everything the tasks and the join need.
public struct JobManifest: Codable, Sendable {
    public struct Scan: Codable, Sendable {
        var source: SourceID
        var scan: CopyScan
    }

    public var format: String
    public var plan: RenderPlan
    /// Every chunk of the output, in order.
    public var chunks: [Chunk]
    /// Set when some chunks are copied from sources.
    var copy: CopyStream?
    /// What copying reads from each copied source.
    var scans: [Scan]
    /// Per task, the indices of the chunks it renders.
    public var tasks: [[Int]]
}

extension RenderPlan {
    /// Moves the file sources under the project's folder to the same places under `root`.
    mutating func moveSources(to root: String) {
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        for index in sources.indices {
            switch sources[index].kind {
            case .file(var file) where file.path.hasPrefix(base):
                file.path = root + "/" + file.path.dropFirst(base.count)
                sources[index].kind = .file(file)
            case .lut(let path) where path.hasPrefix(base):
                sources[index].kind = .lut(path: root + "/" + path.dropFirst(base.count))
            case .composition(let name, var plan):
                plan.moveSources(to: root)
                sources[index].kind = .composition(name: name, plan)
            default: continue
            }
        }
    }
}
