import EDLParser
import Foundation
import Testing

@testable import Backend
@testable import Compiler

/// The sound of chunked renders in segments (SPEC 18 for sound): joined from
/// separately encoded runs of AAC frames, it is the one-pass stream's length
/// to the sample, its seams are as clean as the rest, and an edit re-encodes
/// only the segments that hear it.
@Suite struct SoundSegmentTests {
    /// 16 s: a sine sweep from 200 Hz up and a click every 4801 samples, so
    /// that clicks land at every offset from the seams (at 262144 and 524288).
    static func project(_ workspace: RenderWorkspace, tone: String = "0.5") throws -> String {
        let source = workspace.directory + "/sweep.wav"
        if !FileManager.default.fileExists(atPath: source) {
            try MediaFixtures.ffmpeg([
                "-f", "lavfi", "-i",
                "aevalsrc=0.3*sin(2*PI*(200*t+250*t*t))+0.6*lt(mod(n\\,4801)\\,3):s=48000:d=16:c=stereo",
                "-c:a", "pcm_s16le", source,
            ])
        }
        return """
            cutlist: 1
            output: { path: out.mp4, size: 160x90, fps: 25 }
            tracks:
              - items:
                  - { color: "#203040", duration: 16s }
              - kind: audio
                items:
                  - { source: sweep.wav }
              - kind: audio
                items:
                  - { gap: 12s }
                  - { tone: 660, duration: 1s, volume: \(tone) }
            """
    }

    func render(
        _ yaml: String, in workspace: RenderWorkspace, cache: String, jobs: Int, to name: String
    ) throws -> (path: String, report: ChunkReport) {
        var plan = try workspace.plan(yaml)
        plan.output.path = workspace.directory + "/" + name
        let executor = try Executor(plan: plan, cache: ChunkCache(directory: workspace.directory + "/" + cache), jobs: jobs)
        return (plan.output.path, try executor.join(to: plan.output.path))
    }

    /// The decoded sound, interleaved 32-bit floats, as ffmpeg reads it (edit list applied).
    static func decoded(_ path: String) throws -> [Float] {
        let raw = path + ".f32"
        try MediaFixtures.ffmpeg(["-i", path, "-map", "0:a", "-f", "f32le", "-ac", "2", raw])
        let data = try Data(contentsOf: URL(fileURLWithPath: raw))
        return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    /// The first packet (stream, timestamp, size, hash) in which two files differ, as ffprobe reads them.
    static func firstDifference(_ a: String, _ b: String) -> String {
        let packets = { (path: String) in
            (try? MediaFixtures.run(
                "ffprobe",
                [
                    "-v", "error", "-show_entries", "packet=stream_index,pts,size,data_hash", "-show_data_hash", "md5",
                    "-of", "csv=p=0", path,
                ]))?.split(separator: "\n") ?? []
        }
        let (left, right) = (packets(a), packets(b))
        guard let index = left.indices.first(where: { $0 < right.count && left[$0] != right[$0] }) else {
            return left.count == right.count ? "the packets are alike" : "\(left.count) against \(right.count) packets"
        }
        return "packet \(index): \(left[index]) against \(right[index])"
    }

    /// The energy of `a − b` per 1024-sample block (both channels), in dB.
    static func residual(_ a: [Float], _ b: [Float]) -> [Double] {
        stride(from: 0, to: min(a.count, b.count) / 2048 * 2048, by: 2048).map { start in
            var energy = 0.0
            for i in start..<start + 2048 {
                let d = Double(a[i] - b[i])
                energy += d * d
            }
            return 10 * log10(energy + 1e-20)
        }
    }

    @Test func theSeamsSoundLikeTheRestAndTheLengthIsExact() throws {
        let workspace = try RenderWorkspace()
        let yaml = try Self.project(workspace)
        let segmented = try render(yaml, in: workspace, cache: "cache", jobs: 2, to: "segmented.mp4")
        #expect(segmented.report.soundSegments == 3 && segmented.report.soundEncoded == 3)
        let onePass = try workspace.render(yaml.replacingOccurrences(of: "out.mp4", with: "one.mp4"))
        let joined = try Self.decoded(segmented.path)
        let reference = try Self.decoded(onePass)
        // 16 s at 48 kHz, stereo: exactly the one-pass stream's samples.
        #expect(joined.count == 768_000 * 2 && reference.count == joined.count)
        let packets = { (path: String) in
            try MediaFixtures.run(
                "ffprobe",
                ["-v", "error", "-select_streams", "a:0", "-show_entries", "packet=pts,duration", "-of", "csv=p=0", path])
        }
        #expect(try packets(segmented.path) == packets(onePass))
        // The coding error against the mix (the sweep alone before 12 s), per
        // block: blocks 256 and 512 start at the seams, and the blocks either
        // side are the seams' reach.
        let mix = try Self.decoded(workspace.directory + "/sweep.wav")
        let joinedError = Self.residual(joined, mix)
        let onePassError = Self.residual(reference, mix)
        // At every seam the joined sound is no further from the mix than the
        // one-pass encode is at the same block, within 1 dB.
        for block in [255, 256, 257, 511, 512, 513] {
            #expect(
                joinedError[block] <= onePassError[block] + 1,
                "block \(block): \(joinedError[block]) dB against \(onePassError[block]) dB in one pass")
        }
    }

