import CText

/// One font file at one pixel size: an `FT_Face` and the HarfBuzz font
/// shaping with it. Owns both; keeps the library alive.
final class FontFace {
    /// Where the face came from; also its identity in caches.
    struct Key: Hashable {
        var path: String
        var index: Int
        var emboldened: Bool
        var slanted = false
    }

    let key: Key
    let face: FT_Face
    let hbFont: OpaquePointer
    private let library: FreeTypeLibrary
    /// Extra advance FreeType's synthetic bold adds to each glyph, in pixels.
    let emboldenAdvance: Double

    init(library: FreeTypeLibrary, key: Key, pixelSize: Double) throws {
        var opened: FT_Face?
        let status = FT_New_Face(library.handle, key.path, FT_Long(key.index), &opened)
        guard status == 0, let opened else {
            throw TextError(
                "cannot read font '\(key.path)' (FreeType error \(status)); expected a TrueType or OpenType file"
            )
        }
        face = opened
        self.library = library
        self.key = key
        let sizeStatus = FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72)
        guard sizeStatus == 0, ctext_face_is_scalable(face) != 0 else {
            FT_Done_Face(face)
            throw TextError("font '\(key.path)' has no scalable outlines; use a TrueType or OpenType outline font")
        }
        guard let font = hb_ft_font_create_referenced(face) else {
            FT_Done_Face(face)
            throw TextError("cannot open font '\(key.path)' for shaping")
        }
        hbFont = font
        if key.emboldened, let size = face.pointee.size {
            let ppem = Double(face.pointee.units_per_EM) * Double(size.pointee.metrics.y_scale) / 65536 / 64
            emboldenAdvance = (ppem / 24 * 64).rounded(.down) / 64
        } else {
            emboldenAdvance = 0
        }
    }

    deinit {
        hb_font_destroy(hbFont)
        FT_Done_Face(face)
    }

    /// Distance from the baseline up to the top of the line, in pixels.
    var ascender: Double {
        guard let size = face.pointee.size else { return 0 }
        return Double(size.pointee.metrics.ascender) / 64
    }

    /// Distance from the baseline down to the bottom of the line, in pixels (positive).
    var descender: Double {
        guard let size = face.pointee.size else { return 0 }
        return -Double(size.pointee.metrics.descender) / 64
    }

    /// Whether the file is a bold face.
    var isBold: Bool { ctext_face_is_bold(face) != 0 }

    /// Whether the file is an italic face.
    var isItalic: Bool { ctext_face_is_italic(face) != 0 }

    /// The font's underline: how far its middle is below the baseline and how
    /// thick it is, in pixels.
    var underline: (depth: Double, thickness: Double) {
        guard let size = face.pointee.size else { return (0, 0) }
        let scale = Double(size.pointee.metrics.y_scale) / 65536 / 64
        return (-Double(face.pointee.underline_position) * scale, Double(face.pointee.underline_thickness) * scale)
    }

    /// Whether the font maps this character to a glyph.
    func covers(_ scalar: Unicode.Scalar) -> Bool {
        nominalGlyph(scalar) != 0
    }

    /// The glyph the font's character map gives a character, before shaping.
    func nominalGlyph(_ scalar: Unicode.Scalar) -> UInt32 {
        UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
    }

    /// Renders one glyph to 8-bit coverage. `nil` when the glyph cannot be loaded.
    func coverage(of glyph: UInt32) -> GlyphImage? {
        guard FT_Load_Glyph(face, glyph, ctext_load_flags()) == 0, let slot = face.pointee.glyph else { return nil }
        if key.slanted { FT_GlyphSlot_Oblique(slot) }
        if key.emboldened { FT_GlyphSlot_Embolden(slot) }
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        let glyph = slot.pointee
        return GlyphImage(bitmap: glyph.bitmap, left: Int(glyph.bitmap_left), top: Int(glyph.bitmap_top))
    }
}
