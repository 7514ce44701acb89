import Compiler
import EDLParser
import Foundation

/// A layer's `filters:` at one time, folded into one blur and one colour change.
///
/// The colour filters are affine in Y'CbCr (brightness and contrast on luma,
/// contrast, saturation and hue on chroma), so in any order they compose into
/// one map; a Gaussian blur is linear too and commutes with them, and blurs
/// compose by adding variances. So the whole list is one blur, then one map.
struct PictureFilter {
    /// Standard deviation in the picture's pixels; 0: no blur.
    var sigma = 0.0
    /// Luma: `y' = lumaScale · (y − 125.5) + 125.5 + lumaShift`.
    var lumaScale = 1.0
    var lumaShift = 0.0
    /// Chroma: `(u', v') − 128 = chroma · ((u, v) − 128)`, row-major 2×2.
    var chroma = (1.0, 0.0, 0.0, 1.0)

    /// A blur alone.
    init(blur sigma: Double) { self.sigma = sigma }

    init(_ filters: [LayerFilter], at time: Rational) {
        var variance = 0.0
        for filter in filters {
            let amount = filter.amount.value(at: time)
            switch filter.kind {
            case .blur: variance += amount * amount
            case .brightness: lumaShift += amount * 219
            case .contrast:
                lumaScale *= amount
                lumaShift *= amount
                chroma = (chroma.0 * amount, chroma.1 * amount, chroma.2 * amount, chroma.3 * amount)
            case .saturation: chroma = (chroma.0 * amount, chroma.1 * amount, chroma.2 * amount, chroma.3 * amount)
            case .hue:
                // A turn in the Cb/Cr plane: 120° takes red towards green, as CSS's hue-rotate.
                let radians = amount * .pi / 180
                let (c, s) = (cos(radians), sin(radians))
                chroma = (
                    c * chroma.0 - s * chroma.2, c * chroma.1 - s * chroma.3, s * chroma.0 + c * chroma.2,
                    s * chroma.1 + c * chroma.3
                )
            case .lut: break  // not affine: applied where it stands (see `FrameCompositor`)
            }
        }
        sigma = variance.squareRoot()
    }

    var changesColour: Bool { lumaScale != 1 || lumaShift != 0 || chroma != (1, 0, 0, 1) }
    var isIdentity: Bool { sigma < 0.05 && !changesColour }

    /// The filtered picture: YUV pictures into `scratch` (reused from frame to
    /// frame), bitmaps into a new bitmap, colours as a colour.
    func apply(to picture: LayerPicture, scratch: inout YUVImage?) -> LayerPicture {
        switch picture {
        case .color(let color, let width, let height):
            return .color(map(color), width: width, height: height)
        case .yuv(let image):
            if scratch?.hasSameSize(as: image) != true { scratch = YUVImage(width: image.width, height: image.height) }
            guard let output = scratch else { return picture }
            if output !== image { output.copyPlanes(from: image) }
            for plane in YUVImage.Plane.allCases {
                let planeSigma = plane == .y ? sigma : sigma / 2
                output.withUnsafeMutablePlane(plane) { bytes in
                    GaussianBlur.blur(
                        bytes, width: output.width(of: plane), height: output.height(of: plane), stride: output.stride(of: plane),
                        channels: 1, sigma: planeSigma)
                }
            }
            if changesColour { mapPlanes(output) }
            return .yuv(output)
        case .rgba(let image):
            let output = image.copy()
            output.withUnsafeMutableBytes { bytes in
                GaussianBlur.blur(
                    bytes.bindMemory(to: UInt8.self), width: image.width, height: image.height, stride: image.stride,
                    channels: 4, sigma: sigma)
            }
            if changesColour {
                // Through BT.709 Y'CbCr, where the map is defined.
                let matrix = ColorMatrix.bt709
                output.mapColors { red, green, blue in
                    let yuv = matrix.yuv(red: red, green: green, blue: blue)
                    let (y, u, v) = map(y: yuv.y, u: yuv.u, v: yuv.v)
                    let rgb = matrix.rgb(y: y, u: u, v: v)
                    return (rgb.red, rgb.green, rgb.blue)
                }
            }
            return .rgba(output)
        }
    }

    private func map(_ color: YUVColor) -> YUVColor {
        let (y, u, v) = map(y: Double(color.y), u: Double(color.u), v: Double(color.v))
        return YUVColor(y: codeValue(y), u: codeValue(u), v: codeValue(v))
    }

    private func map(y: Double, u: Double, v: Double) -> (Double, Double, Double) {
        let (du, dv) = (u - 128, v - 128)
        return (
            lumaScale * (y - 125.5) + 125.5 + lumaShift, 128 + chroma.0 * du + chroma.1 * dv, 128 + chroma.2 * du + chroma.3 * dv
        )
    }

