import Backend
import Compiler
import EDLParser
import Foundation
import Synchronization
import Testing

/// A private copy of `examples/` in a temporary directory, with the sample
/// media made the way `make media` makes it: each `media/NAME.EXT.yaml`
/// rendered with Cutlist to `media/NAME.EXT` (the first frame, for `.png`).
/// Examples are rendered there once per test run, on first use, and the
/// directory is removed when the test process exits.
actor ExampleWorkspace {
    static let shared = ExampleWorkspace()

    /// The repository's `examples/` folder.
    nonisolated static let sourceDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples").path

    nonisolated static let directory = NSTemporaryDirectory() + "cutlist-examples-" + UUID().uuidString

    /// Examples drawn at most this wide (or tall, for portrait) are rendered at
    /// their own size; larger ones at half each side, as `render --preview` does.
    nonisolated static let largestSide = 480

    private var media: Task<Void, Error>?
    private var renders: [String: Task<RenderedExample, Error>] = [:]

    /// Every example project's name (`merge` for `examples/merge.yaml`), sorted.
    nonisolated static var exampleNames: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: sourceDirectory)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Every sample-media project's output name (`clip-a.mp4` for `media/clip-a.mp4.yaml`), sorted.
    nonisolated static var mediaNames: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: sourceDirectory + "/media")) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The rendered output of `examples/NAME.yaml`, rendering it (and the sample
    /// media, the first time) if needed.
    func rendered(_ name: String) async throws -> RenderedExample {
        try await prepareMedia()
        if let task = renders[name] { return try await task.value }
        let task = Task.detached { try ExampleRenderer.render(name, in: Self.directory) }
        renders[name] = task
        return try await task.value
    }

    /// Copies the projects and renders the sample media, once.
    func prepareMedia() async throws {
        if let media { return try await media.value }
        let task = Task.detached { try Self.makeMedia() }
        media = task
        try await task.value
    }

    private static func makeMedia() throws {
        let files = FileManager.default
        try files.createDirectory(atPath: directory + "/media", withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: ExampleWorkspace.directory) }
        for name in exampleNames {
            try files.copyItem(atPath: "\(sourceDirectory)/\(name).yaml", toPath: "\(directory)/\(name).yaml")
        }
        for name in mediaNames {
            try files.copyItem(atPath: "\(sourceDirectory)/media/\(name).yaml", toPath: "\(directory)/media/\(name).yaml")
        }
        // The parts examples read: file compositions and a subtitle file.
        try files.copyItem(atPath: sourceDirectory + "/parts", toPath: directory + "/parts")
        try mediaNames.concurrentForEach { name in
            try ExampleRenderer.makeMedia("\(directory)/media/\(name)")
        }
    }
}

extension Array where Element: Sendable {
    /// Runs `body` on every element, two at a time (the machine's share for these tests),
    /// each lane taking the next element when it is free; throws the first error.
    func concurrentForEach(_ body: @Sendable (Element) throws -> Void) throws {
        let queue = WorkQueue(count: count)
        let elements = self
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            while let index = queue.next() {
                do { try body(elements[index]) } catch { queue.record(error) }
            }
        }
        if let error = queue.firstError { throw error }
    }
}

/// Hands out indices `0..<count` once each, and keeps the first error.
final class WorkQueue: Sendable {
    private let state: Mutex<(next: Int, error: Error?)>
    private let count: Int

    init(count: Int) {
        self.count = count
        state = Mutex((next: 0, error: nil))
    }

    func next() -> Int? {
        state.withLock { state in
            guard state.next < count, state.error == nil else { return nil }
            defer { state.next += 1 }
            return state.next
        }
    }

    func record(_ error: Error) {
        state.withLock { state in state.error = state.error ?? error }
    }

    var firstError: Error? { state.withLock { $0.error } }
}
