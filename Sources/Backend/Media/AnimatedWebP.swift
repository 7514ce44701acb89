import CWebP
import Compiler
import EDLParser
import Foundation

/// An animated WebP (stickers, web animations), which FFmpeg 5.1 cannot decode:
/// read with libwebp's animation decoder as premultiplied RGBA frames. Frame k
/// is shown from the end of frame k − 1 to its own end (sample and hold, like
/// any video), before the first frame the first, after the last the last.
final class AnimatedWebP {
    let width: Int
    let height: Int
    /// When each frame's display ends, in milliseconds from the start.
    let ends: [Int]
    /// The header says the frames have transparent pixels.
    let hasAlpha: Bool
    private let data: Data
    private let decoder: OpaquePointer
    /// Frames decoded so far since the last reset.
    private var decoded = 0
    private let image: RGBAImage

    /// Whether the file is a WebP whose header says it is animated (a `VP8X`
    /// chunk with the animation flag), read from its first 21 bytes.
    static func isAnimated(path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 21), head.count == 21 else { return false }
        let bytes = [UInt8](head)
        return bytes[0..<4].elementsEqual("RIFF".utf8) && bytes[8..<12].elementsEqual("WEBP".utf8)
            && bytes[12..<16].elementsEqual("VP8X".utf8) && bytes[20] & 0x02 != 0
    }

    init(path: String) throws(MediaProbeError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw MediaProbeError("'\(path)' cannot be read")
        }
        self.data = data
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw MediaProbeError("libwebp is not usable") }
        options.color_mode = MODE_rgbA  // premultiplied, as the compositor draws
        options.use_threads = 0
        let created = data.withUnsafeBytes { bytes -> OpaquePointer? in
            var webp = WebPData(bytes: bytes.bindMemory(to: UInt8.self).baseAddress, size: bytes.count)
            return WebPAnimDecoderNew(&webp, &options)
        }
        var info = WebPAnimInfo()
        guard let created, WebPAnimDecoderGetInfo(created, &info) != 0, info.frame_count > 0, info.canvas_width > 0,
            info.canvas_height > 0
        else {
            throw MediaProbeError("'\(path)' is not an animated WebP libwebp can read")
        }
        decoder = created
        width = Int(info.canvas_width)
        height = Int(info.canvas_height)
        // Durations come from the demuxer, without decoding a frame.
        var ends: [Int] = []
        var iterator = WebPIterator()
        let demuxer = WebPAnimDecoderGetDemuxer(created)
        hasAlpha = WebPDemuxGetI(demuxer, WEBP_FF_FORMAT_FLAGS) & ALPHA_FLAG.rawValue != 0
        for number in 1...Int32(info.frame_count) where WebPDemuxGetFrame(demuxer, number, &iterator) != 0 {
            ends.append((ends.last ?? 0) + Int(max(iterator.duration, 0)))
        }
        WebPDemuxReleaseIterator(&iterator)
        self.ends = ends
        image = RGBAImage(width: width, height: height)
    }

    deinit { WebPAnimDecoderDelete(decoder) }

    /// What the probe reports: a video of the frames' total duration, its rate
    /// when every frame lasts as long (else none: a variable rate).
    var facts: MediaFacts {
        let total = Rational(Int64(ends.last ?? 0), 1000) ?? .zero
        var steps = Set(zip([0] + ends, ends).map { $1 - $0 })
        steps.remove(0)
        let rate = steps.count == 1 ? Rational(1000, Int64(steps.first ?? 1)).flatMap { FrameRate($0) } : nil
        let video = VideoFacts(
            streamIndex: 0, size: PixelSize(width: width, height: height), frameRate: rate, rotation: 0,
            isMirrored: false, isStillImage: false, duration: total, codec: "webp", hasAlpha: hasAlpha)
        return MediaFacts(duration: total, video: video, audio: nil)
    }

    /// The frame shown at `time` seconds. Reading forward decodes each frame once;
    /// going back starts again from the first.
    func frame(at time: Rational) throws -> RGBAImage {
        let milliseconds = time * Rational(1000)
        let index = ends.firstIndex { Rational(Int64($0)) > milliseconds } ?? ends.count - 1
        if index < decoded - 1 {
            WebPAnimDecoderReset(decoder)
            decoded = 0
        }
        guard decoded <= index else { return image }
        var buffer: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        while decoded <= index {
            guard WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0, buffer != nil else {
                throw RenderFailure("frame \(decoded + 1) of the animated WebP cannot be decoded")
            }
            decoded += 1
        }
        guard let buffer else { return image }
        image.copyPixels(
            from: UnsafeRawBufferPointer(start: buffer, count: width * height * 4), stride: width * 4, premultiplied: true)
        return image
    }
}