    private func mapPlanes(_ image: YUVImage) {
        let luma = (0..<256).map { codeValue(lumaScale * (Double($0) - 125.5) + 125.5 + lumaShift) }
        image.withUnsafeMutablePlane(.y) { bytes in
            for index in bytes.indices { bytes[index] = luma[Int(bytes[index])] }
        }
        image.withUnsafeMutablePlane(.u) { u in
            image.withUnsafeMutablePlane(.v) { v in
                for index in u.indices {
                    let (du, dv) = (Double(u[index]) - 128, Double(v[index]) - 128)
                    u[index] = codeValue(128 + chroma.0 * du + chroma.1 * dv)
                    v[index] = codeValue(128 + chroma.2 * du + chroma.3 * dv)
                }
            }
        }
    }
}

extension CubeLUT {
    /// The picture through the table, in RGB (BT.709): YUV into `scratch` (each
    /// 2×2 block's chroma the mean of its four looked-up colours), bitmaps
    /// unpremultiplied and premultiplied again, colours as colours.
    func apply(to picture: LayerPicture, scratch: inout YUVImage?) -> LayerPicture {
        let matrix = ColorMatrix.bt709
        switch picture {
        case .color(let color, let width, let height):
            let rgb = matrix.rgb(y: Double(color.y), u: Double(color.u), v: Double(color.v))
            let out = look(rgb.red, rgb.green, rgb.blue)
            return .color(matrix.color(red: out.0, green: out.1, blue: out.2), width: width, height: height)
        case .yuv(let image):
            if scratch?.hasSameSize(as: image) != true { scratch = YUVImage(width: image.width, height: image.height) }
            guard let output = scratch else { return picture }
            if output !== image { output.copyPlanes(from: image) }
            let (lumaStride, chromaStride) = (output.stride(of: .y), output.stride(of: .u))
            output.withUnsafeMutablePlane(.y) { luma in
                output.withUnsafeMutablePlane(.u) { u in
                    output.withUnsafeMutablePlane(.v) { v in
                        for cy in 0..<output.chromaHeight {
                            for cx in 0..<output.chromaWidth {
                                let c = cy * chromaStride + cx
                                let (cb, cr) = (Double(u[c]), Double(v[c]))
                                var (sumU, sumV, count) = (0.0, 0.0, 0.0)
                                for corner in 0..<4 {
                                    let (x, y) = (2 * cx + (corner & 1), 2 * cy + (corner >> 1))
                                    guard x < output.width, y < output.height else { continue }
                                    let l = y * lumaStride + x
                                    let rgb = matrix.rgb(y: Double(luma[l]), u: cb, v: cr)
                                    let out = look(rgb.red, rgb.green, rgb.blue)
                                    let yuv = matrix.yuv(red: out.0, green: out.1, blue: out.2)
                                    luma[l] = codeValue(yuv.y)
                                    (sumU, sumV, count) = (sumU + yuv.u, sumV + yuv.v, count + 1)
                                }
                                (u[c], v[c]) = (codeValue(sumU / count), codeValue(sumV / count))
                            }
                        }
                    }
                }
            }
            return .yuv(output)
        case .rgba(let image):
            let output = image.copy()
            output.mapColors(look)
            return .rgba(output)
        }
    }
}

/// A Gaussian blur approximated by three box blurs (each a running sum, so the
/// cost does not grow with the radius), edges extended. Rows are blurred along
/// the row, then columns by sliding sums over whole rows, so memory is read in order.
enum GaussianBlur {
    static func blur(
        _ bytes: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, stride: Int, channels: Int, sigma: Double
    ) {
        guard sigma >= 0.5, width > 0, height > 0, let base = bytes.baseAddress else { return }
        let rowLength = width * channels
        var line = [Int32](repeating: 0, count: max(width, height) + 1)
        var sums = [Int32](repeating: 0, count: rowLength)
        var copy = [UInt8](repeating: 0, count: rowLength * height)
        for radius in boxRadii(sigma) where radius > 0 {
            let span = Int32(2 * radius + 1)
            // Dividing by the box's width as a multiply and shift (divisions are slow):
            // sum · reciprocal stays under 2^24, and it is off by at most span / 500 of a level.
            let reciprocal = (Int32(1) << 16 + span / 2) / span
            @inline(__always) func mean(_ sum: Int32) -> UInt8 {
                UInt8(truncatingIfNeeded: (sum &* reciprocal &+ 1 << 15) >> 16)
            }
            // Along each row, one channel at a time.
            line.withUnsafeMutableBufferPointer { line in
                let last = width - 1
                for y in 0..<height {
                    let row = base + y * stride
                    for channel in 0..<channels {
                        for x in 0..<width { line[x] = Int32(row[x * channels + channel]) }
                        var sum: Int32 = 0
                        for i in -radius...radius { sum += line[min(max(i, 0), last)] }
                        for x in 0..<width {
                            row[x * channels + channel] = mean(sum)
                            let (added, dropped) = (x + radius + 1, x - radius)
                            sum += line[added <= last ? added : last] - line[dropped >= 0 ? dropped : 0]
                        }
                    }
                }
            }
            // Down the columns: a running sum per column, a row added and a row dropped per step.
            copy.withUnsafeMutableBufferPointer { copy in
                guard let rows = copy.baseAddress else { return }
                copyRows(height, of: rowLength, from: base, stride: stride, to: rows, stride: rowLength)
            }
            copy.withUnsafeBufferPointer { copy in
                guard let rows = copy.baseAddress else { return }
                sums.withUnsafeMutableBufferPointer { sums in
                    func rowAt(_ y: Int) -> UnsafePointer<UInt8> { rows + min(max(y, 0), height - 1) * rowLength }
                    for i in 0..<rowLength { sums[i] = 0 }
                    for y in -radius...radius {
                        let source = rowAt(y)
                        for i in 0..<rowLength { sums[i] += Int32(source[i]) }
                    }
                    for y in 0..<height {
                        let row = base + y * stride
                        for i in 0..<rowLength { row[i] = mean(sums[i]) }
                        let (added, dropped) = (rowAt(y + radius + 1), rowAt(y - radius))
                        for i in 0..<rowLength { sums[i] += Int32(added[i]) - Int32(dropped[i]) }
                    }
                }
            }
        }
    }

