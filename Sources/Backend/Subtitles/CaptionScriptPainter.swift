import CASS
import Compiler
import EDLParser

/// Draws an ASS or SSA script with libass, with its own styles, positions,
/// effects and karaoke, into a premultiplied RGBA picture of the part of a
/// frame its events cover.
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
    /// The last picture drawn, nil when nothing showed.
    private var last: Part?
    private var lastWhole: Bool?

    /// What shows at a time: `image` covers `region` of the frame.
    struct Part {
        var image: RGBAImage
        var region: PixelRect
    }

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
        // Glyphs and bitmaps kept between frames: at most 64 MiB of bitmaps (the scripts' sizes are bounded at check).
        ass_set_cache_limits(renderer, 0, 64)
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

    /// The script at file time `time` (seconds), nil when nothing shows: only
    /// the part of the frame its events cover, or with `whole` the whole frame
    /// (for filters, which must see the picture's edges where they are).
    func picture(at time: Rational, whole: Bool = false) -> Part? {
        let milliseconds = (time * Rational(1000)).floor
        var change: Int32 = 0
        let images = ass_render_frame(renderer, track, milliseconds, &change)
        if change == 0, lastWhole == whole { return last }
        lastWhole = whole
        var bounds: (x0: Int, y0: Int, x1: Int, y1: Int)?
        var next = images
        while let image = next?.pointee {
            let x0 = max(Int(image.dst_x), 0)
            let y0 = max(Int(image.dst_y), 0)
            let x1 = min(Int(image.dst_x) + Int(image.w), width)
            let y1 = min(Int(image.dst_y) + Int(image.h), height)
            if x0 < x1, y0 < y1 {
                bounds = bounds.map { (min($0.x0, x0), min($0.y0, y0), max($0.x1, x1), max($0.y1, y1)) } ?? (x0, y0, x1, y1)
            }
            next = image.next
        }
        guard let bounds else {
            last = nil
            return nil
        }
        let region =
            whole
            ? PixelRect(width: width, height: height)
            : PixelRect(x: bounds.x0, y: bounds.y0, width: bounds.x1 - bounds.x0, height: bounds.y1 - bounds.y0)
        let canvas = RGBAImage(width: region.width, height: region.height)
        canvas.withUnsafeMutableBytes { pixels in
            var next = images
            while let image = next?.pointee {
                Self.blend(image, into: pixels, region: region)
                next = image.next
            }
        }
        last = Part(image: canvas, region: region)
        return last
    }

    /// One libass image, an alpha mask in one colour (`RRGGBBAA`, AA its
    /// transparency), drawn over the premultiplied pixels.
    private static func blend(_ image: ASS_Image, into pixels: UnsafeMutableRawBufferPointer, region: PixelRect) {
        guard let mask = image.bitmap else { return }
        let color = image.color
        let (red, green, blue) = (Int(color >> 24), Int(color >> 16 & 0xFF), Int(color >> 8 & 0xFF))
        let opacity = 255 - Int(color & 0xFF)
        let (left, top) = (Int(image.dst_x), Int(image.dst_y))
        let x0 = max(left, region.x)
        let y0 = max(top, region.y)
        let x1 = min(left + Int(image.w), region.x + region.width)
        let y1 = min(top + Int(image.h), region.y + region.height)
        guard opacity > 0, x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            let row = mask + (y - top) * Int(image.stride) - left
            let line = (y - region.y) * region.width - region.x
            for x in x0..<x1 {
                let alpha = (Int(row[x]) * opacity + 127) / 255
                guard alpha > 0 else { continue }
                let i = (line + x) * 4
                let keep = 255 - alpha
                pixels[i] = UInt8((red * alpha + Int(pixels[i]) * keep + 127) / 255)
                pixels[i + 1] = UInt8((green * alpha + Int(pixels[i + 1]) * keep + 127) / 255)
                pixels[i + 2] = UInt8((blue * alpha + Int(pixels[i + 2]) * keep + 127) / 255)
                pixels[i + 3] = UInt8((255 * alpha + Int(pixels[i + 3]) * keep + 127) / 255)
            }
        }
    }
}
