import Foundation
import Testing

/// `render import` of timelines that are hostile or careless: strings that
/// would be YAML if written as they are, numbers past exact arithmetic.
@Suite struct ImportInputCLITests {
    /// An OTIO timeline of one video track holding `clip`, as JSON.
    static func timeline(name: String = "edit", track: String = "main", clip: [String: Any]) throws -> String {
        let root: [String: Any] = [
            "OTIO_SCHEMA": "Timeline.1", "name": name,
            "tracks": [
                "OTIO_SCHEMA": "Stack.1",
                "children": [["OTIO_SCHEMA": "Track.1", "name": track, "kind": "Video", "children": [clip]]],
            ],
        ]
        return String(decoding: try JSONSerialization.data(withJSONObject: root), as: UTF8.self)
    }

    static func time(_ value: Any, rate: Any = 25) -> [String: Any] {
        ["OTIO_SCHEMA": "RationalTime.1", "value": value, "rate": rate]
    }

    static func clip(
        name: String = "clip", url: String = "clip.mp4", start: Any = 0, duration: Any = 25, rate: Any = 25,
        effects: [[String: Any]] = []
    ) -> [String: Any] {
        [
            "OTIO_SCHEMA": "Clip.1", "name": name, "effects": effects,
            "source_range": [
                "OTIO_SCHEMA": "TimeRange.1", "start_time": time(start, rate: rate), "duration": time(duration, rate: rate),
            ],
            "media_reference": ["OTIO_SCHEMA": "ExternalReference.1", "target_url": url],
        ]
    }

    /// The imported project as YAML reads it (PyYAML): its top-level keys, track names and asset paths.
    static func readYAML(_ path: String) throws -> [String] {
        let script = """
            import sys, yaml, json
            project = yaml.safe_load(open(sys.argv[1]))
            print(json.dumps(sorted(project.keys())))
            print(json.dumps([t.get("name") for t in project["tracks"]]))
            print(json.dumps(sorted((project.get("assets") or {}).values())))
            """
        return try Tool.run("python3", ["-c", script, path]).split(separator: "\n").map(String.init)
    }

