import EDLParser

/// Pass 5: one layer per visible item of a video track: its source, time map,
/// animated transform and opacity (item × track).
///
/// An audio-only file on a video track contributes sound only; giving it
/// picture keys is an error, since they would do nothing.
struct LayerBuilder {
    let output: OutputPlan
    /// The track whose captions are written as a subtitle stream instead of drawn.
    var unburnedTrack: Int?

    /// Layers by `Placement.items` index (nil where the item draws nothing),
    /// and the layers of captions, which no transition joins.
    func build(_ placement: Placement, sources: inout SourceTable, _ context: inout CompileContext) -> (
        layers: [Int: Layer], captions: [Layer]
    ) {
        var layers: [Int: Layer] = [:]
        var captionLayers: [Layer] = []
        let captions = CaptionLowering(output: output)
        for (index, placed) in placement.items.enumerated() {
            let track = context.project.tracks[placed.track]
            guard track.kind == .video, hasPicture(placed, &context), !track.hidden,
                let length = placed.length, length > .zero
            else { continue }
            let drawsCaptions = placed.track != unburnedTrack
            if case .captions(let content) = placed.item.content {
                guard drawsCaptions else { continue }
                let source = sources.id(for: content.script.map { .captionScript($0) } ?? .text(content.style))
                guard let template = layer(placed, track: track, source: source, length: length, sources: &sources, &context)
                else { continue }
                captionLayers += captions.layers(content, template: template, sources: &sources)
                continue
            }
            guard let source = sources.source(of: placed),
                let layer = layer(placed, track: track, source: source, length: length, sources: &sources, &context)
            else { continue }
            layers[index] = layer
            if let content = placed.item.captions, drawsCaptions {
                // A clip's captions move with its time but stand on the frame, not on its picture.
                var own = placed
                own.item.content = .captions(content)
                own.item.picture = content.script == nil ? .captions : Picture()
                let source = sources.id(for: content.script.map { .captionScript($0) } ?? .text(content.style))
                guard var template = self.layer(own, track: track, source: source, length: length, sources: &sources, &context)
                else { continue }
                template.order += 1
                captionLayers += captions.layers(content, template: template, sources: &sources)
            }
        }
        return (layers, captionLayers)
    }

    private func hasPicture(_ placed: PlacedItem, _ context: inout CompileContext) -> Bool {
        switch placed.item.content {
        case .color, .text, .pattern, .gradient, .shape, .shader, .composition, .captions: return true
        case .tone, .gap, .transition: return false
        case .source(let reference):
            if placed.facts?.video != nil { return true }
            if placed.item.picture != Picture() {
                context.error(
                    "'\(reference.displayName)' has no picture, so its picture keys do nothing", at: placed.item.location,
                    hint: "remove them, or put the item on an audio track")
            }
            return false
        }
    }

    private func layer(
        _ placed: PlacedItem, track: Track, source: SourceID, length: Rational, sources: inout SourceTable,
        _ context: inout CompileContext
    ) -> Layer? {
        let picture = placed.item.picture
        let local = CurveLowering(origin: placed.start, length: length)
        let timeline = CurveLowering(origin: .zero, length: output.duration)
        let (width, height) = (Double(output.size.width), Double(output.size.height))
        let toPixels = { (point: Point) in Vector2(point.x.pixels(of: width), point.y.pixels(of: height)) }
        var transform = LayerTransform(
            sourceSize: sourceSize(placed), outputSize: output.size,
            autoRotation: picture.autoRotate ? (placed.facts?.video?.rotation ?? 0) : 0,
            sizing: sizing(placed, local, &context), anchor: picture.anchor,
            position: picture.position.flatMap { local.curve($0, "position", &context, convert: toPixels) }
                ?? .constant(placePoint(picture)))
        transform.autoMirror = picture.autoRotate && placed.facts?.video?.isMirrored == true
        transform.flip = picture.flip
        // With `size`, `contain-blur` frames the picture in its own box.
        if picture.fit == .containBlur, picture.size != nil { transform.boxFill = .contain }
        if let crop = picture.crop, let curve = local.curve(crop.value, "crop", &context, convert: { $0 }) {
            transform.crop = curve
            checkCrop(at: crop.location, transform, of: placed, &context)
        }
        if let scale = local.curve(picture.scale, "scale", &context, convert: { $0 }) { transform.scale = scale }
        if let rotation = local.curve(picture.rotation, "rotation", &context, convert: { $0 }) { transform.rotation = rotation }
        // The item's own filters, then its track's (timed on the timeline, as track opacity is).
        var filters: [LayerFilter] = []
        for (filter, lowering) in picture.filters.map({ ($0, local) }) + track.filters.map({ ($0, timeline) }) {
            guard let amount = lowering.curve(filter.amount, filter.kind.rawValue, &context, convert: { $0 }) else { continue }
            filters.append(
                LayerFilter(kind: filter.kind, amount: amount, lut: filter.file.map { sources.id(for: .lut(path: $0.value)) }))
        }
        var opacity = Envelope()
        if let curve = local.curve(picture.opacity, "opacity", &context, convert: { $0 }) { opacity.multiply(by: curve) }
        for fade in placed.fades { opacity.multiply(by: fade) }
        if let curve = timeline.curve(track.opacity, "opacity", &context, convert: { $0 }) { opacity.multiply(by: curve) }
        var layer = Layer(
            source: source, timeMap: placed.timeMap, transform: transform, opacity: opacity,
            range: placed.range, track: placed.track, order: placed.index * 2, location: placed.item.location,
            item: ItemID(placed.item, track: placed.track, index: placed.index))
        layer.filters = filters
        if picture.fit == .containBlur {
            // Blurred by 2% of the output's shorter side: soft at any output size.
            layer.blurredBackdrop = Double(min(output.size.width, output.size.height)) / 50
        }
        if case .shader(let file) = placed.item.content {
            let seconds = length.approximateDouble
            layer.shader = LayerShader(
                progress: .ramp(Ramp(from: 0, to: 1, start: placed.start, duration: length)),
                time: .ramp(Ramp(from: 0, to: seconds, start: placed.start, duration: length)),
                uniforms: ShaderUniforms.lower(file, local, &context), name: file.written, location: file.location)
            layer.shader?.inputs = file.inputs.map { ItemID(given: $0.value) }
        }
        return layer
    }

