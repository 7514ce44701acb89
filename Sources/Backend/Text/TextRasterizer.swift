import Compiler
import EDLParser
import Foundation

/// Shapes and rasterises text layers (SPEC section 10) with HarfBuzz,
/// FreeType and fontconfig.
///
/// Holds one FreeType library, one fontconfig configuration and the faces
/// it has opened. Not for sharing between threads: give each thread its own.
public final class TextRasterizer {
    private let library: FreeTypeLibrary
    private let catalog: FontCatalog
    private var faces: [FaceKey: FontFace] = [:]
    private var fallbackLocations: [FallbackKey: FontLocation?] = [:]
    private static let faceCacheLimit = 32

    private struct FaceKey: Hashable {
        var face: FontFace.Key
        var pixelSize: Double
    }

    private struct FallbackKey: Hashable {
        var scalar: Unicode.Scalar
        var family: String
        var style: FontStyle
    }

    public init() throws {
        library = try FreeTypeLibrary()
        catalog = try FontCatalog()
    }

    /// Renders `text` to a premultiplied RGBA bitmap. The same text always
    /// gives the same pixels.
    ///
    /// - Throws: `TextError` when `font` is a file path that does not exist
    ///   or cannot be read, or when no font is installed at all.
    public func render(_ text: TextContent) throws -> TextBitmap {
        let layout = try layout(text)
        if let problem = Self.sizeProblem(layout, text) { throw TextError(problem) }
        return TextPainter.paint(layout, text)
    }

    /// The size `render` gives `text`'s picture, found without drawing it.
    ///
    /// - Throws: as `render` does.
    public func size(of text: TextContent) throws -> PixelSize {
        let layout = try layout(text)
        if let problem = Self.sizeProblem(layout, text) { throw TextError(problem) }
        return TextPainter.paintedSize(layout, text)
    }

    /// The most pixels a text's picture may have (16 megapixels, twice a 4K
    /// frame): drawing one costs about 30 bytes a pixel, and a line of 2,000
    /// characters at 1000 px would ask for tens of gigabytes.
    public static let pictureLimit = 1 << 24

    /// Why the text's picture cannot be drawn, when it is larger than `pictureLimit`.
    private static func sizeProblem(_ layout: TextLayout, _ text: TextContent) -> String? {
        let (width, height) = TextPainter.laidOutSize(layout, text)
        guard width.multipliedReportingOverflow(by: height).partialValue > pictureLimit || width > 1 << 30 || height > 1 << 30
        else { return nil }
        return "the text's picture would be \(width)x\(height) pixels; a text may have at most \(pictureLimit) (16 megapixels)"
    }

    /// Why the text's picture cannot be drawn (it would be larger than
    /// `pictureLimit`), laid out, not drawn; nil when it can be, or when it
    /// cannot be laid out (a missing font, which the render reports).
    public func sizeProblem(of text: TextContent) -> String? {
        guard let layout = try? layout(text) else { return nil }
        return Self.sizeProblem(layout, text)
    }

    /// Shapes and places the text without drawing it.
    func layout(_ text: TextContent) throws -> TextLayout {
        TextLayout(text, fonts: try fonts(for: text))
    }

    /// The requested face and a way to find fallbacks near it, and the same
    /// for the text's bold and italic runs.
    func fonts(for text: TextContent) throws -> StyledFonts {
        let size = max(1, text.fontSize)
        let base = FontStyle(bold: text.weight == .bold)
        let plain = try fontSet(text.font, style: base, size: size)
        return StyledFonts(plain: plain, base: base, text: text) { [weak self] style in
            try? self?.fontSet(text.font, style: style, size: size)
        }
    }

    private func fontSet(_ font: String, style: FontStyle, size: Double) throws -> FontSet {
        let primary = try primaryFace(font, style: style, size: size)
        let family = Self.isFilePath(font) ? Self.defaultFamily : font
        return FontSet(primary: primary) { [weak self] scalar in
            self?.fallbackFace(for: scalar, family: family, style: style, size: size)
        }
    }

    /// The family fallbacks are looked for near when `font:` names a file.
    static let defaultFamily = "DejaVu Sans"

    /// `font:` values starting with `/` name a file; anything else is a family.
    static func isFilePath(_ font: String) -> Bool { font.hasPrefix("/") }

    private func primaryFace(_ font: String, style: FontStyle, size: Double) throws -> FontFace {
        guard Self.isFilePath(font) else {
            guard let location = catalog.match(family: font, style: style) else {
                throw TextError("no font found for family '\(font)'; install fonts-dejavu-core or name a font file")
            }
            return try face(at: location, style: style, size: size)
        }
        guard FileManager.default.fileExists(atPath: font) else {
            throw TextError("font file '\(font)' does not exist; expected a TrueType or OpenType file or a family name")
        }
        return try face(at: FontLocation(path: font, index: 0), style: style, size: size)
    }

    private func fallbackFace(for scalar: Unicode.Scalar, family: String, style: FontStyle, size: Double) -> FontFace? {
        let key = FallbackKey(scalar: scalar, family: family, style: style)
        let location: FontLocation?
        if let known = fallbackLocations[key] {
            location = known
        } else {
            location = catalog.fallback(for: scalar, family: family, style: style)
            fallbackLocations[key] = .some(location)
        }
        guard let location else { return nil }
        return try? face(at: location, style: style, size: size)
    }

    /// The face at `location`, its outlines emboldened or slanted where `style`
    /// asks for what the face's own flags say it lacks. fontconfig's answer is
    /// not asked: for an upright face it reports the italic slant it was asked
    /// for, leaving the slanting to the renderer.
    private func face(at location: FontLocation, style: FontStyle, size: Double) throws -> FontFace {
        let plain = try face(at: FontFace.Key(path: location.path, index: location.index, emboldened: false), size: size)
        let embolden = style.bold && !plain.isBold
        let slant = style.italic && !plain.isItalic
        guard embolden || slant else { return plain }
        return try face(
            at: FontFace.Key(path: location.path, index: location.index, emboldened: embolden, slanted: slant), size: size)
    }

    private func face(at faceKey: FontFace.Key, size: Double) throws -> FontFace {
        let key = FaceKey(face: faceKey, pixelSize: size)
        if let face = faces[key] { return face }
        let face = try FontFace(library: library, key: key.face, pixelSize: size)
        // Faces are per size; an animation of many sizes should not hoard them.
        if faces.count >= Self.faceCacheLimit { faces.removeAll() }
        faces[key] = face
        return face
    }
}
