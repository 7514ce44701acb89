import Backend
import Compiler
import EDLParser
import Foundation
import Interchange

/// One compile of the project, as the studio needs it.
struct StudioCompile: Sendable {
    /// Nil when the project has errors.
    var plan: RenderPlan?
    var timeline: EditTimeline?
    /// The diagnostics as the command line prints them; empty when there are none.
    var report: String
    /// Every file the project reads (absolute): the project, its compositions, media.
    var files: [String]
}

/// A compiled plan's chunks and media, made before it becomes a version.
struct StudioMedia: Sendable {
    /// Nil for an output not made of chunks (GIF, sound only).
    var executor: Executor?
    var preview: PreviewMedia?
    var sound: StudioSound?

    var chunks: [Chunk] { executor?.job.chunks ?? [] }
}

/// A plan the studio plays: its chunks, its media for the player and what the page shows of it.
struct StudioVersion: Sendable {
    let number: Int
    let plan: RenderPlan
    let chunks: [Chunk]
    /// The plan's one layout, run to fill the cache; nil for an output not made of chunks.
    let executor: Executor?
    /// Nil when the output cannot be played in a browser (the reason is told as a notice).
    let media: PreviewMedia?
    let sound: StudioSound?
    let timeline: EditTimeline?
}

/// The whole mix of a version, kept for the next version while what it
/// hears is the same, so an edit of a picture does not encode the sound again.
struct StudioSound: Sendable {
    /// What decides the sound: the audio plan, the sources it reads and their files' dates and sizes.
    struct Facts: Hashable, Sendable {
        var audio: AudioPlan
        var sources: [SourcePlan]
        var frameCount: Int64
        var files: [String: [Double]]
    }

    let facts: Facts
    let sound: any PreviewAudio
    /// Names the sound in the page's URLs: the version that made it.
    let key: String

    /// What names each fragment in the page's URLs: the render's sound
    /// segments by their fingerprints (an edit changes the few it touches), a
    /// mix encoded in one pass by the version that made it.
    var keys: [String] {
        (sound as? PreviewSoundSegments)?.keys ?? Array(repeating: key, count: sound.segments.count)
    }

    static func facts(of plan: RenderPlan) -> Facts {
        let sources = Set(plan.audio.inputs.map(\.source)).sorted { $0.index < $1.index }.compactMap { plan.source($0) }
        var files: [String: [Double]] = [:]
        for source in sources {
            guard case .file(let file) = source.kind else { continue }
            let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
            files[file.path] = [
                (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0,
                Double(attributes?[.size] as? Int ?? -1),
            ]
        }
        return Facts(audio: plan.audio.heard, sources: sources, frameCount: plan.output.frameCount, files: files)
    }
}

/// What the studio knows and the page sees: the last good plan, the latest
/// compile's diagnostics, each chunk's state, the playhead. Every change is
/// told to the open pages through `events`; the encoder thread waits for work
/// in `nextWork`. The server's threads, the watcher and the encoder share the
/// one `Locked` state.
final class StudioSession: Sendable {
    enum ChunkState: String, Sendable {
        case cached, encoding, waiting, copied
    }

    /// Everything that changes, read and written under its lock only.
    private struct State {
        var version: StudioVersion?
        /// Counts compiles, good or bad: the page's state is this revision.
        var revision = 0
        var report = ""
        /// What the server last said about itself (a page closed, the project vanished).
        var notice: String?
        var states: [Int: ChunkState] = [:]
        /// Positions encoded (not found in the cache) for each version: what an edit cost.
        var encoded: [Int: [Int]] = [:]
        /// Output frame the page shows; chunks from here on are encoded first.
        var playhead: Int64 = 0
        /// Set when the encoder should start over: a new plan, or the playhead moved to a chunk not made.
        var restart = false
        var stopped = false

        /// Chunk positions of `version` in the order to encode them: from the
        /// playhead's chunk on, then those before it.
        func priority(of version: StudioVersion) -> [Int] {
            let here = version.chunks.firstIndex { $0.frames.upperBound > playhead } ?? 0
            return Array(here..<version.chunks.count) + Array(0..<here)
        }
    }

    let events = EventHub()
    /// The project file's name, which the page shows.
    let project: String
    /// The editor link's template, or the command's the server runs (`{file}`, `{line}`, `{column}`).
    let editor: String
    private let state = Locked(State())

    init(project: String, editor: String) {
        self.project = project
        self.editor = editor
    }

    /// Takes a compile: a good one becomes the version played; a bad one keeps
    /// the last good version and shows its diagnostics.
    func take(_ compile: StudioCompile, media: StudioMedia?, cache: ChunkCache) {
        let page = state.change { state in
            state.revision += 1
            state.report = compile.report
            if let plan = compile.plan, let media {
                let number = (state.version?.number ?? 0) + 1
                state.version = StudioVersion(
                    number: number, plan: plan, chunks: media.chunks, executor: media.executor, media: media.preview,
                    sound: media.sound, timeline: compile.timeline)
                state.states = [:]
                for (position, chunk) in media.chunks.enumerated() {
                    state.states[position] =
                        chunk.kind == .copy ? .copied : cache.chunks.contains(chunk.fingerprint) ? .cached : .waiting
                }
                state.encoded[number] = []
                state.restart = true
            }
            return pageState(state)
        }
        events.send("state", page)
    }

    /// Says something to the pages (and keeps it for pages that open later).
    func tell(_ message: String) {
        state.change { $0.notice = message }
        events.send("notice", NoticeMessage(message: message).pageJSON)
    }

