import Compiler
import EDLParser

/// Draws one output frame: the background, then each layer of the frame's
/// segment bottom to top, with its transform, opacity and mask at the frame's time.
final class FrameCompositor {
    private let plan: RenderPlan
    private let pictures: PictureProvider
    /// Made at the first frame drawn: a render of plain cuts never needs it.
    private lazy var canvas = YUVImage(width: plan.output.encodedSize.width, height: plan.output.encodedSize.height)
    private let background: YUVColor
    /// Layout pixels to encoded pixels (a preview draws smaller than it lays out).
    private let toCanvas: PixelTransform
    /// Per item, the frame its filters were last applied into, and its blurred backdrop.
    private var filtered: [ItemID: YUVImage?] = [:]
    private var backdrops: [ItemID: YUVImage?] = [:]
    private var luts: [SourceID: CubeLUT] = [:]
    private let shaders: ShaderRunner
    /// Copies a plain cut's decoded frames onto the canvas.
    private let converter = FrameConverter()
    /// What a shader transition's incoming picture is drawn over: the canvas
    /// as it was before the outgoing picture was drawn.
    private var beneath: YUVImage?
    /// How the current segment's frames are drawn.
    private var drawing = DrawPlan(steps: [.fill])
    /// The background the canvas holds the current segment's still over, once drawn.
    private var stillDrawnOver: YUVColor?

    /// `threads` is for the sources' decoders.
    init(plan: RenderPlan, text: TextRasterizer, threads: ThreadBudget) {
        self.plan = plan
        shaders = ShaderRunner(budget: plan.output.shaderBudget ?? OutputPlan.defaultShaderBudget)
        pictures = PictureProvider(plan: plan, text: text, threads: threads, shaders: shaders)
        let (layout, drawn) = (plan.output.size, plan.output.encodedSize)
        toCanvas = .scale(x: Double(drawn.width) / Double(layout.width), y: Double(drawn.height) / Double(layout.height))
        let color = plan.output.background
        background = YUVColor(red: color.red, green: color.green, blue: color.blue)
    }

    /// Called when a new segment starts: readers of items it no longer shows are
    /// closed. `firstFrame` is the output frame that the segment's frame 0 is
    /// (a chunk's segment counts from 0), for pictures that show frame numbers;
    /// `frames`, the segment's frames that will be drawn (default: all).
    func begin(_ segment: Segment, firstFrame: Int64 = 0, frames: Range<Int64>? = nil) {
        pictures.keepOnly(segment.layers, stillScales: stillScales(segment, frames: frames ?? segment.frames))
        pictures.frameOrigin = firstFrame
        // A worker renders many segments: frames kept for items no longer drawn would add up.
        let drawn = Set(segment.layers.map(\.item))
        filtered = filtered.filter { drawn.contains($0.key) }
        backdrops = backdrops.filter { drawn.contains($0.key) }
        shaders.keepOnly(drawn)
        drawing = DrawPlan(segment, of: plan)
        stillDrawnOver = nil
    }

    /// Backward seeks of the readers of the current segment's items: none while
    /// each item reads forward.
    var backwardSeeks: Int { pictures.backwardSeeks }

    /// The largest scale, per axis, at which the segment draws each still picture:
    /// the length of the image of a unit step along the picture's x and y axes.
    private func stillScales(_ segment: Segment, frames: Range<Int64>) -> [SourceID: (x: Double, y: Double)] {
        var scales: [SourceID: (x: Double, y: Double)] = [:]
        for layer in segment.layers {
            guard case .file(let file)? = plan.source(layer.source)?.kind, let video = file.facts.video,
                video.isStillImage
            else { continue }
            var scale = scales[layer.source] ?? (0, 0)
            for index in frames {
                let time = Rational(index) / plan.output.fps.rate
                let map = layer.transform(at: time, sourceSize: video.size).concatenating(toCanvas)
                scale = (
                    max(scale.x, (map.a * map.a + map.b * map.b).squareRoot()),
                    max(scale.y, (map.c * map.c + map.d * map.d).squareRoot())
                )
            }
            scales[layer.source] = scale
        }
        return scales
    }

    /// Output frame `index` as the encoder takes it: a plain cut of a video
    /// decoded in the compositor's own format goes as the decoder's frame, with
    /// no copy; any other frame is drawn.
    func outputPicture(_ index: Int64, of segment: Segment) throws -> OutputPicture {
        if drawing.sendsDecoded, let decoded = try plainCut(segment.layers[0], index) { return .decoded(decoded) }
        return .drawn(try frame(index, of: segment))
    }

