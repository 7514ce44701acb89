import EDLParser

/// How a layer's box is sized, before `scale` (SPEC 7 `fit` and `size`).
public enum Sizing: Hashable, Sendable, Codable {
    /// Fit the (cropped, rotated) picture into the output frame.
    case fit(Fit)
    /// An explicit box in output pixels.
    case box(Curve<Vector2>)
    /// `[auto, h]`: the height given, the width keeping the aspect ratio.
    case autoWidth(height: Curve<Double>)
    /// `[w, auto]`.
    case autoHeight(width: Curve<Double>)
}

/// How the picture fills a `size` box (with `fit`, the box is the picture's own).
public enum BoxFill: String, Hashable, Sendable, Codable {
    /// Stretched to the box: the picture is the box.
    case stretch
    /// Inside the box, centred, keeping its aspect ratio: `fit: contain-blur` with `size`.
    case contain
    /// Over the whole box, keeping its aspect ratio, cut to the box: that item's backdrop.
    case cover
}

/// The animated parameters of one layer's placement; `transform(at:)` turns them
/// into the matrix mapping source pixels (as coded, before rotation) to output
/// pixels. Applied in this order:
///
///     auto-rotation → crop → flip → fit/size → −anchor → scale → rotation
///       → position → transition shift → transition zoom (about the frame centre)
public struct LayerTransform: Hashable, Sendable, Codable {
    /// Coded size of the source picture; `nil` when only the backend knows it
    /// (text, rasterised at render time).
    public var sourceSize: PixelSize?
    public var outputSize: PixelSize
    /// Clockwise degrees of auto-rotation applied: 0, 90, 180 or 270.
    public var autoRotation: Int
    /// Mirrored left to right after the auto-rotation (a photo's EXIF orientation).
    public var autoMirror = false
    /// Pixels cut from each edge of the picture as displayed (after auto-rotation).
    public var crop: Curve<Crop>
    public var flip: Flip?
    public var sizing: Sizing
    public var boxFill = BoxFill.stretch
    /// Normalised reference point of the box.
    public var anchor: Vector2
    /// Where the anchor lands, output pixels.
    public var position: Curve<Vector2>
    public var scale: Curve<Vector2>
    /// Degrees, clockwise.
    public var rotation: Curve<Double>
    /// Offsets in output pixels added by slide and push transitions (summed).
    public var shifts: [Curve<Vector2>] = []
    /// Uniform scale about the frame centre added by the zoom transition.
    public var zoom: Curve<Double> = .constant(1)
    /// For a layer of a composition drawn straight onto the output: the placements
    /// of the compositions it is in, innermost first. Each maps its composition's
    /// pixels (`outputSize` above, then each one's own) into the next.
    public var parents: [LayerTransform] = []

    public init(
        sourceSize: PixelSize?, outputSize: PixelSize, autoRotation: Int = 0, crop: Curve<Crop> = .constant(Crop()),
        flip: Flip? = nil, sizing: Sizing, anchor: Vector2 = Vector2(0.5, 0.5), position: Curve<Vector2>,
        scale: Curve<Vector2> = .constant(Vector2(1, 1)), rotation: Curve<Double> = .constant(0)
    ) {
        self.sourceSize = sourceSize
        self.outputSize = outputSize
        self.autoRotation = autoRotation
        self.crop = crop
        self.flip = flip
        self.sizing = sizing
        self.anchor = anchor
        self.position = position
        self.scale = scale
        self.rotation = rotation
    }

    /// The placement of a `fit: contain-blur` backdrop: the picture covering
    /// the output frame, or the item's box when it has a `size`.
    public var backdrop: LayerTransform {
        var cover = self
        if case .fit = sizing { cover.sizing = .fit(.cover) } else { cover.boxFill = .cover }
        return cover
    }
}
