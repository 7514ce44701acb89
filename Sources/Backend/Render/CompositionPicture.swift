import Compiler
import EDLParser

/// A composition item's pictures: its own plan drawn by a compositor of its
/// own, as premultiplied RGBA that is transparent wherever the composition
/// draws nothing.
///
/// The compositor draws onto an opaque canvas, so each frame is drawn twice:
/// over black and over white. Over black, the canvas holds the colour already
/// multiplied by its alpha (blending is affine in YUV); the difference between
/// the two lumas is what shows through, `255 − alpha` on a 219-step scale.
final class CompositionPicture: MovingPicture {
    private let plan: RenderPlan
    private let compositor: FrameCompositor
    private let image: RGBAImage
    private var segment: Int?
    private var shown: Int64?

    init(plan: RenderPlan, text: TextRasterizer, threads: ThreadBudget) {
        self.plan = plan
        compositor = FrameCompositor(plan: plan, text: text, threads: threads)
        let size = plan.output.encodedSize
        image = RGBAImage(width: size.width, height: size.height)
    }

    var backwardSeeks: Int { compositor.backwardSeeks }

    func picture(at time: Rational) throws -> LayerPicture {
        let index = min(max((time * plan.output.fps.rate).floor, 0), plan.output.frameCount - 1)
        if index == shown { return .rgba(image) }
        let segment = try begin(index)
        let overBlack = try compositor.frame(index, of: segment, background: .black)
        Self.storeColors(of: overBlack, into: image)
        let overWhite = try compositor.frame(index, of: segment, background: .white)
        Self.storeAlpha(from: overWhite, into: image)
        shown = index
        return .rgba(image)
    }

    /// The segment drawing frame `index`, begun on the compositor when it changes.
    private func begin(_ index: Int64) throws -> Segment {
        if let current = segment, plan.video[current].frames.contains(index) { return plan.video[current] }
        guard let found = plan.video.firstIndex(where: { $0.frames.contains(index) }) else {
            throw RenderFailure("frame \(index) of a composition is outside its \(plan.output.frameCount) frames")
        }
        segment = found
        compositor.begin(plan.video[found])
        return plan.video[found]
    }

    /// Premultiplied RGB from the picture drawn over black; its luma waits in the alpha byte.
    private static func storeColors(of picture: YUVImage, into image: RGBAImage) {
        let weights = Weights(.bt709)
        let (lumaStride, chromaStride) = (picture.stride(of: .y), picture.stride(of: .u))
        picture.withUnsafePlane(.y) { y in
            picture.withUnsafePlane(.u) { u in
                picture.withUnsafePlane(.v) { v in
                    image.withUnsafeMutableBytes { bytes in
                        for row in 0..<image.height {
                            let (lumaRow, chromaRow) = (row * lumaStride, (row / 2) * chromaStride)
                            var out = row * image.stride
                            for column in 0..<image.width {
                                let luma = Int(y[lumaRow + column])
                                let l = (luma - 16) * weights.y
                                let cb = Int(u[chromaRow + column / 2]) - 128
                                let cr = Int(v[chromaRow + column / 2]) - 128
                                bytes[out] = clamp(l + cr * weights.rv)
                                bytes[out + 1] = clamp(l + cb * weights.gu + cr * weights.gv)
                                bytes[out + 2] = clamp(l + cb * weights.bu)
                                bytes[out + 3] = UInt8(luma)
                                out += 4
                            }
                        }
                    }
                }
            }
        }
    }

    /// Alpha from the luma over white against the luma over black (kept in the
    /// alpha byte); colours held at or below it, as premultiplied colours are.
    private static func storeAlpha(from picture: YUVImage, into image: RGBAImage) {
        let lumaStride = picture.stride(of: .y)
        picture.withUnsafePlane(.y) { y in
            image.withUnsafeMutableBytes { bytes in
                for row in 0..<image.height {
                    var out = row * image.stride
                    for column in 0..<image.width {
                        let through = max(Int(y[row * lumaStride + column]) - Int(bytes[out + 3]), 0)
                        let alpha = UInt8(max(255 - (through * 255 + 109) / 219, 0))
                        bytes[out] = min(bytes[out], alpha)
                        bytes[out + 1] = min(bytes[out + 1], alpha)
                        bytes[out + 2] = min(bytes[out + 2], alpha)
                        bytes[out + 3] = alpha
                        out += 4
                    }
                }
            }
        }
    }

    /// 16.16 fixed-point factors from limited-range Y'CbCr offsets to 0...255 RGB.
    private struct Weights {
        var y, rv, gu, gv, bu: Int

        init(_ matrix: ColorMatrix) {
            func fixed(_ x: Double) -> Int { Int((x * 65536).rounded()) }
            let (kr, kb, kg) = (matrix.kr, matrix.kb, matrix.kg)
            y = fixed(255.0 / 219)
            rv = fixed(255.0 / 224 * 2 * (1 - kr))
            bu = fixed(255.0 / 224 * 2 * (1 - kb))
            gu = fixed(-255.0 / 224 * 2 * (1 - kb) * kb / kg)
            gv = fixed(-255.0 / 224 * 2 * (1 - kr) * kr / kg)
        }
    }

    private static func clamp(_ fixed: Int) -> UInt8 { UInt8(min(max((fixed + 32768) >> 16, 0), 255)) }
}