    /// The decoder's frame of a plain video layer when it lands on the canvas
    /// pixel for pixel.
    private func plainCut(_ layer: Layer, _ index: Int64) throws -> Frame? {
        let time = Rational(index) / plan.output.fps.rate
        let decoded: Frame?
        do {
            decoded = try pictures.decodedFrame(for: layer, frame: index)
        } catch {
            throw RenderFailure.picture(error, at: layer.location)
        }
        guard let decoded else { return nil }
        let size = PixelSize(width: decoded.width, height: decoded.height)
        let (rect, transform) = placement(of: size, laidOutAs: size, by: layer.transform, at: time)
        let replaces = Compositor.replacesCanvas(
            size: size, sourceRect: rect, transform: transform, opacity: layer.opacity.value(at: time),
            canvasSize: plan.output.encodedSize)
        return replaces ? decoded : nil
    }

    /// Output frame `index` over the output's background, or over `background`.
    func frame(_ index: Int64, of segment: Segment, background: YUVColor? = nil) throws -> YUVImage {
        let background = background ?? self.background
        // A slideshow's still between its transitions: the canvas already shows it.
        if drawing.isStill, stillDrawnOver == background { return canvas }
        let image = try draw(index, of: segment, background: background)
        stillDrawnOver = drawing.isStill && image === canvas ? background : nil
        return image
    }

    /// Runs the segment's draw steps for one frame.
    private func draw(_ index: Int64, of segment: Segment, background: YUVColor) throws -> YUVImage {
        for step in drawing.steps {
            switch step {
            case .fill:
                canvas.fill(color: background)
            case .bottom(let position, let bottom):
                if let frame = try drawBottom(segment.layers[position], index, bottom, over: background) { return frame }
            case .keepBeneath:
                let kept =
                    beneath.flatMap { $0.hasSameSize(as: canvas) ? $0 : nil }
                    ?? YUVImage(width: canvas.width, height: canvas.height)
                kept.copyPlanes(from: canvas)
                beneath = kept
            case .layer(let position):
                try placed(segment.layers[position], index)?.draw(onto: canvas)
            case .transition(let position):
                let layer = segment.layers[position]
                guard let target = beneath, let shader = layer.transitionIn,
                    case .shader(let code)? = shader.transition.flatMap({ plan.source($0)?.kind }),
                    let placed = try placed(layer, index)
                else { continue }
                placed.draw(onto: target)
                do {
                    try shaders.transition(code, shader, from: canvas, to: target, into: canvas, at: placed.time)
                } catch let failure as RenderFailure {
                    throw failure.placed(at: shader.location ?? layer.location)
                }
            }
        }
        return canvas
    }

    /// Draws the first layer of a frame over the background, painting it only
    /// where needed; returns the layer's own picture when that is the frame.
    private func drawBottom(_ layer: Layer, _ index: Int64, _ bottom: DrawStep.Bottom, over background: YUVColor)
        throws -> YUVImage?
    {
        if bottom == .copiesDecoded, let decoded = try plainCut(layer, index) {
            do {
                try converter.copy(decoded, into: canvas)
            } catch {
                throw RenderFailure.picture(error, at: layer.location)
            }
            return nil
        }
        guard let placed = try placed(layer, index) else {
            canvas.fill(color: background)
            return nil
        }
        if placed.backdrop == nil, case (let rect, let transform)? = placed.placement,
            Compositor.replacesCanvas(
                placed.picture, sourceRect: rect, transform: transform, opacity: placed.opacity, mask: placed.mask,
                canvas: canvas)
        {
            // A lone full-frame opaque picture that is not a decoder's own frame
            // (a converted clip, a still) needs no compositing: it goes as it is.
            if bottom == .alone, case .yuv(let image) = placed.picture { return image }
        } else {
            canvas.fill(color: background)
        }
        placed.draw(onto: canvas)
        return nil
    }

    /// A layer's picture at a frame, filtered, with its backdrop and where both
    /// land on the canvas.
    private struct Placed {
        var time: Rational
        var picture: LayerPicture
        var opacity: Double
        var mask: CompositeMask?
        /// Nil when the crop leaves nothing of a picture that fills only a region of its layout.
        var placement: (PixelRect, PixelTransform)?
        var backdrop: (image: LayerPicture, rect: PixelRect, transform: PixelTransform)?

