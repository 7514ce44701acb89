import Foundation
import Testing

/// `render captions` and `output.subtitles` from the command line: the cut's
/// captions as a file, exactly; the errors at their key; and the cues a browser
/// shows beside a WebM that carries them.
@Suite struct CaptionsCLITests {
    /// A clip cut twice with its own subtitles (the second cue goes on across
    /// the cut), and a captions item on a track of its own, 1.5 s in.
    static func project(subtitles: String = "{ from: talk, language: en }", path: String = "edit.mp4") -> String {
        """
        cutlist: 1
        output: { path: \(path), size: 160x90, fps: 25, subtitles: \(subtitles) }
        tracks:
          - name: talk
            items:
              - { source: clip.mp4, from: 0.2s, to: 1.2s, speed: 2, captions: talk.srt }
              - { source: clip.mp4, from: 1.5s, to: 2.5s, captions: talk.srt }
          - name: notes
            items:
              - { captions: notes.vtt, at: 1.5s }
        """
    }

    static func workspace(subtitles: String = "{ from: talk, language: en }", path: String = "edit.mp4") throws -> Workspace {
        let space = try Workspace()
        try space.makeClip("clip.mp4", seconds: 3)
        try space.write(
            "talk.srt",
            "1\n00:00:00,300 --> 00:00:00,500\n<i>Hello</i> & <b>welcome</b>\n\n2\n00:00:01,000 --> 00:00:02,000\nTwo\nlines\n\n")
        try space.write("notes.vtt", "WEBVTT\n\n00:00.000 --> 00:00.250 line:10%\n<v Ann>A note</v>\n")
        try space.write("edit.yaml", project(subtitles: subtitles, path: path))
        return space
    }

    /// The cut's captions as `render captions` writes them in SRT. "Hello" at 0.3 s
    /// of the first part at double speed: 0.05 s to 0.15 s. "Two" from 0.4 s to the
    /// cut at 0.5 s, then from 1.5 s of the source in the second part.
    static let cutSRT = """
        1
        00:00:00,050 --> 00:00:00,150
        <i>Hello</i> & <b>welcome</b>

        2
        00:00:00,400 --> 00:00:01,000
        Two
        lines


        """

