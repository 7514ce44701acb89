import CText

/// One glyph out of HarfBuzz, in pixels.
struct ShapedGlyph {
    var glyph: UInt32
    /// Index of the first scalar of the paragraph this glyph came from.
    var cluster: Int
    var advance: Double
    var offsetX: Double
    /// Upwards, as HarfBuzz measures.
    var offsetY: Double
}

/// A run of text in one font and one direction, shaped; glyphs in visual
/// (left-to-right) order.
struct ShapedRun {
    var face: FontFace
    var glyphs: [ShapedGlyph]
    var isRightToLeft: Bool
    /// The script HarfBuzz settled on, as an ISO 15924 tag ("Arab", "Latn").
    var script: String

    var width: Double { glyphs.reduce(0) { $0 + $1.advance } }
}

/// Shapes runs of a paragraph with HarfBuzz. The whole paragraph is passed
/// as context so joining (Arabic) is right across run boundaries.
enum TextShaper {
    /// `spacing` pixels are added to each glyph that advances (letter spacing).
    static func shape(_ paragraph: [UInt32], range: Range<Int>, face: FontFace, rightToLeft: Bool, spacing: Double = 0)
        -> ShapedRun
    {
        let buffer = ShapingBuffer()
        paragraph.withUnsafeBufferPointer { text in
            hb_buffer_add_utf32(
                buffer.handle, text.baseAddress, Int32(text.count), UInt32(range.lowerBound),
                Int32(range.count))
        }
        hb_buffer_set_direction(buffer.handle, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_guess_segment_properties(buffer.handle)
        hb_shape(face.hbFont, buffer.handle, nil, 0)
        let direction = hb_buffer_get_direction(buffer.handle)
        let script = hb_buffer_get_script(buffer.handle)
        return ShapedRun(
            face: face, glyphs: buffer.glyphs(extraAdvance: face.emboldenAdvance + spacing),
            isRightToLeft: direction == HB_DIRECTION_RTL, script: scriptTag(script)
        )
    }

    private static func scriptTag(_ script: hb_script_t) -> String {
        let tag = hb_script_to_iso15924_tag(script)
        let bytes = [24, 16, 8, 0].map { UInt8((tag >> UInt32($0)) & 0xFF) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Owns one `hb_buffer_t`.
private final class ShapingBuffer {
    let handle: OpaquePointer

    init() {
        // hb_buffer_create never returns null: on allocation failure it
        // returns an inert empty buffer, which shapes to nothing.
        handle = hb_buffer_create()
    }

    deinit {
        hb_buffer_destroy(handle)
    }

    /// Copies the shaped glyphs out, converting 26.6 positions to pixels.
    func glyphs(extraAdvance: Double) -> [ShapedGlyph] {
        var count: UInt32 = 0
        var positionCount: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(handle, &count),
            let positions = hb_buffer_get_glyph_positions(handle, &positionCount),
            positionCount == count
        else { return [] }
        return (0..<Int(count)).map { i in
            let advance = Double(positions[i].x_advance) / 64
            return ShapedGlyph(
                glyph: infos[i].codepoint, cluster: Int(infos[i].cluster),
                advance: advance > 0 ? advance + extraAdvance : advance,
                offsetX: Double(positions[i].x_offset) / 64, offsetY: Double(positions[i].y_offset) / 64
            )
        }
    }
}