        func draw(onto target: YUVImage) {
            if let backdrop {
                Compositor.draw(
                    backdrop.image, sourceRect: backdrop.rect, transform: backdrop.transform, opacity: opacity, onto: target)
            }
            if case (let rect, let transform)? = placement {
                Compositor.draw(picture, sourceRect: rect, transform: transform, opacity: opacity, mask: mask, onto: target)
            }
        }
    }

    /// The layer ready to draw at frame `index`; nil when it shows nothing then.
    private func placed(_ layer: Layer, _ index: Int64) throws -> Placed? {
        let time = Rational(index) / plan.output.fps.rate
        var opacity = layer.opacity.value(at: time)
        guard opacity > 0 else { return nil }
        let found: PictureProvider.Drawn?
        do {
            found = try pictures.picture(for: layer, frame: index)
        } catch {
            throw RenderFailure.picture(error, at: layer.location)
        }
        guard let found else { return nil }
        var picture = found.picture
        opacity *= found.opacity
        let size = PixelSize(width: picture.width, height: picture.height)
        let layout = found.layoutSize ?? size
        // Cropped away for now (a reveal that starts from nothing): nothing to draw.
        if layer.transform.cropRemovesAll(at: time, sourceSize: layout) { return nil }
        var drawn = size
        if !layer.filters.isEmpty {
            do {
                // A blur's size is in the item's own pixels, also for a still decoded smaller.
                picture = try filter(
                    picture, by: layer.filters, at: time, pixelScale: Double(size.width) / Double(layout.width),
                    scratch: &filtered[layer.item, default: nil])
            } catch let failure as RenderFailure {
                throw failure.placed(at: layer.location)
            }
            // A wide blur leaves the picture smaller, laid out as before.
            drawn = PixelSize(width: picture.width, height: picture.height)
        }
        var backdrop: (image: LayerPicture, rect: PixelRect, transform: PixelTransform)?
        if let sigma = layer.blurredBackdrop {
            // `fit: contain-blur`: the picture covering its frame or box, blurred, behind itself.
            // Blurred at a few pixels' size on a picture made smaller to match.
            let cover = layer.transform.backdrop
            let full = placement(of: drawn, laidOutAs: layout, by: cover, at: time).1
            let drawnScale = (full.a * full.a + full.b * full.b).squareRoot()
            let pictureSigma = sigma * toCanvas.a / max(drawnScale, 1e-9)
            let factor = max(1, Int(pictureSigma / 3))
            let small = picture.reduced(by: factor)
            let (rect, transform) = placement(
                of: PixelSize(width: small.width, height: small.height), laidOutAs: layout, by: cover, at: time)
            let blur = PictureFilter(blur: pictureSigma / Double(factor))
            backdrop = (blur.apply(to: small, scratch: &backdrops[layer.item, default: nil]), rect, transform)
        }
        let place: (PixelRect, PixelTransform)?
        if let region = found.region {
            place = placement(of: region, laidOutAs: layout, by: layer.transform, at: time)
        } else {
            place = placement(of: drawn, laidOutAs: layout, by: layer.transform, at: time)
        }
        return Placed(
            time: time, picture: picture, opacity: opacity, mask: layer.mask.map { Self.mask($0, at: time, scale: toCanvas) },
            placement: place, backdrop: backdrop)
    }

    /// The picture through `filters` in order: each run of blurs and colour
    /// changes folded into one `PictureFilter`, each LUT where it stands.
    private func filter(
        _ picture: LayerPicture, by filters: [LayerFilter], at time: Rational, pixelScale: Double, scratch: inout YUVImage?
    ) throws -> LayerPicture {
        var picture = picture
        var run: [LayerFilter] = []
        func flush() {
            var folded = PictureFilter(run, at: time)
            folded.sigma *= pixelScale
            if folded.sigma >= 8 {
                // A wide blur blurs detail away anyway: it is done as well on the picture
                // made `factor` times smaller, then drawn back at full size, for a
                // fraction of the work. The block average and the drawing back's
                // bilinear filter blur a little themselves; the blur leaves that out.
                let factor = Int(folded.sigma / 4)
                let extra = Double(factor * factor - 1) / 12 + Double(factor * factor) / 6
                picture = picture.reduced(by: factor)
                folded.sigma = max(folded.sigma * folded.sigma - extra, 0).squareRoot() / Double(factor)
            }
            if !folded.isIdentity { picture = folded.apply(to: picture, scratch: &scratch) }
            run = []
        }
        for filter in filters {
            guard let source = filter.lut else {
                run.append(filter)
                continue
            }
            flush()
            picture = try lut(source).apply(to: picture, scratch: &scratch)
        }
        flush()
        return picture
    }

