import Compiler
import EDLParser
import Foundation
import Testing

@testable import Backend

/// Stream copy (SPEC 18): the whole groups of pictures inside a cut are copied
/// from the source, the frames between a cut and a keyframe are encoded to fit
/// beside them, and the output shows the same source frames as a full render.
@Suite struct StreamCopyTests {
    /// Index clips (luma 4·i + 16 in frame i) at 25 fps, 50 frames, an IDR every
    /// 10 frames, H.264 in four shapes.
    struct Sources: Sendable {
        let directory: String
        /// High profile, CABAC, B-frames in a pyramid (decoding runs 2 frames ahead).
        var bFrames: String { directory + "/bframes.mp4" }
        /// High profile, CAVLC, no B-frames.
        var cavlc: String { directory + "/cavlc.mp4" }
        /// Main profile, CABAC, B-frames without a pyramid (1 frame ahead).
        var main: String { directory + "/main.mp4" }
        /// Constrained baseline: CAVLC, no B-frames.
        var baseline: String { directory + "/baseline.mp4" }
        /// HEVC, which renders in full.
        var hevc: String { directory + "/hevc.mp4" }

        static let shared: Result<Sources, FixtureError> = Result { () throws(FixtureError) in try make() }

        private static func make() throws(FixtureError) -> Sources {
            let sources = Sources(directory: RenderMedia.root + "/copy-media")
            do {
                try FileManager.default.createDirectory(atPath: sources.directory, withIntermediateDirectories: true)
            } catch {
                throw FixtureError(message: "cannot create \(sources.directory): \(error)")
            }
            let clip = [
                "-f", "lavfi", "-i",
                "color=black:size=96x64:rate=25:duration=2,format=yuv420p,geq=lum='4*N+16':cb=128:cr=128",
                "-g", "10", "-keyint_min", "10", "-sc_threshold", "0", "-pix_fmt", "yuv420p",
            ]
            let x264 = ["-c:v", "libx264", "-crf", "12"]
            try MediaFixtures.ffmpeg(clip + x264 + ["-x264-params", "bframes=3:b-pyramid=normal", sources.bFrames])
            try MediaFixtures.ffmpeg(clip + x264 + ["-x264-params", "bframes=0:cabac=0", sources.cavlc])
            try MediaFixtures.ffmpeg(
                clip + x264 + ["-profile:v", "main", "-x264-params", "bframes=2:b-pyramid=none", sources.main])
            try MediaFixtures.ffmpeg(clip + x264 + ["-profile:v", "baseline", sources.baseline])
            try MediaFixtures.ffmpeg(
                clip + ["-c:v", "libx265", "-crf", "12", "-x265-params", "log-level=error", sources.hevc])
            return sources
        }
    }

    let sources: Sources
    init() throws { sources = try Sources.shared.get() }

    /// Cuts whose ends fall between keyframes, one aligned with them, one up to the source's end.
    func project(_ source: String, copy: String = "auto") -> String {
        """
        cutlist: 1
        output: { path: out.mp4, video: { codec: h264, crf: 10, copy: \(copy) } }
        tracks:
          - items:
              - { source: "\(source)", from: 0.12s, to: 1.72s }
              - { source: "\(source)", from: 0.4s, to: 0.8s }
              - { source: "\(source)", from: 1s, to: 2s }
        """
    }

    /// The source frame each output frame shows.
    static let expected = Array(3..<43) + Array(10..<20) + Array(25..<50)

    func render(_ yaml: String, in workspace: RenderWorkspace, to name: String) throws -> (String, ChunkReport) {
        var plan = try workspace.plan(yaml)
        plan.output.path = workspace.directory + "/" + name
        let cache = try ChunkCache(directory: workspace.directory + "/cache")
        let report = try Executor(plan: plan, cache: cache, jobs: 2, chunkLength: 8).join(to: plan.output.path)
        return (plan.output.path, report)
    }