    /// A crop that leaves nothing of the picture at every frame the item shows is
    /// a mistake, not something to clamp silently; one that does so for a while
    /// (a reveal from nothing) draws nothing at those frames.
    private func checkCrop(
        at location: SourceLocation, _ transform: LayerTransform, of placed: PlacedItem, _ context: inout CompileContext
    ) {
        let name: String
        let coded: PixelSize?
        switch placed.item.content {
        case .text(let text):
            (name, coded) = ("the text", context.textSizes[text])
        case .source(let reference):
            (name, coded) = ("'\(reference.displayName)'", transform.sourceSize)
        default:
            (name, coded) = ("the picture", transform.sourceSize)
        }
        guard let coded else { return }
        let rate = context.fps.rate
        let frames = (placed.range.start * rate).ceil..<(placed.range.end * rate).ceil
        let hidden = { (time: Rational) in transform.cropRemovesAll(at: time, sourceSize: coded) }
        let always = transform.crop.isConstant ? hidden(placed.range.start) : frames.allSatisfy { hidden(Rational($0) / rate) }
        guard !frames.isEmpty, always else { return }
        let size = transform.displayed(coded)
        context.error(
            "'crop' removes all of \(name) (\(size)) at every frame it shows", at: location,
            hint: "left + right must stay below \(size.width) and top + bottom below \(size.height) at some time")
    }

    /// Where a named position puts the layer's anchor: the same place of the
    /// frame, inset by the margin (default: the frame's centre).
    private func placePoint(_ picture: Picture) -> Vector2 {
        let (width, height) = (Double(output.size.width), Double(output.size.height))
        guard let place = picture.place else { return Vector2(width / 2, height / 2) }
        let margin = picture.margin?.pixels(of: min(width, height)) ?? 0
        let spot = place.anchor
        return Vector2(
            spot.x * width + (spot.x == 0 ? margin : spot.x == 1 ? -margin : 0),
            spot.y * height + (spot.y == 0 ? margin : spot.y == 1 ? -margin : 0))
    }

    /// Coded size of the picture: the file's, the output's for generated
    /// pictures, unknown for text until the backend rasterises it.
    private func sourceSize(_ placed: PlacedItem) -> PixelSize? {
        switch placed.item.content {
        case .source, .composition: return placed.facts?.video?.size
        case .text: return nil
        case .captions(let captions): return captions.script == nil ? nil : output.size
        default: return output.size
        }
    }

    private func sizing(_ placed: PlacedItem, _ local: CurveLowering, _ context: inout CompileContext) -> Sizing {
        let picture = placed.item.picture
        // Text and compositions are placed at their own size (SPEC 10, 14).
        let fallback = Sizing.fit(picture.fit ?? (placed.item.content.hasOwnSize || placed.composition != nil ? .none : .contain))
        guard let size = picture.size else { return fallback }
        guard let first = size.initialValue else { return fallback }
        let pattern = (first.width == .auto, first.height == .auto)
        if case .keyframes(let frames, _) = size,
            let odd = frames.first(where: { ($0.value.width == .auto, $0.value.height == .auto) != pattern })
        {
            context.error("'size' keyframes must keep 'auto' on the same side", at: odd.location)
            return fallback
        }
        let pixels = { (side: SizeSide) -> Double in if case .pixels(let v) = side { return v } else { return 0 } }
        switch pattern {
        case (false, false):
            return local.curve(size, "size", &context) { Vector2(pixels($0.width), pixels($0.height)) }.map(Sizing.box)
                ?? fallback
        case (true, false):
            return local.curve(size, "size", &context) { pixels($0.height) }.map { Sizing.autoWidth(height: $0) } ?? fallback
        case (false, true):
            return local.curve(size, "size", &context) { pixels($0.width) }.map { Sizing.autoHeight(width: $0) } ?? fallback
        case (true, true):
            context.error("'size' cannot be 'auto' on both sides", at: placed.item.location, hint: "use 'fit' instead")
            return fallback
        }
    }
}

extension Item.Content {
    /// Drawn at a size of its own (text, captions, a shape), not fitted to the frame.
    var hasOwnSize: Bool {
        switch self {
        case .text, .captions, .shape: return true
        default: return false
        }
    }
}
