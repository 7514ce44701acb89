import Compiler
import Disk
import EDLParser
import Foundation

/// Every media file: a clip of `seconds` at `rate` with sound, or a picture (`.png`).
struct StandInMedia: MediaInfo {
    var seconds = Rational(10)
    var rate = FrameRate(Rational(25))

    func facts(forPath path: String) throws(MediaProbeError) -> MediaFacts {
        let size = PixelSize(width: 160, height: 90)
        if path.hasSuffix(".png") {
            return MediaFacts(duration: nil, video: VideoFacts(size: size, frameRate: nil, isStillImage: true), audio: nil)
        }
        return MediaFacts(
            duration: seconds, video: VideoFacts(size: size, frameRate: rate, duration: seconds),
            audio: AudioFacts(streamIndex: 1, sampleRate: 48_000, channels: 2, duration: seconds))
    }
}

/// The project a YAML text holds, read as `edit.yaml` in `/media`.
func project(_ text: String) throws -> Project {
    let parsed = ProjectParser.parse(text, file: "/media/edit.yaml", directory: "/media", files: .disk())
    guard let project = parsed.project else {
        throw ProjectError(message: parsed.diagnostics.map(\.message).joined(separator: "\n"))
    }
    return project
}

struct ProjectError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Runs a Python script with OpenTimelineIO's library (tests install it) and returns its output.
@discardableResult
func python(_ script: String, _ arguments: String...) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script] + arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw ProjectError(message: "python3 exited \(process.terminationStatus)") }
    return text
}

/// A temporary file's path, removed by `remove()`.
struct TemporaryPath {
    let path = NSTemporaryDirectory() + "cutlist-interchange-\(UUID().uuidString).otio"
    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
