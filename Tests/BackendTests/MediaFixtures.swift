import Foundation
import Testing

/// Tiny media made with the `ffmpeg` command in a temporary directory, once per
/// test run. Sizes are 160x90 and lengths a second or two, so making them takes
/// well under a second.
struct MediaFixtures: Sendable {
    let directory: String

    /// testsrc2 at 25 fps with a 440 Hz sine (amplitude 1/8) at 48 kHz mono, 1 s, H.264 + AAC.
    var clip: String { directory + "/clip.mp4" }
    /// A single red 160x90 picture.
    var png: String { directory + "/still.png" }
    /// The same picture as JPEG.
    var jpeg: String { directory + "/still.jpg" }
    /// The same picture as WebP.
    var webp: String { directory + "/still.webp" }
    /// `clip.mp4` tagged `rotate=90` by ffmpeg 5.1's muxer: displayed turned 90°
    /// counter-clockwise, i.e. 270° clockwise.
    var rotatedCounterClockwise: String { directory + "/rotated270.mp4" }
    /// `clip.mp4` tagged `rotate=270`: displayed turned 90° clockwise.
    var rotatedClockwise: String { directory + "/rotated90.mp4" }
    /// A 1 kHz sine at 44.1 kHz, stereo AAC (ffmpeg's `-ac 2` upmix: each channel
    /// at amplitude 1/8 · √½), 1 s, no video.
    var audioOnly: String { directory + "/tone.m4a" }
    /// A 1 kHz sine (amplitude 1/8) at 48 kHz mono 16-bit PCM, 2 s: sample-exact positions.
    var wav: String { directory + "/tone.wav" }
    /// 25 frames at 25 fps whose luma is 10 × frame index, lossless H.264, a keyframe every 10.
    var grayLevels: String { directory + "/gray.mp4" }
    /// The same ramp with B-frames (qp 4, still flat enough to read the level back).
    var grayLevelsWithBFrames: String { directory + "/gray-b.mp4" }
    /// Random bytes named .mp4.
    var garbage: String { directory + "/garbage.mp4" }
    /// The first half of `clip.mp4`: its index (at the end) is gone.
    var truncated: String { directory + "/truncated.mp4" }

    static let shared: Result<MediaFixtures, FixtureError> = Result { () throws(FixtureError) in try MediaFixtures.make() }

    /// The shared fixtures, or a test failure saying why they could not be made.
    static func get() throws -> MediaFixtures { try shared.get() }

    /// Removed when the test process exits.
    private static let temporaryDirectory = NSTemporaryDirectory() + "backend-tests-" + UUID().uuidString

    private static func make() throws(FixtureError) -> MediaFixtures {
        let directory = temporaryDirectory
        atexit { try? FileManager.default.removeItem(atPath: MediaFixtures.temporaryDirectory) }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw FixtureError(message: "cannot create \(directory): \(error)")
        }
        let m = MediaFixtures(directory: directory)
        let gray = "color=black:size=160x90:rate=25:duration=1,format=yuv420p,geq=lum='10*N':cb=128:cr=128"
        try ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=25:duration=1",
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1",
            "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", m.clip,
        ])
        try ffmpeg(["-f", "lavfi", "-i", "color=red:size=160x90", "-frames:v", "1", m.png])
        try ffmpeg(["-f", "lavfi", "-i", "color=red:size=160x90", "-frames:v", "1", m.jpeg])
        try ffmpeg(["-f", "lavfi", "-i", "color=red:size=160x90", "-frames:v", "1", m.webp])
        try ffmpeg(["-i", m.clip, "-c", "copy", "-metadata:s:v", "rotate=90", m.rotatedCounterClockwise])
        try ffmpeg(["-i", m.clip, "-c", "copy", "-metadata:s:v", "rotate=270", m.rotatedClockwise])
        try ffmpeg([
            "-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=44100:duration=1", "-ac", "2", "-c:a", "aac", m.audioOnly,
        ])
        try ffmpeg(["-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=48000:duration=2", "-c:a", "pcm_s16le", m.wav])
        try ffmpeg(["-f", "lavfi", "-i", gray, "-c:v", "libx264", "-qp", "0", "-g", "10", m.grayLevels])
        try ffmpeg([
            "-f", "lavfi", "-i", gray, "-c:v", "libx264", "-qp", "4", "-g", "10", "-bf", "2",
            "-x264-params", "b-adapt=0", m.grayLevelsWithBFrames,
        ])
        // The same noise every run: random bytes now and then look enough like some
        // format for libav to open them, with another message.
        var state: UInt32 = 2_463_534_242
        let noise = Data(
            (0..<4096).map { _ -> UInt8 in
                state ^= state << 13
                state ^= state >> 17
                state ^= state << 5
                return UInt8(truncatingIfNeeded: state >> 24)
            })
        let clipBytes = FileManager.default.contents(atPath: m.clip) ?? Data()
        guard FileManager.default.createFile(atPath: m.garbage, contents: noise),
            FileManager.default.createFile(atPath: m.truncated, contents: clipBytes.prefix(clipBytes.count / 2))
        else { throw FixtureError(message: "cannot write fixtures in \(directory)") }
        return m
    }

    /// Runs `ffmpeg -v error -y ARGS`.
    static func ffmpeg(_ arguments: [String]) throws(FixtureError) {
        _ = try run("ffmpeg", ["-nostdin", "-v", "error", "-y"] + arguments)
    }

    /// Runs a command found on PATH; returns its standard output.
    static func run(_ command: String, _ arguments: [String]) throws(FixtureError) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        do { try process.run() } catch { throw FixtureError(message: "cannot run \(command): \(error)") }
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FixtureError(
                message: "\(command) \(arguments.joined(separator: " ")) failed: \(String(decoding: err, as: UTF8.self))")
        }
        return String(decoding: out, as: UTF8.self)
    }
}

struct FixtureError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
