import Foundation
import Testing

/// `render studio`: the page used in headless Chromium as a person would
/// (Fixtures/studio/driver.py), and the server asked as a stranger would.
@Suite(.serialized) struct StudioCLITests {
    /// Three tracks: three colours cut at 2 s and 4 s, a title over the first
    /// second and a half, a tone under everything.
    static let project = """
        cutlist: 1
        output: { size: 320x180, fps: 25, path: out.mp4 }
        tracks:
          - name: pictures
            items:
              - { id: opening, color: "#ff0000", duration: 2s }
              - { id: middle, color: "#0000ff", duration: 2s }
              - { id: closing, color: "#00ff00", duration: 2s }
          - name: titles
            items:
              - { text: Hello, duration: 1.5s, font_size: 20, color: white, position: [15%, 15%] }
          - name: music
            kind: audio
            items:
              - { tone: 440, duration: 6s, volume: 0.2 }
        """

    /// A studio serving `project.yaml` of a new workspace on a free port.
    final class Server {
        let space: Workspace
        let running: RunningCLI
        let url: String

        /// `prepare` makes the files the project reads, before the studio starts.
        init(
            project: String = StudioCLITests.project, arguments: [String] = [], environment: [String: String] = [:],
            prepare: (Workspace) throws -> Void = { _ in }
        ) throws {
            space = try Workspace()
            try prepare(space)
            try space.write("project.yaml", project)
            let running = try RunningCLI(
                ["studio", "project.yaml", "--port", "0", "--cache", space.path("cache")] + arguments, in: space.url,
                environment: environment)
            self.running = running
            var found: String?
            _ = running.waitUntil(timeout: 60) {
                found = running.stdoutSoFar.split(separator: "\n").first { $0.hasPrefix("studio: http://") }.map {
                    String($0.dropFirst("studio: ".count).prefix { $0 != " " })
                }
                return found != nil
            }
            url = found ?? ""
            if found == nil { Issue.record("no address printed:\n\(running.stdoutSoFar)\(running.stderrSoFar)") }
        }

        var port: Int { Int(url.split(separator: ":").last?.prefix { $0.isNumber } ?? "") ?? 0 }

        /// What the page showed in a scenario of the driver, as JSON.
        func drive(_ scenario: String, _ options: [String: String] = [:], timeout: Int = 60) throws -> [String: Any] {
            try ChromiumDriver.run(url, scenario, options, timeout: timeout, context: running.stderrSoFar)
        }

        /// Stops it as Ctrl-C does; its exit status.
        func stop() throws -> CLIResult {
            let result = try running.interrupt(timeout: 30)
            space.clean()
            return result
        }
    }

