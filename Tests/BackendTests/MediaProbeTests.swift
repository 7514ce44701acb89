import Compiler
import EDLParser
import Foundation
import Testing

@testable import Backend

@Suite struct MediaProbeTests {
    let media: MediaFixtures
    let probe = MediaProbe()

    init() throws { media = try MediaFixtures.get() }

    /// A live recording, as a browser's MediaRecorder writes it: VP9 + Opus in WebM
    /// at 15000/1001 fps with no length in the header.
    @Test func aRecordingWithoutALengthInItsHeaderIsVideoOfItsRealLength() throws {
        let path = media.directory + "/live-\(UUID().uuidString).webm"
        try MediaFixtures.ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=15000/1001:duration=2", "-f", "lavfi", "-i",
            "sine=duration=2", "-c:v", "libvpx-vp9", "-deadline", "realtime", "-c:a", "libopus", "-live", "1", "-f", "webm",
            path,
        ])
        let header = try MediaFixtures.run(
            "ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path])
        #expect(header.trimmingCharacters(in: .whitespacesAndNewlines) == "N/A", "the fixture has no length in its header")
        let facts = try probe.facts(forPath: path)
        let video = try #require(facts.video)
        #expect(!video.isStillImage)
        #expect(video.frameRate == FrameRate(try #require(Rational(15000, 1001))))
        // 30 frames of 1001/15000 s: 2.002 s, in WebM's whole milliseconds.
        #expect(abs((video.duration?.approximateDouble ?? 0) - 2.002) <= 0.002)
        let duration = try #require(facts.duration).approximateDouble
        #expect(duration >= 2 && duration < 2.1)
    }

    @Test func clipWithVideoAndAudio() throws {
        let facts = try probe.facts(forPath: media.clip)
        #expect(facts.duration == Rational(1))
        let video = try #require(facts.video)
        #expect(video.size == PixelSize(width: 160, height: 90))
        #expect(video.frameRate == FrameRate(Rational(25)))
        #expect(video.rotation == 0)
        #expect(!video.isStillImage)
        #expect(video.duration == Rational(1))
        let audio = try #require(facts.audio)
        #expect(audio.sampleRate == 48000)
        #expect(audio.channels == 1)
        #expect(audio.streamIndex != video.streamIndex)
    }

    @Test(arguments: ["still.png", "still.jpg", "still.webp"])
    func stillImages(_ name: String) throws {
        let facts = try probe.facts(forPath: media.directory + "/" + name)
        let video = try #require(facts.video)
        #expect(video.isStillImage)
        #expect(video.size == PixelSize(width: 160, height: 90))
        #expect(video.frameRate == nil)
        #expect(video.duration == nil)
        #expect(facts.duration == nil)
        #expect(facts.audio == nil)
    }

    /// Clockwise degrees, as the display matrix (and ffmpeg's own autorotation) means them.
    @Test func rotation() throws {
        let counterClockwise = try #require(try probe.facts(forPath: media.rotatedCounterClockwise).video)
        #expect(counterClockwise.rotation == 270)
        #expect(counterClockwise.displaySize == PixelSize(width: 90, height: 160))
        let clockwise = try #require(try probe.facts(forPath: media.rotatedClockwise).video)
        #expect(clockwise.rotation == 90)
    }

    @Test func audioOnly() throws {
        let facts = try probe.facts(forPath: media.audioOnly)
        #expect(facts.video == nil)
        let audio = try #require(facts.audio)
        #expect(audio.sampleRate == 44100)
        #expect(audio.channels == 2)
        #expect(facts.duration == Rational(1))
    }

    @Test func wavDurationIsExact() throws {
        let facts = try probe.facts(forPath: media.wav)
        #expect(facts.duration == Rational(2))
        #expect(facts.audio?.sampleRate == 48000)
    }

    @Test func missingFile() {
        let path = media.directory + "/nope.mp4"
        #expect(throws: MediaProbeError("'\(path)' does not exist")) { try probe.facts(forPath: path) }
    }

    @Test func directory() {
        #expect(throws: MediaProbeError("'\(media.directory)' is a directory, not a media file")) {
            try probe.facts(forPath: media.directory)
        }
    }

    @Test(arguments: ["garbage.mp4", "truncated.mp4"])
    func corruptFile(_ name: String) throws {
        let file = media.directory + "/" + name
        let error = try #require(throws: MediaProbeError.self) { try probe.facts(forPath: file) }
        #expect(error.message == "'\(file)' is not a media file libav can read (Invalid data found when processing input)")
    }

    @Test(arguments: ["http://example.com/clip.mp4", "file:///tmp/clip.mp4"])
    func urlsAreRefused(_ url: String) {
        #expect(throws: MediaProbeError("'\(url)' is a URL; only local files can be used")) { try probe.facts(forPath: url) }
    }

    /// Other `scheme:` prefixes reach libav, whose whitelist admits only `file`.
    @Test func otherProtocolsAreRefusedByTheWhitelist() {
        #expect(throws: LibAVError.self) { try InputFile(path: "data:video/mp4;base64,AAAA") }
    }

    /// A playlist naming a URL: the HLS demuxer may not follow it.
    @Test func playlistsCannotReachTheNetwork() throws {
        let playlist = media.directory + "/remote.m3u8"
        let text = "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nhttp://127.0.0.1:9/x.ts\n#EXT-X-ENDLIST\n"
        try text.write(toFile: playlist, atomically: true, encoding: .utf8)
        let error = try #require(throws: MediaProbeError.self) { try probe.facts(forPath: playlist) }
        #expect(error.message.hasPrefix("'\(playlist)' is not a media file libav can read ("))
    }
}