    @Test func namesThatLookLikeYAMLOrVariablesImportAsTheLiteralStrings() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.makeClip("a${HOME}.mp4")
        let name = "holiday)\ndefaults: { video: { volume: 0, opacity: 0.1 } }\n#"
        let track = "music\u{1}\nkind: audio\u{85}x"
        try space.write(
            "edit.otio",
            try Self.timeline(name: name, track: track, clip: Self.clip(name: "a\nb: c", url: "a%24%7BHOME%7D.mp4")))
        let result = try space.render("import", "edit.otio", "-o", "edit.yaml")
        #expect(result.status == 0, "\(result)")
        // No key injected; the track's name as it was; the path's `${` written `$${`, Cutlist's literal,
        // relative to the project's folder it is in.
        #expect(
            try Self.readYAML(space.path("edit.yaml")) == [
                #"["assets", "cutlist", "output", "tracks"]"#, #"["music\u0001\nkind: audio\u0085x"]"#,
                "[\"a$${HOME}.mp4\"]",
            ])
        // Cutlist reads the file the timeline names, not $HOME's.
        let check = try space.render("check", "edit.yaml")
        #expect(check.status == 0, "\(check)")
    }

    @Test func aClipCopiedWithItsIdKeepsTheIdOnlyOnTheFirst() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", "cutlist: 1\ntracks:\n  - items: [ { id: title, text: Hi, duration: 1s } ]\n")
        #expect(try space.render("export", "edit.yaml").status == 0)
        // Another editor duplicates the clip, metadata and all.
        let script = """
            import sys, copy, opentimelineio as otio
            timeline = otio.adapters.read_from_file(sys.argv[1])
            track = timeline.tracks[0]
            track.append(copy.deepcopy(track[0]))
            otio.adapters.write_to_file(timeline, sys.argv[1])
            """
        try Tool.run("python3", ["-c", script, space.path("edit.otio")])
        let back = try space.render("import", "edit.otio", "-o", "back.yaml")
        #expect(back.status == 0, "\(back)")
        let text = String(decoding: space.data("back.yaml") ?? Data(), as: UTF8.self)
        #expect(text.contains("- {text: \"Hi\", id: \"title\", duration: 30f}\n  - {text: \"Hi\", duration: 30f}"), "\(text)")
    }

    @Test func aTextWithADollarBraceExportsAndImportsAsItsLiteralText() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write(
            "edit.yaml", "cutlist: 1\ntracks:\n  - items: [ { text: \"Price: $${price}\\n\\u0001\", duration: 1s } ]\n")
        #expect(try space.render("export", "edit.yaml").status == 0)
        let back = try space.render("import", "edit.otio", "-o", "back.yaml")
        #expect(back.status == 0, "\(back)")
        let text = String(decoding: space.data("back.yaml") ?? Data(), as: UTF8.self)
        #expect(text.contains(#"- {text: "Price: $${price}\n\x01", duration: 30f}"#), "\(text)")
    }

    /// Each OTIO number that once trapped (a Double that does not fit an Int64), with what is said instead.
    static let hugeNumbers: [(String, String)] = [
        ("a time past ten years", "a time of 10000000000000 frames at 25 fps is out of range"),
        ("a negative one", "a time of -9300000000000 frames at 25 fps is out of range"),
        ("a huge rate", "a rate of 9.3e+15 is out of range"),
        ("a huge time_scalar", "a time_scalar of 930000000000000.0 is out of range"),
    ]

    @Test(arguments: hugeNumbers)
    func numbersBeyondExactArithmeticAreAnErrorNotATrap(_ what: String, _ message: String) throws {
        let space = try Workspace()
        defer { space.clean() }
        let clip: [String: Any] =
            switch what {
            case "a time past ten years": Self.clip(start: 1e13)
            case "a negative one": Self.clip(duration: -9.3e12)
            case "a huge rate": Self.clip(rate: 9.3e15)
            default: Self.clip(effects: [["OTIO_SCHEMA": "LinearTimeWarp.1", "time_scalar": 9.3e14]])
            }
        try space.makeClip("clip.mp4")
        try space.write("edit.otio", try Self.timeline(clip: clip))
        let result = try space.render("import", "edit.otio", "-o", "edit.yaml")
        #expect(result.exited && result.status == 2, "\(what): \(result)")
        #expect(result.stderr.hasPrefix("error: 'edit.otio': \(message)"), "\(what): \(result)")
        #expect(!space.exists("edit.yaml"))
    }

    @Test func aPipeOrADeviceNamedLikeAnEditListIsRefusedAtOnce() throws {
        let space = try Workspace()
        defer { space.clean() }
        #expect(mkfifo(space.path("x.edl"), 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: space.path("random.edl"), withDestinationPath: "/dev/urandom")
        for name in ["x.edl", "random.edl"] {
            let result = try CLI.run(["import", name, "-o", "edit.yaml"], in: space.url, timeout: 20)
            #expect(result.exited && result.status == 2, "\(name): \(result)")
            #expect(
                result.stderr == "error: '\(name)' is not a regular file (a pipe, socket or device); give a timeline file\n",
                "\(result)")
            #expect(result.seconds < 10)
        }
        #expect(!space.exists("edit.yaml"))
    }

    /// Whether process `pid` still runs (a zombie waiting for its parent does not).
    static func isRunning(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return !(stat.split(separator: ")").last?.trimmingCharacters(in: .whitespaces).hasPrefix("Z") ?? false)
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalToRenderDuringASlowConversionEndsOtioconvertToo(_ signal: Int32) throws {
        let space = try Workspace()
        defer { space.clean() }
        // An otioconvert that notes its process id and then never finishes.
        try FileManager.default.createDirectory(atPath: space.path("bin"), withIntermediateDirectories: true)
        try space.write("bin/otioconvert", "#!/bin/sh\necho $$ > \"\(space.path("child.pid"))\"\nexec sleep 300\n")
        chmod(space.path("bin/otioconvert"), 0o755)
        try space.write("cuts.edl", "TITLE: cuts\n")
        let environment = ["PATH": space.path("bin") + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
        let render = try RunningCLI(["import", "cuts.edl", "-o", "edit.yaml"], in: space.url, environment: environment)
        let pid = {
            Int32(
                (String(decoding: space.data("child.pid") ?? Data(), as: UTF8.self)).trimmingCharacters(
                    in: .whitespacesAndNewlines))
        }
        #expect(render.waitUntil(timeout: 20) { pid() != nil }, "otioconvert never started: \(render.stderrSoFar)")
        let child = try #require(pid())
        kill(render.process.processIdentifier, signal)
        let result = try render.wait(timeout: 10)
        #expect(!result.exited, "render ends by the signal, as a command that is not a render does: \(result)")
        let deadline = Date().addingTimeInterval(5)
        while Self.isRunning(child) && Date() < deadline { usleep(20_000) }
        #expect(!Self.isRunning(child), "otioconvert \(child) outlived render")
        if Self.isRunning(child) { kill(child, SIGKILL) }
    }
}
