/// Brings 8-bit Y'CbCr made with the BT.601 matrix, or in full range, to the
/// compositor's BT.709 limited range, as the source's tags say: SD video and
/// webcams are BT.601, many phones record full range, JPEG photos are both.
/// Untagged pictures are taken as BT.709 limited, as they always were.
///
/// The conversion is affine in (Y', Cb, Cr): each luma sample uses its 2×2
/// block's chroma, each chroma sample its block's mean luma.
struct YUVNormalizer {
    /// Each output code is an affine function of the input codes, in 16.16
    /// fixed point: `lumaBase[y']` holds 16 + 219 × (the luma term) for every
    /// input luma, so a luma sample costs a table read, an add and a shift.
    private let lumaBase: [Int]
    private let lumaFromCb: Int, lumaFromCr: Int
    /// Chroma from the block's luma (its sum less `count × lumaOffset`, over
    /// `count`), Cb − 128 and Cr − 128.
    private let cbFromLuma: Int, cbFromCb: Int, cbFromCr: Int
    private let crFromLuma: Int, crFromCb: Int, crFromCr: Int
    private let lumaOffset: Int

    /// Whether a decoded frame is converted: Y'CbCr tagged BT.601 or full range.
    static func converts(_ frame: Frame) -> Bool {
        frame.pixelFormat.name.hasPrefix("yuv") && (frame.hasBT601Matrix || isFullRange(frame))
    }

    private static func isFullRange(_ frame: Frame) -> Bool {
        frame.isFullRange && !frame.pixelFormat.isFullRange
    }

    /// Nil when the decoded frame needs nothing more: it is BT.709 limited
    /// range, or not Y'CbCr (libswscale converts RGB, grey and palettes itself). A `yuvj`
    /// frame's range was converted by libswscale; its matrix was not.
    init?(_ frame: Frame) {
        guard Self.converts(frame) else { return nil }
        let isBT601 = frame.hasBT601Matrix
        let isFull = Self.isFullRange(frame)
        let (offset, lumaScale, chromaScale): (Double, Double, Double) = isFull ? (0, 255, 255) : (16, 219, 224)
        // Y'CbCr → R'G'B' by the source's matrix, then R'G'B' → Y'CbCr by the output's:
        // affine, so its weights are what one step of each input code changes.
        let source = isBT601 ? ColorMatrix.bt601 : .bt709
        func convert(_ y: Double, _ u: Double, _ v: Double) -> (y: Double, u: Double, v: Double) {
            let rgb = source.rgb(y: y, u: u, v: v)
            return ColorMatrix.bt709.yuv(red: rgb.red, green: rgb.green, blue: rgb.blue)
        }
        let black = convert(16, 128, 128)
        // What a whole limited range of one input (219 luma or 224 chroma codes) changes,
        // per code of the input's own range.
        func step(_ end: (y: Double, u: Double, v: Double), over codes: Double) -> (y: Double, u: Double, v: Double) {
            ((end.y - black.y) / codes, (end.u - black.u) / codes, (end.v - black.v) / codes)
        }
        let luma = step(convert(16 + 219, 128, 128), over: lumaScale)
        let cb = step(convert(16, 128 + 224, 128), over: chromaScale)
        let cr = step(convert(16, 128, 128 + 224), over: chromaScale)
        func fixed(_ value: Double) -> Int { Int((value * 65536).rounded()) }
        lumaBase = (0..<256).map { fixed(16 + luma.y * (Double($0) - offset)) }
        (lumaFromCb, lumaFromCr) = (fixed(cb.y), fixed(cr.y))
        (cbFromLuma, cbFromCb, cbFromCr) = (fixed(luma.u), fixed(cb.u), fixed(cr.u))
        (crFromLuma, crFromCb, crFromCr) = (fixed(luma.v), fixed(cb.v), fixed(cr.v))
        lumaOffset = Int(offset)
    }

    /// Converts `image` in place.
    func apply(to image: YUVImage) {
        let (width, height, lumaStride, chromaStride) = (image.width, image.height, image.lumaStride, image.chromaStride)
        let half = 32768
        @inline(__always) func code(_ fixed: Int) -> UInt8 { UInt8(clamping: (fixed &+ half) >> 16) }
        lumaBase.withUnsafeBufferPointer { lumaBase in
            image.withUnsafeMutablePlane(.y) { y in
                image.withUnsafeMutablePlane(.u) { u in
                    image.withUnsafeMutablePlane(.v) { v in
                        for row in 0..<image.chromaHeight {
                            let rows = 2 * row..<min(2 * row + 2, height)
                            for column in 0..<image.chromaWidth {
                                let index = row * chromaStride + column
                                let cb = Int(u[index]) - 128
                                let cr = Int(v[index]) - 128
                                let chroma = lumaFromCb &* cb &+ lumaFromCr &* cr
                                var lumaSum = 0
                                var count = 0
                                for lumaRow in rows {
                                    for x in 2 * column..<min(2 * column + 2, width) {
                                        let at = lumaRow * lumaStride + x
                                        let luma = Int(y[at])
                                        lumaSum &+= luma
                                        count &+= 1
                                        y[at] = code(lumaBase[luma] &+ chroma)
                                    }
                                }
                                let luma = lumaSum &- count &* lumaOffset
                                u[index] = code(128 << 16 &+ cbFromLuma &* luma / count &+ cbFromCb &* cb &+ cbFromCr &* cr)
                                v[index] = code(128 << 16 &+ crFromLuma &* luma / count &+ crFromCb &* cb &+ crFromCr &* cr)
                            }
                        }
                    }
                }
            }
        }
    }
}
