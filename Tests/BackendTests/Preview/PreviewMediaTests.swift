import Compiler
import EDLParser
import Foundation
import Synchronization
import Testing

@testable import Backend

/// The studio's media (`PreviewMedia`): fragmented MP4 that holds the very
/// packets a chunked render joins, each chunk's segment at its place on the
/// output's timeline, and the whole mix as one track cut every 2 s.
@Suite struct PreviewMediaTests {
    let media: RenderMedia

    init() throws { media = try RenderMedia.get() }

    /// Renders `yaml` in chunks of at most `length` frames; returns the rendered
    /// file and the preview of the same renderer.
    func renderAndPreview(
        _ yaml: String, in workspace: RenderWorkspace, length: Int64? = 7
    ) throws -> (path: String, preview: PreviewMedia) {
        var plan = try workspace.plan(yaml)
        plan.output.path = workspace.directory + "/out.mp4"
        let executor = try Executor(
            plan: plan, cache: ChunkCache(directory: workspace.directory + "/cache"), jobs: 2, chunkLength: length)
        try executor.join(to: plan.output.path)
        return (plan.output.path, try PreviewMedia(executor))
    }

    /// Three cuts at CRF 20, where x264 puts B-frames in a pyramid (decoding runs 2 frames ahead), over a tone.
    var cuts: String {
        media.threeCuts.replacingOccurrences(of: "crf: 0", with: "crf: 20")
            + "\n  - kind: audio\n    items:\n      - { tone: 440, duration: 1.2s }\n"
    }

    @Test func videoSegmentsHoldTheRenderedPacketsEachAtItsChunksPlace() throws {
        let workspace = try RenderWorkspace()
        let (rendered, preview) = try renderAndPreview(cuts, in: workspace)
        #expect(preview.chunks.map(\.frames) == [0..<7, 7..<13, 13..<18, 18..<25, 25..<30])
        let initSegment = try #require(preview.videoInit)
        #expect(initSegment.mimeType == "video/mp4; codecs=\"avc1.64000B\"")  // High profile, level 1.1
        let movie = MP4Boxes(initSegment.bytes)
        #expect(movie.topLevel == ["ftyp", "moov"])
        #expect(movie.all("moov/mvex/trex").count == 1 && movie.all("moov/trak/mdia/minf/stbl/stsz").count == 1)
        #expect(movie.sampleCount == 0)
        let timescale = try #require(movie.first("moov/trak/mdia/mdhd").map(MP4Boxes.mediaTimescale))

        // Any order gives the same bytes: made backwards, then forwards.
        let backwards = try preview.chunks.indices.reversed().map { try preview.videoSegment($0) }.reversed()
        let segments = try preview.chunks.indices.map { try preview.videoSegment($0) }
        #expect(Array(backwards) == segments)
        // And on several threads at once, each chunk twice.
        let made = Mutex([(position: Int, segment: Data?)]())
        DispatchQueue.concurrentPerform(iterations: segments.count * 2) { index in
            let position = index % segments.count
            let segment = try? preview.videoSegment(position)
            made.withLock { $0.append((position, segment)) }
        }
        let results = made.withLock { $0 }
        #expect(results.count == segments.count * 2 && results.allSatisfy { $0.segment == segments[$0.position] })
        let fps = preview.plan.output.fps.rate
        for (position, segment) in segments.enumerated() {
            let boxes = MP4Boxes(segment)
            #expect(boxes.topLevel == ["moof", "mdat"])
            let start = Rational(preview.chunks[position].frames.lowerBound) / fps * Rational(timescale)
            #expect(boxes.all("moof/traf/tfdt").map { Rational(MP4Boxes.decodeTime($0)) } == [start], "chunk \(position)")
            #expect(boxes.first("moof/mfhd").map(MP4Boxes.sequenceNumber) == UInt32(position + 1))
        }

        let joined = workspace.directory + "/fragments.mp4"
        try (initSegment.bytes + segments.reduce(Data(), +)).write(to: URL(fileURLWithPath: joined))
        let probed = try RenderOutput.probe(joined, stream: "v:0", entries: "nb_read_frames,duration", countFrames: true)
        #expect(probed["nb_read_frames"] == "30" && probed["duration"] == "1.200000")
        let packets = try Self.packets(joined, stream: "v:0")
        #expect(packets.count == 30)
        #expect(packets == (try Self.packets(rendered, stream: "v:0")))
        #expect(try MediaFixtures.run("ffmpeg", ["-v", "error", "-i", joined, "-f", "null", "-"]).isEmpty)
    }

