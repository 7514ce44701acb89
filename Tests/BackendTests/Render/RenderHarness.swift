import Compiler
import Disk
import EDLParser
import Foundation
import Testing

@testable import Backend

/// One test's working directory: writes a project, compiles it against the real
/// media probe and renders it the way `render` does (a temporary file beside the
/// output, renamed into place when complete).
struct RenderWorkspace {
    let directory: String

    init() throws {
        directory = RenderMedia.root + "/" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    var projectFile: String { directory + "/project.yaml" }

    /// The plan of a project given as YAML text; records its diagnostics as
    /// failures when it has none.
    func plan(_ yaml: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> RenderPlan {
        let parsed = ProjectParser.parse(yaml, file: projectFile, directory: directory, files: .disk())
        guard let project = parsed.project else {
            Issue.record("project does not parse: \(parsed.diagnostics)", sourceLocation: sourceLocation)
            throw RenderTestError("parse failed")
        }
        let compiled = Compiler(media: MediaProbe()).compile(project)
        guard let plan = compiled.plan else {
            Issue.record("project does not compile: \(compiled.diagnostics)", sourceLocation: sourceLocation)
            throw RenderTestError("compile failed")
        }
        return plan
    }

    /// Renders the project to its output path and returns that path.
    @discardableResult
    func render(_ yaml: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
        let plan = try plan(yaml, sourceLocation: sourceLocation)
        let output = SafeOutput(destination: plan.output.path)
        do {
            try Renderer(plan: plan).render(to: output.temporary)
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
        return plan.output.path
    }
}

struct RenderTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Media the render tests use as sources, made once per test run with `ffmpeg`.
struct RenderMedia: Sendable {
    let directory: String

    /// 50 frames at 25 fps, 160x90, whose luma is `4 × index + 16` (chroma neutral):
    /// lossless H.264, a keyframe every 10 frames.
    var indexClip: String { directory + "/index.mp4" }
    /// A 440 Hz sine at 48 kHz mono, amplitude 1/2 (ffmpeg's 1/8 turned up 4 times), 16-bit PCM, 2 s.
    var sine440: String { directory + "/sine440.wav" }
    /// testsrc2 at 29.97 fps with a 440 Hz sine, 1 s, H.264 + AAC.
    var ntscClip: String { directory + "/ntsc.mp4" }
    /// 160x90 black with a white 40x30 box in the top-left corner, lossless, 1 s at 25 fps.
    var marker: String { directory + "/marker.mp4" }
    /// `marker.mp4` with ffmpeg 5.1's `rotate=90` stream tag (see `MediaFixtures`).
    var markerRotated90: String { directory + "/marker-rotate90.mp4" }
    /// `marker.mp4` with the `rotate=270` stream tag.
    var markerRotated270: String { directory + "/marker-rotate270.mp4" }
    /// A solid white 40x20 PNG.
    var whiteBar: String { directory + "/bar.png" }
    /// 160x90 mid grey, lossless, 1 s at 25 fps.
    var grayClip: String { directory + "/gray.mp4" }

    /// Every render test's files live under this directory, removed at exit.
    static let root = NSTemporaryDirectory() + "render-tests-" + UUID().uuidString

    static let shared: Result<RenderMedia, FixtureError> = Result { () throws(FixtureError) in try RenderMedia.make() }

    static func get() throws -> RenderMedia { try shared.get() }

    private static func make() throws(FixtureError) -> RenderMedia {
        let directory = root + "/media"
        atexit { try? FileManager.default.removeItem(atPath: RenderMedia.root) }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw FixtureError(message: "cannot create \(directory): \(error)")
        }
        let m = RenderMedia(directory: directory)
        let lossless = ["-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p"]
        try MediaFixtures.ffmpeg(
            [
                "-f", "lavfi", "-i",
                "color=black:size=160x90:rate=25:duration=2,format=yuv420p,geq=lum='4*N+16':cb=128:cr=128",
            ]
                + lossless + ["-g", "10", m.indexClip])
        try MediaFixtures.ffmpeg([
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=2",
            "-af", "volume=4", "-c:a", "pcm_s16le", m.sine440,
        ])
        try MediaFixtures.ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=30000/1001:duration=1",
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1",
            "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", m.ntscClip,
        ])
        try MediaFixtures.ffmpeg(
            [
                "-f", "lavfi", "-i",
                "color=black:size=160x90:rate=25:duration=1,drawbox=x=0:y=0:w=40:h=30:color=white:t=fill",
            ]
                + lossless + [m.marker])
        try MediaFixtures.ffmpeg(["-i", m.marker, "-c", "copy", "-metadata:s:v", "rotate=90", m.markerRotated90])
        try MediaFixtures.ffmpeg(["-i", m.marker, "-c", "copy", "-metadata:s:v", "rotate=270", m.markerRotated270])
        try MediaFixtures.ffmpeg(["-f", "lavfi", "-i", "color=white:size=40x20", "-frames:v", "1", m.whiteBar])
        try MediaFixtures.ffmpeg(["-f", "lavfi", "-i", "color=gray:size=160x90:rate=25:duration=1"] + lossless + [m.grayClip])
        return m
    }
}

