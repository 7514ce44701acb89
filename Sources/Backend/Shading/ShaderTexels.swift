/// A picture as a shader item reads it through `inputs`: straight-alpha 8-bit
/// R'G'B'A, bottom row first, so its texture coordinates run from the bottom
/// left as `gl_FragCoord` does.
struct ShaderTexels {
    let width: Int
    let height: Int
    private(set) var bytes: [UInt8]

    /// An input that does not show at the frame: one transparent texel.
    static let nothing = ShaderTexels(width: 1, height: 1, bytes: [0, 0, 0, 0])

    private init(width: Int, height: Int, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// `opacity` is a colour's own alpha (`PictureProvider.Drawn.opacity`).
    init(_ picture: LayerPicture, opacity: Double) {
        width = picture.width
        height = picture.height
        bytes = [UInt8](repeating: 0, count: width * height * 4)
        switch picture {
        case .yuv(let image): fill(from: image)
        case .rgba(let image): fill(from: image)
        case .color(let color, _, _):
            let rgb = ColorMatrix.bt709.rgb8(color)
            let texel = [rgb.red, rgb.green, rgb.blue, 255 * opacity].map { codeValue($0) }
            for offset in stride(from: 0, to: bytes.count, by: 4) { bytes.replaceSubrange(offset..<offset + 4, with: texel) }
        }
    }

    private mutating func fill(from image: YUVImage) {
        let m = ColorMatrix.bt709
        // ColorMatrix.rgb per code value, folded into factors on the 0...255 scale.
        let scale = Float(255)
        let (kr, kb, kg) = (Float(m.kr), Float(m.kb), Float(m.kg))
        let (crToRed, cbToBlue) = (2 * (1 - kr), 2 * (1 - kb))
        let (width, height) = (self.width, self.height)
        let (yStride, cStride) = (image.stride(of: .y), image.stride(of: .u))
        bytes.withUnsafeMutableBufferPointer { out in
            image.withUnsafePlane(.y) { luma in
                image.withUnsafePlane(.u) { u in
                    image.withUnsafePlane(.v) { v in
                        for row in 0..<height {
                            let target = (height - 1 - row) * width * 4
                            for x in 0..<width {
                                let l = (Float(luma[row * yStride + x]) - 16) / 219
                                let chroma = (row / 2) * cStride + x / 2
                                let cb = (Float(u[chroma]) - 128) / 224
                                let cr = (Float(v[chroma]) - 128) / 224
                                let red = l + crToRed * cr
                                let blue = l + cbToBlue * cb
                                let green = (l - kr * red - kb * blue) / kg
                                let at = target + x * 4
                                out[at] = Self.byte(red * scale)
                                out[at + 1] = Self.byte(green * scale)
                                out[at + 2] = Self.byte(blue * scale)
                                out[at + 3] = 255
                            }
                        }
                    }
                }
            }
        }
    }

    /// Premultiplied RGBA made straight again.
    private mutating func fill(from image: RGBAImage) {
        let (width, height) = (self.width, self.height)
        bytes.withUnsafeMutableBufferPointer { out in
            image.withUnsafeBytes { pixels in
                for row in 0..<height {
                    let source = row * width * 4
                    let target = (height - 1 - row) * width * 4
                    for x in 0..<width {
                        let alpha = Int(pixels[source + x * 4 + 3])
                        guard alpha > 0 else { continue }
                        for channel in 0..<3 {
                            let value = Int(pixels[source + x * 4 + channel])
                            out[target + x * 4 + channel] = UInt8(min(255, (value * 255 + alpha / 2) / alpha))
                        }
                        out[target + x * 4 + 3] = UInt8(alpha)
                    }
                }
            }
        }
    }

    private static func byte(_ value: Float) -> UInt8 {
        UInt8(min(max(value.rounded(), 0), 255))
    }
}
