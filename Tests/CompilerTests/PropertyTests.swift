import EDLParser
import Testing

@testable import Compiler

/// SplitMix64: a tiny seeded generator, so failures reproduce.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct PropertyTests {
    static let rates: [FrameRate] = [fps(24), fps(25), fps(30), fps(60), fps(24000, 1001), fps(30000, 1001), fps(60000, 1001)]

    /// A random exact length: a fraction with an awkward denominator.
    func randomLength(_ random: inout SeededGenerator) -> Rational {
        let denominator = [10, 100, 1000, 3, 7, 1001, 48][Int.random(in: 0..<7, using: &random)]
        return q(Int64.random(in: 1...(3 * Int64(denominator)), using: &random), Int64(denominator))
    }

    @Test(arguments: 1...60 as ClosedRange<UInt64>)
    func randomCutListsPartitionFramesAndSamples(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let rate = Self.rates[Int.random(in: 0..<Self.rates.count, using: &random)]
        let sampleRate = [44_100, 48_000, 22_050][Int.random(in: 0..<3, using: &random)]
        var pictures: [Item] = []
        var tones: [Item] = []
        var total = Rational.zero
        for line in 1...Int.random(in: 1...40, using: &random) {
            let length = randomLength(&random)
            total = total + length
            if Bool.random(using: &random), line > 1 {
                pictures.append(gap(length, line: line))
                tones.append(gap(length, line: line))
            } else {
                pictures.append(color(Color(red: Double(line % 7) / 7, green: 0, blue: 0), length, line: line))
                tones.append(Item(content: .tone(Double(200 + line)), location: at(line)).lasting(length))
            }
        }
        let plan = try plan(
            project([track(pictures), track(tones, kind: .audio, line: 100)]) {
                $0.fps = Located(rate, at: at(1))
                $0.audio?.sampleRate = sampleRate
            })
        #expect(plan.output.duration == total)
        #expect(plan.output.frameCount == (total * rate.rate).rounded)

        // Layers of one track never overlap, and abut exactly where items do.
        let layers = plan.distinctLayers
        for (a, b) in zip(layers, layers.dropFirst()) {
            let (fa, fb) = (a.range.frames(at: rate), b.range.frames(at: rate))
            #expect(fa.upperBound <= fb.lowerBound)
            if a.range.end == b.range.start { #expect(fa.upperBound == fb.lowerBound) }
        }
        // Every frame drawn by at most one layer; frames drawn = frames of the items' spans.
        let drawn = plan.video.reduce(Int64(0)) { $0 + Int64($1.layers.count) * Int64($1.frames.count) }
        let expected = layers.reduce(Int64(0)) { sum, layer in
            let frames = layer.range.frames(at: rate)
            return sum + max(0, min(frames.upperBound, plan.output.frameCount) - frames.lowerBound)
        }
        #expect(drawn == expected)
        #expect(plan.video.allSatisfy { $0.layers.count <= 1 })

        // Samples: inputs and the gaps between them tile 0 ..< ceil(total · rate) exactly.
        var cursor: Int64 = 0
        for (input, item) in zip(plan.audio.inputs, tones.filter { !$0.isGap }) {
            #expect(input.location == item.location)
            #expect(input.samples.lowerBound >= cursor)
            cursor = input.samples.upperBound
        }
        let sampleCount = try #require(plan.audio.format?.sampleCount)
        #expect(sampleCount == (Rational(plan.output.frameCount) / rate.rate * Rational(Int64(sampleRate))).ceil)
        let heard = plan.audio.inputs.reduce(Int64(0)) { $0 + Int64($1.samples.count) }
        let spans = plan.audio.inputs.reduce(Int64(0)) { sum, input in
            let samples = input.range.samples(at: sampleRate)
            return sum + min(samples.upperBound, sampleCount) - min(samples.lowerBound, sampleCount)
        }
        #expect(heard == spans)
    }

    @Test(arguments: 1...20 as ClosedRange<UInt64>)
    func adjacentRangesPartitionExactly(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let rate = Self.rates[Int.random(in: 0..<Self.rates.count, using: &random)]
        var start = Rational.zero
        var nextFrame: Int64 = 0
        var nextSample: Int64 = 0
        for _ in 0..<200 {
            let range = TimeRange(start: start, end: start + randomLength(&random))
            #expect(range.frames(at: rate).lowerBound == nextFrame)
            #expect(range.samples(at: 48_000).lowerBound == nextSample)
            nextFrame = range.frames(at: rate).upperBound
            nextSample = range.samples(at: 48_000).upperBound
            start = range.end
        }
        #expect(nextFrame == (start * rate.rate).ceil)
        #expect(nextSample == (start * Rational(48_000)).ceil)
    }
}