    /// A LUT, read once.
    private func lut(_ id: SourceID) throws -> CubeLUT {
        if let table = luts[id] { return table }
        guard case .lut(let path)? = plan.source(id)?.kind else { throw RenderFailure("no LUT \(id) in the plan") }
        let table = try CubeLUT(path: path)
        luts[id] = table
        return table
    }

    /// The part of a picture of `size` that `transform` shows and where it lands
    /// on the canvas; `layout` is the size the item is laid out at (larger for a
    /// still decoded smaller).
    private func placement(of size: PixelSize, laidOutAs layout: PixelSize, by transform: LayerTransform, at time: Rational)
        -> (PixelRect, PixelTransform)
    {
        var sourceRect = transform.sourceRect(at: time, sourceSize: layout)
        var affine = transform.transform(at: time, sourceSize: layout)
        if layout != size {
            // A still decoded smaller: its pixels are laid out as the picture's own.
            let (fx, fy) = (Double(size.width) / Double(layout.width), Double(size.height) / Double(layout.height))
            sourceRect = Rect(
                x: sourceRect.x * fx, y: sourceRect.y * fy, width: sourceRect.width * fx, height: sourceRect.height * fy)
            affine = PixelTransform.scale(x: 1 / fx, y: 1 / fy).concatenating(affine)
        }
        let rect = Self.pixelRect(sourceRect, within: size)
        return (
            rect, PixelTransform.translation(x: Double(rect.x), y: Double(rect.y)).concatenating(affine).concatenating(toCanvas)
        )
    }

    /// The same for a picture that is only `region` of its layout, transparent
    /// elsewhere: the part of it inside the crop, nil when none is.
    private func placement(of region: PixelRect, laidOutAs layout: PixelSize, by transform: LayerTransform, at time: Rational)
        -> (PixelRect, PixelTransform)?
    {
        let crop = Self.pixelRect(transform.sourceRect(at: time, sourceSize: layout), within: layout)
        let (x0, y0) = (max(crop.x, region.x), max(crop.y, region.y))
        let x1 = min(crop.x + crop.width, region.x + region.width)
        let y1 = min(crop.y + crop.height, region.y + region.height)
        guard x0 < x1, y0 < y1 else { return nil }
        let affine = transform.transform(at: time, sourceSize: layout)
        return (
            PixelRect(x: x0 - region.x, y: y0 - region.y, width: x1 - x0, height: y1 - y0),
            PixelTransform.translation(x: Double(x0), y: Double(y0)).concatenating(affine).concatenating(toCanvas)
        )
    }

    /// The crop in whole source pixels, kept inside the picture.
    static func pixelRect(_ rect: Rect, within size: PixelSize) -> PixelRect {
        let x = min(max(Int(rect.x.rounded()), 0), size.width - 1)
        let y = min(max(Int(rect.y.rounded()), 0), size.height - 1)
        let width = min(max(Int(rect.width.rounded()), 1), size.width - x)
        let height = min(max(Int(rect.height.rounded()), 1), size.height - y)
        return PixelRect(x: x, y: y, width: width, height: height)
    }

    /// The mask at a time, in canvas pixels (`scale` maps layout pixels to them).
    static func mask(_ mask: Mask, at time: Rational, scale: PixelTransform) -> CompositeMask {
        let (sx, sy) = (scale.a, scale.d)
        switch mask {
        case .rectangle(let curve):
            let r = curve.value(at: time)
            return .rectangle(x0: r.x * sx, y0: r.y * sy, x1: (r.x + r.width) * sx, y1: (r.y + r.height) * sy)
        case .circle(let center, let radius):
            return .circle(cx: center.x * sx, cy: center.y * sy, radius: radius.value(at: time) * min(sx, sy))
        case .frames(let frames):
            let r = Mask.intersection(of: frames, at: time)
            return .rectangle(x0: r.x * sx, y0: r.y * sy, x1: (r.x + r.width) * sx, y1: (r.y + r.height) * sy)
        }
    }
}
