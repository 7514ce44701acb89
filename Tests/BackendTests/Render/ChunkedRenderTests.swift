import Compiler
import EDLParser
import Foundation
import Synchronization
import Testing

@testable import Backend

/// Chunked renders (SPEC 18): the exact source frame on both sides of every
/// seam, the same bytes whatever the workers and wherever the chunks came
/// from, and only changed content encoded again.
@Suite struct ChunkedRenderTests {
    let media: RenderMedia

    init() throws { media = try RenderMedia.get() }

    /// Three cuts of the index clip (each frame's luma says its number) over a tone.
    var cuts: String {
        media.threeCuts + "\n  - kind: audio\n    items:\n      - { tone: 440, duration: 1.2s }\n"
    }

    /// Renders `yaml` in chunks of at most `length` frames through the cache at
    /// `cache`; with a `priority`, after filling the cache in that order as the
    /// studio does.
    func render(
        _ yaml: String, in workspace: RenderWorkspace, cache: String, jobs: Int, length: Int64? = 7, to name: String,
        priority: [Int]? = nil, chunkDone: @escaping @Sendable (ChunkEvent) -> Void = { _ in }
    ) throws -> (path: String, report: ChunkReport) {
        var plan = try workspace.plan(yaml)
        plan.output.path = workspace.directory + "/" + name
        let executor = try Executor(
            plan: plan, cache: ChunkCache(directory: workspace.directory + "/" + cache), jobs: jobs, chunkLength: length)
        if let priority { try executor.fill(priority: priority, chunkDone: chunkDone) }
        let report = try executor.join(to: plan.output.path)
        return (plan.output.path, report)
    }

    @Test func everySeamShowsTheExactSourceFrames() throws {
        let workspace = try RenderWorkspace()
        let (path, report) = try render(cuts, in: workspace, cache: "cache", jobs: 2, to: "out.mp4")
        // Chunks 0..<7, 7..<13 | 13..<18 | 18..<25, 25..<30: seams inside items and at cuts.
        #expect(report == ChunkReport(chunks: 5, reused: 0, encoded: 5, soundSegments: 1, soundEncoded: 1))
        let expected = RenderMedia.threeCutsFrames
        #expect(try RenderOutput.pictures(path).map { RenderMedia.index(of: $0) } == expected)
        #expect(try MediaFixtures.run("ffmpeg", ["-v", "error", "-i", path, "-f", "null", "-"]).isEmpty)
        #expect(abs(try RenderOutput.packetSeconds(path, stream: "a:0") - 1.2) < 0.03)
        let video = try RenderOutput.probe(path, stream: "v:0", entries: "nb_read_frames,r_frame_rate", countFrames: true)
        #expect(video["nb_read_frames"] == "30" && video["r_frame_rate"] == "25/1")
    }

