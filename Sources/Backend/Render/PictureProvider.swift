import Compiler
import EDLParser

/// The picture each layer draws: decoded video frames (one reader per item, so
/// an item seeks once and then reads forward), stills decoded once, colours,
/// generated patterns and text bitmaps rasterised once.
final class PictureProvider {
    private let plan: RenderPlan
    private let text: TextRasterizer
    private var videos: [ItemKey: VideoPicture] = [:]
    private var stills: [SourceID: LayerPicture] = [:]
    private var bitmaps: [SourceID: RGBAImage] = [:]
    private lazy var patterns = PatternPainter(size: plan.output.size, text: text)
    /// The output frame number of frame 0 (non-zero when rendering a chunk).
    var frameOrigin: Int64 = 0

    /// A video item: its source and the YAML item it came from.
    private struct ItemKey: Hashable {
        let source: SourceID
        let location: SourceLocation
    }

    init(plan: RenderPlan, text: TextRasterizer) {
        self.plan = plan
        self.text = text
    }

    /// The layer's picture at timeline frame `index`, and an extra opacity factor
    /// (a colour's own alpha).
    func picture(for layer: Layer, frame index: Int64) throws -> (LayerPicture, opacity: Double)? {
        guard let source = plan.source(layer.source) else { return nil }
        switch source.kind {
        case .file(let file) where file.facts.video?.isStillImage == true:
            return (try still(source.id, file), 1)
        case .file(let file):
            guard file.videoStream != nil else { return nil }
            let time = layer.timeMap.sourceTime(frame: index, fps: plan.output.fps)
            let key = ItemKey(source: source.id, location: layer.location)
            let video = try videos[key] ?? VideoPicture(file: file)
            videos[key] = video
            return (try video.picture(at: time), 1)
        case .color(let color):
            let size = layer.transform.sourceSize ?? plan.output.size
            let yuv = YUVColor(red: color.red, green: color.green, blue: color.blue)
            return (.color(yuv, width: size.width, height: size.height), color.alpha)
        case .pattern(.counter):
            return (.rgba(try patterns.counter(frame: frameOrigin + index, fps: plan.output.fps)), 1)
        case .pattern(let pattern):
            return (.rgba(try bitmap(source.id) { patterns.still(pattern) }), 1)
        case .text(let content):
            return (.rgba(try bitmap(source.id) { try RGBAImage(text.render(content)) }), 1)
        case .tone:
            return nil
        }
    }

    /// Closes the readers of items that the next segment no longer draws.
    func keepOnly(_ layers: [Layer]) {
        let wanted = Set(layers.map { ItemKey(source: $0.source, location: $0.location) })
        videos = videos.filter { wanted.contains($0.key) }
    }

    private func still(_ id: SourceID, _ file: FileSource) throws -> LayerPicture {
        if let picture = stills[id] { return picture }
        let picture = try StillImage.load(file)
        stills[id] = picture
        return picture
    }

    private func bitmap(_ id: SourceID, _ make: () throws -> RGBAImage) throws -> RGBAImage {
        if let image = bitmaps[id] { return image }
        let image = try make()
        bitmaps[id] = image
        return image
    }
}

/// One video item's reader, and its latest frame converted for the compositor:
/// YUV, or premultiplied RGBA when the video carries alpha.
private final class VideoPicture {
    private let reader: VideoReader
    private let image: YUVImage
    private let converter: FrameConverter
    private lazy var alpha = AlphaConverter()
    private var shown: Frame?
    private var picture: LayerPicture?

    init(file: FileSource) throws {
        reader = try VideoReader(path: file.path, streamIndex: file.videoStream)
        let size = file.facts.video?.size ?? PixelSize(width: 2, height: 2)
        image = YUVImage(width: size.width, height: size.height)
        converter = FrameConverter()
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
}
