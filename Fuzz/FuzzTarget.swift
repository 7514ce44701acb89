import Backend
import Compiler
import Disk
import EDLParser
import Foundation
import Interchange
import LanguageServer
import Subtitles
import Workspace

/// What one fuzz input is read as; see Fuzz.swift.
enum FuzzTarget: String, CaseIterable {
    case compile, otio, manifest, diff, lsp, captions

    /// The target CUTLIST_FUZZ names (`compile` when unset); exits when it names none.
    static var chosen: FuzzTarget {
        if let target = FuzzTarget(rawValue: ProcessInfo.processInfo.environment["CUTLIST_FUZZ"] ?? "compile") { return target }
        let names = allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("CUTLIST_FUZZ must be one of: \(names)\n".utf8))
        exit(2)
    }

    func run(_ data: Data) {
        switch self {
        case .compile:
            _ = Self.compile(String(decoding: data, as: UTF8.self))
        case .otio:
            var importer = OTIOImporter(directory: "/fuzz", offline: .slate) { _ in true }
            guard let project = try? importer.project(from: data) else { return }
            _ = Self.compile(project)
        case .manifest:
            Self.loadManifest(data)
        case .diff:
            let halves = data.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
            let old = Self.timeline(String(decoding: halves[0], as: UTF8.self))
            let new = Self.timeline(String(decoding: halves.count > 1 ? halves[1] : Data(), as: UTF8.self))
            guard let fps = new?.fps ?? old?.fps else { return }
            let diff = TimelineDiff(
                old: old?.timeline ?? EditTimeline(), new: new?.timeline ?? EditTimeline(), fps: fps)
            _ = diff.lines
            for duration in [old?.duration, new?.duration].compactMap({ $0 }) { _ = TimelineDiff.timecode(duration, fps: fps) }
        case .captions:
            for format in SubtitleReader.Format.allCases {
                let reading = SubtitleReader.read(data, format: format, file: "fuzz.\(format.rawValue)").reading
                for cue in reading.cues where cue.end < cue.start { fatalError("a cue ends before it starts") }
            }
        case .lsp:
            Self.serve(data)
        }
    }

    /// The input after its first byte as what a client sends `render lsp`, arriving
    /// in pieces of the size that byte gives; each message is handled and the diagnostics run.
    private static func serve(_ data: Data) {
        guard let first = data.first else { return }
        let server = LanguageServer(compiler: ProjectCompiler(media: StandInMedia(), checks: RenderChecks())) { _ in }
        var reader = MessageReader()
        let piece = max(Int(first), 1)
        var start = data.startIndex + 1
        while start < data.endIndex, server.exitCode == nil {
            let end = min(start + piece, data.endIndex)
            reader.append(data[start..<end])
            start = end
            var events: [MessageReader.Event] = []
            while let event = reader.next() { events.append(event) }
            server.noteCancellations(in: events)
            for event in events where server.exitCode == nil { server.handle(event) }
            server.finishBatch()
            server.runDueWork(now: .distantFuture)
        }
    }

    private static let compiler = Compiler(media: StandInMedia())

    /// The project's plan, as `render check` makes it.
    private static func compile(_ text: String) -> (project: Project, plan: RenderPlan)? {
        guard let project = ProjectParser.parse(text, file: "fuzz.yaml", directory: "/fuzz", files: .disk()).project,
            let plan = compiler.compile(project).plan
        else { return nil }
        _ = plan.text
        return (project, plan)
    }

    /// What `render diff` compares of one version.
    private static func timeline(_ text: String) -> (timeline: EditTimeline, fps: FrameRate, duration: Rational)? {
        guard let (project, plan) = compile(text), let timeline = compiler.editTimeline(project).timeline else {
            return nil
        }
        return (timeline, plan.output.fps, plan.output.duration)
    }

    /// A job folder of this process's, where each input is its manifest.
    private static let jobFolder: JobFolder = {
        let path = NSTemporaryDirectory() + "cutlist-fuzz-job-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "cutlist-fuzz-job-\(getpid())") }
        return JobFolder(directory: path)
    }()

    private static func loadManifest(_ data: Data) {
        let folder = jobFolder
        guard (try? data.write(to: URL(fileURLWithPath: folder.manifestPath))) != nil else { return }
        _ = try? folder.load()
    }
}

/// Every media file: a 10 s 1080p clip at 30 fps with stereo sound, or a 1080p picture.
struct StandInMedia: MediaInfo {
    func facts(forPath path: String) throws(MediaProbeError) -> MediaFacts {
        let size = PixelSize(width: 1920, height: 1080)
        if [".png", ".jpg", ".webp"].contains(where: path.lowercased().hasSuffix) {
            return MediaFacts(duration: nil, video: VideoFacts(size: size, frameRate: nil, isStillImage: true), audio: nil)
        }
        let length = Rational(10)
        return MediaFacts(
            duration: length, video: VideoFacts(size: size, frameRate: FrameRate(Rational(30)), duration: length),
            audio: AudioFacts(streamIndex: 1, sampleRate: 48_000, channels: 2, duration: length))
    }
}
