import Compiler
import EDLParser

/// The picture each layer draws: decoded video frames (one reader per item, by
/// its `ItemID`, so an item seeks once and then reads forward, and a composition
/// placed twice reads its sources once per placement), stills decoded once,
/// colours, generated patterns and text bitmaps rasterised once, and ASS
/// scripts drawn by libass at each frame's file time.
final class PictureProvider {
    private let plan: RenderPlan
    private let text: TextRasterizer
    /// For the sources' decoders.
    private let threads: ThreadBudget
    private let shaders: ShaderRunner
    private var videos: [ItemID: any MovingPicture] = [:]
    /// The current segment's layers by item: what a shader's `inputs` read.
    private var shown: [ItemID: Layer] = [:]
    private var stills: [SourceID: Still] = [:]
    /// The size to decode each still of the current segment at, when smaller than its own.
    private var stillSizes: [SourceID: PixelSize] = [:]
    /// Generated pictures by source and size (a composition's layers drawn
    /// straight onto the output have its size, not the output's), kept while
    /// segments draw them.
    private(set) var bitmaps: [BitmapKey: RGBAImage] = [:]
    private var scripts: [BitmapKey: CaptionScriptPainter] = [:]
    private lazy var patterns = PatternPainter(size: plan.output.size, text: text)

    struct BitmapKey: Hashable {
        let source: SourceID
        let size: PixelSize?
    }
    /// The output frame number of frame 0 (non-zero when rendering a chunk).
    var frameOrigin: Int64 = 0

    init(plan: RenderPlan, text: TextRasterizer, threads: ThreadBudget, shaders: ShaderRunner) {
        self.plan = plan
        self.text = text
        self.threads = threads
        self.shaders = shaders
    }

    /// What a layer draws at one frame: the picture, an extra opacity factor (a
    /// colour's own alpha) and, for a still decoded smaller than its own size, that
    /// size, which the layout is computed in.
    struct Drawn {
        var picture: LayerPicture
        var opacity: Double = 1
        var layoutSize: PixelSize? = nil
        /// Where the picture lies in a picture of `layoutSize` that is
        /// transparent elsewhere (a caption script's events).
        var region: PixelRect? = nil
    }

    /// The decoder's frame that a video layer shows at timeline frame `index`,
    /// when the compositor would take it as it is (see `FrameConverter`); else nil.
    func decodedFrame(for layer: Layer, frame index: Int64) throws -> Frame? {
        guard let source = plan.source(layer.source), case .file(let file) = source.kind,
            let video = file.facts.video, !video.isStillImage, file.videoStream != nil, layer.timeMap.blend == nil
        else { return nil }
        return try moving(file, for: layer).decodedFrame(
            at: layer.timeMap.pictureTime(frame: index, fps: plan.output.fps))
    }

