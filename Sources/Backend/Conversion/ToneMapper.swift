import Compiler
import Foundation

/// Turns HDR video (HLG or PQ, BT.2020, 10-bit) into the compositor's SDR
/// picture (BT.709, 8-bit, limited range), so phone recordings, which are HLG
/// by default, do not look grey and washed out.
///
///     Y'CbCr (BT.2020) → R'G'B' → linear light → (HLG: OOTF for a 1000 cd/m² display)
///       → BT.709 primaries → tone curve on the brightest channel → BT.1886 signal → Y'CbCr (BT.709)
///
/// Light is counted in units of HDR reference white, 203 cd/m² (ITU-R BT.2408),
/// which is where SDR white sits. Below 0.8 of it nothing changes; above, the
/// curve rolls off smoothly towards 1, so highlights keep some detail instead
/// of clipping. Scaling all three channels by the brightest one's curve keeps
/// hue and saturation. Chroma is the mean of each 2×2 block.
final class ToneMapper {
    let transfer: HDRTransfer
    /// Look-up tables, allocated once: signal → linear light, light → signal,
    /// the HLG OOTF's gain and the tone curve's scale (see `Tables`).
    private let tables: Tables
    private var scaler: Scaler?
    private static let tenBit = PixelFormat(name: "yuv420p10le") ?? .yuv420p

    init(_ transfer: HDRTransfer) {
        self.transfer = transfer
        tables = Tables(transfer)
    }

    /// HLG's inverse OETF (ITU-R BT.2100): scene light 0…1.
    static func hlgSceneLight(_ signal: Double) -> Double {
        let (a, b, c) = (0.17883277, 0.28466892, 0.55991073)
        return signal <= 0.5 ? signal * signal / 3 : (exp((signal - c) / a) + b) / 12
    }

    /// PQ's EOTF (SMPTE ST 2084): cd/m².
    static func pqLight(_ signal: Double) -> Double {
        let (m1, m2, c1, c2, c3) = (0.1593017578125, 78.84375, 0.8359375, 18.8515625, 18.6875)
        let p = pow(signal, 1 / m2)
        return 10000 * pow(max(p - c1, 0) / (c2 - c3 * p), 1 / m1)
    }

    /// The tone curve on light relative to reference white: unchanged up to 0.8,
    /// then an exponential roll-off towards 1.
    static func toneCurve(_ x: Float) -> Float {
        let knee: Float = 0.8
        return x <= knee ? x : knee + (1 - knee) * (1 - exp(-(x - knee) / (1 - knee)))
    }