extension RenderMedia {
    /// Three lossless cuts of the index clip, the third at double speed: 30 frames at 25 fps.
    var threeCuts: String {
        """
        cutlist: 1
        output: { path: out.mp4, video: { codec: h264, crf: 0 } }
        tracks:
          - items:
              - { source: "\(indexClip)", from: 0.5s, to: 1s }
              - { source: "\(indexClip)", from: 0.2s, to: 0.4s }
              - { source: "\(indexClip)", from: 0, to: 1s, speed: 2 }
        """
    }

    /// The index clip frame each output frame of `threeCuts` shows. Output frame n
    /// is at t = n/25. Cut 1 covers t in [0, 0.5): s = 0.5 + t, source frame 12 + n
    /// (0.5 s is inside frame 12's interval [0.48, 0.52)). Cut 2 covers [0.5, 0.7):
    /// frames 13..17, s = t − 0.3, source frame n − 8. Cut 3 covers [0.7, 1.2) at
    /// double speed: frames 18..29, s = 2(t − 0.7), source frame 2n − 35.
    static let threeCutsFrames = Array(12...24) + Array(5...9) + Array(stride(from: 1, through: 23, by: 2))

    /// The index clip's frame `i` has luma 4·i + 16 everywhere: the frame a picture shows.
    static func index(of picture: DecodedPicture, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Int {
        let level = picture.meanLuma(x: 0..<picture.width, y: 0..<picture.height)
        let index = Int(((level - 16) / 4).rounded())
        #expect(abs(level - Double(4 * index + 16)) <= 1, "mean luma \(level) is not 4·i + 16", sourceLocation: sourceLocation)
        return index
    }
}

/// A decoded picture's samples, read back the way a player shows them.
struct DecodedPicture {
    let width: Int
    let height: Int
    /// Luma, row by row.
    let luma: [UInt8]
    /// Chroma at half resolution in both directions (yuv420p).
    let cb: [UInt8]
    let cr: [UInt8]

    init(_ frame: Frame) throws {
        #expect(frame.pixelFormat == .yuv420p, "decoded output is \(frame.pixelFormat), not yuv420p")
        width = frame.width
        height = frame.height
        let (w, h) = (frame.width, frame.height)
        let (cw, ch) = ((w + 1) / 2, (h + 1) / 2)
        func read(_ plane: Int, _ pw: Int, _ ph: Int) throws -> [UInt8] {
            try frame.withPlane(plane) { bytes, stride in
                var out: [UInt8] = []
                out.reserveCapacity(pw * ph)
                for y in 0..<ph { for x in 0..<pw { out.append(bytes[y * stride + x]) } }
                return out
            }
        }
        luma = try read(0, w, h)
        cb = try read(1, cw, ch)
        cr = try read(2, cw, ch)
    }

    func y(_ x: Int, _ y: Int) -> Int { Int(luma[y * width + x]) }

    /// The mean luma over a rectangle.
    func meanLuma(x: Range<Int>, y: Range<Int>) -> Double {
        var sum = 0
        for row in y { for column in x { sum += self.y(column, row) } }
        return Double(sum) / Double(x.count * y.count)
    }