    @Test func thePageNamesEveryItemOfEveryTrackAndStopsWithCtrlC() throws {
        let server = try Server()
        #expect(server.url.hasPrefix("http://127.0.0.1:"))
        let shot = server.space.path("studio.png")
        let page = try server.drive("timeline", ["screenshot": shot])
        let tracks = page["tracks"] as? [[Any]] ?? []
        #expect(tracks.map { $0.first as? String } == ["pictures", "titles", "music"], "\(page)")
        let items = tracks.map { $0.last as? [String] ?? [] }
        #expect(
            items == [
                ["opening · colour #ff0000ff", "middle · colour #0000ffff", "closing · colour #00ff00ff"],
                ["text \"Hello\""],
                ["tone 440 Hz"],
            ], "\(page)")
        let place = page["place"] as? [String] ?? []
        #expect(place.first == "project.yaml:6:9", "\(page)")
        #expect(place.last == "vscode://file\(server.space.path("project.yaml")):6:9", "\(page)")
        #expect(server.space.pngSize("studio.png").map { $0.width == 1280 } == true)
        // The project is named in the tab and the header; seconds run along the timeline (6 s: a tick a second).
        #expect(page["title"] as? String == "project.yaml · Cutlist studio" && page["header"] as? String == "project.yaml")
        #expect(page["ruler"] as? [String] == ["0:00", "0:01", "0:02", "0:03", "0:04", "0:05"], "\(page)")
        let result = try server.stop()
        #expect(result.status == 130, "\(result)")
        #expect(result.stderr.contains("a page opened (1 open)"), "\(result)")
        #expect(result.stderr.hasSuffix("studio: stopped\n"), "\(result)")
    }

    /// The README's picture: the showcase example's page, its title selected, at 3 s.
    /// `CUTLIST_STUDIO_SCREENSHOT=docs/studio.png` keeps it there.
    @Test func theShowcasesPageIsTheReadmesPicture() throws {
        let showcase = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/showcase.yaml")
        let server = try Server(project: try String(contentsOf: showcase, encoding: .utf8))
        defer { _ = try? server.stop() }
        let shot = server.space.path("studio.png")
        let page = try server.drive("timeline", ["screenshot": shot, "item": "Cutlist", "frame": "90"])
        let tracks = page["tracks"] as? [[Any]] ?? []
        #expect(tracks.map { $0.first as? String } == ["main", "title", "spinner", "sound"], "\(page)")
        #expect(
            tracks.first?.last as? [String] == [
                "pattern counter", "transition crossfade", "colour #1e3a8aff", "transition wipe-left", "pattern bars",
            ], "\(page)")
        #expect(server.space.pngSize("studio.png").map { $0.width == 1280 } == true)
        if let keep = ProcessInfo.processInfo.environment["CUTLIST_STUDIO_SCREENSHOT"] {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(atPath: shot, toPath: keep)
        }
    }

    /// A project deleted while the page is open: the server goes on, says so, and keeps the last good version.
    /// The render's own sound segments (about 5.5 s each), with the browser's autoplay rule as a person has it.
    @Test func thePagePlaysTheSoundAndRefetchesOnlySegmentsAnEditChanged() throws {
        let project = """
            cutlist: 1
            output: { size: 160x90, fps: 25, path: out.mp4 }
            tracks:
              - items:
                  - { color: "#ff0000", duration: 7s }
                  - { color: "#0000ff", duration: 7s }
              - kind: audio
                items:
                  - { tone: 440, duration: 13s, volume: 0.2 }
                  - { tone: 660, duration: 1s, volume: 0.2 }
            """
        let server = try Server(project: project)
        defer { _ = try? server.stop() }
        let page = try server.drive(
            "sound",
            [
                "project": server.space.path("project.yaml"), "old": "#0000ff", "new": "#00ffff", "sound-old": "tone: 660",
                "sound-new": "tone: 770",
            ], timeout: 120)
        // Not muted, and after a click on play the sound decodes; M mutes it and M again unmutes it.
        #expect(page["mutedAtStart"] as? Bool == false, "\(page)")
        let playing = page["playing"] as? [String: Any] ?? [:]
        #expect(playing["muted"] as? Bool == false && playing["paused"] as? Bool == false, "\(page)")
        #expect((playing["audioBytes"] as? Int ?? 0) > 0, "\(page)")
        let toggled = (page["toggled"] as? [[Any]] ?? []).map { "\($0.first as? Bool ?? false) \($0.last as? String ?? "")" }
        #expect(toggled == ["true muted", "false sound on"], "\(page)")
        // Three segments fetched once; a picture edit and a comment fetch none again; the edit of
        // the last second's tone, only the segment it sounds in.
        let first = (page["first"] as? [String] ?? []).filter { !$0.hasSuffix("/audio/init") }
        #expect(page["fragments"] as? Int == 3 && first.count == 3, "\(page)")
        #expect((page["afterPicture"] as? [String])?.isEmpty == true, "\(page)")
        #expect((page["afterComment"] as? [String])?.isEmpty == true, "\(page)")
        let again = page["afterSound"] as? [String] ?? []
        #expect(again.count == 1 && again.first?.contains("/audio/2/") == true, "\(page)")
        #expect((page["errors"] as? [Any])?.isEmpty == true, "\(page)")
    }

    @Test func aDeletedProjectIsSaidAndTheLastVersionStays() throws {
        let server = try Server()
        defer { _ = try? server.stop() }
        try FileManager.default.removeItem(atPath: server.space.path("project.yaml"))
        #expect(
            server.running.waitUntil(timeout: 20) {
                server.running.stderrSoFar.contains("project.yaml was deleted: the page keeps the last good version")
            }, "\(server.running.stderrSoFar)")
        let state =
            try JSONSerialization.jsonObject(with: Data(try Self.fetch(server.url + "api/state").utf8)) as? [String: Any]
        #expect(state?["version"] as? Int == 1, "\(String(describing: state))")
        #expect(state?["report"] as? String == "error: project file 'project.yaml' does not exist\n1 error\n")
        #expect(state?["notice"] as? String == "project.yaml was deleted: the page keeps the last good version")
        try server.space.write("project.yaml", Self.project)
        #expect(
            server.running.waitUntil(timeout: 20) {
                (try? Self.fetch(server.url + "api/state"))?.contains("\"version\":2") == true
            })
        // Back: the notice that it was deleted goes.
        let back = try JSONSerialization.jsonObject(with: Data(try Self.fetch(server.url + "api/state").utf8)) as? [String: Any]
        #expect(back?["notice"] is NSNull, "\(String(describing: back))")
    }

    /// Another address than the loopback is warned of; a port in use is an I/O failure that names it.
    @Test func aForeignAddressIsWarnedOfAndABusyPortIsAFailure() throws {
        let server = try Server(arguments: ["--host", "0.0.0.0"])
        #expect(
            server.running.stderrSoFar.hasPrefix(
                "warning: listening on 0.0.0.0: other machines can reach the studio and read the project's pictures\n"),
            "\(server.running.stderrSoFar)")
        let busy = try server.space.render(
            "studio", "project.yaml", "--host", "0.0.0.0", "--port", "\(server.port)", "--cache", server.space.path("cache"))
        #expect(busy.status == 1, "\(busy)")
        #expect(
            busy.stderr.contains(
                "error: the studio cannot serve on 0.0.0.0:\(server.port): another program uses that port; "
                    + "give another with --port, or --port 0 for any free one"), "\(busy)")
        #expect(try server.stop().status == 130)
    }

    @Test func thePagePlaysToTheEndDecodingEveryFrame() throws {
        let server = try Server()
        defer { _ = try? server.stop() }
        let page = try server.drive("play")
        #expect(page["frames"] as? Int == 150, "\(page)")
        #expect(page["frameCount"] as? Int == 150, "\(page)")
        #expect(page["error"] is NSNull && (page["errors"] as? [Any])?.isEmpty == true, "\(page)")
    }

    /// Seeking shows the colours of either side of a cut, read from the video through a canvas.
    @Test func aSeekShowsTheColourOnEachSideOfACut() throws {
        let server = try Server()
        defer { _ = try? server.stop() }
        let page = try server.drive("seek", ["frames": "[49, 50, 99, 100]", "places": "[[0.8, 0.8], [0.5, 0.5]]"])
        let colours = page["colours"] as? [String: [[Int]]] ?? [:]
        let expected = ["49": [255, 0, 0], "50": [0, 0, 255], "99": [0, 0, 255], "100": [0, 255, 0]]
        for (frame, colour) in expected {
            let seen = colours[frame] ?? []
            #expect(
                seen.count == 2 && seen.allSatisfy { zip($0, colour).allSatisfy { abs($0 - $1) <= 16 } },
                "frame \(frame): \(page)")
        }
    }

    /// Paused, the page shows the server's still: `render frame`'s PNG, byte for byte.
    /// Playing, the fragments hold the packets `render` writes.
    @Test func stillsAreRenderFramesAndFragmentsAreTheRendersPackets() throws {
        let server = try Server(arguments: ["--quality", "full"])
        defer { _ = try? server.stop() }
        let page = try server.drive("timeline")
        #expect(page["still"] as? String == "\(server.url)api/frame/1/0", "\(page)")
        try Self.download(server.url + "api/frame/1/62", to: server.space.path("still.png"))
        let frame = try server.space.render("frame", "project.yaml", "--at", "2.5s", "-o", "frame.png")
        #expect(frame.status == 0, "\(frame)")
        #expect(server.space.data("still.png") == server.space.data("frame.png"))
        let rendered = try server.space.render("project.yaml", "--progress", "none", "--cache", server.space.path("cache"))
        #expect(rendered.status == 0, "\(rendered)")
        let state =
            try JSONSerialization.jsonObject(with: Data(try Self.fetch(server.url + "api/state").utf8)) as? [String: Any]
        let chunks = state?["chunks"] as? [[String: Any]] ?? []
        #expect(chunks.count == 4)
        var stream = try Self.fetchData(server.url + "media/1/video/init")
        for chunk in chunks {
            stream += try Self.fetchData(
                server.url + "media/1/video/\(chunk["position"] ?? "")/\(chunk["fingerprint"] ?? "")")
        }
        try stream.write(to: server.space.url.appendingPathComponent("played.mp4"))
        let hashes = { (file: String) throws -> [String] in
            try Tool.run(
                "ffprobe",
                [
                    "-v", "error", "-select_streams", "v:0", "-show_entries", "packet=data_hash", "-show_data_hash", "md5",
                    "-of", "csv=p=0", server.space.path(file),
                ]
            ).split(separator: "\n").map(String.init)
        }
        let played = try hashes("played.mp4")
        #expect(played.count == 150)
        #expect(played == (try hashes("out.mp4")))
    }

    /// An edit saved while the page plays shows at the same time without a
    /// reload; only the chunks of the item edited are encoded.
    @Test func aColourSavedWhilePlayingShowsWithoutAReloadEncodingOnlyItsChunks() throws {
        let temporary = NSTemporaryDirectory() + "studio-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let server = try Server(environment: ["TMPDIR": temporary])
        defer { _ = try? server.stop() }
        let page = try server.drive(
            "edit",
            [
                "project": server.space.path("project.yaml"), "old": "\"#0000ff\"", "new": "\"#ffff00\"", "frame": "75",
                "places": "[[0.8, 0.8]]", "expect": "[[255, 255, 0]]",
            ])
        #expect(page["shown"] as? Bool == true, "\(page)")
        #expect(page["marker"] as? String == "no reload" && page["playing"] as? Bool == true, "\(page)")
        #expect((page["errors"] as? [Any])?.isEmpty == true, "\(page)")
        // Chunk 2 is frames 50..<100, the blue item's (the title ends at frame 38 and cuts chunk 0 from 1).
        #expect(page["encoded"] as? [Int] == [2], "\(page)")
        #expect(server.running.stderrSoFar.contains("project.yaml changed: compiling again"))
        // Each version is laid out once, and nothing but chunks is written: no output file is joined.
        let layouts = server.running.stderrSoFar.components(separatedBy: "laid out: 4 chunks, 2 sound segments").count - 1
        #expect(layouts == 2, "\(server.running.stderrSoFar)")
        let written = FileManager.default.enumerator(atPath: server.space.path("."))?.allObjects as? [String] ?? []
        #expect(!written.isEmpty && written.filter { $0.hasSuffix(".mp4") }.isEmpty, "\(written)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty)
    }

    /// A broken save shows its diagnostic in the page; the picture stays; mending it brings the timeline back.
    @Test func aBrokenSaveShowsItsDiagnosticAndKeepsThePicture() throws {
        let server = try Server()
        defer { _ = try? server.stop() }
        let page = try server.drive(
            "broken",
            [
                "project": server.space.path("project.yaml"), "old": "#0000ff\", duration: 2s",
                "new": "#0000ff\", duration: 2 parsecs",
            ])
        let report = page["report"] as? String ?? ""
        #expect(report.hasPrefix("project.yaml:7:51: error: '2 parsecs' is not a time"), "\(page)")
        #expect(report.contains("^"), "\(page)")
        #expect(page["stillKept"] as? Bool == true, "\(page)")
        #expect(page["tracksMoved"] as? Double == 0 || page["tracksMoved"] as? Int == 0, "\(page)")
        #expect(page["fixedVersion"] as? Int == 2, "\(page)")
    }

    /// Asked to open the default editor link where nothing opens links, the studio says once what to set.
    @Test func anEditorLinkWithNothingToOpenItSaysWhatToSetOnce() throws {
        let server = try Server(environment: ["PATH": "/nonexistent"])
        defer { _ = try? server.stop() }
        let post = """
            import sys, urllib.request, urllib.error
            request = urllib.request.Request(sys.argv[1], method="POST", headers={"Origin": sys.argv[2]})
            try:
                print(urllib.request.urlopen(request).status)
            except urllib.error.HTTPError as error:
                print(error.code, error.read().decode())
            """
        let origin = String(server.url.dropLast())
        let answers = try (0..<2).map { _ in try Tool.run("python3", ["-c", post, server.url + "api/open/1/0", origin]) }
        let said =
            "this machine has no xdg-open to open 'vscode://file{file}:{line}:{column}' links with; start the studio "
            + "with --editor and a command, such as --editor 'code --goto {file}:{line}:{column}'"
        #expect(answers.allSatisfy { $0.hasPrefix("422 " + said) }, "\(answers)")
        #expect(server.running.stderrSoFar.components(separatedBy: said).count == 2, "\(server.running.stderrSoFar)")
        let state = try JSONSerialization.jsonObject(with: Data(try Self.fetch(server.url + "api/state").utf8)) as? [String: Any]
        #expect(state?["notice"] as? String == said, "\(String(describing: state))")
    }

    /// A shader file the project names is followed as the project is.
    @Test func aSavedShaderFileMakesANewVersion() throws {
        let shader = { (red: String) in
            "#version 300 es\nprecision highp float;\nout vec4 color;\nvoid main() { color = vec4(\(red), 0.2, 0.3, 1.0); }\n"
        }
        let server = try Server(
            project: "cutlist: 1\noutput: { size: 160x90, fps: 25 }\ntracks:\n  - items: [{ shader: look.glsl, duration: 1s }]\n",
            prepare: { try $0.write("look.glsl", shader("0.9")) })
        defer { _ = try? server.stop() }
        #expect(
            server.running.waitUntil(timeout: 20) {
                (try? Self.fetch(server.url + "api/state"))?.contains("\"version\":1") == true
            })
        try server.space.write("look.glsl", shader("0.1"))
        #expect(
            server.running.waitUntil(timeout: 30) {
                (try? Self.fetch(server.url + "api/state"))?.contains("\"version\":2") == true
            }, "\(server.running.stderrSoFar)")
        #expect(server.running.stderrSoFar.contains("look.glsl changed: compiling again"), "\(server.running.stderrSoFar)")
    }

    /// The timeline marks an item whose source plays backwards, and shows its source range running down;
    /// and the ramped, frozen and backwards stretches of one whose rate changes.
    @Test func aReversedItemIsMarkedOnTheTimeline() throws {
        let server = try Server(
            project: """
                cutlist: 1
                output: { size: 160x90, fps: 25 }
                tracks:
                  - items:
                      - { source: clip.mp4, from: 0.4s, to: 1.2s, reverse: true }
                      - { source: clip.mp4, to: 1s }
                      - source: clip.mp4
                        time: [{ at: 0, value: 0.2s, ease: ease-in }, { at: 0.5s, value: 1s }, { at: 1s, value: 1s }, { at: 1.5s, value: 0.5s }]
                """,
            prepare: { try $0.makeClip("clip.mp4", seconds: 2) })
        defer { _ = try? server.stop() }
        var items: [[String: Any]] = []
        _ = server.running.waitUntil(timeout: 30) {
            let state = (try? Self.fetch(server.url + "api/state")).flatMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            items = ((state?["tracks"] as? [[String: Any]])?.first?["items"] as? [[String: Any]]) ?? []
            return !items.isEmpty
        }
        #expect(items.map { $0["reversed"] as? Bool } == [true, nil, nil], "\(items)")
        #expect(items.first?["source"] as? String == "00:00:01:05–00:00:00:10", "\(items)")
        let stretches = (items.last?["retiming"] as? [[String: Any]]) ?? []
        #expect(stretches.map { $0["kind"] as? String } == ["ramp", "freeze", "backwards"], "\(items)")
        #expect(stretches.map { $0["start"] as? Double } == [0, 0.5, 1], "\(items)")
    }

    /// The inspector follows a save of the selected item: its new text, a key it gained, its place.
    @Test func theInspectorShowsTheSelectedItemAsSaved() throws {
        let server = try Server()
        defer { _ = try? server.stop() }
        let page = try server.drive(
            "inspector",
            [
                "project": server.space.path("project.yaml"), "item": "Hello",
                "old": "text: Hello, duration: 1.5s, font_size: 20, color: white",
                "new": "text: Goodbye, duration: 1.5s, font_size: 20, color: yellow",
            ])
        let rows = { (key: String) in
            ((page[key] as? [[String]]) ?? []).map { $0.joined(separator: " = ") }
        }
        #expect(rows("before").contains("text = \"Hello\""), "\(page)")
        #expect(rows("after").contains("text = \"Goodbye\""), "\(page)")
        // White is a text's colour when none is given: no row before, a row after.
        #expect(!rows("before").contains { $0.hasPrefix("color = ") } && rows("after").contains("color = '#ffff00ff'"), "\(page)")
        #expect(page["title"] as? String == "text \"Goodbye\"", "\(page)")
    }

    @Test func requestsFromOtherSitesAndPathsToFilesAreRefused() throws {
        let server = try Server()
        defer { _ = try? server.stop() }
        func ask(_ path: String, host: String? = nil, origin: String? = nil) throws -> (Int, String) {
            try Self.request(port: server.port, path: path, host: host ?? "127.0.0.1:\(server.port)", origin: origin)
        }
        #expect(try ask("/api/state").0 == 200)
        #expect(try ask("/api/state", host: "localhost:\(server.port)").0 == 200)
        let rebound = try ask("/api/state", host: "attacker.example:\(server.port)")
        #expect(rebound.0 == 403 && rebound.1.contains("refused: the Host header"), "\(rebound)")
        #expect(try ask("/api/state", host: "127.0.0.1:1").0 == 403)
        let foreign = try ask("/api/playhead/3", origin: "http://attacker.example")
        #expect(foreign.0 == 403 && foreign.1.contains("another site"), "\(foreign)")
        for path in ["/../project.yaml", "/api/../../etc/passwd", "//etc/passwd", "/api/frame/1/%2e%2e", "/%2Fetc%2Fpasswd"] {
            let answer = try ask(path)
            #expect(answer.0 == 400 && answer.1.contains("not files"), "\(path): \(answer)")
        }
        #expect(try ask("/etc/passwd").0 == 404)
    }

    static func fetchData(_ url: String) throws -> Data {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("studio-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try download(url, to: file.path)
        return try Data(contentsOf: file)
    }

    static func fetch(_ url: String) throws -> String { String(decoding: try fetchData(url), as: UTF8.self) }

    static func download(_ url: String, to path: String) throws {
        let script = "import sys, urllib.request; open(sys.argv[2], 'wb').write(urllib.request.urlopen(sys.argv[1]).read())"
        try Tool.run("timeout", ["60", "python3", "-c", script, url, path])
    }

    /// A raw HTTP/1.1 request (the path sent as it is, not tidied by a client); the status and body.
    static func request(port: Int, path: String, host: String, origin: String?) throws -> (Int, String) {
        let script = """
            import socket, sys
            s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=20)
            head = "GET %s HTTP/1.1\\r\\nHost: %s\\r\\nConnection: close\\r\\n" % (sys.argv[2], sys.argv[3])
            if len(sys.argv) > 4: head += "Origin: %s\\r\\n" % sys.argv[4]
            s.sendall((head + "\\r\\n").encode())
            data = b""
            while True:
                chunk = s.recv(65536)
                if not chunk: break
                data += chunk
            sys.stdout.write(data.decode("utf-8", "replace"))
            """
        var arguments = ["20", "python3", "-c", script, "\(port)", path, host]
        if let origin { arguments.append(origin) }
        let answer = try Tool.run("timeout", arguments)
        let status = Int(answer.split(separator: " ").dropFirst().first ?? "") ?? 0
        let body = answer.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
        return (status, body)
    }
}
