import Foundation
import Testing

/// `render export`: OpenTimelineIO's own Python library reads the timeline back
/// with the clips, ranges, speeds, gaps and transitions the project has.
@Suite struct ExportCLITests {
    /// What OpenTimelineIO reads from an `.otio` file: per track its duration in
    /// frames, then per child its kind and its numbers in frames.
    static func readBack(_ path: String) throws -> [String] {
        let script = """
            import sys, opentimelineio as otio
            timeline = otio.adapters.read_from_file(sys.argv[1])
            for track in timeline.tracks:
                print(track.name, track.kind, track.duration().value)
                for child in track:
                    if isinstance(child, otio.schema.Transition):
                        print("  transition", child.name, child.in_offset.value, child.out_offset.value)
                    elif isinstance(child, otio.schema.Gap):
                        print("  gap", child.duration().value)
                    else:
                        r = child.source_range
                        warps = [e.time_scalar for e in child.effects if isinstance(e, otio.schema.LinearTimeWarp)]
                        print("  clip", child.name, r.start_time.value, r.duration.value, *warps)
            """
        return try Tool.run("python3", ["-c", script, path]).split(separator: "\n").map(String.init)
    }

    @Test func opentimelineioReadsBackTheEdit() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.makeClip("clip.mp4", seconds: 3)
        try space.write(
            "edit.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            tracks:
              - name: main
                items:
                  - { source: clip.mp4, from: 0.2s, to: 1.2s }
                  - { transition: crossfade, duration: 0.4s }
                  - { source: clip.mp4, to: 2s, speed: 2 }
                  - { gap: 0.5s }
                  - { color: red, duration: 0.5s, opacity: 0.5 }
              - name: music
                kind: audio
                items:
                  - { tone: 440, at: 1s, duration: 1s }
            """)
        let result = try space.render("export", "edit.yaml", "-o", "edit.otio")
        #expect(result.status == 0, "\(result)")
        let plan = try space.render("plan", "edit.yaml")
        #expect(plan.stdout.contains(" frames 65 "), "\(plan.stdout.prefix(200))")
        // The crossfade's 0.4 s (10 frames) overlap: each clip gives up 5 frames to it
        // and it reaches 5 into each; the second clip at double speed starts 10 source frames in.
        #expect(
            try Self.readBack(space.path("edit.otio")) == [
                "main Video 65.0",
                "  clip clip.mp4 5.0 20.0",
                "  transition crossfade 5.0 5.0",
                "  clip clip.mp4 10.0 20.0 2.0",
                "  gap 12.5",
                "  clip color #ff0000ff 0.0 12.5",
                "music Audio 65.0",
                "  gap 25.0",
                "  clip tone 440.0 Hz 0.0 25.0",
                "  gap 15.0",
            ])
    }

    @Test func theFormatTheExtensionNamesIsWrittenWithTheMediasOwnLength() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.makeClip("clip.mp4", seconds: 3)
        try space.write(
            "edit.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            tracks:
              - items:
                  - { source: clip.mp4, from: 0.2s, to: 1.2s }
                  - { source: clip.mp4, to: 2s }
            """)
        // The media reference holds the file's probed length: 3 s, 75 frames.
        #expect(try space.render("export", "edit.yaml", "-o", "edit.otio").status == 0)
        let available = try Tool.run(
            "python3",
            [
                "-c",
                "import sys, opentimelineio as o; t = o.adapters.read_from_file(sys.argv[1]); "
                    + "print([c.media_reference.available_range.duration.value for c in t.tracks[0]])",
                space.path("edit.otio"),
            ])
        #expect(available == "[75.0, 75.0]\n")
        // Through OpenTimelineIO's adapters, read back by them as the same cuts.
        for name in ["edit.edl", "edit.xml"] {
            let result = try space.render("export", "edit.yaml", "-o", name)
            #expect(result.status == 0 && result.stdout == "wrote \(name)\n", "\(result)")
            let cuts = try Tool.run(
                "python3",
                [
                    "-c",
                    "import sys, opentimelineio as o; p = sys.argv[1]; "
                        + "t = o.adapters.read_from_file(p, **({'rate': 25} if p.endswith('.edl') else {})); "
                        + "print([(c.source_range.start_time.value, c.source_range.duration.value) for c in t.tracks[0]])",
                    space.path(name),
                ])
            #expect(cuts == "[(5.0, 25.0), (0.0, 50.0)]\n", "\(name): \(cuts)")
        }
        #expect(String(decoding: space.data("edit.edl") ?? Data(), as: UTF8.self).hasPrefix("TITLE: edit\n"))
        // A format nothing here writes is refused before anything is written.
        let fcpx = try space.render("export", "edit.yaml", "-o", "edit.fcpxml")
        #expect(fcpx.status == 2 && fcpx.stderr.contains("render export writes .otio, .edl, .xml"), "\(fcpx)")
        #expect(!space.exists("edit.fcpxml"))
        #expect(space.listing().filter { $0.hasPrefix("edit.") }.sorted() == ["edit.edl", "edit.otio", "edit.xml", "edit.yaml"])
    }

    @Test func aTimelineAsEditorsWriteItImports() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.makeClip("a.mp4", seconds: 5)
        // As OpenTimelineIO's AAF adapter gives an Avid timeline: references under keys, ranges in the
        // media's timecode (01:00:00:00 at 25 fps is frame 90000), and every track named alike.
        try Tool.run(
            "python3",
            [
                "-c",
                """
                import sys, opentimelineio as otio
                RT, TR = otio.opentime.RationalTime, otio.opentime.TimeRange
                timeline = otio.schema.Timeline(name="avid")
                for n in range(2):
                    track = otio.schema.Track(name="TimelineMobSlot", kind=otio.schema.TrackKind.Video)
                    for i in range(2):
                        clip = otio.schema.Clip(name=f"take{n}{i}", source_range=TR(RT(90000 + 10 + 30 * i, 25), RT(25, 25)))
                        high = otio.schema.ExternalReference(target_url="a.mp4", available_range=TR(RT(90000, 25), RT(125, 25)))
                        proxy = otio.schema.ExternalReference(target_url="proxy.mp4")
                        clip.set_media_references({"high": high, "proxy": proxy}, "high")
                        track.append(clip)
                    timeline.tracks.append(track)
                otio.adapters.write_to_file(timeline, sys.argv[1])
                """,
                space.path("avid.otio"),
            ])
        let result = try space.render("import", "avid.otio", "-o", "avid.yaml")
        #expect(result.status == 0, "\(result)")
        let text = String(decoding: space.data("avid.yaml") ?? Data(), as: UTF8.self)
        #expect(text.contains("\"take00\": \"a.mp4\""), "\(text)")
        #expect(text.contains("name: \"TimelineMobSlot\"") && text.contains("name: \"TimelineMobSlot 2\""), "\(text)")
        #expect(text.contains("{source: \"take00\", from: 10f, to: 35f}"), "\(text)")
        #expect(text.contains("{source: \"take00\", from: 40f, to: 65f}"), "\(text)")
        let plan = try space.render("plan", "avid.yaml")
        #expect(plan.status == 0 && plan.stdout.contains(" frames 50 "), "\(plan.stdout.prefix(300))")
    }

    /// A reversed clip is a `LinearTimeWarp` of −1 over the range it plays, as
    /// editors write a reverse; one an editor wrote imports as `reverse: true`.
    @Test func aReverseIsANegativeTimeWarpBothWays() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.makeClip("clip.mp4", seconds: 3)
        try space.write(
            "edit.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            tracks:
              - items: [{ source: clip.mp4, from: 0.2s, to: 1.2s, reverse: true }, { source: clip.mp4, to: 1s, speed: 2, reverse: true }]
            """)
        #expect(try space.render("export", "edit.yaml", "-o", "edit.otio").status == 0)
        #expect(
            try Self.readBack(space.path("edit.otio")) == [
                "track 1 Video 37.5", "  clip clip.mp4 5.0 25.0 -1.0", "  clip clip.mp4 0.0 12.5 -2.0",
            ])
        try Tool.run(
            "python3",
            [
                "-c",
                """
                import sys, opentimelineio as otio
                RT, TR = otio.opentime.RationalTime, otio.opentime.TimeRange
                timeline = otio.schema.Timeline(name="reversed")
                track = otio.schema.Track(name="V1")
                clip = otio.schema.Clip(name="take", source_range=TR(RT(10, 25), RT(20, 25)),
                    media_reference=otio.schema.ExternalReference(target_url="clip.mp4"))
                clip.effects.append(otio.schema.LinearTimeWarp(time_scalar=-1))
                track.append(clip)
                timeline.tracks.append(track)
                otio.adapters.write_to_file(timeline, sys.argv[1])
                """,
                space.path("foreign.otio"),
            ])
        #expect(try space.render("import", "foreign.otio", "-o", "foreign.yaml").status == 0)
        let text = String(decoding: space.data("foreign.yaml") ?? Data(), as: UTF8.self)
        #expect(text.contains("{source: \"take\", from: 10f, to: 30f, reverse: true}"), "\(text)")
        let plan = try space.render("plan", "foreign.yaml")
        #expect(plan.stdout.contains("from 1.2s speed 1 reversed"), "\(plan.stdout.prefix(600))")
    }

    /// A clip OpenTimelineIO's library writes with a `LinearTimeWarp` (or a
    /// `FreezeFrame`, a warp of 0) imports, renders the frames the warp says,
    /// and exports back to the same range and warp. The source's frame n shows
    /// its number: luma 16 + 4·(n mod 50) above the middle, 16 + 4·⌊n / 50⌋ below.
    @Test(arguments: [0.1, 0.5, 2, 10, -1, 0])
    func aTimeWarpRoundTripsFrameByFrame(scalar: Double) throws {
        let space = try Workspace()
        defer { space.clean() }
        try Tool.run(
            "ffmpeg",
            [
                "-v", "error", "-f", "lavfi", "-i",
                "color=black:size=64x64:rate=25:duration=12,format=yuv420p,"
                    + "geq=lum='if(lt(Y,32),16+4*mod(N,50),16+4*floor(N/50))':cb=128:cr=128",
                "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p", space.path("numbered.mp4"),
            ])
        let effect = scalar == 0 ? "otio.schema.FreezeFrame()" : "otio.schema.LinearTimeWarp(time_scalar=\(scalar))"
        try Tool.run(
            "python3",
            [
                "-c",
                """
                import sys, opentimelineio as otio
                RT, TR = otio.opentime.RationalTime, otio.opentime.TimeRange
                timeline = otio.schema.Timeline(name="warped")
                track = otio.schema.Track(name="V1")
                clip = otio.schema.Clip(name="numbered", source_range=TR(RT(20, 25), RT(20, 25)),
                    media_reference=otio.schema.ExternalReference(target_url="numbered.mp4"))
                clip.effects.append(\(effect))
                track.append(clip)
                timeline.tracks.append(track)
                otio.adapters.write_to_file(timeline, sys.argv[1])
                """,
                space.path("warped.otio"),
            ])
        #expect(try space.render("import", "warped.otio", "-o", "warped.yaml").status == 0)
        let imported = String(decoding: space.data("warped.yaml") ?? Data(), as: UTF8.self)
        try space.write(
            "warped.yaml",
            imported.replacingOccurrences(
                of: "output: {fps: 25}", with: "output: {fps: 25, size: 64x64, video: {codec: h264, crf: 0}}"))
        let render = try space.render("warped.yaml", "-o", "warped.mp4")
        #expect(render.status == 0, "\(render)\n\(imported)")
        try Tool.run(
            "ffmpeg",
            ["-v", "error", "-i", space.path("warped.mp4"), "-f", "rawvideo", "-pix_fmt", "yuv420p", space.path("warped.yuv")])
        // Each frame's luma plane, as encoded (64·64 bytes, then its two chroma planes).
        let bytes = [UInt8](space.data("warped.yuv") ?? Data())
        let shown = stride(from: 0, to: bytes.count, by: 64 * 64 * 3 / 2).map { start -> Int in
            func level(_ rows: Range<Int>) -> Int {
                let values = rows.flatMap { row in bytes[start + row * 64..<start + row * 64 + 64] }
                return Int(((Double(values.reduce(0) { $0 + Int($1) }) / Double(values.count) - 16) / 4).rounded())
            }
            return level(4..<28) + 50 * level(36..<60)
        }
        let expected = (0..<20).map { k in
            scalar < 0 ? 39 - k : 20 + Int((Double(k) * scalar + 1e-9).rounded(.down))
        }
        #expect(shown == expected, "\(imported)")
        #expect(try space.render("export", "warped.yaml", "-o", "back.otio").status == 0)
        let scalarText = scalar == 0 ? "0.0" : "\(scalar)"
        #expect(try Self.readBack(space.path("back.otio")) == ["V1 Video 20.0", "  clip numbered 20.0 20.0 \(scalarText)"])
    }

    /// Fit-to-fill writes warps such as 0.05 and 11.1; one that runs past the
    /// media's end holds its last frame for the rest of the clip, as editors show it.
    @Test func aWarpPastTheMediasEndHoldsItsLastFrame() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.makeClip("clip.mp4", seconds: 2)
        try Tool.run(
            "python3",
            [
                "-c",
                """
                import sys, opentimelineio as otio
                RT, TR = otio.opentime.RationalTime, otio.opentime.TimeRange
                timeline = otio.schema.Timeline(name="fit")
                track = otio.schema.Track(name="V1")
                for start, scalar in [(40, 2), (0, 0.05)]:
                    clip = otio.schema.Clip(name="clip", source_range=TR(RT(start, 25), RT(20, 25)),
                        media_reference=otio.schema.ExternalReference(target_url="clip.mp4"))
                    clip.effects.append(otio.schema.LinearTimeWarp(time_scalar=scalar))
                    track.append(clip)
                timeline.tracks.append(track)
                otio.adapters.write_to_file(timeline, sys.argv[1])
                """,
                space.path("fit.otio"),
            ])
        let imported = try space.render("import", "fit.otio", "-o", "fit.yaml")
        #expect(imported.status == 0, "\(imported)")
        #expect(
            imported.stderr.contains(
                "note: 'clip' plays past its media's end (2s) at speed 2: its last frame holds for 0.6s"), "\(imported)")
        let text = String(decoding: space.data("fit.yaml") ?? Data(), as: UTF8.self)
        // 5 frames reach the end at 2×; frame 49 holds for the other 15; then 20 frames at 1/20.
        #expect(text.contains("- {source: \"clip\", from: 40f, to: 50f, speed: 2}"), "\(text)")
        #expect(text.contains("- {source: \"clip\", freeze: {at: 49f}, duration: 15f}"), "\(text)")
        #expect(text.contains("- {source: \"clip\", from: 0f, to: 1f, speed: 1/20}"), "\(text)")
        let plan = try space.render("plan", "fit.yaml")
        #expect(plan.status == 0 && plan.stdout.contains(" frames 40 "), "\(plan.stdout.prefix(400))")
    }

    /// OpenTimelineIO has no curves: a speed ramp is written as its mean warp over the
    /// source range it plays, and its keys come back from Cutlist's metadata.
    @Test func aSpeedRampIsItsMeanWarpAndImportsBackAsItsKeys() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.makeClip("clip.mp4", seconds: 4)
        try space.write(
            "edit.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            tracks:
              - items: [{ source: clip.mp4, from: 1s, duration: 1s, speed: [{ at: 0, value: 1 }, { at: 1s, value: 3 }] }]
            """)
        #expect(try space.render("export", "edit.yaml", "-o", "edit.otio").status == 0)
        // One second ramping from 1× to 3× plays 2 s of source from 1 s: a mean of 2.
        #expect(try Self.readBack(space.path("edit.otio")) == ["track 1 Video 25.0", "  clip clip.mp4 25.0 25.0 2.0"])
        #expect(try space.render("import", "edit.otio", "-o", "back.yaml").status == 0)
        let diff = try space.render("diff", "edit.yaml", "back.yaml")
        #expect(diff.status == 0 && diff.stdout.contains("no change to the edit"), "\(diff)")
    }

    @Test func aProjectExportedAndImportedBackIsTheSameEditInTheSameWords() throws {
        let space = try Workspace()
        defer { space.clean() }
        try FileManager.default.createDirectory(atPath: space.path("media"), withIntermediateDirectories: true)
        try space.makeClip("media/a.mp4", seconds: 3)
        try space.write("subs.srt", "1\n00:00:00,500 --> 00:00:01,500\nHello\n")
        try space.write(
            "edit.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            tracks:
              - items:
                  - { source: media/a.mp4, from: 1s, to: 3s, captions: subs.srt }
                  - { color: red, duration: 1s }
              - kind: audio
                items:
                  - { tone: 440, until: end, volume: -15dB }
            """)
        #expect(try space.render("export", "edit.yaml", "-o", "edit.otio").status == 0)
        let imported = try space.render("import", "edit.otio", "-o", "back.yaml")
        #expect(imported.status == 0, "\(imported)")
        let text = String(decoding: space.data("back.yaml") ?? Data(), as: UTF8.self)
        // Files as the project names them, beside it; the values as they were written.
        #expect(text.contains("{source: \"media/a.mp4\", from: 25f, to: 75f, captions: {file: \"subs.srt\"}}"), "\(text)")
        #expect(text.contains("{tone: 440, volume: -15dB, until: end}"), "\(text)")
        #expect(!text.contains(space.url.path), "\(text)")
        let diff = try space.render("diff", "edit.yaml", "back.yaml")
        #expect(diff.stdout == "back.yaml: no change to the edit\n", "\(diff)")
    }

    @Test func whatOpenTimelineIOHasNoFieldForIsInTheClipsMetadata() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write(
            "edit.yaml",
            "cutlist: 1\ntracks:\n  - items: [ { text: Hello, duration: 1s, opacity: 0.5, filters: [{ blur: 2 }] } ]\n")
        #expect(try space.render("export", "edit.yaml", "-o", "edit.otio").status == 0)
        let metadata = try Tool.run(
            "python3",
            [
                "-c",
                "import sys, opentimelineio as o; c = o.adapters.read_from_file(sys.argv[1]).find_clips()[0]; "
                    + "print(c.metadata['cutlist']['item'])",
                space.path("edit.otio"),
            ])
        #expect(metadata == "{text: \"Hello\", opacity: 0.5, filters: [{blur: 2}]}\n", "\(metadata)")
        // Read back, the text is a text again (not missing media, not a slate).
        let back = try space.render("import", "edit.otio", "-o", "back.yaml")
        #expect(back.status == 0, "\(back)")
        let text = String(decoding: space.data("back.yaml") ?? Data(), as: UTF8.self)
        #expect(text.contains("- {text: \"Hello\", opacity: 0.5, filters: [{blur: 2}], duration: 30f}"), "\(text)")
    }

    /// The fields of each transition (`name type in out`) and each clip's `target_url`.
    static func transitionsAndURLs(_ path: String) throws -> [String] {
        let script = """
            import sys, opentimelineio as otio
            timeline = otio.adapters.read_from_file(sys.argv[1])
            for track in timeline.tracks:
                for child in track:
                    if isinstance(child, otio.schema.Transition):
                        print(child.name, child.transition_type, child.in_offset.value, child.out_offset.value)
                    elif isinstance(child, otio.schema.Clip) and hasattr(child.media_reference, "target_url"):
                        print(child.media_reference.target_url)
            """
        return try Tool.run("python3", ["-c", script, path]).split(separator: "\n").map(String.init)
    }

    @Test func aWipeIsACustomTransitionOnWholeFramesAndMediaAreURLs() throws {
        let space = try Workspace()
        defer { space.clean() }
        try FileManager.default.createDirectory(atPath: space.path("media"), withIntermediateDirectories: true)
        try space.makeClip("media/my clip.mp4", seconds: 2)
        try FileManager.default.createDirectory(atPath: space.path("elsewhere"), withIntermediateDirectories: true)
        try space.write(
            "edit.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            tracks:
              - items:
                  - { source: "media/my clip.mp4", to: 1s }
                  - { transition: wipe-left, duration: 0.2s }
                  - { color: red, duration: 1s }
                  - { transition: crossfade, duration: 0.2s }
                  - { source: "media/my clip.mp4", from: 1s }
            """)
        #expect(try space.render("export", "edit.yaml").status == 0)
        // 5 frames: 2 before the cut and 3 after, so every clip starts and ends on a frame.
        #expect(
            try Self.transitionsAndURLs(space.path("edit.otio")) == [
                "media/my%20clip.mp4", "wipe-left Custom_Transition 2.0 3.0", "crossfade SMPTE_Dissolve 2.0 3.0",
                "media/my%20clip.mp4",
            ])
        // A timeline written outside the project's folder names the file by a file:// URL.
        #expect(try space.render("export", "edit.yaml", "-o", "elsewhere/edit.otio").status == 0)
        let url = URL(fileURLWithPath: space.path("media/my clip.mp4")).absoluteString
        #expect(try Self.transitionsAndURLs(space.path("elsewhere/edit.otio")).first == url)
        let back = try space.render("import", "elsewhere/edit.otio", "-o", "back.yaml")
        #expect(back.status == 0, "\(back)")
        let text = String(decoding: space.data("back.yaml") ?? Data(), as: UTF8.self)
        #expect(text.contains("- {transition: wipe-left, duration: 5f}"), "\(text)")
        let plans = try ["edit.yaml", "back.yaml"].map { try space.render("plan", $0).stdout }
        #expect(plans[0].contains(" frames 65 ") && plans[1].contains(" frames 65 "), "\(plans[1].prefix(300))")
    }

    @Test func aStillAfterAWipeAndAClipToItsOwnEndImportToAProjectThatChecks() throws {
        let space = try Workspace()
        defer { space.clean() }
        // 71 frames at 30000/1001 fps: its end, 71071/30000 s, is no whole frame at 25 fps nor whole milliseconds.
        try Tool.run(
            "ffmpeg",
            [
                "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=30000/1001", "-frames:v", "71",
                "-c:v", "libx264", "-pix_fmt", "yuv420p", space.path("ntsc.mp4"),
            ])
        try Tool.run(
            "ffmpeg",
            ["-v", "error", "-y", "-f", "lavfi", "-i", "color=blue:size=160x90", "-frames:v", "1", space.path("still.png")])
        try space.write(
            "edit.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            tracks:
              - items:
                  - { source: ntsc.mp4 }
                  - { transition: wipe-left, duration: 0.4s }
                  - { source: still.png, duration: 1s }
            """)
        #expect(try space.render("export", "edit.yaml").status == 0)
        let back = try space.render("import", "edit.otio", "-o", "back.yaml")
        #expect(back.status == 0, "\(back)")
        let text = String(decoding: space.data("back.yaml") ?? Data(), as: UTF8.self)
        #expect(text.contains("- {source: \"ntsc.mp4\", from: 0f, to: 71071/30000s}"), "\(text)")
        #expect(text.contains("- {source: \"still.png\", duration: 25f}"), "\(text)")
        #expect(try space.render("check", "back.yaml").status == 0)
    }

    @Test func anImportThatDoesNotCheckWritesNothingAndSaysWhy() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.makeClip("clip.mp4", seconds: 1)
        // A clip that starts 10 frames before its media does.
        try space.write(
            "edit.otio",
            """
            {"OTIO_SCHEMA": "Timeline.1", "name": "bad", "tracks": {"OTIO_SCHEMA": "Stack.1", "children": [
              {"OTIO_SCHEMA": "Track.1", "kind": "Video", "children": [
                {"OTIO_SCHEMA": "Clip.1", "name": "clip",
                 "source_range": {"OTIO_SCHEMA": "TimeRange.1",
                   "start_time": {"OTIO_SCHEMA": "RationalTime.1", "value": -10, "rate": 25},
                   "duration": {"OTIO_SCHEMA": "RationalTime.1", "value": 20, "rate": 25}},
                 "media_reference": {"OTIO_SCHEMA": "ExternalReference.1", "target_url": "clip.mp4"}}]}]}}
            """)
        let result = try space.render("import", "edit.otio", "-o", "edit.yaml")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("edit.yaml:"), "\(result)")
        #expect(result.stderr.contains("error: 'edit.otio' imports to a project that does not check; '"), "\(result)")
        #expect(!space.exists("edit.yaml"))
    }

    @Test func neitherCommandOverwritesItsInput() throws {
        let space = try Workspace()
        defer { space.clean() }
        let project = "cutlist: 1\ntracks:\n  - items: [ { color: red, duration: 1s } ]\n"
        try space.write("edit.yaml", project)
        let export = try space.render("export", "edit.yaml", "-o", "edit.yaml")
        #expect(export.status == 2, "\(export)")
        #expect(export.stderr.contains("render export writes .otio, .edl, .xml"), "\(export)")
        #expect(space.data("edit.yaml") == Data(project.utf8))
        // A timeline's name that is an input: a project file named as one.
        try space.write("named.otio", project)
        let named = try space.render("export", "named.otio", "-o", "named.otio")
        #expect(named.status == 2 && named.stderr.contains("is one of the project's inputs"), "\(named)")
        #expect(space.data("named.otio") == Data(project.utf8))
        #expect(try space.render("export", "edit.yaml").status == 0)
        let otio = space.data("edit.otio")
        let onItself = try space.render("import", "edit.otio", "-o", "edit.otio")
        #expect(onItself.status == 2, "\(onItself)")
        #expect(space.data("edit.otio") == otio)
        // Without -o, the project beside the timeline (edit.yaml) exists: kept.
        let beside = try space.render("import", "edit.otio", "--offline", "slate")
        #expect(beside.status == 2, "\(beside)")
        #expect(beside.stderr.contains("already exists; give -o"))
        #expect(space.data("edit.yaml") == Data(project.utf8))
    }

    @Test func aProjectThatDoesNotCompileExportsNothing() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", "cutlist: 1\ntracks:\n  - items: [ { source: missing.mp4 } ]\n")
        let result = try space.render("export", "edit.yaml", "-o", "edit.otio")
        #expect(result.status == 2)
        #expect(result.stderr.contains("missing.mp4"), "\(result)")
        #expect(!space.exists("edit.otio"))
    }
}

/// `render import`: OpenTimelineIO's own sample timelines become projects that
/// last exactly as long as OpenTimelineIO says they do.
@Suite struct ImportCLITests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/otio")

    static var samples: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []).filter { $0.hasSuffix(".otio") }.sorted()
    }

    /// The cases come from a folder: a wrong path would run none.
    @Test func theSampleFolderHoldsEveryTimeline() {
        #expect(Self.samples.count == 13, "\(Self.samples)")
    }

    /// The timeline's length in frames as OpenTimelineIO computes it; `nil` when the
    /// installed library is older than the file's schema versions.
    static func otioFrames(_ path: String) throws -> Double? {
        let script = """
            import sys, opentimelineio as otio
            try:
                print(otio.adapters.read_from_file(sys.argv[1]).duration().value)
            except otio.exceptions.UnsupportedSchemaError:
                print("unsupported")
            """
        let output = try Tool.run("python3", ["-c", script, path]).trimmingCharacters(in: .whitespacesAndNewlines)
        return Double(output)
    }

    @Test(arguments: samples)
    func aSampleTimelineImportsWithItsLength(_ name: String) throws {
        let space = try Workspace()
        defer { space.clean() }
        let source = Self.fixtures.appendingPathComponent(name).path
        let imported = try space.render("import", source, "-o", "edit.yaml", "--offline", "slate")
        #expect(imported.status == 0, "\(imported)")
        let plan = try space.render("plan", "edit.yaml")
        #expect(plan.status == 0, "\(plan)")
        let frames = plan.stdout.split(separator: " ").drop { $0 != "frames" }.dropFirst().first.flatMap { Int($0) }
        #expect(frames != nil, "\(plan.stdout.prefix(300))")
        if let expected = try Self.otioFrames(source) {
            #expect(frames.map(Double.init) == expected, "\(name): OpenTimelineIO counts \(expected) frames")
        }
    }

    @Test func anOTIOZBundleImportsThroughOtioconvert() throws {
        let space = try Workspace()
        defer { space.clean() }
        let source = Self.fixtures.appendingPathComponent("multitrack.otio").path
        try Tool.run(
            "python3",
            [
                "-c",
                "import sys, opentimelineio as o; o.adapters.write_to_file(o.adapters.read_from_file(sys.argv[1]), sys.argv[2])",
                source, space.path("edit.otioz"),
            ])
        let imported = try space.render("import", "edit.otioz", "-o", "edit.yaml", "--offline", "slate")
        #expect(imported.status == 0, "\(imported)")
        #expect(try space.render("plan", "edit.yaml").stdout.contains(" frames 3282 "))
    }

    @Test func missingMediaIsAnErrorUnlessSlatesAreAskedFor() throws {
        let space = try Workspace()
        defer { space.clean() }
        let source = Self.fixtures.appendingPathComponent("simple_cut.otio").path
        let refused = try space.render("import", source, "-o", "edit.yaml")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("media not found"), "\(refused)")
        #expect(refused.stderr.contains("--offline slate"))
        #expect(!space.exists("edit.yaml"))
    }

    @Test func anExportImportsBackToTheSameCuts() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.makeClip("clip.mp4", seconds: 3)
        try space.write(
            "edit.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            tracks:
              - items:
                  - { source: clip.mp4, from: 0.4s, to: 1.4s }
                  - { transition: crossfade, duration: 0.4s }
                  - { source: clip.mp4, to: 2s, speed: 2 }
                  - { gap: 0.4s }
                  - { source: clip.mp4, from: 2s }
            """)
        #expect(try space.render("export", "edit.yaml", "-o", "edit.otio").status == 0)
        let back = try space.render("import", "edit.otio", "-o", "back.yaml")
        #expect(back.status == 0, "\(back)")
        let text = String(decoding: space.data("back.yaml") ?? Data(), as: UTF8.self)
        // Each clip covers the same source frames over the same output frames as before.
        #expect(text.contains("- {source: \"clip.mp4\", from: 10f, to: 35f}"), "\(text)")
        #expect(text.contains("- {transition: crossfade, duration: 10f}"), "\(text)")
        #expect(text.contains("- {source: \"clip.mp4\", from: 0f, to: 50f, speed: 2}"), "\(text)")
        #expect(text.contains("- {gap: 10f}"), "\(text)")
        #expect(text.contains("- {source: \"clip.mp4\", from: 50f, to: 75f}"), "\(text)")
        let before = try space.render("plan", "edit.yaml").stdout
        let after = try space.render("plan", "back.yaml").stdout
        #expect(before.contains(" frames 75 ") && after.contains(" frames 75 "), "\(after.prefix(300))")
    }
}