    /// The studio's verb: the cache filled, priority first, and no file joined.
    @Test func fillingTheCacheEncodesEveryPieceAndJoinsNothing() throws {
        let workspace = try RenderWorkspace()
        var plan = try workspace.plan(cuts)
        plan.output.path = workspace.directory + "/never.mp4"
        let cache = try ChunkCache(directory: workspace.directory + "/cache")
        let executor = try Executor(plan: plan, cache: cache, jobs: 2, chunkLength: 7)
        let events = Mutex<[ChunkEvent]>([])
        try executor.fill(priority: [3], chunkDone: { event in events.withLock { $0.append(event) } })
        let heard = events.withLock { $0 }
        #expect(heard.map(\.position).sorted() == [0, 1, 2, 3, 4] && heard.allSatisfy { $0.outcome == .encoded }, "\(heard)")
        let (chunks, sound) = (executor.job.chunks, executor.job.sound)
        #expect(chunks.allSatisfy { cache.chunks.contains($0.fingerprint) })
        #expect((sound ?? []).count == 1 && (sound ?? []).allSatisfy { cache.chunks.contains($0.fingerprint) })
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.directory).filter { $0.hasSuffix(".mp4") } == [])
        // The render after it encodes nothing.
        let report = try executor.join(to: plan.output.path)
        #expect(report == ChunkReport(chunks: 5, reused: 5, encoded: 0, soundSegments: 1, soundEncoded: 0))
    }

    @Test func workersAndTheCacheDoNotChangeAByte() throws {
        let workspace = try RenderWorkspace()
        let one = try render(cuts, in: workspace, cache: "first", jobs: 1, to: "one.mp4")
        let two = try render(cuts, in: workspace, cache: "second", jobs: 2, to: "two.mp4")
        let warm = try render(cuts, in: workspace, cache: "first", jobs: 2, to: "warm.mp4")
        #expect(warm.report == ChunkReport(chunks: 5, reused: 5, encoded: 0, soundSegments: 1, soundEncoded: 0))
        let bytes = try [one.path, two.path, warm.path].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        #expect(bytes[0] == bytes[1] && bytes[0] == bytes[2])
        // One pass over the whole edit shows the same pictures.
        let single = try workspace.render(cuts)
        #expect(
            try RenderOutput.pictures(single).map { RenderMedia.index(of: $0) }
                == RenderOutput.pictures(one.path).map { RenderMedia.index(of: $0) })
    }

    @Test func chunksAreEncodedInTheCallersOrderAndJoinedInTimelineOrder() throws {
        let workspace = try RenderWorkspace()
        let chunks: [Range<Int64>] = [0..<7, 7..<13, 13..<18, 18..<25, 25..<30]
        func events(_ positions: [Int], _ outcome: ChunkEvent.Outcome) -> [ChunkEvent] {
            positions.map { ChunkEvent(position: $0, frames: chunks[$0], outcome: outcome) }
        }
        let heard = HeardChunks()

        let timeline = try render(
            cuts, in: workspace, cache: "timeline", jobs: 1, to: "timeline.mp4", priority: [], chunkDone: heard.add)
        #expect(heard.take() == events([0, 1, 2, 3, 4], .encoded))
        // The playhead in chunk 2: it first, then outwards.
        let playhead = try render(
            cuts, in: workspace, cache: "playhead", jobs: 1, to: "playhead.mp4", priority: [2, 3, 1, 4, 0],
            chunkDone: heard.add)
        #expect(heard.take() == events([2, 3, 1, 4, 0], .encoded))
        let shared = try render(
            cuts, in: workspace, cache: "shared", jobs: 2, to: "shared.mp4", priority: [4, 3, 2, 1, 0], chunkDone: heard.add)
        #expect(Set(heard.take()) == Set(events([0, 1, 2, 3, 4], .encoded)))
        let warm = try render(
            cuts, in: workspace, cache: "playhead", jobs: 2, to: "warm.mp4", priority: [4, 3, 2, 1, 0], chunkDone: heard.add)
        #expect(heard.take() == events([4, 3, 2, 1, 0], .reused))
        #expect(warm.report == ChunkReport(chunks: 5, reused: 5, encoded: 0, soundSegments: 1, soundEncoded: 0))
        let bytes = try [timeline, playhead, shared, warm].map { try Data(contentsOf: URL(fileURLWithPath: $0.path)) }
        #expect(bytes.allSatisfy { $0 == bytes[0] })
    }

    @Test func aPriorityNamesEachChunkOnceAndTheRestFollowInTimelineOrder() {
        #expect(Executor.order(of: 5, priority: [3, 9, 3, -1, 1]) == [3, 1, 0, 2, 4])
        #expect(Executor.order(of: 3, priority: []) == [0, 1, 2])
    }

    @Test func aPlainCutEncodesItsDecodedFramesAsDrawingThemWould() throws {
        let workspace = try RenderWorkspace()
        // Over a red card the same cuts are drawn on the canvas first.
        let overRed = cuts.replacingOccurrences(
            of: "tracks:\n", with: "tracks:\n  - items:\n      - { color: red, duration: 1.2s }\n")
        for (yaml, decoded) in [(cuts, true), (overRed, false)] {
            let plan = try workspace.plan(yaml)
            let compositor = FrameCompositor(plan: plan, text: try TextRasterizer(), threads: .perCore)
            let segment = try #require(plan.video.first)
            compositor.begin(segment)
            guard case .decoded = try compositor.outputPicture(0, of: segment) else {
                #expect(!decoded, "a lone cut of a 4:2:0 BT.709 clip goes to the encoder as decoded")
                continue
            }
            #expect(decoded, "a cut over another layer is drawn")
        }
        let plain = try render(cuts, in: workspace, cache: "plain", jobs: 1, to: "plain.mp4")
        let drawn = try render(overRed, in: workspace, cache: "drawn", jobs: 1, to: "drawn.mp4")
        // The source's keyframes and flags stay behind: the encoder sees only pixels.
        func videoBytes(_ path: String) throws -> Data {
            try MediaFixtures.ffmpeg(["-i", path, "-map", "0:v", "-c", "copy", "-f", "h264", path + ".h264"])
            return try Data(contentsOf: URL(fileURLWithPath: path + ".h264"))
        }
        #expect(try videoBytes(plain.path) == videoBytes(drawn.path))
        #expect(try RenderOutput.pictures(plain.path).map { RenderMedia.index(of: $0) } == RenderMedia.threeCutsFrames)
    }

    @Test func aRippleEditEncodesOnlyNewContent() throws {
        let workspace = try RenderWorkspace()
        _ = try render(cuts, in: workspace, cache: "cache", jobs: 2, length: nil, to: "before.mp4")
        let inserted = cuts.replacingOccurrences(
            of: "  - items:\n", with: "  - items:\n      - { color: red, duration: 0.4s }\n")
        let edited = try render(inserted, in: workspace, cache: "cache", jobs: 2, length: nil, to: "after.mp4")
        // The red card is new; the three cuts moved 10 frames later and are reused. The
        // sound's one segment now runs 0.4 s longer: encoded again.
        #expect(edited.report == ChunkReport(chunks: 4, reused: 3, encoded: 1, soundSegments: 1, soundEncoded: 1))
        let fresh = try render(inserted, in: workspace, cache: "empty", jobs: 1, length: nil, to: "fresh.mp4")
        #expect(fresh.report.encoded == 4)
        #expect(try Data(contentsOf: URL(fileURLWithPath: edited.path)) == Data(contentsOf: URL(fileURLWithPath: fresh.path)))
    }

    @Test func aDamagedChunkIsEncodedAgain() throws {
        let workspace = try RenderWorkspace()
        let first = try render(cuts, in: workspace, cache: "cache", jobs: 1, to: "first.mp4")
        // Cut every stored chunk short, as a disk that lost the end of a write would.
        let folder = workspace.directory + "/cache/chunks"
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".chunk") }
        #expect(files.count == 6)  // and the sound's segment
        for file in files.prefix(2) {
            let path = folder + "/" + file
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            try data.prefix(data.count - 10).write(to: URL(fileURLWithPath: path))
        }
        let again = try render(cuts, in: workspace, cache: "cache", jobs: 1, to: "again.mp4")
        #expect(again.report.encoded + again.report.soundEncoded == 2)
        #expect(again.report.reused == 5 - again.report.encoded)
        #expect(try Data(contentsOf: URL(fileURLWithPath: first.path)) == Data(contentsOf: URL(fileURLWithPath: again.path)))
    }

    @Test func pruningKeepsTheCacheUnderItsBoundLeastRecentlyUsedFirst() throws {
        let workspace = try RenderWorkspace()
        var plan = try workspace.plan(cuts)
        plan.output.path = workspace.directory + "/out.mp4"
        let cache = try ChunkCache(directory: workspace.directory + "/cache")
        let executor = try Executor(plan: plan, cache: cache, jobs: 2, chunkLength: 7)
        try executor.join(to: plan.output.path)
        let (bytes, count) = cache.usage()
        #expect(count == 6 && bytes > 0)  // 5 chunks and the sound's segment
        // Use the first chunk again: the others are older and leave first.
        let first = try #require(executor.job.chunks.first?.fingerprint)
        Thread.sleep(forTimeInterval: 0.01)
        #expect(cache.chunks.contains(first))
        #expect(try cache.prune(maxBytes: bytes - 1) >= 1)
        #expect(cache.usage().bytes <= bytes - 1)
        #expect(cache.chunks.contains(first))
        let left = cache.usage().chunks
        #expect(try cache.prune(maxBytes: 0) == left)
        #expect(cache.usage() == (0, 0))
        // A cache bounded below one chunk keeps nothing after a render, which still succeeds.
        let small = try ChunkCache(directory: workspace.directory + "/small", limit: 1)
        plan.output.path = workspace.directory + "/small.mp4"
        try Executor(plan: plan, cache: small, jobs: 2, chunkLength: 7).join(to: plan.output.path)
        #expect(small.usage().chunks == 0)
        #expect(try RenderOutput.pictures(plan.output.path).count == 30)
    }

    @Test(arguments: ["hevc", "vp9", "prores"])
    func otherCodecsJoinCleanly(_ codec: String) throws {
        let workspace = try RenderWorkspace()
        let container = codec == "vp9" ? "webm" : codec == "prores" ? "mov" : "mp4"
        let yaml = cuts.replacingOccurrences(of: "out.mp4", with: "out.\(container)")
            .replacingOccurrences(of: "codec: h264, crf: 0", with: "codec: \(codec)")
        let one = try render(yaml, in: workspace, cache: "a", jobs: 1, to: "one.\(container)")
        let two = try render(yaml, in: workspace, cache: "b", jobs: 2, to: "two.\(container)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: one.path)) == Data(contentsOf: URL(fileURLWithPath: two.path)))
        #expect(try MediaFixtures.run("ffmpeg", ["-v", "error", "-i", one.path, "-f", "null", "-"]).isEmpty)
        let video = try RenderOutput.probe(one.path, stream: "v:0", entries: "nb_read_frames", countFrames: true)
        #expect(video["nb_read_frames"] == "30")
        guard codec != "prores" else { return }  // 4:2:2, which the picture reader here does not take
        // Lossy: the nearest frame number, within one.
        let shown = try RenderOutput.pictures(one.path).map { Int((($0.meanLuma(x: 0..<160, y: 0..<90) - 16) / 4).rounded()) }
        #expect(zip(shown, RenderMedia.threeCutsFrames).allSatisfy { abs($0 - $1) <= 1 }, "\(shown)")
    }
}

