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
    var chunks: [Chunk]
    var preview: PreviewMedia?
    var sound: StudioSound?
}

/// A plan the studio plays: its chunks, its media for the player and what the page shows of it.
struct StudioVersion: Sendable {
    let number: Int
    let plan: RenderPlan
    let chunks: [Chunk]
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
/// told to the open pages through `events`; the encoder thread waits on `changed`.
final class StudioSession: @unchecked Sendable {
    enum ChunkState: String, Sendable {
        case cached, encoding, waiting, copied
    }

    let events = EventHub()
    /// The project file's name, which the page shows.
    let project: String
    /// The editor link's template, or the command's the server runs (`{file}`, `{line}`, `{column}`).
    let editor: String

    init(project: String, editor: String) {
        self.project = project
        self.editor = editor
    }

    /// Guards everything below; signalled when the encoder has new work.
    let changed = NSCondition()
    private(set) var version: StudioVersion?
    /// Counts compiles, good or bad: the page's state is this revision.
    private(set) var revision = 0
    private(set) var report = ""
    /// What the server last said about itself (a page closed, the project vanished).
    private(set) var notice: String?
    private(set) var states: [Int: ChunkState] = [:]
    /// Positions encoded (not found in the cache) for each version: what an edit cost.
    private(set) var encoded: [Int: [Int]] = [:]
    /// Output frame the page shows; chunks from here on are encoded first.
    private(set) var playhead: Int64 = 0
    /// Set when the encoder should start over: a new plan, or the playhead moved to a chunk not made.
    var restart = false
    private(set) var stopped = false

    /// Takes a compile: a good one becomes the version played; a bad one keeps
    /// the last good version and shows its diagnostics.
    func take(_ compile: StudioCompile, media: StudioMedia?, cache: ChunkCache) {
        changed.lock()
        revision += 1
        report = compile.report
        if let plan = compile.plan, let media {
            let number = (version?.number ?? 0) + 1
            version = StudioVersion(
                number: number, plan: plan, chunks: media.chunks, media: media.preview, sound: media.sound,
                timeline: compile.timeline)
            let chunks = media.chunks
            states = [:]
            for (position, chunk) in chunks.enumerated() {
                if chunk.kind == .copy {
                    states[position] = .copied
                } else {
                    states[position] = cache.contains(chunk.fingerprint) ? .cached : .waiting
                }
            }
            encoded[number] = []
            restart = true
            changed.signal()
        }
        let state = pageState()
        changed.unlock()
        events.send("state", state)
    }

    /// Says something to the pages (and keeps it for pages that open later).
    func tell(_ message: String) {
        changed.lock()
        notice = message
        changed.unlock()
        events.send("notice", NoticeMessage(message: message).pageJSON)
    }

    /// Says `message` unless it is what the pages are told already; whether it was said.
    func tellOnce(_ message: String) -> Bool {
        changed.lock()
        let new = notice != message
        changed.unlock()
        if new { tell(message) }
        return new
    }

    /// Takes back what the server said, when `which` says it is that notice.
    func forgetNotice(_ which: (String) -> Bool) {
        changed.lock()
        guard let said = notice, which(said) else { return changed.unlock() }
        notice = nil
        changed.unlock()
        events.send("notice", NoticeMessage(message: "").pageJSON)
    }

    /// Moves the playhead; the encoder starts over when the chunk there is not made yet.
    func move(playhead frame: Int64) {
        changed.lock()
        playhead = frame
        if let version, let position = version.chunks.firstIndex(where: { $0.frames.contains(frame) }),
            states[position] == .waiting
        {
            restart = true
            changed.signal()
        }
        changed.unlock()
    }

    /// Chunk positions in the order to encode them: from the playhead's chunk
    /// on, then those before it. Call with `changed` locked.
    func priority(of version: StudioVersion) -> [Int] {
        let here = version.chunks.firstIndex { $0.frames.upperBound > playhead } ?? 0
        return Array(here..<version.chunks.count) + Array(0..<here)
    }

    /// Marks `positions` of `number` as being encoded now, others not done as waiting.
    func encoding(_ positions: [Int], version number: Int) {
        changed.lock()
        guard version?.number == number else { return changed.unlock() }
        var told: [(Int, ChunkState)] = []
        for (position, state) in states where state == .encoding || state == .waiting {
            let now: ChunkState = positions.contains(position) ? .encoding : .waiting
            if now != state {
                states[position] = now
                told.append((position, now))
            }
        }
        changed.unlock()
        for (position, state) in told.sorted(by: { $0.0 < $1.0 }) {
            events.send("chunk", ChunkMessage(version: number, position: position, state: state.rawValue).pageJSON)
        }
    }

    /// A chunk of `number` is in the cache.
    func done(_ event: ChunkEvent, version number: Int) {
        changed.lock()
        guard version?.number == number else { return changed.unlock() }
        let state: ChunkState = event.outcome == .copied ? .copied : .cached
        states[event.position] = state
        if event.outcome == .encoded { encoded[number, default: []].append(event.position) }
        changed.unlock()
        events.send(
            "chunk",
            ChunkMessage(
                version: number, position: event.position, state: state.rawValue,
                outcome: event.outcome == .encoded ? "encoded" : event.outcome == .copied ? "copied" : "reused"
            ).pageJSON)
    }

    func stop() {
        changed.lock()
        stopped = true
        changed.broadcast()
        changed.unlock()
        events.close()
    }

    /// The state as the page reads it. Call with `changed` locked, or through `currentState`.
    private func pageState() -> String {
        var state = PageState(
            revision: revision, report: report, notice: notice, editor: editor, editorIsLink: editor.contains("://"),
            project: project)
        if let version {
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
            state.shown = PageState.Shown(
                version: version.number, fps: [output.fps.rate.numerator, output.fps.rate.denominator],
                frameCount: output.frameCount, width: output.encodedSize.width, height: output.encodedSize.height,
                chunks: version.chunks.enumerated().map { position, chunk in
                    PageState.PageChunk(
                        position: position, start: chunk.frames.lowerBound, end: chunk.frames.upperBound,
                        fingerprint: chunk.fingerprint, state: (states[position] ?? .waiting).rawValue)
                },
                encoded: encoded[version.number] ?? [], tracks: StudioTimeline.tracks(of: version), media: media)
        }
        return state.pageJSON
    }

    var isStopped: Bool {
        changed.lock()
        defer { changed.unlock() }
        return stopped
    }

    /// The version the pages play.
    var shown: StudioVersion? {
        changed.lock()
        defer { changed.unlock() }
        return version
    }

    var currentState: String {
        changed.lock()
        defer { changed.unlock() }
        return pageState()
    }
}