    func convert(_ frame: Frame, into image: YUVImage) throws(LibAVError) {
        var source = frame
        if frame.pixelFormat != Self.tenBit || frame.width != image.width || frame.height != image.height {
            if scaler?.accepts(frame) != true {
                scaler = try Scaler(
                    sourceWidth: frame.width, sourceHeight: frame.height, sourceFormat: frame.pixelFormat,
                    width: image.width, height: image.height, format: Self.tenBit)
            }
            if let scaler { source = try scaler.scale(frame) }
        }
        let tables = self.tables
        let hlg = transfer == .hlg
        // The output's BT.709 weights, and Cb and Cr per unit of B − Y and R − Y.
        let output = ColorMatrix.bt709
        let (kr, kg, kb) = (Float(output.kr), Float(output.kg), Float(output.kb))
        let (cbScale, crScale) = (Float(1 / (2 * (1 - output.kb))), Float(1 / (2 * (1 - output.kr))))
        try source.withPlanes { planes in
            guard planes.count >= 3, let inY = planes[0].bytes.baseAddress, let inU = planes[1].bytes.baseAddress,
                let inV = planes[2].bytes.baseAddress
            else { return }
            let strides = (y: planes[0].lineSize, u: planes[1].lineSize, v: planes[2].lineSize)
            let (width, height, lumaStride, chromaStride) = (image.width, image.height, image.lumaStride, image.chromaStride)
            image.withUnsafeMutablePlane(.y) { outY in
                image.withUnsafeMutablePlane(.u) { outU in
                    image.withUnsafeMutablePlane(.v) { outV in
                        for row in 0..<image.chromaHeight {
                            let u = inU.advanced(by: row * strides.u).assumingMemoryBound(to: UInt16.self)
                            let v = inV.advanced(by: row * strides.v).assumingMemoryBound(to: UInt16.self)
                            for column in 0..<image.chromaWidth {
                                let cb = (Float(u[column]) - 512) * (1 / 896)
                                let cr = (Float(v[column]) - 512) * (1 / 896)
                                var sum = (cb: Float(0), cr: Float(0), count: Float(0))
                                for lumaRow in 2 * row..<min(2 * row + 2, height) {
                                    let y = inY.advanced(by: lumaRow * strides.y).assumingMemoryBound(to: UInt16.self)
                                    for x in 2 * column..<min(2 * column + 2, width) {
                                        let luma = (Float(y[x]) - 64) * (1 / 876)
                                        let (r, g, b) = tables.map(luma: luma, cb: cb, cr: cr, hlg: hlg)
                                        let outLuma = kr * r + kg * g + kb * b
                                        outY[lumaRow * lumaStride + x] = UInt8(clamping: Int(16.5 + 219 * outLuma))
                                        sum = (sum.cb + (b - outLuma), sum.cr + (r - outLuma), sum.count + 1)
                                    }
                                }
                                let index = row * chromaStride + column
                                let share = 224 / sum.count
                                outU[index] = UInt8(clamping: Int((128.5 + share * cbScale * sum.cb).rounded(.down)))
                                outV[index] = UInt8(clamping: Int((128.5 + share * crScale * sum.cr).rounded(.down)))
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The tone mapper's look-up tables (4097 entries each), allocated once and
/// read through raw pointers in the per-pixel loop.
private final class Tables: @unchecked Sendable {
    /// Signal (0…1) → linear light: relative to reference white for PQ, scene
    /// light 0…1 for HLG (whose OOTF comes after, on all three channels).
    let toLinear: UnsafeMutableBufferPointer<Float>
    /// √(light) (0…1) → BT.709 signal, light^(1/2.4).
    let toSignal: UnsafeMutableBufferPointer<Float>
    /// HLG: √(scene luma) (0…1) → the OOTF's gain, 1000/203 · luma^0.2.
    let hlgGain: UnsafeMutableBufferPointer<Float>
    /// Brightest channel / 8 (0…1) → the tone curve's scale, curve(x)/x.
    let toneScale: UnsafeMutableBufferPointer<Float>
    static let steps = 4096

    init(_ transfer: HDRTransfer) {
        func table(_ value: (Double) -> Double) -> UnsafeMutableBufferPointer<Float> {
            let table = UnsafeMutableBufferPointer<Float>.allocate(capacity: Self.steps + 1)
            for step in 0...Self.steps { table[step] = Float(value(Double(step) / Double(Self.steps))) }
            return table
        }
        toLinear = table { transfer == .hlg ? ToneMapper.hlgSceneLight($0) : ToneMapper.pqLight($0) / 203 }
        toSignal = table { pow($0, 2 / 2.4) }
        hlgGain = table { 1000 / 203 * pow($0 * $0, 0.2) }
        toneScale = table { x in x > 0 ? Double(ToneMapper.toneCurve(Float(8 * x)) / Float(8 * x)) : 1 }
    }

    deinit {
        for table in [toLinear, toSignal, hlgGain, toneScale] { table.deallocate() }
    }

    /// `table` at `x` (0…1, clamped), to the nearest entry.
    @inline(__always)
    private func lookUp(_ table: UnsafeMutableBufferPointer<Float>, _ x: Float) -> Float {
        table[Int(min(max(x, 0), 1) * Float(Self.steps) + 0.5)]
    }

    /// One pixel: BT.2020 Y'CbCr (normalised) → BT.709 R'G'B' (0…1) for SDR.
    @inline(__always)
    func map(luma: Float, cb: Float, cr: Float, hlg: Bool) -> (Float, Float, Float) {
        var r = lookUp(toLinear, luma + 1.4746 * cr)
        var g = lookUp(toLinear, luma - 0.16455 * cb - 0.57135 * cr)
        var b = lookUp(toLinear, luma + 1.8814 * cb)
        if hlg {
            // The OOTF of a 1000 cd/m² display (system gamma 1.2), then reference white 203 cd/m² as 1.
            let gain = lookUp(hlgGain, (0.2627 * r + 0.6780 * g + 0.0593 * b).squareRoot())
            (r, g, b) = (r * gain, g * gain, b * gain)
        }
        // BT.2020 → BT.709 primaries; colours outside BT.709 clip at 0.
        let r709 = max(1.6605 * r - 0.5876 * g - 0.0728 * b, 0)
        let g709 = max(-0.1246 * r + 1.1329 * g - 0.0083 * b, 0)
        let b709 = max(-0.0182 * r - 0.1006 * g + 1.1187 * b, 0)
        let brightest = max(r709, g709, b709)
        let scale = brightest < 8 ? lookUp(toneScale, brightest / 8) : ToneMapper.toneCurve(brightest) / brightest
        return (
            lookUp(toSignal, min(r709 * scale, 1).squareRoot()),
            lookUp(toSignal, min(g709 * scale, 1).squareRoot()),
            lookUp(toSignal, min(b709 * scale, 1).squareRoot())
        )
    }
}
