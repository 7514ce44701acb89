import EDLParser
import Foundation
import Testing

@testable import Backend

/// Encode with `Encoder` + `OutputFile`, then read the file back with ffprobe and
/// with our own readers.
@Suite struct EncoderRoundTripTests {
    let media: MediaFixtures

    init() throws { media = try MediaFixtures.get() }

    private func grayFrame(_ level: UInt8, pts: Int64) throws -> Frame {
        let frame = try Frame.video(width: 160, height: 90, format: .yuv420p)
        for plane in 0..<3 {
            _ = try frame.withPlane(plane) { bytes, _ in
                bytes.initializeMemory(as: UInt8.self, repeating: plane == 0 ? level : 128)
            }
        }
        frame.pts = pts
        return frame
    }

    private func drain(_ encoder: Encoder, stream: Int, into output: OutputFile, using packet: Packet) throws {
        while try encoder.receive(into: packet) {
            try output.write(packet, toStream: stream)
        }
    }

    private func ffprobe(_ path: String, _ entries: String, stream: String) throws -> [String: String] {
        let text = try MediaFixtures.run(
            "ffprobe",
            [
                "-v", "error", "-count_frames", "-count_packets", "-select_streams", stream,
                "-show_entries", entries, "-of", "default=noprint_wrappers=1", path,
            ])
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { values[parts[0]] = parts[1] }
        }
        return values
    }

    @Test func thirtyFramesOfH264() throws {
        let path = media.directory + "/encoded-\(UUID().uuidString).mp4"
        let output = try OutputFile(path: path)
        let fps = try #require(FrameRate(Rational(30)))
        let settings = VideoEncoderSettings(
            width: 160, height: 90, frameRate: fps, quality: .lossless, preset: "ultrafast", keyframeInterval: 10)
        let encoder = try Encoder(video: settings, globalHeader: output.needsGlobalHeader)
        let stream = try output.addStream(for: encoder)
        try output.setMetadata("title", "round trip")
        try output.writeHeader(fastStart: true)
        let packet = try Packet()
        for index in 0..<30 {
            try encoder.send(grayFrame(UInt8(8 * index), pts: Int64(index)))
            try drain(encoder, stream: stream, into: output, using: packet)
        }
        try encoder.sendEndOfStream()
        try drain(encoder, stream: stream, into: output, using: packet)
        #expect(encoder.isFinished)
        try output.finish()

        let probed = try ffprobe(
            path, "stream=nb_read_frames,nb_read_packets,codec_name,r_frame_rate,width,height,duration", stream: "v:0")
        #expect(probed["nb_read_frames"] == "30")
        #expect(probed["nb_read_packets"] == "30")
        #expect(probed["codec_name"] == "h264")
        #expect(probed["r_frame_rate"] == "30/1")
        #expect(probed["width"] == "160" && probed["height"] == "90")
        #expect(probed["duration"] == "1.000000")

        let facts = try MediaProbe().facts(forPath: path)
        #expect(facts.duration == Rational(1))
        #expect(facts.video?.frameRate == fps)

        // Lossless: every frame reads back with its exact level.
        let reader = try VideoReader(path: path)
        for index in 0..<30 {
            let frame = try reader.frame(at: try #require(Rational(Int64(index), 30)))
            #expect(try frame.byte(plane: 0, x: 17, y: 33) == UInt8(8 * index))
        }
    }

    @Test func oneSecondOfAAC() throws {
        let path = media.directory + "/encoded-\(UUID().uuidString).m4a"
        let output = try OutputFile(path: path)
        let encoder = try Encoder(
            audio: AudioEncoderSettings(sampleRate: 48000, channels: 2), globalHeader: output.needsGlobalHeader)
        let stream = try output.addStream(for: encoder)
        try output.writeHeader()
        let packet = try Packet()
        let frameSize = try #require(encoder.frameSize)
        #expect(encoder.sampleFormat == .floatPlanar)
        var position = 0
        while position < 48000 {
            let count = min(frameSize, 48000 - position)
            let frame = try Frame.audio(sampleCount: count, channels: 2, sampleRate: 48000, format: encoder.sampleFormat)
            for channel in 0..<2 {
                try frame.withChannel(channel) { samples in
                    for i in 0..<count { samples[i] = Float(sin(2 * Double.pi * 440 * Double(position + i) / 48000) / 4) }
                }
            }
            frame.pts = Int64(position)
            try encoder.send(frame)
            try drain(encoder, stream: stream, into: output, using: packet)
            position += count
        }
        try encoder.sendEndOfStream()
        try drain(encoder, stream: stream, into: output, using: packet)
        try output.finish()

        let facts = try MediaProbe().facts(forPath: path)
        #expect(facts.duration == Rational(1))
        #expect(facts.audio?.channels == 2)
        let samples = try AudioReader(path: path, sampleRate: 48000, channels: 2).samples(from: 4800, count: 38400)
        let rms = (samples[0].reduce(0) { $0 + Double($1) * Double($1) } / 38400).squareRoot()
        #expect(abs(rms - 0.25 / 2.0.squareRoot()) < 0.005)
    }

    @Test func unknownEncoderIsAnError() throws {
        let fps = try #require(FrameRate(Rational(25)))
        let error = try #require(throws: LibAVError.self) {
            try Encoder(
                video: VideoEncoderSettings(codec: "no-such-codec", width: 16, height: 16, frameRate: fps), globalHeader: false)
        }
        #expect(error.message == "this FFmpeg has no encoder 'no-such-codec'")
    }

    @Test func outputURLsAreRefused() {
        #expect(throws: LibAVError.self) { try OutputFile(path: "rtmp://example.com/live.flv") }
    }
}