extension ChunkedRenderTests {
    @Test func anEditInsideACompositionEncodesOnlyTheChunksThatShowIt() throws {
        let workspace = try RenderWorkspace()
        let project = """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            compositions:
              card:
                size: 80x30
                duration: 0.5s
                tracks:
                  - items: [ { color: white, until: end } ]
            tracks:
              - items: [ { pattern: grid, duration: 2s } ]
              - items: [ { gap: 1s }, { composition: card } ]
            """
        let first = try render(project, in: workspace, cache: "cache", jobs: 1, to: "first.mp4")
        // 0..<25 in 4 chunks, the card's 25..<37 in 2, then 37..<50 in 2 on the grid's 7-frame
        // steps (37..<42, 42..<50: the frame left after 49 joins the chunk before it).
        #expect(first.report == ChunkReport(chunks: 8, reused: 0, encoded: 8))
        let edited = try render(
            project.replacingOccurrences(of: "color: white", with: "color: yellow"), in: workspace, cache: "cache",
            jobs: 1, to: "edited.mp4")
        #expect(edited.report == ChunkReport(chunks: 8, reused: 6, encoded: 2))
        let card = try RenderOutput.pictures(edited.path)[30].rgb(80, 45)
        #expect(card.red > 240 && card.green > 240 && card.blue < 15, "\(card)")
    }
}

/// The chunk events a render reported, in the order they came.
private final class HeardChunks: Sendable {
    private let events = Mutex<[ChunkEvent]>([])

    @Sendable func add(_ event: ChunkEvent) { events.withLock { $0.append(event) } }

    /// The events so far, forgetting them.
    func take() -> [ChunkEvent] {
        events.withLock { events in
            defer { events = [] }
            return events
        }
    }
}