/// `render import` of CMX 3600 edit decision lists, through OpenTimelineIO's `otioconvert`.
@Suite struct EDLImportCLITests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/edl")

    /// Cuts, a dissolve, a wipe and a gap at 25 fps; an M2 speed change at 29.97
    /// non-drop; drop-frame timecode across a dropped minute at 29.97.
    @Test(arguments: [
        ("cuts-25.edl", "25", "25"), ("speed-2997.edl", "29.97", "30000/1001"), ("drop-2997.edl", "29.97", "30000/1001"),
    ])
    func anEditListImportsWithTheLengthOpenTimelineIOReads(_ name: String, _ fps: String, _ rate: String) throws {
        let space = try Workspace()
        defer { space.clean() }
        let source = Self.fixtures.appendingPathComponent(name).path
        let imported = try space.render("import", source, "-o", "edit.yaml", "--offline", "slate", "--fps", fps)
        #expect(imported.status == 0, "\(imported)")
        let plan = try space.render("plan", "edit.yaml")
        let frames = plan.stdout.split(separator: " ").drop { $0 != "frames" }.dropFirst().first.flatMap { Int($0) }
        let expected = try Tool.run(
            "python3",
            [
                "-c",
                "import sys, opentimelineio as o; print(o.adapters.read_from_file(sys.argv[1], rate=\(rate)).duration().value)",
                source,
            ]
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(frames.map(Double.init) == Double(expected), "\(name): \(plan.stdout.prefix(200)) against \(expected)")
    }

    @Test func withoutOtioconvertTheErrorNamesWhatToInstall() throws {
        let space = try Workspace()
        defer { space.clean() }
        let source = Self.fixtures.appendingPathComponent("cuts-25.edl").path
        let result = try CLI.run(
            ["import", source, "-o", "edit.yaml"], in: space.url, environment: ["PATH": "/nonexistent"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("pip install opentimelineio opentimelineio-plugins"), "\(result)")
        #expect(!space.exists("edit.yaml"))
    }
}
