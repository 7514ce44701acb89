import EDLParser
import Foundation
import Testing

@testable import Backend

/// The gray fixtures' frame `n` has luma 10·n, so a frame's level names it.
@Suite struct VideoReaderTests {
    let media: MediaFixtures

    init() throws { media = try MediaFixtures.get() }

    private func seconds(_ numerator: Int64, _ denominator: Int64) throws -> Rational {
        try #require(Rational(numerator, denominator))
    }

    /// The frame index a gray level stands for (levels may be off by a little in
    /// the lossy B-frame fixture).
    private func index(of frame: Frame) throws -> Int {
        let level = Int(try frame.byte(plane: 0, x: 80, y: 45))
        let index = (level + 5) / 10
        #expect(abs(level - 10 * index) <= 3, "level \(level) is not a multiple of 10")
        return index
    }

    @Test(arguments: ["gray.mp4", "gray-b.mp4"])
    func everyFrameAtItsStartAndMiddle(_ name: String) throws {
        let reader = try VideoReader(path: media.directory + "/" + name)
        for n in Int64(0)..<25 {
            #expect(try index(of: reader.frame(at: seconds(n, 25))) == Int(n))
            #expect(try index(of: reader.frame(at: seconds(2 * n + 1, 50))) == Int(n))
        }
    }

    /// Past one decoder per core, more decoding threads only compete for the
    /// same cores: a project playing 200 sources at once started 600 threads.
    @Test func decodersOpenedPastTheCoreCountDecodeOnTheirCallersThread() throws {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let input = try InputFile(path: media.grayLevels)
        let index = try #require(input.bestStream(.video)).index
        let decoders = try (0...cores).map { _ in try Decoder(input: input, streamIndex: index) }
        // Other tests may hold decoders too: that only makes the last one's share smaller.
        #expect(decoders[cores].context.pointee.thread_count == 1)
    }

    @Test func intervalsAreHalfOpen() throws {
        let reader = try VideoReader(path: media.grayLevels)
        #expect(try index(of: reader.frame(at: seconds(4_000_000 - 1, 25_000_000))) == 3)
        #expect(try index(of: reader.frame(at: seconds(4, 25))) == 4)
    }

    @Test func holdsFirstAndLastFrames() throws {
        let reader = try VideoReader(path: media.grayLevels)
        #expect(try index(of: reader.frame(at: seconds(-1, 2))) == 0)
        #expect(try index(of: reader.frame(at: Rational(5))) == 24)
        #expect(try index(of: reader.frame(at: Rational(7))) == 24)
        let frame = try reader.frame(at: Rational(7))
        #expect(frame.width == 160 && frame.height == 90)
        #expect(frame.pixelFormat == .yuv420p)
    }

    @Test(arguments: ["gray.mp4", "gray-b.mp4"])
    func goingBackSeeks(_ name: String) throws {
        let reader = try VideoReader(path: media.directory + "/" + name)
        #expect(try index(of: reader.frame(at: seconds(4, 5))) == 20)
        #expect(try index(of: reader.frame(at: seconds(1, 10))) == 2)
        #expect(try index(of: reader.frame(at: seconds(13, 25))) == 13)
        #expect(try index(of: reader.frame(at: .zero)) == 0)
    }

    @Test(arguments: ["gray.mp4", "gray-b.mp4"])
    func explicitSeekThenForward(_ name: String) throws {
        let reader = try VideoReader(path: media.directory + "/" + name)
        for n: Int64 in [12, 3, 24, 10, 9, 0, 21] {
            try reader.seek(to: seconds(n, 25))
            #expect(try index(of: reader.frame(at: seconds(n, 25))) == Int(n))
            #expect(try index(of: reader.frame(at: seconds(n + 1, 25))) == min(Int(n) + 1, 24))
        }
    }

    @Test func farAheadSeeksInsteadOfDecodingThrough() throws {
        let reader = try VideoReader(path: media.grayLevelsWithBFrames)
        reader.seekAheadLimit = try seconds(1, 10)
        #expect(try index(of: reader.frame(at: .zero)) == 0)
        #expect(try index(of: reader.frame(at: seconds(22, 25))) == 22)
        #expect(try index(of: reader.frame(at: seconds(23, 25))) == 23)
    }

    @Test func framesStayValidAfterTheReaderMovesOn() throws {
        let reader = try VideoReader(path: media.grayLevels)
        let early = try reader.frame(at: seconds(3, 25))
        _ = try reader.frame(at: seconds(20, 25))
        #expect(try index(of: early) == 3)
    }

    @Test func stillImageHoldsForever() throws {
        let reader = try VideoReader(path: media.png)
        for time in [Rational.zero, Rational(3), Rational(1)] {
            let frame = try reader.frame(at: time)
            #expect(frame.width == 160)
        }
    }

    @Test func stillImageCanBeSought() throws {
        let reader = try VideoReader(path: media.png)
        try reader.seek(to: Rational(2))
        #expect(try reader.frame(at: Rational(2)).width == 160)
        try reader.seek(to: .zero)
        #expect(try reader.frame(at: Rational(1)).height == 90)
    }

    @Test func audioOnlyFileHasNoVideo() {
        #expect(throws: LibAVError.self) { try VideoReader(path: media.audioOnly) }
    }

    @Test func scalerConvertsToRGBA() throws {
        let reader = try VideoReader(path: media.grayLevels)
        let frame = try reader.frame(at: seconds(10, 25))  // luma 100, limited range
        let scaler = try Scaler(sourceWidth: 160, sourceHeight: 90, sourceFormat: .yuv420p, width: 80, height: 45, format: .rgba)
        let rgba = try scaler.scale(frame)
        #expect(rgba.width == 80 && rgba.height == 45)
        let pixel = try (0..<4).map { channel in Int(try rgba.byte(plane: 0, x: 40 * 4 + channel, y: 20)) }
        // (100 - 16) · 255 / 219 ≈ 98, gray, opaque
        #expect(pixel[0] == pixel[1] && pixel[1] == pixel[2])
        #expect(abs(pixel[0] - 98) <= 1)
        #expect(pixel[3] == 255)
    }
}