    /// The half-widths of three boxes whose succession has variance `sigma²`.
    static func boxRadii(_ sigma: Double) -> [Int] {
        let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let wide = Int(
            ((12 * sigma * sigma - 3 * Double(lower * lower) - 12 * Double(lower) - 9) / Double(-4 * lower - 4)).rounded())
        return (0..<3).map { ($0 < wide ? lower : upper) / 2 }
    }
}

extension LayerPicture {
    /// The picture averaged over `factor` × `factor` blocks: a backdrop blurred
    /// anyway is blurred smaller, for a fraction of the work.
    func reduced(by factor: Int) -> LayerPicture {
        guard factor > 1 else { return self }
        switch self {
        case .color(let color, let width, let height):
            return .color(color, width: max(1, width / factor), height: max(1, height / factor))
        case .yuv(let image):
            let small = YUVImage(width: max(2, image.width / factor), height: max(2, image.height / factor))
            for plane in YUVImage.Plane.allCases {
                image.withUnsafePlane(plane) { source in
                    small.withUnsafeMutablePlane(plane) { target in
                        Self.average(
                            source, stride: image.stride(of: plane),
                            size: (image.width(of: plane), image.height(of: plane)), into: target,
                            width: small.width(of: plane), height: small.height(of: plane),
                            targetStride: small.stride(of: plane), channels: 1, factor: factor)
                    }
                }
            }
            return .yuv(small)
        case .rgba(let image):
            let small = RGBAImage(width: max(1, image.width / factor), height: max(1, image.height / factor))
            image.withUnsafeBytes { source in
                small.withUnsafeMutableBytes { target in
                    Self.average(
                        source.bindMemory(to: UInt8.self), stride: image.stride, size: (image.width, image.height),
                        into: target.bindMemory(to: UInt8.self), width: small.width, height: small.height,
                        targetStride: small.stride, channels: 4, factor: factor)
                }
            }
            return .rgba(small)
        }
    }

    /// Block means; a block reaching past the source's edge (a chroma plane of an
    /// odd size) repeats its last row or column. Sums a row of blocks at a time,
    /// reading the source rows in order.
    private static func average(
        _ source: UnsafeBufferPointer<UInt8>, stride: Int, size: (width: Int, height: Int),
        into target: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, targetStride: Int, channels: Int, factor: Int
    ) {
        guard let input = source.baseAddress, let output = target.baseAddress else { return }
        let (count, rowLength) = (factor * factor, width * channels)
        let lastColumn = (size.width - 1) * channels
        var sums = [Int](repeating: 0, count: rowLength)
        sums.withUnsafeMutableBufferPointer { sums in
            for y in 0..<height {
                for i in 0..<rowLength { sums[i] = 0 }
                for dy in 0..<factor {
                    let row = input + min(y * factor + dy, size.height - 1) * stride
                    // Blocks wholly inside the row need no clamping; one-channel planes, no channel loop.
                    let whole = min(width, size.width / factor)
                    if channels == 1 {
                        var block = UnsafePointer(row)
                        for x in 0..<whole {
                            var sum = 0
                            for dx in 0..<factor { sum &+= Int(block[dx]) }
                            sums[x] &+= sum
                            block += factor
                        }
                    }
                    for x in (channels == 1 ? whole : 0)..<width {
                        for dx in 0..<factor {
                            let column = min((x * factor + dx) * channels, lastColumn)
                            for channel in 0..<channels { sums[x * channels + channel] += Int(row[column + channel]) }
                        }
                    }
                }
                let out = output + y * targetStride
                for i in 0..<rowLength { out[i] = UInt8((sums[i] + count / 2) / count) }
            }
        }
    }
}