    @Test func anEditReencodesOnlyTheSegmentsThatHearItAndTheBytesDoNotDependOnWorkersOrCache() throws {
        let workspace = try RenderWorkspace()
        let yaml = try Self.project(workspace)
        let one = try render(yaml, in: workspace, cache: "first", jobs: 1, to: "one.mp4")
        let two = try render(yaml, in: workspace, cache: "second", jobs: 2, to: "two.mp4")
        let warm = try render(yaml, in: workspace, cache: "first", jobs: 2, to: "warm.mp4")
        #expect(one.report.soundEncoded == 3 && two.report.soundEncoded == 3)
        #expect(warm.report.soundSegments == 3 && warm.report.soundEncoded == 0)
        let bytes = try [one.path, two.path, warm.path].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        #expect(bytes[0] == bytes[1], "\(Self.firstDifference(one.path, two.path))")
        #expect(bytes[0] == bytes[2], "\(Self.firstDifference(one.path, warm.path))")
        // The tone at 12..13 s is heard by the last segment only (10.9 s on).
        let louder = try render(
            try Self.project(workspace, tone: "0.8"), in: workspace, cache: "first", jobs: 2, to: "louder.mp4")
        #expect(louder.report.soundSegments == 3 && louder.report.soundEncoded == 1)
        #expect(louder.report.encoded == 0)
    }

    /// With a loudness target every segment is gained alike, by the whole
    /// mix's gain rounded to `AudioRenderer.gainQuantum`: an edit at 12 s that
    /// moves the mix's loudness by less than that re-encodes its own segment only.
    @Test func aLoudnessTargetsGainIsRoundedSoAnEditFarAwayReencodesOnlyItsSegment() throws {
        let workspace = try RenderWorkspace()
        let yaml = { (tone: String) in
            try Self.project(workspace, tone: tone).replacingOccurrences(
                of: "fps: 25 }", with: "fps: 25, audio: { loudness: -20 } }")
        }
        let first = try render(try yaml("0.5"), in: workspace, cache: "cache", jobs: 2, to: "first.mp4")
        let edited = try render(try yaml("0.47"), in: workspace, cache: "cache", jobs: 2, to: "edited.mp4")
        let gains = try ["0.5", "0.47"].map { tone in
            let plan = try workspace.plan(try yaml(tone))
            let format = try #require(plan.audio.format)
            return GainCurve.decibels(
                linear: Double(try AudioRenderer.normalisingGain(plan: plan, format: format, threads: .single)))
        }
        // The edit moves the gain the target asks for, but not past a rounding edge.
        #expect(abs(gains[0] - gains[1]) > 0.01 && abs(gains[0] - gains[1]) < AudioRenderer.gainQuantum, "\(gains)")
        #expect(first.report.soundEncoded == 3 && edited.report.soundEncoded == 1, "\(gains) \(edited.report)")
    }
}
