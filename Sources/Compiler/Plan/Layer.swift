import EDLParser

/// One picture drawn in a segment: which source, which source time, where, how
/// opaque, through which mask.
public struct Layer: Hashable, Sendable, Codable {
    public var source: SourceID
    public var timeMap: TimeMap
    public var transform: LayerTransform
    /// Item opacity × track opacity × transition curves.
    public var opacity: Envelope
    public var mask: Mask?
    /// Applied in order to the layer's own picture, before its transform.
    public var filters: [LayerFilter] = []
    /// Drawn first, fitted with `cover` and blurred by this standard deviation in
    /// output pixels: the backdrop of `fit: contain-blur`.
    public var blurredBackdrop: Double?
    /// A shader item's time, progress and uniforms.
    public var shader: LayerShader?
    /// A shader transition into this layer: its program, time, progress and
    /// uniforms. Apart from `shader`, so a shader item entered by a shader
    /// transition keeps its own clock.
    public var transitionIn: LayerShader?
    /// `true` on the outgoing layer of a shader transition: the compositor keeps
    /// what is beneath it, which the incoming layer is drawn over. Nil, not
    /// false, elsewhere: a plan without shaders encodes (and fingerprints) as before.
    public var leavesByShader: Bool?
    /// Timeline span of the item (or transition) that made the layer.
    public var range: TimeRange
    /// 0-based track index; layers draw by track, then by `order` within it.
    public var track: Int
    public var order: Int
    /// The YAML item that made the layer, so render-time failures point at it.
    public var location: SourceLocation
    /// The item that made the layer: what the backend keeps its readers by.
    public var item: ItemID

    public init(
        source: SourceID, timeMap: TimeMap, transform: LayerTransform, opacity: Envelope, mask: Mask? = nil,
        range: TimeRange, track: Int, order: Int, location: SourceLocation, item: ItemID
    ) {
        self.source = source
        self.timeMap = timeMap
        self.transform = transform
        self.opacity = opacity
        self.mask = mask
        self.range = range
        self.track = track
        self.order = order
        self.location = location
        self.item = item
    }

    /// Whether the picture is drawn as it is: no mask, no filter, no backdrop
    /// (its transform and opacity aside).
    public var isPlainPicture: Bool {
        mask == nil && filters.isEmpty && blurredBackdrop == nil && transitionIn == nil && leavesByShader == nil
    }

    /// Whether the layer draws the same at every time of `span`, given a picture
    /// that does not change: no curve of its placement, opacity, mask or filters moves.
    public func isConstant(over span: ClosedRange<Rational>) -> Bool {
        let masked: Bool
        switch mask {
        case nil: masked = true
        case .rectangle(let rect)?: masked = rect.isConstant(over: span)
        case .circle(_, let radius)?: masked = radius.isConstant(over: span)
        case .frames(let frames)?: masked = frames.allSatisfy { $0.transform.isConstant(over: span) }
        }
        return masked && transform.isConstant(over: span) && opacity.factors.allSatisfy { $0.isConstant(over: span) }
            && filters.allSatisfy { $0.amount.isConstant(over: span) } && shader?.isConstant(over: span) != false
            && transitionIn?.isConstant(over: span) != false
    }

    /// The layer's crop (displayed source pixels); part of `transform`.
    public var crop: Curve<Crop> { transform.crop }

    /// Source pixels → output pixels at a time.
    public func transform(at time: Rational, sourceSize: PixelSize? = nil) -> PixelTransform {
        transform.transform(at: time, sourceSize: sourceSize)
    }
}

/// Limits where a layer shows, in output pixels (wipes and circle transitions).
public enum Mask: Hashable, Sendable, Codable {
    /// Only inside the rectangle.
    case rectangle(Curve<Rect>)
    /// Only inside the circle.
    case circle(center: Vector2, radius: Curve<Double>)
    /// Only inside every one of these: the frames of the compositions a layer
    /// drawn straight onto the output is in (each placed without rotation).
    case frames([CompositionFrame])

    public var planText: String {
        switch self {
        case .rectangle(let rect): return "rectangle \(rect.planText)"
        case .circle(let center, let radius): return "circle at \(center) radius \(radius.planText)"
        case .frames(let frames): return "frames " + frames.map(\.planText).joined(separator: " ")
        }
    }

    /// The rectangle a `frames` mask leaves, in output pixels, at a time.
    public static func intersection(of frames: [CompositionFrame], at time: Rational) -> Rect {
        var (x0, y0, x1, y1) = (-Double.infinity, -Double.infinity, Double.infinity, Double.infinity)
        for frame in frames {
            let m = frame.transform.transform(at: time, sourceSize: frame.size)
            let (w, h) = (Double(frame.size.width), Double(frame.size.height))
            let corners = [(0.0, 0.0), (w, h)].map { m.apply(x: $0.0, y: $0.1) }
            x0 = max(x0, min(corners[0].x, corners[1].x))
            y0 = max(y0, min(corners[0].y, corners[1].y))
            x1 = min(x1, max(corners[0].x, corners[1].x))
            y1 = min(y1, max(corners[0].y, corners[1].y))
        }
        return Rect(x: x0, y: y0, width: max(x1 - x0, 0), height: max(y1 - y0, 0))
    }

    /// Whether the output pixel centre `(x, y)` shows the layer at a time.
    public func contains(x: Double, y: Double, at time: Rational) -> Bool {
        switch self {
        case .frames(let frames): return Self.intersection(of: frames, at: time).contains(x: x, y: y)
        case .rectangle(let rect): return rect.value(at: time).contains(x: x, y: y)
        case .circle(let center, let radius):
            let (dx, dy) = (x - center.x, y - center.y)
            let r = radius.value(at: time)
            return dx * dx + dy * dy < r * r
        }
    }
}

/// A composition's picture as placed on the output: a flattened layer shows only inside it.
public struct CompositionFrame: Hashable, Sendable, Codable {
    public var size: PixelSize
    /// Maps the composition's pixels to output pixels; its rotation is 0.
    public var transform: LayerTransform

    public init(size: PixelSize, transform: LayerTransform) {
        self.size = size
        self.transform = transform
    }

    func shifted(by offset: Rational) -> CompositionFrame {
        CompositionFrame(size: size, transform: transform.shifted(by: offset))
    }

    var planText: String {
        "(\(size) " + transform.planLines.map { $0.drop { $0 == " " } }.joined(separator: "; ") + ")"
    }
}

/// A run of output frames `[start, end)` drawn by the same layers.
public struct Segment: Hashable, Sendable, Codable {
    public var frames: Range<Int64>
    /// Bottom to top, over the background.
    public var layers: [Layer]

    public init(frames: Range<Int64>, layers: [Layer]) {
        self.frames = frames
        self.layers = layers
    }
}

/// A filter of a layer's picture with its amount over time (see `Filter`).
public struct LayerFilter: Hashable, Sendable, Codable {
    public var kind: Filter.Kind
    public var amount: Curve<Double>
    /// The `.cube` file's source, for a `lut`.
    public var lut: SourceID?

    public init(kind: Filter.Kind, amount: Curve<Double>, lut: SourceID? = nil) {
        self.kind = kind
        self.amount = amount
        self.lut = lut
    }

    /// `blur 12`, or `lut s3`.
    public var planText: String {
        lut.map { "lut \($0)" } ?? "\(kind.rawValue) \(amount.planText)"
    }
}
