import Backend
import Compiler
import EDLParser
import Foundation
import TestSupport
import Testing

/// What a viewer or listener would notice in a rendered file: its streams and
/// length, the colour of its pixels, the level of a tone in its sound.
struct ExampleOutput {
    let path: String

    init(_ path: String) { self.path = path }
    init(_ rendered: RenderedExample) { path = rendered.path }

    /// Streams and durations, as `render check` probes them.
    func facts() throws -> MediaFacts { try MediaProbe().facts(forPath: path) }

    /// Length in seconds.
    func duration() throws -> Double { try #require(try facts().duration).approximateDouble }

    /// The picture shown at `seconds`, decoded.
    func picture(at seconds: Double) throws -> Picture {
        let frame = try VideoReader(path: path).frame(at: Self.time(seconds))
        return try Picture(frame)
    }

    /// The pictures shown at each of `times`, decoded in one pass.
    func pictures(at times: [Double]) throws -> [Picture] {
        let reader = try VideoReader(path: path)
        return try times.map { try Picture(reader.frame(at: Self.time($0))) }
    }

    /// The sound from `start` to `end` seconds, mixed to mono at 48 kHz.
    func samples(from start: Double, to end: Double) throws -> [Float] {
        let reader = try AudioReader(path: path, sampleRate: 48_000, channels: 1)
        let first = Int64((start * 48_000).rounded())
        return try reader.samples(from: first, count: Int(((end - start) * 48_000).rounded()))[0]
    }

    /// The level in dBFS of a sine at `frequency` Hz in the sound from `start` to `end` seconds.
    func level(of frequency: Double, from start: Double, to end: Double) throws -> Double {
        ToneMeter.level(of: frequency, in: try samples(from: start, to: end), sampleRate: 48_000)
    }

    static func time(_ seconds: Double) -> Rational {
        Rational(Int64((seconds * 1_000_000).rounded()), 1_000_000) ?? .zero
    }
}

/// The amplitude of one frequency in a block of samples (a Hann-windowed
/// Goertzel filter), in dB relative to a full-scale sine.
enum ToneMeter {
    static func level(of frequency: Double, in samples: [Float], sampleRate: Double) -> Double {
        guard samples.count > 1 else { return -.infinity }
        let n = Double(samples.count - 1)
        let omega = 2 * Double.pi * frequency / sampleRate
        let coefficient = 2 * cos(omega)
        var previous = 0.0
        var beforePrevious = 0.0
        var windowSum = 0.0
        for (index, sample) in samples.enumerated() {
            let window = 0.5 - 0.5 * cos(2 * Double.pi * Double(index) / n)
            windowSum += window
            let current = Double(sample) * window + coefficient * previous - beforePrevious
            beforePrevious = previous
            previous = current
        }
        let power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
        let amplitude = 2 * power.squareRoot() / windowSum
        return AudioAnalysis.dBFS(amplitude)
    }
}

/// A decoded 4:2:0 picture, for looking at pixels.
struct Picture {
    let image: YUVImage

    /// A decoded frame, converted to 4:2:0 when it is not (a PNG is RGB).
    init(_ decoded: Frame) throws {
        var frame = decoded
        if frame.pixelFormat != .yuv420p {
            frame = try Scaler(
                sourceWidth: frame.width, sourceHeight: frame.height, sourceFormat: frame.pixelFormat,
                width: frame.width, height: frame.height, format: .yuv420p
            ).scale(frame)
        }
        let image = YUVImage(width: frame.width, height: frame.height)
        try frame.withPlanes { planes in
            image.copyPlanes(
                from: UnsafeRawBufferPointer(planes[0].bytes), yStride: planes[0].lineSize,
                u: UnsafeRawBufferPointer(planes[1].bytes), uStride: planes[1].lineSize,
                v: UnsafeRawBufferPointer(planes[2].bytes), vStride: planes[2].lineSize)
        }
        self.image = image
    }

    init(_ image: YUVImage) { self.image = image }

    var width: Int { image.width }
    var height: Int { image.height }

    func pixel(_ x: Int, _ y: Int) -> YUVColor { image.pixel(x: x, y: y) }

    /// The smallest box holding every pixel of `region` for which `test` holds, or nil.
    func boundingBox(in region: Box, where test: (YUVColor) -> Bool) -> Box? {
        var box: Box?
        for y in region.top..<region.bottom {
            for x in region.left..<region.right where test(pixel(x, y)) {
                box =
                    box.map {
                        Box(
                            left: min($0.left, x), top: min($0.top, y), right: max($0.right, x + 1), bottom: max($0.bottom, y + 1)
                        )
                    }
                    ?? Box(left: x, top: y, right: x + 1, bottom: y + 1)
            }
        }
        return box
    }

    /// How many pixels of `region` pass `test`.
    func count(in region: Box, where test: (YUVColor) -> Bool) -> Int {
        var count = 0
        for y in region.top..<region.bottom {
            for x in region.left..<region.right where test(pixel(x, y)) { count += 1 }
        }
        return count
    }
}

/// A pixel rectangle, `left..<right` by `top..<bottom`.
struct Box: Equatable, CustomStringConvertible {
    var left: Int, top: Int, right: Int, bottom: Int

    var width: Int { right - left }
    var height: Int { bottom - top }
    var centerX: Double { Double(left + right) / 2 }
    var centerY: Double { Double(top + bottom) / 2 }
    var description: String { "\(width)x\(height) at (\(left), \(top))" }
}

extension YUVColor {
    /// Close to a colour given as 8-bit sRGB, within `tolerance` code values on each of Y, U and V.
    func isNear(_ hex: Int, tolerance: Int = 24) -> Bool {
        let other = YUVColor(
            red: Double((hex >> 16) & 0xff) / 255, green: Double((hex >> 8) & 0xff) / 255,
            blue: Double(hex & 0xff) / 255)
        return abs(Int(y) - Int(other.y)) <= tolerance && abs(Int(u) - Int(other.u)) <= tolerance
            && abs(Int(v) - Int(other.v)) <= tolerance
    }

    /// Nearly black: the letterbox bars and the default background.
    var isBlack: Bool { y < 24 && abs(Int(u) - 128) < 8 && abs(Int(v) - 128) < 8 }
}
