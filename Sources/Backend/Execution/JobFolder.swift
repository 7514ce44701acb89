import Compiler
import EDLParser
import Foundation

/// A render split into tasks for many machines (SPEC 19): a folder on storage
/// they all see, holding what every task and the join need, so that none of
/// them compiles the project or reads a source it does not render.
///
///     JOBDIR/manifest.json   format, plan, chunks, sound segments, tasks (see `JobManifest`)
///     JOBDIR/cache/          a chunk cache: each task's chunks and sound segments land here
///
/// Tasks share the cache's format and its atomic writes: a task run twice (a
/// scheduler's retry) finds its chunks and encodes nothing, and a task killed
/// half-way leaves no chunk that the join would trust.
public struct JobFolder: Sendable {
    public let directory: String
    /// Raised whenever the manifest's keys change, the plan's among them.
    static let version = 3
    static let format = "cutlist-job \(version)"

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
        let job = try RenderJob(plan: plan, cache: cache)
        let chunkTasks = Self.tasks(job.chunks, count: tasks)
        let manifest = JobManifest(
            format: format, plan: plan, chunks: job.chunks, copy: job.copy, sound: job.sound,
            scans: job.scans.map { JobManifest.Scan(source: $0.key, scan: $0.value) }.sorted { $0.source < $1.source },
            tasks: chunkTasks, soundTasks: Self.soundTasks(job.sound?.count ?? 0, count: chunkTasks.count))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try cache.write(try encoder.encode(manifest), to: folder.manifestPath, name: "manifest.json")
        return manifest
    }

    /// Contiguous runs of the chunks to render, of about equal cost (frames ×
    /// layers), at most one per chunk (one when none is rendered); copy chunks
    /// cost nothing here, the join copies them.
    static func tasks(_ chunks: [Chunk], count requested: Int) -> [[Int]] {
        let rendered = chunks.indices.filter { chunks[$0].kind == .render }
        let count = max(1, min(requested, rendered.count))
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

    /// The sound's segments shared out in contiguous runs over `count` tasks
    /// (segment `i` in task `i × count / segments`), decided by the job alone,
    /// not by the workers of any machine.
    static func soundTasks(_ segments: Int, count: Int) -> [[Int]] {
        var tasks = [[Int]](repeating: [], count: count)
        for index in 0..<segments { tasks[index * count / segments].append(index) }
        return tasks
    }

    /// The manifest, with the sources' paths moved from the project's folder to
    /// `root` when given (the same storage mounted elsewhere).
    public func load(root: String? = nil) throws -> JobManifest {
        guard let data = FileManager.default.contents(atPath: manifestPath) else {
            throw RenderFailure("'\(directory)' holds no job: no manifest.json (make one with render split)")
        }
        func decoded<Value: Decodable>(_ type: Value.Type) throws -> Value {
            do {
                return try JSONDecoder().decode(type, from: data)
            } catch let error as DecodingError {
                throw damaged(error.keyPath, error.problem)
            } catch {
                throw RenderFailure("the job's manifest '\(manifestPath)' is not JSON: \(error.localizedDescription)")
            }
        }
        // The format first: another format's keys are not this one's.
        let format = try decoded(JobManifest.Format.self).format
        guard format == Self.format else { throw otherFormat(format) }
        var manifest = try decoded(JobManifest.self)
        if let (key, problem) = manifest.fault() { throw damaged(key, problem) }
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

    /// A manifest in another format than this renderer's: made by an older
    /// or newer Cutlist (`cutlist-job N`), or not by Cutlist.
    private func otherFormat(_ format: String) -> RenderFailure {
        let found = "its manifest's format is '\(format)', this renderer reads '\(Self.format)'"
        guard format.hasPrefix("cutlist-job "), let version = Int(format.dropFirst("cutlist-job ".count)) else {
            return RenderFailure("the job in '\(directory)' is not one this renderer reads: \(found)")
        }
        return RenderFailure(
            version < Self.version
                ? "the job in '\(directory)' was made by an older version of Cutlist (\(found)); "
                    + "make the job again with render split"
                : "the job in '\(directory)' was made by a newer version of Cutlist (\(found)); "
                    + "run its tasks and join with that version, or make the job again with this one's render split")
    }

    /// A manifest that does not hold together: it may be half-copied or edited by hand.
    private func damaged(_ key: String, _ problem: String) -> RenderFailure {
        RenderFailure(
            "the job's manifest '\(manifestPath)' is damaged at \(key): \(problem); make the job again with render split")
    }

    /// Renders task `index`: its chunks and sound segments not yet in the
    /// job's cache, on `jobs` workers. Returns how many of each it encoded (no
    /// sound count when the job's sound is mixed in one pass at the join).
    public func runTask(
        _ index: Int, root: String? = nil, jobs: Int = 1, isCancelled: @escaping @Sendable () -> Bool = { false }
    ) throws -> (chunks: Int, sound: Int?) {
        let manifest = try load(root: root)
        guard manifest.tasks.indices.contains(index) else {
            throw RenderFailure("the job has tasks 0 to \(manifest.tasks.count - 1), not \(index)")
        }
        let done = try Executor(manifest.job, cache: try cache(), jobs: jobs).fill(
            manifest.work(of: index), isCancelled: isCancelled)
        return (done.chunks, manifest.sound == nil ? nil : done.sound)
    }

    /// The tasks whose chunks or sound segments are not all in the job's cache.
    private func missingTasks(of manifest: JobManifest, in cache: ChunkCache) -> [Int] {
        manifest.tasks.indices.filter { task in
            manifest.work(of: task).contains { !cache.chunks.contains($0.fingerprint) }
        }
    }

    /// Joins the finished tasks' chunks and sound segments into the file at
    /// `path`, as `render PROJECT` writes it. Returns how many chunks and sound
    /// segments had to be encoded again (damaged in the cache since their task).
    @discardableResult
    public func join(
        _ manifest: JobManifest, to path: String, isCancelled: @escaping @Sendable () -> Bool = { false }
    ) throws -> (chunks: Int, sound: Int) {
        let cache = try cache()
        let missing = missingTasks(of: manifest, in: cache)
        guard missing.isEmpty else {
            throw RenderFailure(
                "the job is not finished: task\(missing.count == 1 ? "" : "s") \(missing.map(String.init).joined(separator: ", ")) "
                    + "\(missing.count == 1 ? "has" : "have") not written all \(missing.count == 1 ? "its" : "their") chunks"
                    + (manifest.sound == nil ? "" : " and sound segments"))
        }
        let report = try Executor(manifest.job, cache: cache).join(to: path, isCancelled: isCancelled)
        return (report.encoded, report.soundEncoded)
    }
}

/// What `render split` writes: everything the tasks and the join need.
public struct JobManifest: Codable, Sendable {
    /// The manifest's format alone (`JobFolder.format`), read before the rest.
    struct Format: Decodable {
        var format: String
    }

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
    /// The sound's segments; nil when the join mixes the sound in one pass.
    public internal(set) var sound: [SoundSegment]?
    /// What copying reads from each copied source.
    var scans: [Scan]
    /// Per task, the indices of the chunks it renders.
    public var tasks: [[Int]]
    /// Per task, the indices of the sound segments it encodes.
    var soundTasks: [[Int]]

    /// What task `index` encodes: its chunks, then its sound segments.
    func work(of index: Int) -> [ChunkWork] {
        let segments = sound ?? []
        return tasks[index].map { .chunk(chunks[$0]) } + soundTasks[index].map { .sound(segments[$0]) }
    }

    /// The render the manifest lays out.
    var job: RenderJob {
        RenderJob(
            plan: plan, window: 0..<plan.output.frameCount, chunks: chunks, copy: copy,
            scans: Dictionary(uniqueKeysWithValues: scans.map { ($0.source, $0.scan) }), sound: sound)
    }
}

extension JobManifest {
    /// The first key whose value contradicts the plan the manifest carries, and
    /// how: the plan's frames and rate, chunks that cover its frames once in
    /// order, tasks that name rendered chunks. Nil when it holds together.
    func fault() -> (key: String, problem: String)? {
        let output = plan.output
        guard output.fps.rate.numerator > 0, output.fps.rate.denominator > 0 else {
            return (
                "plan.output.fps",
                "a frame rate must be more than 0, not \(output.fps.rate.numerator)/\(output.fps.rate.denominator)"
            )
        }
        guard output.size.width > 0, output.size.height > 0 else {
            return ("plan.output.size", "the picture must be at least 1x1, not \(output.size.width)x\(output.size.height)")
        }
        let covered = plan.video.last?.frames.upperBound ?? 0
        guard output.frameCount > 0, output.frameCount == covered else {
            return ("plan.output.frameCount", "\(output.frameCount) frames, but the plan's segments cover \(covered)")
        }
        do {
            try plan.verify()
        } catch {
            return ("plan.video", error.description)
        }
        var next: Int64 = 0
        for (index, chunk) in chunks.enumerated() {
            guard chunk.frames.lowerBound == next, !chunk.frames.isEmpty, chunk.frames.upperBound <= output.frameCount else {
                return (
                    "chunks[\(index)].frames",
                    "\(chunk.frames.lowerBound)..<\(chunk.frames.upperBound) does not go on from frame \(next) "
                        + "inside the plan's \(output.frameCount) frames"
                )
            }
            if let layer = chunk.layers.first(where: { plan.source($0.source) == nil }) {
                return ("chunks[\(index)].layers", "a layer names source \(layer.source.index), which the plan does not have")
            }
            next = chunk.frames.upperBound
        }
        guard next == output.frameCount else {
            return ("chunks", "the chunks cover frames 0..<\(next), not the plan's \(output.frameCount)")
        }
        if let sound, let fault = Self.soundFault(sound, samples: plan.audio.format?.sampleCount) { return fault }
        guard soundTasks.count == tasks.count else {
            return ("soundTasks", "the job has \(tasks.count) tasks, not \(soundTasks.count)")
        }
        for (task, indices) in soundTasks.enumerated() {
            for (position, index) in indices.enumerated() where !(sound ?? []).indices.contains(index) {
                return (
                    "soundTasks[\(task)][\(position)]",
                    "\(index) is not a sound segment of the job, which has \(sound?.count ?? 0)"
                )
            }
        }
        for (task, indices) in tasks.enumerated() {
            for (position, index) in indices.enumerated() where !chunks.indices.contains(index) || chunks[index].kind != .render {
                let problem =
                    chunks.indices.contains(index)
                    ? "chunk \(index) is copied from its source at the join, not rendered by a task"
                    : "\(index) is not a chunk of the job, which has chunks 0 to \(chunks.count - 1)"
                return ("tasks[\(task)][\(position)]", problem)
            }
        }
        return nil
    }
}

extension JobManifest {
    /// The first sound segment that does not go on from the one before, or
    /// that mixes or encodes outside its reach (the planner's pre- and post-roll).
    static func soundFault(_ segments: [SoundSegment], samples: Int64?) -> (key: String, problem: String)? {
        guard let samples else { return ("sound", "the plan has no sound to cut in segments") }
        var next: Int64 = 0
        let reach: Int64 = 1 << 24
        for (index, segment) in segments.enumerated() {
            let range = segment.samples
            guard range.lowerBound == next, !range.isEmpty, range.upperBound <= samples,
                segment.mixFrom >= max(0, range.lowerBound - reach), segment.mixFrom <= segment.encodeFrom,
                segment.encodeFrom <= range.lowerBound, segment.encodeTo >= range.upperBound,
                segment.encodeTo <= range.upperBound + reach
            else {
                return (
                    "sound[\(index)]",
                    "samples \(range.lowerBound)..<\(range.upperBound) mixed from \(segment.mixFrom) and encoded "
                        + "\(segment.encodeFrom)..<\(segment.encodeTo) do not go on from sample \(next) inside the plan's "
                        + "\(samples) samples"
                )
            }
            next = range.upperBound
        }
        guard next == samples else { return ("sound", "the segments cover samples 0..<\(next), not the plan's \(samples)") }
        return nil
    }
}

extension DecodingError {
    /// Where in the JSON the value at fault is, as `plan.output.fps`.
    var keyPath: String {
        var path: [any CodingKey]
        switch self {
        case .keyNotFound(let key, let context): path = context.codingPath + [key]
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            path = context.codingPath
        @unknown default: path = []
        }
        guard !path.isEmpty else { return "the top" }
        return path.reduce("") { text, key in
            key.intValue.map { "\(text)[\($0)]" } ?? (text.isEmpty ? key.stringValue : "\(text).\(key.stringValue)")
        }
    }

    /// What is wrong there, in words.
    var problem: String {
        switch self {
        case .keyNotFound: return "the key is missing"
        case .typeMismatch(let type, _):
            let name = "\(type)"
            let kinds = [
                ("String", "text"), ("Int", "a whole number"), ("UInt", "a whole number"), ("Double", "a number"),
                ("Bool", "true or false"), ("Array", "a list"), ("Dictionary", "an object"),
            ]
            return "the value is not \(kinds.first { name.hasPrefix($0.0) }?.1 ?? "of the kind expected there")"
        case .valueNotFound: return "the value is null"
        case .dataCorrupted(let context): return context.debugDescription
        @unknown default: return "the value cannot be read"
        }
    }
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
