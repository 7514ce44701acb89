import Compiler
import EDLParser
import Foundation

/// How far a render has come, for progress displays.
public struct RenderProgress: Sendable {
    public var framesDone: Int64
    public var frameCount: Int64
    /// Seconds of output written so far.
    public var mediaSeconds: Double
    public var totalMediaSeconds: Double
    /// For a chunked render: how many chunks, how many came from the cache,
    /// and how many frames are copied from sources (SPEC 18).
    public var chunks: (total: Int, reused: Int, copiedFrames: Int64)?
    /// Of `framesDone`, those not made by this render (chunks from the cache,
    /// frames copied): rates count only the rest.
    public var framesReused: Int64 = 0
}

/// Executes a `RenderPlan`: for each output frame, composite its segment's
/// layers over the background and encode; between frames, mix and encode the
/// audio up to the same time, so the muxer interleaves without buffering.
public final class Renderer {
    public let plan: RenderPlan
    /// For every decoder and encoder: a render on its own uses one thread per
    /// core by default, or `--jobs`.
    public let threads: ThreadBudget

    public init(plan: RenderPlan, threads: ThreadBudget = .perCore) {
        self.plan = plan
        self.threads = threads
    }

    /// Renders output frames `frames` (all by default) into the file at `path`,
    /// which is written as it goes: callers write to a temporary file (see `SafeOutput`).
    public func render(
        to path: String, frames: Range<Int64>? = nil,
        progress: (RenderProgress) -> Void = { _ in }, isCancelled: () -> Bool = { false }
    ) throws {
        try plan.checkedForRendering()
        let output = plan.output
        let window = frames ?? 0..<output.frameCount
        let writer = try MediaWriter(
            to: .file(path), output: output, audio: plan.audio.format,
            subtitles: plan.subtitles.map { SubtitleCues($0, window: window, fps: output.fps) }, threads: threads)
        let audio = try AudioFeed(plan: plan, window: window, threads: threads)
        let total = Double(window.count) / output.fps.rate.approximateDouble
        if output.video != nil {
            let compositor = FrameCompositor(plan: plan, text: try TextRasterizer(), threads: threads)
            for segment in plan.video where segment.frames.overlaps(window) {
                let frames = max(segment.frames.lowerBound, window.lowerBound)..<min(segment.frames.upperBound, window.upperBound)
                compositor.begin(segment, frames: frames)
                for index in frames {
                    if isCancelled() { throw RenderFailure.cancelled }
                    let picture = try compositor.outputPicture(index, of: segment)
                    let done = index - window.lowerBound + 1
                    try writer.writeVideo(picture, index: done - 1)
                    try audio.write(throughFrames: done, to: writer)
                    try writer.writeSubtitles(before: Rational(done) / output.fps.rate)
                    progress(
                        RenderProgress(
                            framesDone: done, frameCount: Int64(window.count),
                            mediaSeconds: Double(done) / output.fps.rate.approximateDouble, totalMediaSeconds: total))
                }
            }
        }
        try audio.finish(writer)
        try writer.finish()
    }
}

extension Renderer {
    /// The composited picture of output frame `index` (for `render frame`).
    public func picture(at index: Int64) throws -> YUVImage {
        try plan.checkedForRendering()
        guard let segment = plan.video.first(where: { $0.frames.contains(index) }) else {
            throw RenderFailure("frame \(index) is outside the output's \(plan.output.frameCount) frames")
        }
        let compositor = FrameCompositor(plan: plan, text: try TextRasterizer(), threads: threads)
        compositor.begin(segment, frames: index..<index + 1)
        return try compositor.frame(index, of: segment)
    }
}
