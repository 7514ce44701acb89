/// The premultiplied YUVA 4:2:0 form of an `RGBAImage`: what the compositor
/// actually samples when drawing a bitmap.
///
/// Each colour plane holds `alpha × value` (with the limited-range offsets
/// 16 and 128 also scaled by alpha), so bilinear filtering stays correct at
/// transparent edges and *over* is `out = src + (1 − alpha) × dst`. Chroma
/// and its alpha are averages over 2×2 luma blocks. Planes are tightly packed.
final class YUVAPlanes {
    let width: Int
    let height: Int
    let chromaWidth: Int
    let chromaHeight: Int
    /// Premultiplied luma, `width × height`.
    private(set) var luma: [UInt8]
    /// Alpha at luma resolution.
    private(set) var alpha: [UInt8]
    /// Premultiplied U, `chromaWidth × chromaHeight`.
    private(set) var u: [UInt8]
    /// Premultiplied V.
    private(set) var v: [UInt8]
    /// Alpha averaged over each 2×2 block, for the chroma planes.
    private(set) var chromaAlpha: [UInt8]

    init(rgba: UnsafeBufferPointer<UInt8>, width: Int, height: Int, matrix: ColorMatrix) {
        self.width = width
        self.height = height
        chromaWidth = (width + 1) / 2
        chromaHeight = (height + 1) / 2
        luma = [UInt8](repeating: 0, count: width * height)
        alpha = luma
        u = [UInt8](repeating: 0, count: chromaWidth * chromaHeight)
        v = u
        chromaAlpha = u
        let weights = matrix.premultipliedWeights
        convertLuma(rgba, weights)
        convertChroma(rgba, weights)
    }

    // The planes are written through local buffers: a stored array written per
    // pixel pays a run-time exclusivity check on every access.
    private func convertLuma(_ rgba: UnsafeBufferPointer<UInt8>, _ w: ColorMatrix.PremultipliedWeights) {
        luma.withUnsafeMutableBufferPointer { luma in
            alpha.withUnsafeMutableBufferPointer { alpha in
                for index in 0..<luma.count {
                    let r = Int(rgba[index * 4])
                    let g = Int(rgba[index * 4 + 1])
                    let b = Int(rgba[index * 4 + 2])
                    let a = Int(rgba[index * 4 + 3])
                    let y = (w.yr * r + w.yg * g + w.yb * b + w.ya * a + 32768) >> 16
                    luma[index] = UInt8(clamping: y)
                    alpha[index] = UInt8(a)
                }
            }
        }
    }

    private func convertChroma(_ rgba: UnsafeBufferPointer<UInt8>, _ w: ColorMatrix.PremultipliedWeights) {
        u.withUnsafeMutableBufferPointer { u in
            v.withUnsafeMutableBufferPointer { v in
                chromaAlpha.withUnsafeMutableBufferPointer { chromaAlpha in
                    for cy in 0..<chromaHeight {
                        for cx in 0..<chromaWidth {
                            var r = 0
                            var g = 0
                            var b = 0
                            var a = 0
                            var count = 0
                            for y in (cy * 2)..<min(cy * 2 + 2, height) {
                                for x in (cx * 2)..<min(cx * 2 + 2, width) {
                                    let i = (y * width + x) * 4
                                    r += Int(rgba[i])
                                    g += Int(rgba[i + 1])
                                    b += Int(rgba[i + 2])
                                    a += Int(rgba[i + 3])
                                    count += 1
                                }
                            }
                            let shift = 16 + (count == 4 ? 2 : count == 2 ? 1 : 0)
                            let half = 1 << (shift - 1)
                            let index = cy * chromaWidth + cx
                            u[index] = UInt8(clamping: (w.ur * r + w.ug * g + w.ub * b + w.ua * a + half) >> shift)
                            v[index] = UInt8(clamping: (w.vr * r + w.vg * g + w.vb * b + w.va * a + half) >> shift)
                            chromaAlpha[index] = UInt8(clamping: (a * 65536 + half) >> shift)
                        }
                    }
                }
            }
        }
    }
}
