import CFFmpeg

/// Brings 8-bit Y'CbCr made with the BT.601 matrix, or in full range, to the
/// compositor's BT.709 limited range, as the source's tags say: SD video and
/// webcams are BT.601, many phones record full range, JPEG photos are both.
/// Untagged pictures are taken as BT.709 limited, as they always were.
///
/// The conversion is affine in (Y', Cb, Cr): each luma sample uses its 2×2
/// block's chroma, each chroma sample its block's mean luma.
struct YUVNormalizer {
    /// Output = matrix × (y, cb, cr) normalised to 0…1 and −½…½.
    private let matrix: [[Float]]
    private let input: (lumaOffset: Float, lumaScale: Float, chromaScale: Float)

    /// Nil when the decoded frame needs nothing more: it is BT.709 limited
    /// range, or not Y'CbCr (libswscale converts RGB, grey and palettes itself). A `yuvj`
    /// frame's range was converted by libswscale; its matrix was not.
    init?(_ frame: Frame) {
        guard frame.pixelFormat.name.hasPrefix("yuv") else { return nil }
        let isBT601 = [AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M].contains(frame.matrix)
        let isFull = frame.isFullRange && !frame.pixelFormat.isFullRange
        guard isBT601 || isFull else { return nil }
        input = isFull ? (0, 255, 255) : (16, 219, 224)
        // Y'CbCr → R'G'B' by the source's matrix, then R'G'B' → Y'CbCr by the output's.
        let source = isBT601 ? ColorMatrix.bt601 : .bt709
        let (kr, kb, kg) = (Float(source.kr), Float(source.kb), Float(source.kg))
        let toRGB: [[Float]] = [
            [1, 0, 2 - 2 * kr],
            [1, -(2 - 2 * kb) * kb / kg, -(2 - 2 * kr) * kr / kg],
            [1, 2 - 2 * kb, 0],
        ]
        let output = ColorMatrix.bt709
        let (r709, b709, g709) = (Float(output.kr), Float(output.kb), Float(output.kg))
        let toYUV: [[Float]] = [
            [r709, g709, b709],
            [-r709 / (2 - 2 * b709), -g709 / (2 - 2 * b709), 0.5],
            [0.5, -g709 / (2 - 2 * r709), -b709 / (2 - 2 * r709)],
        ]
        matrix = toYUV.map { row in (0..<3).map { column in (0..<3).reduce(0) { $0 + row[$1] * toRGB[$1][column] } } }
    }

    /// Converts `image` in place.
    func apply(to image: YUVImage) {
        let (width, height, lumaStride, chromaStride) = (image.width, image.height, image.lumaStride, image.chromaStride)
        let m = matrix
        image.withUnsafeMutablePlane(.y) { y in
            image.withUnsafeMutablePlane(.u) { u in
                image.withUnsafeMutablePlane(.v) { v in
                    for row in 0..<image.chromaHeight {
                        for column in 0..<image.chromaWidth {
                            let index = row * chromaStride + column
                            let cb = (Float(u[index]) - 128) / input.chromaScale
                            let cr = (Float(v[index]) - 128) / input.chromaScale
                            var lumaSum: Float = 0
                            var count: Float = 0
                            for lumaRow in 2 * row..<min(2 * row + 2, height) {
                                for x in 2 * column..<min(2 * column + 2, width) {
                                    let at = lumaRow * lumaStride + x
                                    let luma = (Float(y[at]) - input.lumaOffset) / input.lumaScale
                                    lumaSum += luma
                                    count += 1
                                    let out = m[0][0] * luma + m[0][1] * cb + m[0][2] * cr
                                    y[at] = UInt8(clamping: Int((16 + 219 * out).rounded()))
                                }
                            }
                            let luma = lumaSum / count
                            let outCb = m[1][0] * luma + m[1][1] * cb + m[1][2] * cr
                            let outCr = m[2][0] * luma + m[2][1] * cb + m[2][2] * cr
                            u[index] = UInt8(clamping: Int((128 + 224 * outCb).rounded()))
                            v[index] = UInt8(clamping: Int((128 + 224 * outCr).rounded()))
                        }
                    }
                }
            }
        }
    }
}
