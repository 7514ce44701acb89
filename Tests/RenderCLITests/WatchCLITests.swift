import Foundation
import Testing

/// `render --watch`: an edit saved while it runs is rendered again, only its changed chunks encoded.
@Suite struct WatchCLITests {
    @Test func aSavedEditRendersAgainEncodingOnlyWhatChanged() throws {
        let space = try Workspace()
        defer { space.clean() }
        let project = """
            cutlist: 1
            output: { size: 160x90, fps: 25, path: out.mp4 }
            tracks:
              - items:
                  - { color: blue, duration: 2s }
                  - { color: red, duration: 2s }
            """
        try space.write("edit.yaml", project)
        let running = try RunningCLI(["edit.yaml", "--watch", "--progress", "none"], in: space.url)
        #expect(running.waitUntil(timeout: 60) { running.stderrSoFar.contains("Ctrl-C stops") }, "\(running.stderrSoFar)")
        #expect(running.stderrSoFar.contains("(100 frames; 2 chunks: 0 reused, 2 encoded)"))
        // Saved as editors do: a new file renamed over the old one.
        try space.write("edit.tmp", project.replacingOccurrences(of: "color: red", with: "color: lime"))
        try FileManager.default.removeItem(atPath: space.path("edit.yaml"))
        try FileManager.default.moveItem(atPath: space.path("edit.tmp"), toPath: space.path("edit.yaml"))
        #expect(
            running.waitUntil(timeout: 60) { running.stderrSoFar.contains("1 reused, 1 encoded") },
            "\(running.stderrSoFar)")
        #expect(running.stderrSoFar.contains("edit.yaml changed: rendering again"))
        kill(running.process.processIdentifier, SIGINT)
        let result = try running.wait(timeout: 20)
        #expect(result.status == 130, "\(result)")
        // The second output shows the edit: lime (low Cr) where red (high Cr) was.
        let stats = try Tool.run(
            "ffmpeg",
            [
                "-v", "error", "-ss", "3", "-i", space.path("out.mp4"), "-frames:v", "1", "-vf",
                "signalstats,metadata=mode=print:key=lavfi.signalstats.VAVG:file=-", "-f", "null", "-",
            ])
        let cr = stats.split(separator: "\n").first { $0.hasPrefix("lavfi.signalstats.VAVG=") }
            .flatMap { Double($0.split(separator: "=")[1]) }
        #expect(cr.map { $0 < 60 } == true, "\(stats)")
    }
}
