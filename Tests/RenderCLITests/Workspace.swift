import Foundation
import Testing

/// A fresh temporary folder for one test: the project files it writes, the
/// media it makes, and what `render` writes there. Removed by `clean()`.
struct Workspace {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("cutlist-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `name` and returns the name (relative to the folder).
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: url.appendingPathComponent(name))
        return name
    }

    func data(_ name: String) -> Data? { FileManager.default.contents(atPath: path(name)) }

    /// Width and height of the PNG file `name`, if it is one.
    func pngSize(_ name: String) -> (width: Int, height: Int)? { data(name).flatMap(Tool.pngSize) }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }

    /// The names in the folder, sorted.
    func listing(_ name: String = ".") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path(name))) ?? []).sorted()
    }

    /// Runs `render ARGUMENTS` here.
    @discardableResult
    func render(_ arguments: String..., timeout: Double = 60) throws -> CLIResult {
        try CLI.run(arguments, in: url, timeout: timeout)
    }

    /// Makes a tiny H.264 clip with the ffmpeg command: testsrc2 160x90 at 25 fps.
    func makeClip(_ name: String, seconds: Int = 1) throws {
        try Tool.run(
            "ffmpeg",
            [
                "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=25:duration=\(seconds)",
                "-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "+faststart", path(name),
            ])
    }

    func clean() { try? FileManager.default.removeItem(at: url) }
}

/// `ffmpeg` and `ffprobe`, run directly.
enum Tool {
    struct Failure: Error, CustomStringConvertible { var description: String }

    @discardableResult
    static func run(_ name: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(name) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// What ffprobe says about the first video stream, after decoding every frame.
    struct VideoFacts: Equatable {
        var width: Int
        var height: Int
        var frames: Int
        var rate: String
    }

    static func videoFacts(_ path: String) throws -> VideoFacts {
        let text = try run(
            "ffprobe",
            [
                "-v", "error", "-select_streams", "v:0", "-count_frames",
                "-show_entries", "stream=width,height,nb_read_frames,r_frame_rate", "-of", "json", path,
            ])
        let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let stream = try #require((json?["streams"] as? [[String: Any]])?.first)
        return VideoFacts(
            width: stream["width"] as? Int ?? -1, height: stream["height"] as? Int ?? -1,
            frames: Int(stream["nb_read_frames"] as? String ?? "") ?? -1,
            rate: stream["r_frame_rate"] as? String ?? "")
    }

    /// The container's duration in seconds, as ffprobe prints it.
    static func duration(_ path: String) throws -> Double {
        let text = try run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path])
        return Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// Width and height of a PNG, read from its IHDR chunk.
    static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data)
        guard bytes.count >= 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
            String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR"
        else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }
}