    @Test func manyRequestsForAChunkNotMadeYetCostOneEncode() throws {
        let workspace = try RenderWorkspace()
        var plan = try workspace.plan(
            """
            cutlist: 1
            output: { size: 640x360, fps: 25 }
            tracks:
              - items:
                  - { pattern: bars, duration: 2s, filters: [{ blur: 6 }] }
                  - { pattern: bars, duration: 2s, filters: [{ blur: 7 }] }
            """)
        plan.output.path = workspace.directory + "/out.mp4"
        let preview = try PreviewMedia(
            Executor(plan: plan, cache: ChunkCache(directory: workspace.directory + "/cache"), jobs: 1, chunkLength: 50))
        #expect(preview.chunks.count == 2)
        /// The CPU time the calling threads spend on `requests` requests for chunk `position` made at once,
        /// and the segments they got. The drawing runs on the thread that encodes; a waiting one sleeps.
        func cpu(requests: Int, for position: Int) -> (seconds: Double, segments: Set<Data?>) {
            let spent = Mutex((seconds: 0.0, segments: Set<Data?>()))
            let start = DispatchSemaphore(value: 0)
            let group = DispatchGroup()
            for _ in 0..<requests {
                group.enter()
                Thread {
                    start.wait()
                    // The CPU time of this thread alone.
                    func seconds() -> Double {
                        var now = timespec()
                        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
                        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
                    }
                    let before = seconds()
                    let segment = try? preview.videoSegment(position)
                    let after = seconds()
                    spent.withLock {
                        $0.seconds += after - before
                        $0.segments.insert(segment)
                    }
                    group.leave()
                }.start()
            }
            for _ in 0..<requests { start.signal() }
            group.wait()
            return spent.withLock { $0 }
        }
        let one = cpu(requests: 1, for: 0)
        let many = cpu(requests: 16, for: 1)
        // Every request got the chunk, the same bytes; sixteen encodes would cost about sixteen times one.
        #expect(many.segments.count == 1 && many.segments.first! != nil && one.segments.first! != nil)
        #expect(many.seconds < one.seconds * 4, "one request: \(one.seconds) s of CPU, sixteen at once: \(many.seconds) s")
    }