    /// The layer's picture at timeline frame `index`.
    func picture(for layer: Layer, frame index: Int64) throws -> Drawn? {
        guard let source = plan.source(layer.source) else { return nil }
        switch source.kind {
        case .file(let file) where file.facts.video?.isStillImage == true:
            let still = try still(source.id, file)
            return Drawn(picture: still.picture, layoutSize: still.layoutSize)
        case .file(let file):
            guard file.videoStream != nil else { return nil }
            let map = layer.timeMap
            let time = map.pictureTime(frame: index, fps: plan.output.fps)
            guard map.blend == true, let rate = file.facts.video?.frameRate else {
                return Drawn(picture: try moving(file, for: layer).picture(at: time))
            }
            // `frames: blend`: source times evenly across the output frame's span, one
            // per source frame it covers (at most 32), each frame weighed by its share.
            let next = map.pictureTime(frame: index + 1, fps: plan.output.fps)
            let span = next - time
            let covered = (span.isNegative ? Rational.zero - span : span).ceil(times: rate.rate)
            let count = Int(min(max(covered, 1), 32))
            let times = (0..<count).map { time + span * Rational(Int64($0)) / Rational(Int64(count)) }
            return Drawn(picture: try moving(file, for: layer).picture(blending: times))
        case .color(let color):
            let size = layer.transform.sourceSize ?? plan.output.size
            let yuv = YUVColor(red: color.red, green: color.green, blue: color.blue)
            return Drawn(picture: .color(yuv, width: size.width, height: size.height), opacity: color.alpha)
        case .pattern(.counter):
            return Drawn(picture: .rgba(try patterns.counter(frame: frameOrigin + index, fps: plan.output.fps)))
        case .gradient(let gradient):
            let size = layer.transform.sourceSize ?? plan.output.size
            return Drawn(
                picture: .rgba(
                    try bitmap(source.id, size) { GradientPainter.paint(gradient, width: size.width, height: size.height) }))
        case .pattern(let pattern):
            let size = layer.transform.sourceSize ?? plan.output.size
            return Drawn(
                picture: .rgba(try bitmap(source.id, size) { PatternPainter(size: size, text: text).still(pattern) }))
        case .text(let content):
            return Drawn(picture: .rgba(try bitmap(source.id, nil) { try RGBAImage(text.render(content)) }))
        case .shape(let shape):
            return Drawn(picture: .rgba(try bitmap(source.id, nil) { ShapePainter.paint(shape) }))
        case .composition(_, let nested):
            let time = layer.timeMap.pictureTime(frame: index, fps: plan.output.fps)
            let composition = videos[layer.item] ?? CompositionPicture(plan: nested, text: text, threads: threads)
            videos[layer.item] = composition
            return Drawn(picture: try composition.picture(at: time))
        case .shader(let code):
            guard let shader = layer.shader else { return nil }
            let size = layer.transform.sourceSize ?? plan.output.size
            let time = Rational(index) / plan.output.fps.rate
            do {
                // An input the segment does not show is nothing: transparent.
                let inputs = try shader.inputs.map { input in
                    try shown[input].flatMap { try picture(for: $0, frame: index) }
                        .map { ShaderTexels($0.picture, opacity: $0.opacity) } ?? .nothing
                }
                return Drawn(
                    picture: .rgba(
                        try shaders.picture(code, shader, for: layer.item, size: size, at: time, inputs: inputs)))
            } catch let failure as RenderFailure {
                throw failure.placed(at: shader.location ?? layer.location)
            }
        case .captionScript(let script):
            let size = layer.transform.sourceSize ?? plan.output.size
            let time = layer.timeMap.pictureTime(frame: index, fps: plan.output.fps)
            let key = BitmapKey(source: source.id, size: size)
            do {
                let painter = try scripts[key] ?? CaptionScriptPainter(script: script, width: size.width, height: size.height)
                scripts[key] = painter
                let whole = !layer.filters.isEmpty || layer.blurredBackdrop != nil
                return painter.picture(at: time, whole: whole).map {
                    Drawn(picture: .rgba($0.image), layoutSize: size, region: whole ? nil : $0.region)
                }
            } catch let failure as RenderFailure {
                throw failure.placed(at: layer.location)
            }
        case .tone, .lut:
            return nil
        }
    }

    /// Closes the readers of items and drops the stills and generated pictures
    /// (a cue's text: an hour of captions is a thousand) that the next segment no
    /// longer draws. `stillScales` (from `FrameCompositor`) is the largest scale at
    /// which the segment draws each still; a still drawn at half its size or less
    /// is decoded smaller, and again, larger, if a later segment draws it larger.
    func keepOnly(_ layers: [Layer], stillScales: [SourceID: (x: Double, y: Double)]) {
        let wanted = Set(layers.map(\.item))
        videos = videos.filter { wanted.contains($0.key) }
        shown = Dictionary(layers.map { ($0.item, $0) }, uniquingKeysWith: { first, _ in first })
        stills = stills.filter { stillScales[$0.key] != nil }
        let drawn = Set(layers.map(\.source))
        bitmaps = bitmaps.filter { drawn.contains($0.key.source) }
        var sizes: [SourceID: PixelSize] = [:]
        for (id, scale) in stillScales {
            guard case .file(let file)? = plan.source(id)?.kind, let natural = file.facts.video?.size else { continue }
            let reduced = PixelSize(
                width: scale.x > 0.5 ? natural.width : max(1, Int((Double(natural.width) * scale.x).rounded(.up))),
                height: scale.y > 0.5 ? natural.height : max(1, Int((Double(natural.height) * scale.y).rounded(.up))))
            if reduced != natural { sizes[id] = reduced }
            // A cached picture smaller than now needed is decoded again.
            if let picture = stills[id]?.picture, picture.width < reduced.width || picture.height < reduced.height {
                stills[id] = nil
            }
        }
        stillSizes = sizes
    }

    /// A decoded still and, when it was decoded smaller, the size it is laid out at.
    private struct Still {
        var picture: LayerPicture
        var layoutSize: PixelSize?
    }

    private func still(_ id: SourceID, _ file: FileSource) throws -> Still {
        if let still = stills[id] { return still }
        let picture = try StillImage.load(file, size: stillSizes[id], threads: threads)
        let size = PixelSize(width: picture.width, height: picture.height)
        let natural = file.facts.video?.size
        let still = Still(picture: picture, layoutSize: stillSizes[id] != nil && natural != size ? natural : nil)
        stills[id] = still
        return still
    }

    /// The item's reader, opened at its first use.
    private func moving(_ file: FileSource, for layer: Layer) throws -> any MovingPicture {
        if let video = videos[layer.item] { return video }
        let video = try Self.movingPicture(file, threads: threads, backwards: layer.timeMap.playsBackwards)
        videos[layer.item] = video
        return video
    }