    /// Says `message` unless it is what the pages are told already; whether it was said.
    func tellOnce(_ message: String) -> Bool {
        let new = state.read { $0.notice != message }
        if new { tell(message) }
        return new
    }

    /// Takes back what the server said, when `which` says it is that notice.
    func forgetNotice(_ which: (String) -> Bool) {
        let forgot = state.change { state in
            guard let said = state.notice, which(said) else { return false }
            state.notice = nil
            return true
        }
        if forgot { events.send("notice", NoticeMessage(message: "").pageJSON) }
    }

    /// Moves the playhead; the encoder starts over when the chunk there is not made yet.
    func move(playhead frame: Int64) {
        state.change { state in
            state.playhead = frame
            if let version = state.version,
                let position = version.chunks.firstIndex(where: { $0.frames.contains(frame) }),
                state.states[position] == .waiting
            {
                state.restart = true
            }
        }
    }

    /// Waits until the encoder has work: the version to fill and its chunks'
    /// order. Nil once the session stops.
    func nextWork() -> (version: StudioVersion, priority: [Int])? {
        while true {
            let (stopped, work) = state.wait(
                until: { $0.restart || $0.stopped },
                then: { state in
                    state.restart = false
                    return (state.stopped, state.version.map { ($0, state.priority(of: $0)) })
                })
            if stopped { return nil }
            if let work { return work }
        }
    }

    /// Whether the encoder's work is out of date (a new version, a jump of the playhead) or the session stopped.
    var workIsStale: Bool { state.read { $0.restart || $0.stopped } }

    /// Marks `positions` of `number` as being encoded now, others not done as waiting.
    func encoding(_ positions: [Int], version number: Int) {
        let told = state.change { state -> [(Int, ChunkState)] in
            guard state.version?.number == number else { return [] }
            var told: [(Int, ChunkState)] = []
            for (position, was) in state.states where was == .encoding || was == .waiting {
                let now: ChunkState = positions.contains(position) ? .encoding : .waiting
                if now != was {
                    state.states[position] = now
                    told.append((position, now))
                }
            }
            return told
        }
        for (position, state) in told.sorted(by: { $0.0 < $1.0 }) {
            events.send("chunk", ChunkMessage(version: number, position: position, state: state.rawValue).pageJSON)
        }
    }

    /// A chunk of `number` is in the cache.
    func done(_ event: ChunkEvent, version number: Int) {
        let chunkState: ChunkState = event.outcome == .copied ? .copied : .cached
        let current = state.change { state in
            guard state.version?.number == number else { return false }
            state.states[event.position] = chunkState
            if event.outcome == .encoded { state.encoded[number, default: []].append(event.position) }
            return true
        }
        guard current else { return }
        events.send(
            "chunk",
            ChunkMessage(
                version: number, position: event.position, state: chunkState.rawValue,
                outcome: event.outcome == .encoded ? "encoded" : event.outcome == .copied ? "copied" : "reused"
            ).pageJSON)
    }

    func stop() {
        state.change { $0.stopped = true }
        events.close()
    }

    /// The state as the page reads it.
    private func pageState(_ state: State) -> String {
        var page = PageState(
            revision: state.revision, report: state.report, notice: state.notice, editor: editor,
            editorIsLink: editor.contains("://"), project: project)
        if let version = state.version {
            let output = version.plan.output
            var media: PageState.Media?
            if let video = version.media?.videoInit {
                media = PageState.Media(video: video.mimeType)
                if let sound = version.sound {
                    let rate = Double(sound.sound.sampleRate)
                    let keys = sound.keys
                    media?.audio = "audio/mp4; codecs=\"\(sound.sound.codec)\""
                    media?.audioFragments = sound.sound.segments.enumerated().map { index, samples in
                        PageState.AudioFragment(
                            index: index, start: Double(samples.lowerBound) / rate, end: Double(samples.upperBound) / rate,
                            key: keys[index])
                    }
                }
            }
            page.shown = PageState.Shown(
                version: version.number, fps: [output.fps.rate.numerator, output.fps.rate.denominator],
                frameCount: output.frameCount, width: output.encodedSize.width, height: output.encodedSize.height,
                chunks: version.chunks.enumerated().map { position, chunk in
                    PageState.PageChunk(
                        position: position, start: chunk.frames.lowerBound, end: chunk.frames.upperBound,
                        fingerprint: chunk.fingerprint, state: (state.states[position] ?? .waiting).rawValue)
                },
                encoded: state.encoded[version.number] ?? [], tracks: StudioTimeline.tracks(of: version), media: media)
        }
        return page.pageJSON
    }

    var isStopped: Bool { state.read(\.stopped) }

    /// The version the pages play.
    var shown: StudioVersion? { state.read(\.version) }

    var currentState: String { state.read { pageState($0) } }
}

/// A value shared by threads, read and changed only under its lock; a change
/// wakes those waiting for it.
final class Locked<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func read<T>(_ body: (Value) throws -> T) rethrows -> T {
        condition.lock()
        defer { condition.unlock() }
        return try body(value)
    }

    @discardableResult
    func change<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return try body(&value)
    }

    /// Waits until `ready` holds, then changes the value.
    func wait<T>(until ready: (Value) -> Bool, then body: (inout Value) throws -> T) rethrows -> T {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        while !ready(value) { condition.wait() }
        return try body(&value)
    }
}