    @Test(arguments: ["bframes", "cavlc", "main", "baseline"])
    func copiedCutsShowTheSameFramesAsAFullRender(shape: String) throws {
        let source = sources.directory + "/\(shape).mp4"
        let workspace = try RenderWorkspace()
        let (path, report) = try render(project(source), in: workspace, to: "copied.mp4")
        // Copied: source frames 10..<40, 10..<20 and 30..<50; the rest is encoded around them.
        #expect(report.copied == 3 && report.copiedFrames == 30 + 10 + 20)
        let shown = try RenderOutput.pictures(path).map { RenderMedia.index(of: $0) }
        #expect(shown == Self.expected)
        let (full, fullReport) = try render(project(source, copy: "never"), in: workspace, to: "full.mp4")
        #expect(fullReport.copied == 0)
        #expect(try RenderOutput.pictures(full).map { RenderMedia.index(of: $0) } == shown)
        // Every packet decodes cleanly, at a constant frame rate.
        #expect(try MediaFixtures.run("ffmpeg", ["-v", "error", "-i", path, "-f", "null", "-"]).isEmpty)
        let video = try RenderOutput.probe(
            path, stream: "v:0", entries: "nb_read_frames,r_frame_rate,avg_frame_rate", countFrames: true)
        #expect(video["nb_read_frames"] == "\(Self.expected.count)" && video["avg_frame_rate"] == "25/1")
    }

    /// A browser plays copied outputs to their end, decoding every frame.
    @Test(arguments: ["bframes", "cavlc", "baseline"])
    func chromiumPlaysTheOutputToTheEnd(shape: String) throws {
        let workspace = try RenderWorkspace()
        let (path, _) = try render(project(sources.directory + "/\(shape).mp4"), in: workspace, to: "\(shape).mp4")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/chromium-play.py")
        let seen = try MediaFixtures.run("python3", [script.path, path, "--timeout", "60"])
        #expect(seen.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("decoded=\(Self.expected.count)"), "\(seen)")
    }

    @Test func copiedPacketsAreTheSourcesBytes() throws {
        let workspace = try RenderWorkspace()
        let aligned = """
            cutlist: 1
            output: { path: out.mp4 }
            tracks:
              - items:
                  - { source: "\(sources.bFrames)", from: 0.4s, to: 1.2s }
            """
        let (path, report) = try render(aligned, in: workspace, to: "aligned.mp4")
        #expect(report.chunks == 1 && report.copied == 1 && report.encoded == 0)
        let hashes = { (file: String) throws -> [String] in
            try MediaFixtures.run(
                "ffprobe",
                [
                    "-v", "error", "-select_streams", "v:0", "-show_entries", "packet=data_hash", "-show_data_hash", "md5", "-of",
                    "csv=p=0", file,
                ]
            ).split(separator: "\n").map(String.init)
        }
        let copied = try hashes(path)
        #expect(copied.count == 20)
        // Source packets 10..<30 in decoding order are source frames 10..<30: a whole group each side.
        #expect(copied == Array(try hashes(sources.bFrames)[10..<30]))
    }

    @Test func hevcAndNeverRenderEveryFrame() throws {
        let workspace = try RenderWorkspace()
        let (path, report) = try render(project(sources.hevc), in: workspace, to: "hevc.mp4")
        #expect(report.copied == 0)
        #expect(try RenderOutput.pictures(path).map { RenderMedia.index(of: $0) } == Self.expected)
    }

    @Test func anOverlayOrAnOpacityRendersThoseFrames() throws {
        let workspace = try RenderWorkspace()
        let yaml = """
            cutlist: 1
            output: { path: out.mp4, video: { codec: h264, crf: 10 } }
            tracks:
              - items:
                  - { source: "\(sources.bFrames)", from: 0, to: 1.6s }
                  - { source: "\(sources.bFrames)", from: 1.6s, to: 2s, opacity: 0.5 }
              - items:
                  - { color: white, at: 0.4s, duration: 0.4s, size: 8x8 }
            """
        let (path, report) = try render(yaml, in: workspace, to: "overlay.mp4")
        // Frames 10..<20 have the box and 40..<50 half opacity; the groups between are copied.
        #expect(report.copiedFrames == 30)
        let pictures = try RenderOutput.pictures(path)
        #expect(pictures.count == 50)
        #expect(pictures[15].y(48, 32) > 200 && pictures[25].y(48, 32) < 200)
        let plain = Array(0..<10) + Array(20..<40)
        #expect(plain.map { RenderMedia.index(of: pictures[$0]) } == plain)
        #expect(abs(pictures[45].meanLuma(x: 0..<96, y: 0..<64) - Double(16 + (4 * 45 + 16 - 16) / 2)) <= 2)
    }
}
