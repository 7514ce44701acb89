import CText

/// Owns one `FT_Library`. Faces keep a reference so the library outlives them.
final class FreeTypeLibrary {
    let handle: FT_Library

    init() throws {
        var library: FT_Library?
        let status = FT_Init_FreeType(&library)
        guard status == 0, let library else {
            throw TextError("cannot start FreeType (error \(status))")
        }
        handle = library
    }

    deinit {
        FT_Done_FreeType(handle)
    }
}
