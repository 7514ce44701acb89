import Foundation
import Testing

/// Reversing holds one group of pictures of decoded frames, not the clip: the
/// peak memory of `render` reversing 1080p with x264's default 250-frame group
/// is its peak playing the clip forwards plus one group, measured as the
/// operating system counts it.
@Suite struct ReverseMemoryCLITests {
    /// Peak resident memory in MiB of `render ARGUMENTS` run in `space`, as `getrusage` reports for a lone child.
    func peakMiB(_ space: Workspace, _ arguments: [String]) throws -> Int {
        let script = """
            import resource, subprocess, sys
            done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, CLI.executable.path] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: space.path("."))
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let words = String(decoding: data, as: UTF8.self).split(separator: " ").compactMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(words.first == 0, "render failed: \(words)")
        return words.last ?? .max
    }

    @Test func reversing1080pHoldsOneGroupOfPicturesMoreThanPlayingForwards() throws {
        let space = try Workspace()
        defer { space.clean() }
        // 24 s at 25 fps: 600 frames, groups of 250 with B-frames.
        try Tool.run(
            "ffmpeg",
            [
                "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=25:duration=24", "-c:v", "libx264",
                "-preset", "ultrafast", "-g", "250", "-bf", "3", "-pix_fmt", "yuv420p", space.path("long.mp4"),
            ])
        for (name, keys) in [("forwards", ""), ("backwards", ", reverse: true")] {
            try space.write(
                "\(name).yaml",
                """
                cutlist: 1
                output: { path: \(name).mp4, size: 160x90, fps: 25 }
                tracks:
                  - items: [{ source: long.mp4\(keys) }]
                """)
        }
        let forwards = try peakMiB(space, ["forwards.yaml", "--no-cache", "--jobs", "1"])
        let backwards = try peakMiB(space, ["backwards.yaml", "--no-cache", "--jobs", "1"])
        // A decoded 1080p 4:2:0 frame is 1920·1080·1.5 bytes: 250 of them are 742 MiB; the clip, 1780 MiB.
        let group = 250 * 1920 * 1080 * 3 / 2 / (1 << 20)
        #expect(backwards <= forwards + group + 64, "forwards \(forwards) MiB, backwards \(backwards) MiB")
        #expect(backwards >= forwards + group / 2, "forwards \(forwards) MiB, backwards \(backwards) MiB")
    }
}