    /// `backwards`: the item plays its source backwards, read a group of pictures at a time.
    private static func movingPicture(_ file: FileSource, threads: ThreadBudget, backwards: Bool) throws
        -> any MovingPicture
    {
        if AnimatedWebP.isAnimated(path: file.path) {
            do {
                return try AnimatedWebP(path: file.path)
            } catch {
                throw RenderFailure(error.message)
            }
        }
        return try VideoPicture(file: file, threads: threads, backwards: backwards)
    }

    /// Backward seeks of the readers open now (see `VideoReader.backwardSeeks`).
    var backwardSeeks: Int { videos.values.reduce(0) { $0 + $1.backwardSeeks } }

    private func bitmap(_ id: SourceID, _ size: PixelSize?, _ make: () throws -> RGBAImage) throws -> RGBAImage {
        let key = BitmapKey(source: id, size: size)
        if let image = bitmaps[key] { return image }
        let image = try make()
        bitmaps[key] = image
        return image
    }
}

/// The picture a video (or composition) item shows at a source time.
protocol MovingPicture: AnyObject {
    func picture(at time: Rational) throws -> LayerPicture
    /// The average of the pictures at `times` (in the order the item plays them).
    func picture(blending times: [Rational]) throws -> LayerPicture
    /// The decoded frame itself, where the compositor would take it as it is.
    func decodedFrame(at time: Rational) throws -> Frame?
    /// Backward seeks of its readers (see `VideoReader.backwardSeeks`).
    var backwardSeeks: Int { get }
}

extension MovingPicture {
    func picture(blending times: [Rational]) throws -> LayerPicture { try picture(at: times[0]) }
    func decodedFrame(at time: Rational) throws -> Frame? { nil }
    var backwardSeeks: Int { 0 }
}

extension AnimatedWebP: MovingPicture {
    func picture(at time: Rational) throws -> LayerPicture { .rgba(try frame(at: time)) }
}

/// One video item's reader, and its latest frame converted for the compositor:
/// YUV, or premultiplied RGBA when the video carries alpha.
private final class VideoPicture: MovingPicture {
    private let reader: VideoReader
    private let size: PixelSize
    /// Made at the first frame converted: a plain cut's frames go to the encoder as they are.
    private lazy var image = YUVImage(width: size.width, height: size.height)
    /// Each frame of a blend, converted before it is summed.
    private lazy var scratch = YUVImage(width: size.width, height: size.height)
    private let converter: FrameConverter
    private lazy var alpha = AlphaConverter()
    private var shown: Frame?
    private var picture: LayerPicture?

    init(file: FileSource, threads: ThreadBudget, backwards: Bool) throws {
        reader = try VideoReader(path: file.path, streamIndex: file.videoStream, threads: threads, backwards: backwards)
        size = file.facts.video?.size ?? PixelSize(width: 2, height: 2)
        converter = FrameConverter()
    }

    var backwardSeeks: Int { reader.backwardSeeks }

    func decodedFrame(at time: Rational) throws -> Frame? {
        let frame = try reader.frame(at: time)
        return FrameConverter.isCompositorReady(frame, width: size.width, height: size.height) ? frame : nil
    }

    /// The frame whose display interval contains `time` (sample and hold); a
    /// frame already converted is not converted again.
    func picture(at time: Rational) throws -> LayerPicture {
        let frame = try reader.frame(at: time)
        if let picture, frame === shown { return picture }
        let converted: LayerPicture
        if frame.pixelFormat.hasAlpha {
            converted = .rgba(try alpha.convert(frame))
        } else {
            try converter.copy(frame, into: image)
            converted = .yuv(image)
        }
        shown = frame
        picture = converted
        return converted
    }

    /// Each time's frame converted (once per distinct frame) and summed, the
    /// sum divided into the picture. A frame with alpha is not blended: the first is shown.
    func picture(blending times: [Rational]) throws -> LayerPicture {
        guard times.count > 1 else { return try picture(at: times[0]) }
        let planes = YUVImage.Plane.allCases
        var sums = planes.map { [UInt32](repeating: 0, count: image.stride(of: $0) * image.height(of: $0)) }
        var converted: Frame?
        for time in times {
            let frame = try reader.frame(at: time)
            if frame.pixelFormat.hasAlpha { return try picture(at: times[0]) }
            if frame !== converted {
                try converter.copy(frame, into: scratch)
                converted = frame
            }
            for (index, plane) in planes.enumerated() {
                scratch.withUnsafePlane(plane) { bytes in
                    for i in bytes.indices { sums[index][i] += UInt32(bytes[i]) }
                }
            }
        }
        let count = UInt32(times.count)
        for (index, plane) in planes.enumerated() {
            image.withUnsafeMutablePlane(plane) { bytes in
                for i in bytes.indices { bytes[i] = UInt8((sums[index][i] + count / 2) / count) }
            }
        }
        // The image no longer holds one decoded frame.
        (shown, picture) = (nil, .yuv(image))
        return .yuv(image)
    }
}
