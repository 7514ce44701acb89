import EDLParser

/// Turns a laid-out text block into a bitmap: background, shadow, stroke,
/// fill, bottom to top. See `TextBitmap` for the geometry.
///
/// Glyphs sit at whole-pixel positions. The stroke is the fill's coverage
/// dilated by the stroke width (anti-aliased rim); the shadow is the
/// outlined shape (fill and stroke) moved by the offset rounded to whole
/// pixels. Background padding is rounded to whole pixels too.
enum TextPainter {
    private struct PlacedGlyph {
        var image: GlyphImage
        /// Index in the whole text of the glyph's first scalar.
        var scalar: Int
        /// Top-left in text-block pixels.
        var x: Int
        var y: Int

        var box: PixelBox { PixelBox(minX: x, minY: y, maxX: x + image.width, maxY: y + image.height) }
    }

    /// The picture's size as laid out, before any glyph is drawn: the text block
    /// (with the background's padding) grown by the stroke and widened by the
    /// shadow's offset. Ink reaching past the block (accents, overhangs) makes the
    /// bitmap itself a little larger.
    static func laidOutSize(_ layout: TextLayout, _ text: TextContent) -> (width: Int, height: Int) {
        let reach = Int((max(0, text.stroke?.width ?? 0) + 0.5).rounded(.up))
        let padding = text.background.map { max(0, Int($0.padding.rounded())) } ?? 0
        let offset = text.shadow?.offset ?? Vector2(0, 0)
        let margin = 2 * max(reach, padding)
        return (
            layout.blockWidth + margin + Int(abs(offset.x).rounded()), layout.blockHeight + margin + Int(abs(offset.y).rounded())
        )
    }

    /// Where everything falls before anything is drawn: the glyphs, the picture's
    /// bounds (block, ink, stroke and shadow), the background's box.
    private struct Geometry {
        var glyphs: [PlacedGlyph]
        var bounds: PixelBox
        var layoutBox: PixelBox
        var strokeWidth: Double
        var shadowShift: (x: Int, y: Int)
    }

    private static func geometry(_ layout: TextLayout, _ text: TextContent) -> Geometry {
        let glyphs = place(layout, text)
        let ink = glyphs.dropFirst().reduce(glyphs.first?.box) { $0?.union($1.box) }
        let strokeWidth = max(0, text.stroke?.width ?? 0)
        let reach = strokeWidth > 0 ? Int((strokeWidth + 0.5).rounded(.up)) : 0
        let silhouette = ink?.expanded(by: reach)
        let offset = text.shadow?.offset ?? Vector2(0, 0)
        let shadowShift = (x: Int(offset.x.rounded()), y: Int(offset.y.rounded()))
        let shadowBox = text.shadow == nil ? nil : silhouette?.offset(x: shadowShift.x, y: shadowShift.y)
        let block = PixelBox(minX: 0, minY: 0, maxX: layout.blockWidth, maxY: layout.blockHeight)
        let padding = Int((text.background?.padding ?? 0).rounded())
        let layoutBox = text.background == nil ? block : block.expanded(by: max(0, padding))

        var bounds = layoutBox.union(silhouette).union(shadowBox)
        bounds.maxX = max(bounds.maxX, bounds.minX + 1)
        bounds.maxY = max(bounds.maxY, bounds.minY + 1)
        return Geometry(
            glyphs: glyphs, bounds: bounds, layoutBox: layoutBox, strokeWidth: strokeWidth, shadowShift: shadowShift)
    }

    /// The size `paint` gives the picture, without drawing it.
    static func paintedSize(_ layout: TextLayout, _ text: TextContent) -> PixelSize {
        let bounds = geometry(layout, text).bounds
        return PixelSize(width: bounds.width, height: bounds.height)
    }

    static func paint(_ layout: TextLayout, _ text: TextContent) -> TextBitmap {
        let geometry = geometry(layout, text)
        let (glyphs, bounds, layoutBox) = (geometry.glyphs, geometry.bounds, geometry.layoutBox)
        let (strokeWidth, shadowShift) = (geometry.strokeWidth, geometry.shadowShift)
        let origin = (x: -bounds.minX, y: -bounds.minY)

        var fill = CoverageMask(width: bounds.width, height: bounds.height)
        for glyph in glyphs { fill.add(glyph.image, x: glyph.x + origin.x, y: glyph.y + origin.y) }
        let stroked = strokeWidth > 0 ? fill.dilated(by: strokeWidth) : fill

        var canvas = Canvas(width: bounds.width, height: bounds.height)
        if let background = text.background {
            canvas.fill(layoutBox.offset(x: origin.x, y: origin.y), with: background.color)
        }
        if let shadow = text.shadow {
            canvas.draw(stroked.shifted(x: shadowShift.x, y: shadowShift.y), with: shadow.color)
        }
        if let stroke = text.stroke, strokeWidth > 0 { canvas.draw(stroked, with: stroke.color) }
        if let highlight = text.highlight {
            // Each glyph in one colour: the highlighted ones over nothing of the other.
            var plain = CoverageMask(width: bounds.width, height: bounds.height)
            var lit = CoverageMask(width: bounds.width, height: bounds.height)
            for glyph in glyphs {
                if highlight.scalars.contains(glyph.scalar) {
                    lit.add(glyph.image, x: glyph.x + origin.x, y: glyph.y + origin.y)
                } else {
                    plain.add(glyph.image, x: glyph.x + origin.x, y: glyph.y + origin.y)
                }
            }
            canvas.draw(plain, with: text.color)
            canvas.draw(lit, with: highlight.color)
        } else {
            canvas.draw(fill, with: text.color)
        }

        return TextBitmap(
            width: bounds.width, height: bounds.height, pixels: canvas.bytes(),
            contentRect: .init(x: origin.x, y: origin.y, width: layout.blockWidth, height: layout.blockHeight),
            firstBaseline: origin.y + Int((layout.lines.first?.baseline ?? 0).rounded())
        )
    }

    /// Renders every glyph and puts it at whole-pixel positions in the block.
    /// An underlined glyph brings its stretch of its face's underline, as a
    /// glyph of its own: stroked, shadowed and highlighted with it.
    private static func place(_ layout: TextLayout, _ text: TextContent) -> [PlacedGlyph] {
        var placed: [PlacedGlyph] = []
        for line in layout.lines {
            var pen = line.x
            let baseline = line.baseline.rounded()
            for run in line.runs {
                let underline = run.face.underline
                for glyph in run.glyphs {
                    defer { pen += glyph.advance }
                    let scalar = line.paragraphStart + glyph.cluster
                    if !text.styles.isEmpty, text.style(ofScalar: scalar).contains(.underline) {
                        let left = Int(pen.rounded())
                        let width = Int((pen + glyph.advance).rounded()) - left
                        let top = Int((baseline + underline.depth - underline.thickness / 2).rounded())
                        let rule = GlyphImage(solidWidth: width, height: max(1, Int(underline.thickness.rounded())))
                        if width > 0 { placed.append(PlacedGlyph(image: rule, scalar: scalar, x: left, y: top)) }
                    }
                    guard let image = run.face.coverage(of: glyph.glyph), image.width > 0, image.height > 0 else {
                        continue
                    }
                    placed.append(
                        PlacedGlyph(
                            image: image, scalar: scalar,
                            x: Int((pen + glyph.offsetX).rounded()) + image.left,
                            y: Int((baseline - glyph.offsetY).rounded()) - image.top
                        ))
                }
            }
        }
        return placed
    }
}
