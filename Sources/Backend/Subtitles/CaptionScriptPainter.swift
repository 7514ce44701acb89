import CASS
import Compiler
import EDLParser

/// Draws an ASS or SSA script with libass, with its own styles, positions,
/// effects and karaoke, into a premultiplied RGBA picture of a frame's size.
/// Fonts are found through fontconfig, as for text; the script's embedded
/// fonts are used too.
///
/// libass takes time in whole milliseconds: a frame shows the script at its
/// file time rounded down to the millisecond. ASS times are whole hundredths,
/// so an event shows exactly on the frames whose time is in `[start, end)`.
final class CaptionScriptPainter {
    private let library: OpaquePointer
    /// One renderer per script: libass tells whether a frame changed against
    /// the renderer's previous frame.
    private let renderer: OpaquePointer
    private let track: UnsafeMutablePointer<ASS_Track>
    private let width: Int
    private let height: Int
    /// The last picture drawn, and whether anything showed in it.
    private var picture: RGBAImage?
    private var showed = false

    init(script: String, width: Int, height: Int) throws {
        guard let library = ass_library_init() else { throw RenderFailure("libass could not start") }
        // libass's warnings about a lenient script go nowhere: the script was checked when the project was read.
        ass_set_message_cb(library, { _, _, _, _ in }, nil)
        ass_set_extract_fonts(library, 1)
        guard let renderer = ass_renderer_init(library) else {
            ass_library_done(library)
            throw RenderFailure("libass could not start its renderer")
        }
        var bytes = Array(script.utf8)
        let track = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { ass_read_memory(library, $0, buffer.count, nil) }
            }
        }
        guard let track else {
            ass_renderer_done(renderer)
            ass_library_done(library)
            throw RenderFailure("libass cannot read this ASS script")
        }
        ass_set_frame_size(renderer, Int32(width), Int32(height))
        // Square pixels: the storage is the frame, so blur and borders scale with it.
        ass_set_storage_size(renderer, Int32(width), Int32(height))
        ass_set_fonts(renderer, nil, TextRasterizer.defaultFamily, Int32(ASS_FONTPROVIDER_FONTCONFIG.rawValue), nil, 1)
        (self.library, self.renderer, self.track) = (library, renderer, track)
        (self.width, self.height) = (width, height)
    }

    deinit {
        ass_free_track(track)
        ass_renderer_done(renderer)
        ass_library_done(library)
    }

    /// The script at file time `time` (seconds), nil when nothing shows.
    func picture(at time: Rational) -> RGBAImage? {
        let milliseconds = (time * Rational(1000)).floor
        var change: Int32 = 0
        let images = ass_render_frame(renderer, track, milliseconds, &change)
        if change == 0, let picture { return showed ? picture : nil }
        let canvas = picture ?? RGBAImage(width: width, height: height)
        picture = canvas
        showed = images != nil
        canvas.withUnsafeMutableBytes { pixels in
            pixels.initializeMemory(as: UInt8.self, repeating: 0)
            var next = images
            while let image = next?.pointee {
                Self.blend(image, into: pixels, width: width, height: height)
                next = image.next
            }
        }
        return showed ? canvas : nil
    }

    /// One libass image, an alpha mask in one colour (`RRGGBBAA`, AA its
    /// transparency), drawn over the premultiplied pixels.
    private static func blend(_ image: ASS_Image, into pixels: UnsafeMutableRawBufferPointer, width: Int, height: Int) {
        guard let mask = image.bitmap else { return }
        let color = image.color
        let (red, green, blue) = (Int(color >> 24), Int(color >> 16 & 0xFF), Int(color >> 8 & 0xFF))
        let opacity = 255 - Int(color & 0xFF)
        let x0 = max(Int(image.dst_x), 0)
        let y0 = max(Int(image.dst_y), 0)
        let x1 = min(Int(image.dst_x) + Int(image.w), width)
        let y1 = min(Int(image.dst_y) + Int(image.h), height)
        guard opacity > 0, x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            let row = mask + (y - Int(image.dst_y)) * Int(image.stride) - Int(image.dst_x)
            for x in x0..<x1 {
                let alpha = (Int(row[x]) * opacity + 127) / 255
                guard alpha > 0 else { continue }
                let i = (y * width + x) * 4
                let keep = 255 - alpha
                pixels[i] = UInt8((red * alpha + Int(pixels[i]) * keep + 127) / 255)
                pixels[i + 1] = UInt8((green * alpha + Int(pixels[i + 1]) * keep + 127) / 255)
                pixels[i + 2] = UInt8((blue * alpha + Int(pixels[i + 2]) * keep + 127) / 255)
                pixels[i + 3] = UInt8((255 * alpha + Int(pixels[i + 3]) * keep + 127) / 255)
            }
        }
    }
}
