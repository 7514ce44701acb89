import Compiler
import EDLParser
import Foundation
import Testing

@testable import Backend

/// `reverse: true`: a range played backwards, frame by frame and sample by
/// sample the mirror of playing it forwards, read one group of pictures at a time.
@Suite struct ReverseTests {
    /// A 64x64 lossless clip whose frame n shows its number: luma 16 + 4·(n mod 50)
    /// above the middle, 16 + 4·⌊n / 50⌋ below. `options` shape the encode.
    static func numbered(_ name: String, frames: Int, options: [String], filter: String = "") throws -> String {
        let path = RenderMedia.root + "/media/" + name
        if FileManager.default.fileExists(atPath: path) { return path }
        _ = try RenderMedia.get()
        // Tests running at once may each make it: each writes its own file, then renames it into place.
        let own = path + ".\(UUID().uuidString).mp4"
        try MediaFixtures.ffmpeg(
            [
                "-f", "lavfi", "-i",
                "color=black:size=64x64:rate=25:duration=\(Double(frames) / 25),format=yuv420p,"
                    + "geq=lum='if(lt(Y,32),16+4*mod(N,50),16+4*floor(N/50))':cb=128:cr=128" + filter,
                "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p",
            ] + options + [own])
        guard rename(own, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        return path
    }

    /// The number a picture of a `numbered` clip shows.
    static func number(_ picture: DecodedPicture) -> Int {
        let top = picture.meanLuma(x: 0..<picture.width, y: 0..<picture.height / 2)
        let bottom = picture.meanLuma(x: 0..<picture.width, y: picture.height / 2..<picture.height)
        return Int(((top - 16) / 4).rounded()) + 50 * Int(((bottom - 16) / 4).rounded())
    }

    private func render(_ items: String, size: String = "160x90") throws -> [DecodedPicture] {
        let workspace = try RenderWorkspace()
        let path = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: \(size), fps: 25, video: { codec: h264, crf: 0 } }
            tracks:
              - items: \(items)
            """)
        return try RenderOutput.pictures(path)
    }

    @Test func outputFrameKShowsFrameNMinusOneMinusK() throws {
        let media = try RenderMedia.get()
        let whole = try render("[{ source: \"\(media.indexClip)\", reverse: true }]")
        #expect(whole.map { RenderMedia.index(of: $0) } == Array((0..<50).reversed()))
        // Frames 10 to 29, backwards; then at double speed, the mirror of 0, 2, 4, ….
        let part = try render("[{ source: \"\(media.indexClip)\", from: 0.4s, to: 1.2s, reverse: true }]")
        #expect(part.map { RenderMedia.index(of: $0) } == Array((10..<30).reversed()))
        let fast = try render("[{ source: \"\(media.indexClip)\", speed: 2, reverse: true }]")
        #expect(fast.map { RenderMedia.index(of: $0) } == Array(stride(from: 49, through: 1, by: -2)))
    }

    /// Cut in chunks rendered by two workers, a reversed clip is the same file.
    @Test func chunksOfAReversedClipJoinToTheSameFrames() throws {
        let media = try RenderMedia.get()
        let workspace = try RenderWorkspace()
        var plan = try workspace.plan(
            """
            cutlist: 1
            output: { path: out.mp4, size: 160x90, fps: 25, video: { codec: h264, crf: 0 } }
            tracks:
              - items: [{ source: "\(media.indexClip)", from: 0.2s, reverse: true }]
            """)
        plan.output.path = workspace.directory + "/chunked.mp4"
        let executor = try Executor(
            plan: plan, cache: ChunkCache(directory: workspace.directory + "/cache"), jobs: 2, chunkLength: 7)
        let report = try executor.join(to: plan.output.path)
        #expect(report.chunks > 5 && report.copied == 0, "\(report)")
        #expect(try RenderOutput.pictures(plan.output.path).map { RenderMedia.index(of: $0) } == Array((5..<50).reversed()))
    }

    /// x264's default group of 250 pictures with B-frames, and an open-GOP encode.
    @Test(arguments: [
        ("bframes-gop250.mp4", ["-g", "250", "-bf", "3"]),
        ("open-gop.mp4", ["-bf", "3", "-x264-params", "keyint=40:open-gop=1"]),
    ])
    func longAndOpenGroupsReverseExactly(name: String, options: [String]) throws {
        let source = try Self.numbered(name, frames: 300, options: options)
        let shown = try render("[{ source: \"\(source)\", reverse: true }]", size: "64x64").map(Self.number)
        #expect(shown == Array((0..<300).reversed()))
    }

    /// Read backwards, the reader holds one group of pictures, not the clip, and
    /// no more than its budget allows.
    @Test func theReaderHoldsOneGroupOfPictures() throws {
        let source = try Self.numbered("bframes-gop100.mp4", frames: 300, options: ["-g", "100", "-bf", "3"])
        let reader = try VideoReader(path: source, backwards: true)
        for frame in (0..<300).reversed() {
            let time = (Rational(Int64(frame)) / Rational(25)) + (Rational(1, 50) ?? .zero)
            let picture = try DecodedPicture(try reader.frame(at: time))
            #expect(Self.number(picture) == frame)
        }
        #expect(reader.mostFramesHeld <= 100, "\(reader.mostFramesHeld) frames held")
        #expect(reader.mostFramesHeld >= 50)
        // A budget of 30 of its 64x64 frames: the groups of 100 are read in passes.
        let bounded = try VideoReader(path: source, backwards: true)
        bounded.backwardsBudget = 30 * 64 * 64 * 4
        for frame in (0..<300).reversed() {
            let time = (Rational(Int64(frame)) / Rational(25)) + (Rational(1, 50) ?? .zero)
            #expect(Self.number(try DecodedPicture(try bounded.frame(at: time))) == frame)
        }
        #expect(bounded.mostFramesHeld == 30, "\(bounded.mostFramesHeld) frames held")
    }

    /// A phone clip's frames last unevenly: each output frame shows the frame whose
    /// interval (start, end] holds its source time.
    @Test func aVariableFrameRateClipReversesByItsOwnTimes() throws {
        let source = try Self.numbered(
            "vfr.mp4", frames: 60,
            options: ["-fps_mode", "passthrough", "-enc_time_base", "1/1000", "-bf", "2", "-g", "30"],
            filter: ",settb=1/1000,setpts='(N*0.04+mod(N,3)*0.013)/TB'")
        let starts = try MediaFixtures.run(
            "ffprobe",
            ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time", "-of", "csv=p=0", source]
        ).split(separator: "\n").compactMap { Double($0) }.sorted()
        #expect(starts.count == 60)
        let facts = try MediaProbe().facts(forPath: source)
        let length = try #require(facts.duration)
        let shown = try render("[{ source: \"\(source)\", reverse: true }]", size: "64x64").map(Self.number)
        let frames = (length * Rational(25)).ceil
        let expected = (0..<frames).map { k -> Int in
            let time = (length - Rational(k) / Rational(25)).approximateDouble
            return (starts.lastIndex { $0 < time - 1e-9 } ?? 0)
        }
        #expect(shown == expected)
    }

    /// The sound plays backwards too, sample for sample.
    @Test func aReversedSoundIsTheSamplesInReverseOrder() throws {
        let workspace = try RenderWorkspace()
        let chirp = workspace.directory + "/chirp.wav"
        try MediaFixtures.ffmpeg([
            "-f", "lavfi", "-i", "aevalsrc=0.5*sin(2*PI*(200*t+400*t*t)):s=48000:d=2", "-c:a", "pcm_s16le", chirp,
        ])
        let path = try workspace.render(
            """
            cutlist: 1
            output: { path: out.wav }
            tracks:
              - kind: audio
                items: [{ source: chirp.wav, reverse: true }]
            """)
        // Both as the mix makes them: the mono chirp on each of two channels.
        let forward = try RenderOutput.samples(chirp, seconds: 2)[0]
        let backward = try RenderOutput.samples(path, seconds: 2)[0]
        #expect(backward.count == 96_000 && forward.count == 96_000)
        let mirrored = Array(forward.reversed())
        var (dot, a, b) = (0.0, 0.0, 0.0)
        for i in 0..<96_000 {
            dot += Double(mirrored[i]) * Double(backward[i])
            a += Double(mirrored[i] * mirrored[i])
            b += Double(backward[i] * backward[i])
        }
        #expect(dot / (a * b).squareRoot() > 0.999)
        #expect(zip(mirrored, backward).allSatisfy { abs($0 - $1) < 1e-4 })
    }
}
