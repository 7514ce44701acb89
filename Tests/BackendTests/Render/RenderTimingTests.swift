import Compiler
import EDLParser
import Foundation
import Testing

@testable import Backend

/// Which source frame each output frame shows, how many frames there are, and
/// how long the audio lasts next to the video.
@Suite struct RenderTimingTests {
    let media: RenderMedia

    init() throws { media = try RenderMedia.get() }

    private func index(of picture: DecodedPicture, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Int {
        RenderMedia.index(of: picture, sourceLocation: sourceLocation)
    }

    @Test(arguments: ["webm", "mkv"])
    func matroskaOutputsStartAtZeroWithOpusPriming(_ container: String) throws {
        let workspace = try RenderWorkspace()
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.\(container), size: 160x90, fps: 25 }
            tracks:
              - items:
                  - { color: red, duration: 1s }
              - kind: audio
                items:
                  - { tone: 440, duration: 1s }
            """)
        func probe(_ stream: String, _ entries: String) throws -> [String] {
            try MediaFixtures.run(
                "ffprobe", ["-v", "error", "-select_streams", stream, "-show_entries", entries, "-of", "csv=p=0", output]
            ).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        // The picture starts at 0, and so does the first sample after Opus's priming.
        #expect(try probe("v", "packet=pts_time").first == "0.000000")
        #expect(try probe("a", "frame=pts_time").first == "0.000000")
        #expect(try probe("a", "frame=nb_samples").compactMap { Int($0) }.reduce(0, +) == 48_000)
    }

    /// Frames are exact after seeking into a long GOP (a keyframe every 10 s, as
    /// cameras and screen recorders make them), in MP4 and in an MPEG-TS whose
    /// timestamps start 1000 s from zero (camera `.MTS`): source time 0 is the
    /// first frame.
    @Test(arguments: [("mp4", [String]()), ("ts", ["-output_ts_offset", "1000"])])
    func framesAreExactAfterSeekingIntoALongGOP(_ container: String, _ options: [String]) throws {
        let workspace = try RenderWorkspace()
        let source = workspace.directory + "/long-gop.\(container)"
        try MediaFixtures.ffmpeg(
            [
                "-f", "lavfi", "-i",
                "color=black:size=160x90:rate=25:duration=12,format=yuv420p,geq=lum='4*mod(N\\,60)+16':cb=128:cr=128",
                "-c:v", "libx264", "-qp", "0", "-g", "250", "-keyint_min", "250", "-bf", "2",
            ] + options + [source])
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, fps: 25, video: { crf: 0 } }
            tracks:
              - items:
                  - { source: "\(source)", from: 7.2s, to: 7.6s }
                  - { source: "\(source)", from: 11s, to: 11.2s }
            """)
        // Frames 180..<190 (mod 60: 0..<10), then 275..<280 (mod 60: 35..<40).
        #expect(try RenderOutput.pictures(output).map { index(of: $0) } == Array(0..<10) + Array(35..<40))
    }

    /// A variable-frame-rate clip (a phone's): each output frame shows the
    /// source frame whose interval holds its time, by the real timestamps.
    @Test func variableFrameRateIsSampledAndHeldByItsTimestamps() throws {
        let workspace = try RenderWorkspace()
        let clip = workspace.directory + "/vfr.mp4"
        // Index frames 40 ms apart for the first 10, then 100 ms apart.
        try MediaFixtures.ffmpeg([
            "-f", "lavfi", "-i", "color=black:size=160x90:rate=25:duration=2,format=yuv420p,geq=lum='4*N+16':cb=128:cr=128",
            "-vf", "settb=1/1000,setpts='if(lt(N,10),N*0.04,0.4+(N-10)*0.1)/TB'", "-fps_mode", "passthrough", "-enc_time_base",
            "1/1000", "-c:v", "libx264", "-qp", "0",
            "-video_track_timescale", "1000", clip,
        ])
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 160x90, fps: 25, video: { crf: 0 } }
            tracks:
              - items: [{ source: "\(clip)", from: 0, to: 2s }]
            """)
        let expected = (0..<50).map { k in 40 * k < 400 ? k : 10 + (40 * k - 400) / 100 }
        #expect(try RenderOutput.pictures(output).map { index(of: $0) } == expected)
    }

    /// Sound that starts after the picture in its file keeps its place.
    @Test func delayedAudioKeepsItsOffset() throws {
        let workspace = try RenderWorkspace()
        let clip = workspace.directory + "/delayed.mp4"
        try MediaFixtures.ffmpeg([
            "-f", "lavfi", "-i", "color=black:size=160x90:rate=25:duration=2", "-itsoffset", "0.5", "-f", "lavfi", "-i",
            "sine=frequency=440:sample_rate=48000:duration=1.5", "-c:v", "libx264", "-c:a", "aac", clip,
        ])
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4 }
            tracks:
              - items: [{ source: "\(clip)" }]
            """)
        let left = try RenderOutput.samples(output, seconds: 2)[0]
        // ffmpeg's sine is amplitude 1/8: silence before 0.5 s, the tone after.
        #expect(Signal.amplitude(of: 440, in: left[4800..<19200], rate: 48_000) < 0.005)
        #expect(abs(Signal.amplitude(of: 440, in: left[28800..<91200], rate: 48_000) - 0.125) < 0.02)
    }

    @Test func cutsAndSpeedShowTheSourceFrameAtEachOutputTime() throws {
        let workspace = try RenderWorkspace()
        let output = try workspace.render(media.threeCuts)
        let pictures = try RenderOutput.pictures(output)
        #expect(pictures.count == 30)
        #expect(pictures.map { index(of: $0) } == RenderMedia.threeCutsFrames)
    }

    @Test func fortyCutsAt29_97MakeExactly120Frames() throws {
        let workspace = try RenderWorkspace()
        let cuts = (0..<40).map { k in
            "      - { source: \"\(media.ntscClip)\", from: 0.\(k % 9), to: 0.\(k % 9 + 1) }"
        }
        let plan = try workspace.plan(
            """
            cutlist: 1
            output: { path: out.mp4 }
            tracks:
              - items:
            \(cuts.joined(separator: "\n"))
            """)
        #expect(plan.output.fps.rate == Rational(30000, 1001))
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4 }
            tracks:
              - items:
            \(cuts.joined(separator: "\n"))
            """)
        let video = try RenderOutput.probe(output, stream: "v:0", entries: "nb_read_frames,r_frame_rate", countFrames: true)
        #expect(video["nb_read_frames"] == "120")
        #expect(video["r_frame_rate"] == "30000/1001")
        #expect(try RenderOutput.pictures(output).count == 120)
        try expectAudioLastsAsLongAsVideo(output, seconds: 120.0 * 1001 / 30000)
    }

    @Test(arguments: [
        // Generated picture and tone, 30 fps.
        """
        cutlist: 1
        output: { path: out.mp4, size: 160x90, fps: 30 }
        tracks:
          - items: [{ color: red, duration: 1.3s }]
          - kind: audio
            items: [{ tone: 440, duration: 1.3s }]
        """,
        // A 29.97 clip (with its own audio) at double speed: 0.5 s is 14.985 frames, so 15.
        """
        cutlist: 1
        output: { path: out.mp4 }
        tracks:
          - items: [{ source: "NTSC", from: 0, to: 1, speed: 2 }]
        """,
        // Audio longer than the output is cut; a 25 fps duration that is not whole frames.
        """
        cutlist: 1
        output: { path: out.mp4, size: 160x90, fps: 25, duration: 0.97s }
        tracks:
          - items: [{ pattern: bars, duration: 2s }]
          - kind: audio
            items: [{ gap: 0.3s }, { tone: 220, duration: 2s }]
        """,
    ])
    func audioLastsAsLongAsVideo(_ yaml: String) throws {
        let workspace = try RenderWorkspace()
        let project = yaml.replacingOccurrences(of: "NTSC", with: media.ntscClip)
        let plan = try workspace.plan(project)
        let output = try workspace.render(project)
        let frames = try RenderOutput.probe(output, stream: "v:0", entries: "nb_read_frames", countFrames: true)
        #expect(frames["nb_read_frames"] == String(plan.output.frameCount))
        let expectedFrames = (plan.output.duration * plan.output.fps.rate).rounded
        #expect(plan.output.frameCount == expectedFrames)
        try expectAudioLastsAsLongAsVideo(output, seconds: (plan.output.frameSpan).approximateDouble)
    }

    /// The video stream's duration and its packets' sum are the output's length,
    /// and the audio stream lasts as long as the video, to one sample.
    private func expectAudioLastsAsLongAsVideo(
        _ path: String, seconds: Double,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let video = try RenderOutput.probe(path, stream: "v:0", entries: "duration")
        let audio = try RenderOutput.probe(path, stream: "a:0", entries: "duration")
        let videoSeconds = try #require(video["duration"].flatMap(Double.init), sourceLocation: sourceLocation)
        let audioSeconds = try #require(audio["duration"].flatMap(Double.init), sourceLocation: sourceLocation)
        let videoPackets = try RenderOutput.packetSeconds(path, stream: "v:0")
        let sample = 1.0 / 48_000
        #expect(
            abs(videoSeconds - seconds) <= 0.001, "video stream lasts \(videoSeconds) s, expected \(seconds)",
            sourceLocation: sourceLocation)
        #expect(abs(videoPackets - seconds) <= 0.001, "video packets sum to \(videoPackets) s", sourceLocation: sourceLocation)
        #expect(
            abs(audioSeconds - videoSeconds) <= sample, "audio stream lasts \(audioSeconds) s, video \(videoSeconds) s",
            sourceLocation: sourceLocation)
    }

    @Test func thumbnailsAreTheFramesAskedFor() throws {
        let workspace = try RenderWorkspace()
        let reader = try VideoReader(path: media.indexClip)
        for k in Int64(0)..<50 where [0, 1, 7, 10, 24, 31, 49].contains(k) {
            let start = try #require(Rational(k, 25))
            let justBefore = try #require(Rational(k + 1, 25)) - (try #require(Rational(1, 100_000)))
            for time in [start, justBefore] {
                let path = workspace.directory + "/thumb-\(k)-\(time == start ? "a" : "b").png"
                try PictureFile.writePNG(try reader.frame(at: time), to: path)
                let png = try VideoReader(path: path)
                let frame = try png.frame(at: .zero)
                #expect(frame.width == 160 && frame.height == 90)
                #expect(frame.pixelFormat == .rgb24)
                let red = Double(try frame.byte(plane: 0, x: 80 * 3, y: 45))
                // Full-range RGB of limited-range gray: R = (Y − 16) · 255/219.
                let luma = 16 + red * 219 / 255
                #expect(abs(luma - Double(4 * k + 16)) <= 1.5, "thumbnail at \(time) shows luma \(luma), expected frame \(k)")
            }
        }
    }
}