    /// Encoded RGB (0...255) at a pixel, through the BT.709 limited-range matrix
    /// the output is tagged with.
    func rgb(_ x: Int, _ y: Int) -> (red: Double, green: Double, blue: Double) {
        let c = (y / 2) * ((width + 1) / 2) + x / 2
        let rgb = ColorMatrix.bt709.rgb(y: Double(self.y(x, y)), u: Double(cb[c]), v: Double(cr[c]))
        return (rgb.red * 255, rgb.green * 255, rgb.blue * 255)
    }

    /// The smallest rectangle holding every pixel whose luma passes `test`, as
    /// half-open column and row ranges; nil when none does.
    func box(where test: (Int) -> Bool) -> (x: Range<Int>, y: Range<Int>)? {
        var (x0, y0, x1, y1) = (Int.max, Int.max, Int.min, Int.min)
        for row in 0..<height {
            for column in 0..<width where test(y(column, row)) {
                x0 = min(x0, column)
                x1 = max(x1, column)
                y0 = min(y0, row)
                y1 = max(y1, row)
            }
        }
        guard x0 <= x1 else { return nil }
        return (x0..<(x1 + 1), y0..<(y1 + 1))
    }
}

enum RenderOutput {
    /// Every picture of the file's video stream, decoded in order.
    static func pictures(_ path: String) throws -> [DecodedPicture] {
        let input = try InputFile(path: path)
        guard let info = input.bestStream(.video) else { throw RenderTestError("'\(path)' has no video stream") }
        let stream = try DecodedStream(input: input, streamIndex: info.index, threads: .perCore)
        var pictures: [DecodedPicture] = []
        while let frame = try stream.next() { pictures.append(try DecodedPicture(frame)) }
        return pictures
    }

    /// The whole audio stream, resampled to float planar at `rate`.
    static func samples(_ path: String, rate: Int = 48_000, channels: Int = 2, seconds: Double) throws -> [[Float]] {
        let reader = try AudioReader(path: path, sampleRate: rate, channels: channels)
        return try reader.samples(from: 0, count: Int((seconds * Double(rate)).rounded()))
    }

    /// `ffprobe` output for one stream's entries, as `key=value` lines.
    static func probe(_ path: String, stream: String, entries: String, countFrames: Bool = false) throws -> [String: String] {
        let text = try MediaFixtures.run(
            "ffprobe",
            ["-v", "error", "-select_streams", stream]
                + (countFrames ? ["-count_frames"] : [])
                + ["-show_entries", "stream=" + entries, "-of", "default=noprint_wrappers=1", path])
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
        }
        return values
    }

    /// The sum of a stream's packet durations in seconds, from `ffprobe`.
    static func packetSeconds(_ path: String, stream: String) throws -> Double {
        let text = try MediaFixtures.run(
            "ffprobe",
            [
                "-v", "error", "-select_streams", stream,
                "-show_entries", "packet=duration_time", "-of", "csv=p=0", path,
            ])
        return text.split(separator: "\n").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }.reduce(0, +)
    }
}

enum Signal {
    /// The amplitude of the `frequency` component of `samples` (a Hann-windowed
    /// single-bin DFT, scaled so a sine of amplitude A reads A).
    static func amplitude(of frequency: Double, in samples: ArraySlice<Float>, rate: Int) -> Double {
        let n = samples.count
        var (re, im, windowSum) = (0.0, 0.0, 0.0)
        for (i, sample) in samples.enumerated() {
            let w = 0.5 - 0.5 * cos(2 * Double.pi * Double(i) / Double(n))
            let phase = 2 * Double.pi * frequency * Double(i) / Double(rate)
            re += Double(sample) * w * cos(phase)
            im += Double(sample) * w * sin(phase)
            windowSum += w
        }
        return 2 * (re * re + im * im).squareRoot() / windowSum
    }

    static func decibels(_ ratio: Double) -> Double { 20 * log10(ratio) }
}

extension Executor {
    /// The executor of `plan` laid out afresh: what `render` runs, with the tests' chunk lengths.
    init(plan: RenderPlan, cache: ChunkCache, jobs: Int = 2, chunkLength: Int64? = nil, window: Range<Int64>? = nil) throws {
        self.init(try RenderJob(plan: plan, cache: cache, window: window, chunkLength: chunkLength), cache: cache, jobs: jobs)
    }
}
