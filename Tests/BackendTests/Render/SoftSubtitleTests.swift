import Compiler
import EDLParser
import Foundation
import Testing

@testable import Backend

/// `output.subtitles`: a track's captions written as a subtitle stream, read
/// back with ffprobe: the codec, the language and every cue's start and end in
/// output time, after a clip's trim, speed and cut.
@Suite struct SoftSubtitleTests {
    /// A clip played at triple speed from 12 s to 14 s, then again from 14.6 s
    /// to 16 s, with its own subtitles: "One" at source 12.1–12.4 s is output
    /// 1/30–2/15 s; "Two" at 13–15 s is 1/3 s to the cut at 2/3 s and goes on in
    /// the second part to 16/15 s; "Three" at 15.5–15.9 s is 47/30–59/30 s.
    static func project(_ path: String, burn: Bool = false) -> String {
        """
        cutlist: 1
        output: { path: \(path), size: 160x90, fps: 30, subtitles: { from: talk, burn: \(burn), language: en } }
        tracks:
          - name: talk
            items:
              - { source: talk.mp4, from: 12s, to: 14s, speed: 3, captions: talk.srt }
              - { source: talk.mp4, from: 14.6s, to: 16s, captions: talk.srt }
        """
    }

    static let srt = """
        1
        00:00:12,100 --> 00:00:12,400
        One

        2
        00:00:13,000 --> 00:00:15,000
        Two

        3
        00:00:15,500 --> 00:00:15,900
        Three

        """

    /// A workspace with a black 20 s clip and its subtitles.
    static func workspace(srt: String = srt) throws -> RenderWorkspace {
        let workspace = try RenderWorkspace()
        try MediaFixtures.ffmpeg([
            "-f", "lavfi", "-i", "color=black:size=160x90:rate=30:duration=20", "-c:v", "libx264",
            workspace.directory + "/talk.mp4",
        ])
        try srt.write(toFile: workspace.directory + "/talk.srt", atomically: true, encoding: .utf8)
        return workspace
    }

    /// The subtitle stream's codec, language tag and time base, and its cues as
    /// (start, end) in that time base with their text (mov_text's empty samples
    /// between cues left out).
    static func readBack(_ path: String) throws -> (codec: String, language: String, timeBase: String, cues: [String]) {
        let stream = try RenderOutput.probe(path, stream: "s:0", entries: "codec_name,time_base:stream_tags=language")
        let packets = try MediaFixtures.run(
            "ffprobe",
            ["-v", "error", "-select_streams", "s:0", "-show_entries", "packet=pts,duration,size", "-of", "csv=p=0", path])
        let times = packets.split(separator: "\n").compactMap { line -> (Int, Int)? in
            let fields = line.split(separator: ",").compactMap { Int($0) }
            // pts, duration, size: a mov_text sample of 2 bytes is an empty one.
            return fields.count == 3 && fields[2] > 2 ? (fields[0], fields[1]) : nil
        }
        let texts = try MediaFixtures.run("ffmpeg", ["-v", "error", "-i", path, "-map", "0:s:0", "-f", "srt", "-"])
            .split(separator: "\n\n").map { cue in
                // The text without the font tags ffmpeg's mov_text decoder adds.
                cue.split(separator: "\n").dropFirst(2).joined(separator: "|")
                    .replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
            }
        let cues = zip(times, texts).map { "\($0.0)..<\($0.0 + $0.1) \($1)" }
        return (
            stream["codec_name"] ?? "", stream["TAG:language"] ?? "", stream["time_base"] ?? "",
            cues + (times.count == texts.count ? [] : ["\(times.count) packets, \(texts.count) texts"])
        )
    }

    @Test func anMP4CarriesMovTextCuesAtTheirExactOutputTimes() throws {
        let workspace = try Self.workspace()
        let output = try workspace.render(Self.project("out.mp4"))
        let read = try Self.readBack(output)
        #expect(read.codec == "mov_text" && read.language == "eng" && read.timeBase == "1/30")
        #expect(read.cues == ["1..<4 One", "10..<32 Two", "47..<59 Three"])
    }

    @Test func aWebMCarriesWebVTTCuesToTheMillisecond() throws {
        let workspace = try Self.workspace()
        let output = try workspace.render(Self.project("out.webm"))
        let read = try Self.readBack(output)
        #expect(read.codec == "webvtt" && read.language == "eng" && read.timeBase == "1/1000")
        // 1/30 s is 33.3 ms, 2/15 s 133.3 ms, 16/15 s 1066.7 ms, 47/30 s 1566.7 ms, 59/30 s 1966.7 ms.
        #expect(read.cues == ["33..<133 One", "333..<1067 Two", "1567..<1967 Three"])
    }

