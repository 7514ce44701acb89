import CText

/// The style a face is asked for in: a text's weight, or a caption's `<b>` and `<i>`.
struct FontStyle: Hashable {
    var bold: Bool
    var italic = false
}

/// Where a font lives, as fontconfig or the user named it.
struct FontLocation: Hashable {
    var path: String
    var index: Int
}

/// Owns a fontconfig configuration and answers "which file is this family"
/// and "which font has this character".
final class FontCatalog {
    private let config: OpaquePointer

    init() throws {
        guard let config = FcInitLoadConfigAndFonts() else {
            throw TextError("cannot load the fontconfig configuration; is fontconfig installed?")
        }
        self.config = config
    }

    deinit {
        FcConfigDestroy(config)
    }

    /// The best installed font for a family, weight and slant. fontconfig falls
    /// back to its default (DejaVu Sans) for unknown families, so this only
    /// fails when no font is installed at all.
    func match(family: String, style: FontStyle) -> FontLocation? {
        matchPattern(family: family, style: style, covering: nil)
    }

    /// A font near `family` that has a glyph for `scalar`, or `nil` when no
    /// installed font has one.
    func fallback(for scalar: Unicode.Scalar, family: String, style: FontStyle) -> FontLocation? {
        matchPattern(family: family, style: style, covering: scalar)
    }

    private func matchPattern(family: String, style: FontStyle, covering scalar: Unicode.Scalar?) -> FontLocation? {
        guard let created = FcPatternCreate() else { return nil }
        let pattern = FontPattern(created)
        family.withCString { name in
            let bytes = UnsafeRawPointer(name).assumingMemoryBound(to: FcChar8.self)
            _ = FcPatternAddString(pattern.handle, ctext_fc_family, bytes)
        }
        let weight = style.bold ? ctext_fc_weight_bold : ctext_fc_weight_regular
        FcPatternAddInteger(pattern.handle, ctext_fc_weight, weight)
        FcPatternAddInteger(pattern.handle, ctext_fc_slant, style.italic ? ctext_fc_slant_italic : ctext_fc_slant_roman)
        FcPatternAddBool(pattern.handle, ctext_fc_scalable, FcBool(FcTrue))
        if let scalar, let charset = FcCharSetCreate() {
            FcCharSetAddChar(charset, scalar.value)
            FcPatternAddCharSet(pattern.handle, ctext_fc_charset, charset)
            FcCharSetDestroy(charset)
        }
        FcConfigSubstitute(config, pattern.handle, FcMatchPattern)
        FcDefaultSubstitute(pattern.handle)
        var result = FcResultNoMatch
        guard let found = FcFontMatch(config, pattern.handle, &result) else { return nil }
        let matched = FontPattern(found)
        if let scalar, !matched.hasCharacter(scalar) { return nil }
        guard let path = matched.file else { return nil }
        return FontLocation(path: path, index: Int(matched.integer(ctext_fc_index) ?? 0))
    }
}

/// Owns one `FcPattern`.
private final class FontPattern {
    let handle: OpaquePointer

    init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        FcPatternDestroy(handle)
    }

    var file: String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(handle, ctext_fc_file, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    func integer(_ object: UnsafePointer<CChar>) -> Int32? {
        var value: Int32 = 0
        guard FcPatternGetInteger(handle, object, 0, &value) == FcResultMatch else { return nil }
        return value
    }

    func hasCharacter(_ scalar: Unicode.Scalar) -> Bool {
        var charset: OpaquePointer?
        guard FcPatternGetCharSet(handle, ctext_fc_charset, 0, &charset) == FcResultMatch, let charset else {
            return false
        }
        return FcCharSetHasChar(charset, scalar.value) != 0
    }
}
