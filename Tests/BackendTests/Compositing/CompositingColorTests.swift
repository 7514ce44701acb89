import Testing

@testable import Backend

@Suite("Compositing colours")
struct CompositingColorTests {
    @Test func whiteAndBlackAreLimitedRange() {
        #expect(YUVColor(red: 1, green: 1, blue: 1) == YUVColor(y: 235, u: 128, v: 128))
        #expect(YUVColor(red: 0, green: 0, blue: 0) == YUVColor(y: 16, u: 128, v: 128))
    }

    @Test func redMatchesBT709() {
        #expect(Canvas.red == YUVColor(y: 63, u: 102, v: 240))
    }

    @Test func backgroundFillCoversEveryPlane() {
        let canvas = Canvas.filled(.black)
        canvas.fill(color: Canvas.red)
        for (x, y) in [(0, 0), (159, 89), (80, 45), (1, 88)] {
            #expect(canvas.pixel(x: x, y: y) == Canvas.red)
        }
    }

    @Test func rgbRoundTrip() {
        for (r, g, b) in [(1.0, 0.0, 0.0), (0, 1, 0), (0, 0, 1), (0.5, 0.25, 0.75)] {
            let yuv = ColorMatrix.bt709.yuv(red: r, green: g, blue: b)
            let back = ColorMatrix.bt709.rgb(y: yuv.y, u: yuv.u, v: yuv.v)
            #expect(abs(back.red - r) < 1e-9 && abs(back.green - g) < 1e-9 && abs(back.blue - b) < 1e-9)
        }
    }

    @Test func rgbaBitmapConvertsToPremultipliedYUV() {
        let opaque = RGBAImage(width: 4, height: 4, red: 1, green: 0, blue: 0)
        let planes = opaque.yuvaPlanes
        #expect(planes.luma[0] == 63 && planes.u[0] == 102 && planes.v[0] == 240 && planes.alpha[0] == 255)
        let half = RGBAImage(width: 2, height: 2, red: 1, green: 1, blue: 1, alpha: 0.5)
        // Premultiplied white at alpha 128/255: Y = 235 · 128/255.
        #expect(abs(Int(half.yuvaPlanes.luma[0]) - 118) <= 1)
        #expect(half.yuvaPlanes.chromaAlpha[0] == 128)
    }

    @Test func straightAlphaIsPremultipliedOnCopy() {
        let image = RGBAImage(width: 1, height: 1)
        let straight: [UInt8] = [200, 100, 50, 128]
        straight.withUnsafeBytes { image.copyPixels(from: $0, stride: 4, premultiplied: false) }
        let p = image.pixel(x: 0, y: 0)
        #expect(p.red == 100 && p.green == 50 && p.blue == 25 && p.alpha == 128)
    }
}
