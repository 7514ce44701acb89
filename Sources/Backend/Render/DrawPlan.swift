import Compiler
import EDLParser

/// How every frame of a segment is drawn, chosen once when the segment begins
/// from the plan's own facts: which optimisations apply is decided here, so
/// drawing a frame only runs the steps.
struct DrawPlan: Equatable {
    /// The drawing of one frame, bottom to top. Layers are named by their index
    /// in the segment's `layers`.
    var steps: [DrawStep]
    /// Every frame of the segment is the same picture (stills, generated
    /// pictures, nothing moving): the canvas drawn once is each next frame.
    var isStill: Bool
    /// The segment is one plain video: its decoder's frame goes to the encoder
    /// as it is when it lands on the canvas pixel for pixel.
    var sendsDecoded: Bool

    init(steps: [DrawStep], isStill: Bool = false, sendsDecoded: Bool = false) {
        self.steps = steps
        self.isStill = isStill
        self.sendsDecoded = sendsDecoded
    }

    /// The steps for `segment` of `plan`.
    init(_ segment: Segment, of plan: RenderPlan) {
        let layers = segment.layers
        let rate = plan.output.fps.rate
        let span = Rational(segment.frames.lowerBound) / rate...Rational(max(segment.frames.upperBound - 1, 0)) / rate
        isStill = layers.allSatisfy { Self.isUnchanging($0, of: plan, over: span) }
        sendsDecoded = layers.count == 1 && Self.decodesPlainly(layers[0], of: plan)
        steps = []
        // What is beneath a layer that leaves by a shader transition is kept for the
        // incoming layer, which is drawn over it and then blended with the canvas.
        var keptBeneath = false
        for (position, layer) in layers.enumerated() {
            if layer.leavesByShader == true, layers[(position + 1)...].contains(where: { $0.transitionIn != nil }) {
                if steps.isEmpty { steps.append(.fill) }
                steps.append(.keepBeneath)
                keptBeneath = true
            }
            if steps.isEmpty {
                let bottom: DrawStep.Bottom =
                    layers.count == 1 ? .alone : Self.decodesPlainly(layer, of: plan) ? .copiesDecoded : .drawn
                steps.append(.bottom(position, bottom))
            } else if keptBeneath, case .shader? = layer.transitionIn?.transition.flatMap({ plan.source($0)?.kind }) {
                steps.append(.transition(position))
            } else {
                steps.append(.layer(position))
            }
        }
        if steps.isEmpty { steps = [.fill] }
    }

    /// Whether the layer is a moving video drawn as it is, whose decoder's frame
    /// can stand for its picture.
    static func decodesPlainly(_ layer: Layer, of plan: RenderPlan) -> Bool {
        guard layer.isPlainPicture, case .file(let file)? = plan.source(layer.source)?.kind,
            let video = file.facts.video
        else { return false }
        return !video.isStillImage && file.videoStream != nil
    }

    /// Whether the layer draws the same picture at the same place in every frame of `span`.
    static func isUnchanging(_ layer: Layer, of plan: RenderPlan, over span: ClosedRange<Rational>) -> Bool {
        guard layer.isConstant(over: span), let source = plan.source(layer.source) else { return false }
        switch source.kind {
        case .file(let file): return file.facts.video?.isStillImage == true
        case .color, .gradient, .shape, .text: return true
        case .pattern(let pattern): return pattern != .counter
        case .composition, .tone, .lut, .shader, .captionScript: return false
        }
    }
}

/// One step of drawing a frame.
enum DrawStep: Equatable {
    /// Paint the canvas with the background.
    case fill
    /// The first layer drawn: over the background, which is painted only where
    /// the layer does not cover the canvas opaque; painted alone when the layer
    /// draws nothing at a frame.
    case bottom(Int, Bottom)
    /// Copy the canvas: what a shader transition's incoming layer is drawn over.
    case keepBeneath
    /// Draw a layer over the canvas.
    case layer(Int)
    /// Draw a layer over what was kept beneath, then blend the canvas into it by
    /// the layer's shader transition.
    case transition(Int)

    /// How the bottom layer's picture reaches the canvas.
    enum Bottom: Equatable {
        /// Drawn like any layer.
        case drawn
        /// A plain video under other layers (captions over a clip): its
        /// decoder's frame copied straight onto the canvas when it lands pixel
        /// for pixel, not first into a picture of its own.
        case copiesDecoded
        /// The segment's only layer: a picture that covers the canvas opaque is
        /// the frame itself, not copied onto the canvas.
        case alone
    }
}