    @Test func aRangeKeepsTheCuesInsideItCountedFromItsStart() throws {
        let workspace = try Self.workspace()
        let plan = try workspace.plan(Self.project("range.mp4"))
        // Frames 15..<45 are 0.5 s to 1.5 s: "Two" from there to 16/15 s, 17/30 s in all.
        try Renderer(plan: plan).render(to: plan.output.path, frames: 15..<45)
        #expect(try Self.readBack(plan.output.path).cues == ["0..<17 Two"])
    }

    @Test func anMKVCarriesOneScriptsEventsWithTheirStyles() throws {
        let workspace = try RenderWorkspace()
        try """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: 160
        PlayResY: 90

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, Bold, Alignment, MarginL, MarginR, MarginV
        Style: Red,DejaVu Sans,20,&H000000FF,0,2,5,5,5

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
        Dialogue: 0,0:00:00.50,0:00:01.50,Red,,0,0,0,,{\\b1}Hello\\Nthere
        Dialogue: 1,0:00:01.25,0:00:02.00,Red,Ann,0,0,12,,Again

        """.write(toFile: workspace.directory + "/song.ass", atomically: true, encoding: .utf8)
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mkv, size: 160x90, fps: 25, subtitles: { from: song, language: ja } }
            tracks:
              - items:
                  - { color: black, duration: 3s }
              - name: song
                items:
                  - { captions: song.ass, at: 0.5s }
            """)
        let stream = try RenderOutput.probe(output, stream: "s:0", entries: "codec_name:stream_tags=language")
        #expect(stream["codec_name"] == "ass" && stream["TAG:language"] == "jpn")
        // The events 0.5 s later, with their layers, styles, names, margins and tags.
        let script = try MediaFixtures.run(
            "ffmpeg", ["-v", "error", "-i", output, "-map", "0:s:0", "-c", "copy", "-f", "ass", "-"]
        )
        .replacingOccurrences(of: "\r\n", with: "\n")
        #expect(script.contains("Style: Red,DejaVu Sans,20,&H000000FF,0,2,5,5,5\n"), "\(script)")
        #expect(
            script.hasSuffix(
                "Dialogue: 0,0:00:01.00,0:00:02.00,Red,,0,0,0,,{\\b1}Hello\\Nthere\n"
                    + "Dialogue: 1,0:00:01.75,0:00:02.50,Red,Ann,0,0,12,,Again\n"), "\(script)")
    }

    /// The joined output of a chunked render through the cache at `cache`.
    func renderChunked(_ workspace: RenderWorkspace, _ name: String, cache: String) throws -> (String, ChunkReport) {
        var plan = try workspace.plan(Self.project(name))
        plan.output.path = workspace.directory + "/" + name
        let executor = try Executor(
            plan: plan, cache: ChunkCache(directory: workspace.directory + "/" + cache), jobs: 2, chunkLength: 20)
        return (plan.output.path, try executor.join(to: plan.output.path))
    }

    @Test func theJoinWritesTheCuesAndAChangedCaptionChangesTheOutputNotTheChunks() throws {
        let workspace = try Self.workspace()
        let (first, report) = try renderChunked(workspace, "first.mp4", cache: "cache")
        #expect(report.encoded > 0)
        #expect(try Self.readBack(first).cues == ["1..<4 One", "10..<32 Two", "47..<59 Three"])
        try Self.srt.replacingOccurrences(of: "Two", with: "Deux").write(
            toFile: workspace.directory + "/talk.srt", atomically: true, encoding: .utf8)
        let (second, again) = try renderChunked(workspace, "second.mp4", cache: "cache")
        // The pictures do not show the captions, so no chunk is encoded again; the stream has the new text.
        #expect(again.encoded == 0 && again.reused + again.copied == again.chunks)
        #expect(try Self.readBack(second).cues == ["1..<4 One", "10..<32 Deux", "47..<59 Three"])
    }

    @Test func burnFalseLeavesThePictureCleanAndBurnTrueDrawsToo() throws {
        let workspace = try Self.workspace()
        let clean = try RenderOutput.pictures(try workspace.render(Self.project("clean.mp4")))
        let burned = try RenderOutput.pictures(try workspace.render(Self.project("burned.mp4", burn: true)))
        // Frame 15 (0.5 s) is inside "Two".
        #expect(clean[15].box { $0 > 128 } == nil)
        #expect(burned[15].box { $0 > 128 } != nil)
        #expect(try Self.readBack(workspace.directory + "/burned.mp4").cues.count == 3)
    }
}