    @Test func copiedSpansPlayAfterTheSameInitSegment() throws {
        let sources = try StreamCopyTests.Sources.shared.get()
        let workspace = try RenderWorkspace()
        let (rendered, preview) = try renderAndPreview(
            StreamCopyTests().project(sources.bFrames), in: workspace, length: 8)
        #expect(preview.chunks.contains { $0.kind == .copy } && preview.chunks.contains { $0.kind == .render })
        let initSegment = try #require(preview.videoInit)
        #expect(initSegment.codec == "avc1.64000A")  // the source's SPS: High profile, level 1
        let segments = try preview.chunks.indices.map { try preview.videoSegment($0) }
        let joined = workspace.directory + "/fragments.mp4"
        try (initSegment.bytes + segments.reduce(Data(), +)).write(to: URL(fileURLWithPath: joined))
        #expect(try Self.packets(joined, stream: "v:0") == Self.packets(rendered, stream: "v:0"))
        #expect(
            try RenderOutput.pictures(joined).map { RenderMedia.index(of: $0) } == StreamCopyTests.expected)
    }

    @Test func theSoundIsTheRendersOwnSegmentsEachAFragment() throws {
        let workspace = try RenderWorkspace()
        let yaml = """
            cutlist: 1
            output: { path: out.mp4, size: 64x36, fps: 25 }
            tracks:
              - items: [{ color: red, duration: 12s }]
              - kind: audio
                items: [{ tone: 440, duration: 5s }, { tone: 880, duration: 7s }]
            """
        let (rendered, preview) = try renderAndPreview(yaml, in: workspace, length: nil)
        let sound = try #require(preview.sound as? PreviewSoundSegments)
        // The render's segments: 256 AAC frames each, on the grid from sample 0, to the sound's end (12 s at 48 kHz),
        // named by their fingerprints.
        #expect(sound.segments == [0..<262_144, 262_144..<524_288, 524_288..<576_000])
        let job = try RenderJob(plan: preview.plan, cache: ChunkCache(directory: workspace.directory + "/cache"))
        #expect(sound.keys == (job.sound ?? []).map(\.fingerprint))
        #expect(sound.sampleRate == 48_000)
        let backwards = try sound.segments.indices.reversed().map { try sound.segment($0) }.reversed()
        let initSegment = try sound.initSegment()
        #expect(initSegment.mimeType == "audio/mp4; codecs=\"mp4a.40.2\"")
        let movie = MP4Boxes(initSegment.bytes)
        #expect(movie.topLevel == ["ftyp", "moov"] && movie.sampleCount == 0)
        let priming = try #require(movie.first("moov/trak/edts/elst").map(MP4Boxes.editMediaTime))
        #expect(priming == 1024)
        let segments = try sound.segments.indices.map { try sound.segment($0) }
        #expect(Array(backwards) == segments)
        for (index, segment) in segments.enumerated() {
            // Media time less the edit list's priming is output time.
            let decodeTime = try #require(MP4Boxes(segment).first("moof/traf/tfdt").map(MP4Boxes.decodeTime))
            #expect(max(0, decodeTime - priming) == sound.segments[index].lowerBound, "segment \(index)")
        }

        let joined = workspace.directory + "/sound.mp4"
        try (initSegment.bytes + segments.reduce(Data(), +)).write(to: URL(fileURLWithPath: joined))
        // The same packets at the same times; the rendered file's edit list also
        // marks the priming packet to drop and cuts the last packet short.
        func stamps(_ packets: [[String: String]]) -> [[String: String]] {
            packets.map { $0.filter { !["duration", "flags"].contains($0.key) } }
        }
        let packets = try Self.packets(joined, stream: "a:0")
        let renderedPackets = try Self.packets(rendered, stream: "a:0")
        #expect(packets.count == renderedPackets.count && stamps(packets) == stamps(renderedPackets))
        // Decoded (stereo), the priming dropped as the edit list says: the rendered sound, sample for sample.
        let decoded = try Self.decodedSamples(joined)
        let renderedSamples = try Self.decodedSamples(rendered)
        #expect(renderedSamples.count >= 576_000 * 2)
        let same = decoded.dropFirst(Int(priming) * 2).prefix(1_152_000).elementsEqual(renderedSamples.prefix(1_152_000))
        #expect(same)
    }

    @Test func opusSoundIsCutAlikeAndSoundBrowsersCannotPlayIsLeftOut() throws {
        let workspace = try RenderWorkspace()
        func project(_ container: String, _ codec: String) -> String {
            """
            cutlist: 1
            output: { path: out.\(container), size: 64x36, fps: 25, audio: { codec: \(codec) } }
            tracks:
              - items: [{ color: red, duration: 5s }]
              - kind: audio
                items: [{ tone: 440, duration: 5s }]
            """
        }
        let (rendered, preview) = try renderAndPreview(project("mkv", "opus"), in: workspace, length: nil)
        let sound = try #require(preview.sound)
        let initSegment = try sound.initSegment()
        #expect(initSegment.mimeType == "audio/mp4; codecs=\"opus\"")
        let priming = try #require(MP4Boxes(initSegment.bytes).first("moov/trak/edts/elst").map(MP4Boxes.editMediaTime))
        // 100 packets of 960 samples a segment, 312 samples of priming.
        #expect(priming == 312 && sound.segments == [0..<95_688, 95_688..<191_688, 191_688..<240_000])
        let segments = try sound.segments.indices.map { try sound.segment($0) }
        for (index, segment) in segments.enumerated() {
            let decodeTime = try #require(MP4Boxes(segment).first("moof/traf/tfdt").map(MP4Boxes.decodeTime))
            #expect(max(0, decodeTime - priming) == sound.segments[index].lowerBound)
        }
        let joined = workspace.directory + "/sound.mp4"
        try (initSegment.bytes + segments.reduce(Data(), +)).write(to: URL(fileURLWithPath: joined))
        // Matroska counts time in milliseconds: the packets' bytes are compared.
        func payloads(_ path: String) throws -> [[String: String]] {
            try Self.packets(path, stream: "a:0").map { $0.filter { ["size", "data_hash"].contains($0.key) } }
        }
        #expect(try payloads(joined) == payloads(rendered))

        for codec in ["mp3", "pcm_s16le"] {
            let container = codec == "mp3" ? "mp4" : "mov"
            var plan = try workspace.plan(project(container, codec))
            plan.output.path = workspace.directory + "/\(codec).\(container)"
            let preview = try PreviewMedia(
                Executor(plan: plan, cache: ChunkCache(directory: workspace.directory + "/cache")))
            #expect(preview.sound == nil)
            #expect(
                preview.soundProblem
                    == "the preview plays AAC or Opus sound; browsers do not play \(codec) from fragmented MP4")
        }
    }

    /// Each packet's timestamps, duration, size, flags and MD5, as `ffprobe` reads them.
    static func packets(_ path: String, stream: String) throws -> [[String: String]] {
        let json = try MediaFixtures.run(
            "ffprobe",
            [
                "-v", "error", "-select_streams", stream, "-show_data_hash", "MD5",
                "-show_entries", "packet=pts,dts,duration,size,flags,data_hash", "-of", "json", path,
            ])
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let packets = object?["packets"] as? [[String: Any]] ?? []
        return packets.map { packet in
            packet.filter { $0.key != "side_data_list" }.mapValues { "\($0)" }
        }
    }

    /// The first audio stream decoded as 16-bit samples, as `ffmpeg` reads it.
    static func decodedSamples(_ path: String) throws -> [Int16] {
        let raw = path + ".s16"
        try MediaFixtures.ffmpeg(["-i", path, "-map", "0:a", "-f", "s16le", raw])
        let data = try Data(contentsOf: URL(fileURLWithPath: raw))
        return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }
}

