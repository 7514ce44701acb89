import EDLParser
import Foundation
import Testing

@testable import Backend

@Suite struct AudioReaderTests {
    let media: MediaFixtures

    init() throws { media = try MediaFixtures.get() }

    private func rms(_ samples: ArraySlice<Float>) -> Double {
        (samples.reduce(0) { $0 + Double($1) * Double($1) } / Double(samples.count)).squareRoot()
    }

    /// The 1 kHz, amplitude-1/8 tone of the WAV fixture at sample `position` of `rate`.
    private func tone(_ position: Int64, rate: Double) -> Float {
        Float(sin(2 * Double.pi * 1000 * Double(position) / rate) / 8)
    }

    @Test func monoSinePlaysOnBothChannelsAtFullLevel() throws {
        let reader = try AudioReader(path: media.clip, sampleRate: 48000, channels: 2)
        let samples = try reader.samples(from: 0, count: 48000)
        #expect(samples.count == 2)
        #expect(samples.allSatisfy { $0.count == 48000 })
        let middle = samples[0][4800..<43200]
        #expect(abs(rms(middle) - 0.125 / 2.0.squareRoot()) < 0.003)
        #expect(samples[0] == samples[1])
    }

    @Test func exactPositionsInPCM() throws {
        let reader = try AudioReader(path: media.wav, sampleRate: 48000, channels: 1)
        func check(_ start: Int64, _ count: Int) throws {
            let samples = try reader.samples(from: start, count: count)[0]
            #expect(samples.count == count)
            for (offset, value) in samples.enumerated() {
                let position = start + Int64(offset)
                let expected: Float = (0..<96000).contains(position) ? tone(position, rate: 48000) : 0
                #expect(abs(value - expected) < 0.001, "sample \(position): \(value), expected \(expected)")
                if abs(value - expected) >= 0.001 { return }
            }
        }
        try check(30000, 1000)  // seeks
        try check(31000, 500)  // continues
        try check(100, 10)  // goes back
        try check(95990, 20)  // past the end: silence
        try check(-10, 20)  // before the start: silence
        try check(0, 4800)
    }

    @Test func resamplesWithoutShiftingTime() throws {
        let reader = try AudioReader(path: media.wav, sampleRate: 44100, channels: 1)
        let start: Int64 = 44100 / 2
        let samples = try reader.samples(from: start, count: 2000)[0]
        #expect(samples.count == 2000)
        let worst = samples.enumerated().map { abs($1 - tone(start + Int64($0), rate: 44100)) }.max() ?? 1
        #expect(worst < 0.002)
    }

    @Test func resampledAACHasTheRightLevelAndPitch() throws {
        let reader = try AudioReader(path: media.audioOnly, sampleRate: 48000, channels: 2)
        let samples = try reader.samples(from: 0, count: 48000)
        #expect(samples.map(\.count) == [48000, 48000])
        let middle = samples[1][12000..<36000]  // half a second
        // ffmpeg's `-ac 2` spread the 1/8 mono sine at -3 dB: amplitude 1/8 · √½, RMS 1/16.
        #expect(abs(rms(middle) - 0.0625) < 0.003)
        let crossings = zip(middle.dropLast(), middle.dropFirst()).filter { $0 < 0 && $1 >= 0 }.count
        #expect(abs(crossings - 500) <= 1)  // 1 kHz for 0.5 s
    }

    @Test func blocksJoinExactly() throws {
        let whole = try AudioReader(path: media.audioOnly, sampleRate: 48000, channels: 2).samples(from: 0, count: 48000)
        let blocks = try AudioReader(path: media.audioOnly, sampleRate: 48000, channels: 2)
        var joined: [[Float]] = [[], []]
        var position: Int64 = 0
        for size in [1024, 1, 999, 1600, 1600, 4096, 38680] {
            let block = try blocks.samples(from: position, count: size)
            for channel in 0..<2 { joined[channel] += block[channel] }
            position += Int64(size)
        }
        #expect(joined == whole)
    }

    @Test func seekIntoAACMatchesReadingThrough() throws {
        let whole = try AudioReader(path: media.audioOnly, sampleRate: 48000, channels: 1).samples(from: 0, count: 48000)[0]
        let sought = try AudioReader(path: media.audioOnly, sampleRate: 48000, channels: 1).samples(from: 30000, count: 4000)[0]
        let worst = zip(whole[30000..<34000], sought).map { abs($0 - $1) }.max() ?? 1
        #expect(worst < 0.01)
    }

    /// AAC's encoder delay is trimmed by the container's edit list: sample 0 is the
    /// sine's first sample, not 1024 samples of priming.
    @Test func aacIsAlignedWithItsSource() throws {
        for start: Int64 in [2400, 24000, 24000, 9000] {
            let reader = try AudioReader(path: media.clip, sampleRate: 48000, channels: 1)
            let samples = try reader.samples(from: start, count: 200)[0]
            var worst = 0.0
            for (offset, value) in samples.enumerated() {
                let phase = 2 * Double.pi * 440 * Double(start + Int64(offset)) / 48000
                worst = max(worst, abs(Double(value) - sin(phase) / 8))
            }
            #expect(worst < 0.01, "from \(start)")
        }
    }

    @Test func pastTheEndIsSilence() throws {
        let reader = try AudioReader(path: media.audioOnly, sampleRate: 48000, channels: 2)
        let samples = try reader.samples(from: 48000 * 3, count: 512)
        #expect(samples == [[Float]](repeating: [Float](repeating: 0, count: 512), count: 2))
    }

    @Test func stillImageHasNoAudio() {
        #expect(throws: LibAVError.self) { try AudioReader(path: media.png, sampleRate: 48000, channels: 2) }
    }
}
