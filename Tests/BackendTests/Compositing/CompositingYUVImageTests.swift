import Testing

@testable import Backend

@Suite("YUV images")
struct CompositingYUVImageTests {
    @Test func planeSizesRoundChromaUp() {
        let image = YUVImage(width: 161, height: 91)
        #expect(image.chromaWidth == 81 && image.chromaHeight == 46)
        #expect(image.lumaStride >= 161 && image.chromaStride >= 81)
    }

    @Test func copyPlanesInAndOutWithForeignStrides() {
        let source = Canvas.gradient(width: 33, height: 17)
        let strides = (40, 24, 24)
        var y = [UInt8](repeating: 0, count: 40 * 17)
        var u = [UInt8](repeating: 0, count: 24 * 9)
        var v = [UInt8](repeating: 0, count: 24 * 9)
        y.withUnsafeMutableBytes { yb in
            u.withUnsafeMutableBytes { ub in
                v.withUnsafeMutableBytes { vb in
                    source.copyPlanes(to: yb, yStride: strides.0, u: ub, uStride: strides.1, v: vb, vStride: strides.2)
                }
            }
        }
        let copy = YUVImage(width: 33, height: 17)
        y.withUnsafeBytes { yb in
            u.withUnsafeBytes { ub in
                v.withUnsafeBytes { vb in
                    copy.copyPlanes(from: yb, yStride: strides.0, u: ub, uStride: strides.1, v: vb, vStride: strides.2)
                }
            }
        }
        #expect(Canvas.identical(source, copy))
        #expect(y[40 * 3 + 5] == source.pixel(x: 5, y: 3).y)
    }

    @Test func aFrameSharingThePlanesKeepsThemAsTheyWereWhileThePictureIsDrawnOnAgain() throws {
        let red = YUVColor(red: 1, green: 0, blue: 0)
        let blue = YUVColor(red: 0, green: 0, blue: 1)
        let image = YUVImage(width: 33, height: 17, color: red)
        let frame = try Frame()
        try frame.referencePlanes(of: image)
        let shared = image.planes.base
        image.fill(color: blue)
        // The frame, as an encoder holding it would, still reads red; the picture is blue on a copy.
        let corner = try frame.withPlanes { planes in
            planes.enumerated().map { index, plane in
                index == 0 ? plane.bytes[plane.lineSize * 16 + 32] : plane.bytes[plane.lineSize * 8 + 16]
            }
        }
        #expect(corner == [red.y, red.u, red.v])
        #expect(image.pixel(x: 32, y: 16) == blue)
        #expect(image.planes.base != shared)
        // Once no frame holds them, the planes are drawn on where they are.
        frame.release()
        let own = image.planes.base
        image.fill(color: red)
        #expect(image.planes.base == own)
        #expect(image.pixel(x: 32, y: 16) == red)
    }
}