/// The boxes of an MP4 file or segment, read to check what the muxer wrote.
struct MP4Boxes {
    /// Each box's path (`moof/traf/tfdt`) and payload (after the size and type), in file order.
    let boxes: [(path: String, payload: Data)]
    let topLevel: [String]

    private static let containers: Set<String> = ["moov", "trak", "mdia", "minf", "stbl", "mvex", "moof", "traf", "edts"]

    init(_ data: Data) {
        var boxes: [(String, Data)] = []
        var topLevel: [String] = []
        func walk(_ bytes: Data, prefix: String) {
            var offset = bytes.startIndex
            while offset + 8 <= bytes.endIndex {
                let size = Int(MP4Boxes.integer(bytes, at: offset, count: 4))
                let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
                guard size >= 8, offset + size <= bytes.endIndex else { return }
                let payload = bytes[(offset + 8)..<(offset + size)]
                let path = prefix + type
                if prefix.isEmpty { topLevel.append(type) }
                boxes.append((path, Data(payload)))
                if Self.containers.contains(type) { walk(payload, prefix: path + "/") }
                offset += size
            }
        }
        walk(data, prefix: "")
        self.boxes = boxes
        self.topLevel = topLevel
    }

    func all(_ path: String) -> [Data] { boxes.filter { $0.path == path }.map(\.payload) }
    func first(_ path: String) -> Data? { all(path).first }

    /// Samples in the sample table (`stsz`'s count).
    var sampleCount: Int64 {
        first("moov/trak/mdia/minf/stbl/stsz").map { Self.integer($0, at: $0.startIndex + 8, count: 4) } ?? -1
    }

    static func integer(_ bytes: Data, at offset: Int, count: Int) -> Int64 {
        bytes[offset..<(offset + count)].reduce(Int64(0)) { $0 << 8 | Int64($1) }
    }

    /// `tfdt`'s base media decode time.
    static func decodeTime(_ tfdt: Data) -> Int64 {
        integer(tfdt, at: tfdt.startIndex + 4, count: tfdt[tfdt.startIndex] == 1 ? 8 : 4)
    }

    /// `mdhd`'s time scale.
    static func mediaTimescale(_ mdhd: Data) -> Int64 {
        integer(mdhd, at: mdhd.startIndex + (mdhd[mdhd.startIndex] == 1 ? 20 : 12), count: 4)
    }

    /// `mfhd`'s sequence number.
    static func sequenceNumber(_ mfhd: Data) -> UInt32 { UInt32(integer(mfhd, at: mfhd.startIndex + 4, count: 4)) }

    /// The media time of `elst`'s first entry.
    static func editMediaTime(_ elst: Data) -> Int64 {
        let version = elst[elst.startIndex]
        return integer(elst, at: elst.startIndex + 8 + (version == 1 ? 8 : 4), count: version == 1 ? 8 : 4)
    }
}
