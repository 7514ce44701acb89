import Foundation
import Testing

/// `render --watch`: an edit saved while it runs is rendered again, only its changed chunks encoded.
@Suite struct WatchCLITests {
    /// `render PROJECT --watch`, once it says it is watching.
    func watching(_ project: String, in space: Workspace) throws -> RunningCLI {
        let running = try RunningCLI([project, "--watch", "--progress", "none"], in: space.url)
        #expect(running.waitUntil(timeout: 60) { running.stderrSoFar.contains("Ctrl-C stops") }, "\(running.stderrSoFar)")
        return running
    }

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
        let running = try watching("edit.yaml", in: space)
        #expect(running.stderrSoFar.contains("(100 frames; 2 chunks: 0 reused, 2 encoded)"))
        // Saved as editors do: a new file renamed over the old one.
        try space.write("edit.tmp", project.replacingOccurrences(of: "color: red", with: "color: lime"))
        try FileManager.default.removeItem(atPath: space.path("edit.yaml"))
        try FileManager.default.moveItem(atPath: space.path("edit.tmp"), toPath: space.path("edit.yaml"))
        #expect(
            running.waitUntil(timeout: 60) { running.stderrSoFar.contains("1 reused, 1 encoded") },
            "\(running.stderrSoFar)")
        #expect(running.stderrSoFar.contains("edit.yaml changed: rendering again"))
        let result = try running.interrupt()
        #expect(result.status == 130, "\(result)")
        // The second output shows the edit: lime (low Cr) where red (high Cr) was.
        let cr = try Self.meanCr(space.path("out.mp4"), at: 3)
        #expect(cr.map { $0 < 60 } == true, "\(String(describing: cr))")
    }

    @Test func aSavedShaderOrFontFileRendersAgain() throws {
        let space = try Workspace()
        defer { space.clean() }
        let shader = { (red: String) in
            "#version 300 es\nprecision highp float;\nout vec4 color;\nvoid main() { color = vec4(\(red), 0.2, 0.3, 1.0); }\n"
        }
        try space.write("look.glsl", shader("0.9"))
        try FileManager.default.copyItem(
            atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", toPath: space.path("title.ttf"))
        try space.write(
            "edit.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25, path: out.mp4 }
            tracks:
              - items: [{ shader: look.glsl, duration: 1s }]
              - items: [{ text: Watched, font: title.ttf, duration: 1s }]
            """)
        let running = try watching("edit.yaml", in: space)
        try space.write("look.glsl", shader("0.1"))
        #expect(
            running.waitUntil(timeout: 60) { running.stderrSoFar.contains("look.glsl changed: rendering again") },
            "\(running.stderrSoFar)")
        #expect(running.waitUntil(timeout: 60) { running.stderrSoFar.components(separatedBy: "wrote ").count == 3 })
        try FileManager.default.removeItem(atPath: space.path("title.ttf"))
        try FileManager.default.copyItem(
            atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", toPath: space.path("title.ttf"))
        #expect(
            running.waitUntil(timeout: 60) { running.stderrSoFar.contains("title.ttf changed: rendering again") },
            "\(running.stderrSoFar)")
        let result = try running.interrupt()
        #expect(result.status == 130, "\(result)")
    }

    @Test func aProjectFolderRemovedAndMadeAgainIsFollowed() throws {
        let space = try Workspace()
        defer { space.clean() }
        // Colours of its own: the tests share a cache, and another test's chunks would be reused.
        let project = """
            cutlist: 1
            output: { size: 160x90, fps: 25, path: out.mp4 }
            tracks:
              - items:
                  - { color: teal, duration: 2s }
                  - { color: maroon, duration: 2s }
            """
        try FileManager.default.createDirectory(atPath: space.path("edit"), withIntermediateDirectories: true)
        try space.write("edit/edit.yaml", project)
        let running = try watching("edit/edit.yaml", in: space)
        // As a checkout of another branch does: the folder goes, and comes back with other contents.
        try FileManager.default.removeItem(atPath: space.path("edit"))
        usleep(600_000)
        try FileManager.default.createDirectory(atPath: space.path("edit"), withIntermediateDirectories: true)
        try space.write("edit/edit.yaml", project.replacingOccurrences(of: "color: maroon", with: "color: olive"))
        #expect(
            running.waitUntil(timeout: 60) { running.stderrSoFar.contains("1 reused, 1 encoded") },
            "\(running.stderrSoFar)")
        // And it goes on following it.
        try space.write(
            "edit/edit.yaml",
            project.replacingOccurrences(of: "color: maroon", with: "color: olive").replacingOccurrences(
                of: "color: teal", with: "color: purple"))
        #expect(
            running.waitUntil(timeout: 60) { running.stderrSoFar.components(separatedBy: "1 reused, 1 encoded").count == 3 },
            "\(running.stderrSoFar)")
        let result = try running.interrupt()
        #expect(result.status == 130, "\(result)")
    }

    /// An edit that leaves --range without a frame is an error of that render,
    /// not of the command: watch waits for the next save (it exited 2).
    @Test func anEditThatEmptiesTheRangeWaitsForTheNextSave() throws {
        let space = try Workspace()
        defer { space.clean() }
        let project = """
            cutlist: 1
            output: { size: 160x90, fps: 25, path: out.mp4 }
            tracks:
              - items: [{ color: blue, duration: 4s }]
            """
        func save(_ text: String) throws {
            try space.write("edit.tmp", text)
            _ = rename(space.path("edit.tmp"), space.path("edit.yaml"))
        }
        try space.write("edit.yaml", project)
        let running = try RunningCLI(["edit.yaml", "--watch", "--range", "3s..4s", "--progress", "none"], in: space.url)
        defer { if running.process.isRunning { kill(running.process.processIdentifier, SIGKILL) } }
        func count(_ text: String) -> Int { running.stderrSoFar.components(separatedBy: text).count - 1 }
        #expect(running.waitUntil(timeout: 60) { count("Ctrl-C stops") == 1 }, "\(running.stderrSoFar)")
        try save(project.replacingOccurrences(of: "4s", with: "2s"))
        #expect(
            running.waitUntil(timeout: 30) { count("Ctrl-C stops") == 2 }, "\(running.stderrSoFar)")
        #expect(running.process.isRunning)
        #expect(
            running.stderrSoFar.contains(
                "error: --range 3s..4s holds no frame of the output, which lasts 2s\nwatching 1 file; Ctrl-C stops\n"),
            "\(running.stderrSoFar)")
        try save(project.replacingOccurrences(of: "4s", with: "5s"))
        #expect(running.waitUntil(timeout: 30) { count("wrote ") == 2 }, "\(running.stderrSoFar)")
        let result = try running.interrupt()
        #expect(result.status == 130, "\(result)")
    }

    @Test func savesMadeDuringARenderAreRenderedOnceItEnds() throws {
        let space = try Workspace()
        defer { space.clean() }
        // Long enough (a few seconds on one worker) that two saves land while it renders.
        let project = """
            cutlist: 1
            output: { size: 1280x720, fps: 25, path: out.mp4 }
            tracks:
              - items: [{ color: black, duration: 12s }]
            """
        func save(_ color: String) throws {
            try space.write("edit.tmp", project.replacingOccurrences(of: "black", with: color))
            _ = rename(space.path("edit.tmp"), space.path("edit.yaml"))
        }
        try space.write("edit.yaml", project)
        let running = try RunningCLI(["edit.yaml", "--watch", "--progress", "none", "--jobs", "1"], in: space.url)
        defer { if running.process.isRunning { kill(running.process.processIdentifier, SIGKILL) } }
        func count(_ text: String) -> Int { running.stderrSoFar.components(separatedBy: text).count - 1 }
        #expect(running.waitUntil(timeout: 60) { count("Ctrl-C stops") == 1 }, "\(running.stderrSoFar)")
        try save("lime")
        #expect(running.waitUntil(timeout: 20) { count("rendering again") == 1 }, "\(running.stderrSoFar)")
        try save("blue")
        usleep(200_000)
        try save("red")
        // Both saves came while the lime render ran.
        #expect(count("wrote ") == 1, "\(running.stderrSoFar)")
        // One more render when it ends, of the last save; then it waits.
        #expect(
            running.waitUntil(timeout: 60) { count("wrote ") == 3 && count("Ctrl-C stops") == 2 },
            "\(running.stderrSoFar)")
        #expect(running.stderrSoFar.contains("edit.yaml changed while rendering: rendering again"))
        let result = try running.interrupt()
        #expect(result.status == 130, "\(result)")
        #expect(result.stderr.components(separatedBy: "wrote ").count - 1 == 3, "\(result)")
        // Red has a high Cr; lime, blue and black do not.
        let cr = try Self.meanCr(space.path("out.mp4"), at: 6)
        #expect(cr.map { $0 > 200 } == true, "\(String(describing: cr))")
    }

    @Test func changedMediaAreNamedAsTheProjectWritesThem() throws {
        let space = try Workspace()
        defer { space.clean() }
        try FileManager.default.createDirectory(atPath: space.path("media"), withIntermediateDirectories: true)
        try space.makeClip("media/clip.mp4")
        try space.write(
            "edit.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25, path: out.mp4 }
            tracks:
              - items: [{ source: media/clip.mp4 }]
            """)
        let running = try RunningCLI(["edit.yaml", "--watch", "--progress", "none"], in: space.url)
        defer { if running.process.isRunning { kill(running.process.processIdentifier, SIGKILL) } }
        #expect(running.waitUntil(timeout: 60) { running.stderrSoFar.contains("Ctrl-C stops") }, "\(running.stderrSoFar)")
        try space.makeClip("media/clip.mp4", seconds: 2)
        #expect(
            running.waitUntil(timeout: 30) { running.stderrSoFar.contains("changed: rendering again") },
            "\(running.stderrSoFar)")
        #expect(running.stderrSoFar.contains("\nmedia/clip.mp4 changed: rendering again"), "\(running.stderrSoFar)")
        #expect(try running.interrupt().status == 130)
    }

    @Test func aFileDatedInTheFutureIsNoSave() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.makeClip("clip.mp4")
        // Copied from a camera whose clock runs an hour ahead.
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(3600)], ofItemAtPath: space.path("clip.mp4"))
        try space.write(
            "edit.yaml",
            "cutlist: 1\noutput: { size: 160x90, fps: 25, path: out.mp4 }\ntracks:\n  - items: [{ source: clip.mp4 }]\n")
        let running = try RunningCLI(["edit.yaml", "--watch", "--progress", "none"], in: space.url)
        defer { if running.process.isRunning { kill(running.process.processIdentifier, SIGKILL) } }
        #expect(running.waitUntil(timeout: 60) { running.stderrSoFar.contains("Ctrl-C stops") }, "\(running.stderrSoFar)")
        usleep(1_000_000)
        let result = try running.interrupt()
        #expect(result.status == 130, "\(result)")
        #expect(result.stderr.components(separatedBy: "wrote ").count - 1 == 1, "\(result)")
    }

    /// The mean Cr (red difference) of the frame at `seconds`, 16 to 240.
    static func meanCr(_ path: String, at seconds: Double) throws -> Double? {
        let stats = try Tool.run(
            "ffmpeg",
            [
                "-v", "error", "-ss", "\(seconds)", "-i", path, "-frames:v", "1", "-vf",
                "signalstats,metadata=mode=print:key=lavfi.signalstats.VAVG:file=-", "-f", "null", "-",
            ])
        return stats.split(separator: "\n").first { $0.hasPrefix("lavfi.signalstats.VAVG=") }
            .flatMap { Double($0.split(separator: "=")[1]) }
    }
}