    @Test func theCutsCaptionsAreWrittenInOutputTimeAsSRTAndWebVTT() throws {
        let space = try Self.workspace()
        defer { space.clean() }
        let srt = try space.render("captions", "edit.yaml", "-o", "cut.srt")
        #expect(srt.status == 0 && srt.stdout == "wrote cut.srt (2 cues)\n", "\(srt)")
        #expect(String(decoding: space.data("cut.srt") ?? Data(), as: UTF8.self) == Self.cutSRT)
        // The plan lists the stream output.subtitles asks for: mov_text in an MP4.
        let plan = try space.render("plan", "edit.yaml")
        #expect(
            plan.stdout.contains(
                "subtitles mov_text language eng cues 2\n  cue [0.05s, 0.15s) \"Hello & welcome\"\n"
                    + "  cue [0.4s, 1s) \"Two\\nlines\"\n"), "\(plan)")
        let vtt = try space.render("captions", "edit.yaml", "-o", "notes.out.vtt", "--track", "notes")
        #expect(vtt.status == 0, "\(vtt)")
        #expect(
            String(decoding: space.data("notes.out.vtt") ?? Data(), as: UTF8.self) == """
                WEBVTT

                00:00:01.500 --> 00:00:01.750 line:10%
                <v Ann>A note</v>


                """)
    }

    /// The clip's subtitles as a stream of its own file: mov_text in an MP4 (the
    /// first subtitle stream), SubRip in a Matroska file after its sound (by index).
    @Test(arguments: [("own.mp4", "embedded"), ("own.mkv", "2")])
    func aClipsOwnSubtitleStreamIsCutAsItsSubtitleFileIs(clip: String, captions: String) throws {
        let space = try Self.workspace()
        defer { space.clean() }
        let matroska = clip == "own.mkv"
        let sound = matroska ? ["-f", "lavfi", "-i", "anullsrc=duration=3"] : []
        let maps = matroska ? ["-map", "0", "-map", "1", "-map", "2", "-c:a", "pcm_s16le"] : []
        try Tool.run(
            "ffmpeg",
            ["-v", "error", "-y", "-i", space.path("clip.mp4")] + sound + ["-i", space.path("talk.srt")] + maps
                + ["-c:v", "copy", "-c:s", matroska ? "srt" : "mov_text", space.path(clip)])
        let project = { (captions: String) in
            Self.project().replacingOccurrences(of: "source: clip.mp4", with: "source: \(clip)")
                .replacingOccurrences(of: "captions: talk.srt", with: "captions: \(captions)")
        }
        try space.write("edit.yaml", project(captions))
        let srt = try space.render("captions", "edit.yaml", "--track", "talk", "-o", "cut.srt")
        #expect(srt.status == 0 && srt.stdout == "wrote cut.srt (2 cues)\n", "\(srt)")
        // As from the subtitle file itself (above), styles and all.
        #expect(
            String(decoding: space.data("cut.srt") ?? Data(), as: UTF8.self) == Self.cutSRT)
        guard matroska else { return }
        // Stream 1 is the sound: an error at the key, with the file's streams.
        try space.write("edit.yaml", project("1"))
        let check = try space.render("check", "edit.yaml")
        #expect(check.status == 2, "\(check)")
        #expect(
            check.stderr.hasPrefix(
                """
                edit.yaml:6:70: error: cannot read the captions of 'own.mkv': its stream 1 is audio (pcm_s16le), \
                not subtitles; its streams are 0: video (h264), 1: audio (pcm_s16le), 2: subtitles (subrip)

                """), "\(check)")
    }

    @Test func aTrackThatIsNotThereOrCannotBeChosenIsAnError() throws {
        let space = try Self.workspace()
        defer { space.clean() }
        let unknown = try space.render("captions", "edit.yaml", "--track", "talks")
        #expect(unknown.status == 2, "\(unknown)")
        #expect(
            unknown.stderr == "--track:1:1: error: no track is named 'talks'\nhint: did you mean 'talk'?\n1 error\n", "\(unknown)"
        )
        #expect(!space.exists("edit.srt"))
        let format = try space.render("captions", "edit.yaml", "-o", "cut.txt")
        #expect(format.status == 2 && format.stderr.contains("'cut.txt' is neither an .srt nor a .vtt file"), "\(format)")
        try space.write(
            "plain.yaml",
            Self.project(subtitles: "{ from: talk }").replacingOccurrences(
                of: "subtitles: { from: talk }", with: "faststart: true"))
        let two = try space.render("captions", "plain.yaml")
        #expect(two.status == 2, "\(two)")
        #expect(two.stderr.contains("error: more than one track has captions: 'talk', 'notes'"), "\(two)")
        #expect(two.stderr.contains("hint: say which with --track NAME"), "\(two)")
    }

    @Test func outputSubtitlesIsCheckedAtItsKeys() throws {
        let space = try Self.workspace(subtitles: "{ from: tlak, language: english }")
        defer { space.clean() }
        let result = try space.render("check", "edit.yaml")
        #expect(result.status == 2, "\(result)")
        #expect(
            result.stderr == """
                edit.yaml:2:69: error: no track is named 'tlak'
                 2 | output: { path: edit.mp4, size: 160x90, fps: 25, subtitles: { from: tlak, language: english } }
                   |                                                                     ^
                hint: did you mean 'talk'?
                edit.yaml:2:85: error: 'english' is not an ISO 639 language code
                 2 | output: { path: edit.mp4, size: 160x90, fps: 25, subtitles: { from: tlak, language: english } }
                   |                                                                                     ^
                hint: write two letters (ISO 639-1, 'en') or three (ISO 639-2, 'eng')
                2 errors

                """, "\(result)")
        try space.write("edit.yaml", Self.project(path: "edit.gif"))
        let gif = try space.render("check", "edit.yaml")
        #expect(gif.status == 2, "\(gif)")
        #expect(gif.stderr.contains("edit.yaml:2:61: error: a .gif file cannot hold subtitles"), "\(gif)")
        try space.write(
            "edit.yaml",
            Self.project(subtitles: "{ from: talk }").replacingOccurrences(
                of: "- { captions: notes.vtt, at: 1.5s }", with: "- { color: red, duration: 1s }"
            ).replacingOccurrences(of: "from: talk", with: "from: notes"))
        let empty = try space.render("check", "edit.yaml")
        #expect(empty.stderr.contains("error: track 'notes' has no captions"), "\(empty)")
        #expect(empty.stderr.contains("hint: tracks with captions: 'talk'"), "\(empty)")
    }

    /// Chromium does not show a WebM's own WebVTT stream as a text track (it left
    /// in-band text tracks out), so the page plays the WebM with the `.vtt` file
    /// `render captions` wrote as its `<track>`: the cues the browser shows are
    /// those ffprobe reads from the WebM's stream.
    @Test func aBrowserShowsTheCuesOfTheWebMsCaptions() throws {
        let space = try Self.workspace(path: "edit.webm")
        defer { space.clean() }
        let render = try space.render("edit.yaml", timeout: 120)
        #expect(render.status == 0, "\(render)")
        #expect(try space.render("captions", "edit.yaml", "-o", "edit.vtt").status == 0)
        let probe = { (entries: String) in
            try Tool.run(
                "ffprobe",
                ["-v", "error", "-select_streams", "s:0", "-show_entries", entries, "-of", "csv=p=0", space.path("edit.webm")])
        }
        #expect(try probe("stream=codec_name") == "webvtt\n")
        #expect(try probe("packet=pts_time,duration_time") == "0.050000,0.100000\n0.400000,0.600000\n")
        let page = try ChromiumDriver.run(space.url.path, "captions", ["video": "edit.webm", "track": "edit.vtt"])
        #expect(page["track"] as? String == "loaded", "\(page)")
        let tracks = page["tracks"] as? [[String: Any]] ?? []
        #expect(tracks.count == 1 && tracks.first?["language"] as? String == "en", "\(page)")
        let cues = tracks.first?["cues"] as? [[Any]] ?? []
        #expect(
            cues.map { $0.compactMap { "\($0)" } } == [["0.05", "0.15", "Hello & welcome"], ["0.4", "1", "Two\nlines"]], "\(page)"
        )
    }
}
