import Compiler
import Testing

@testable import Backend

@Suite("Compositing: blending and masks")
struct CompositingBlendTests {
    @Test(arguments: ["yuv", "rgba", "color"])
    func halfRedOverBlueIsPurple(kind: String) {
        let canvas = Canvas.filled(Canvas.blue)
        let picture: LayerPicture
        let opacity: Double
        switch kind {
        case "yuv": (picture, opacity) = (.yuv(Canvas.filled(Canvas.red)), 0.5)
        case "rgba": (picture, opacity) = (.rgba(RGBAImage(width: 160, height: 90, red: 1, green: 0, blue: 0, alpha: 0.5)), 1)
        default: (picture, opacity) = (.color(Canvas.red, width: 160, height: 90), 0.5)
        }
        Compositor.draw(picture, transform: .identity, opacity: opacity, onto: canvas)
        for (x, y) in [(0, 0), (80, 45), (159, 89)] {
            let seen = Canvas.rgb(canvas, x, y)
            #expect(abs(seen.red - 128) <= 3 && abs(seen.green) <= 3 && abs(seen.blue - 128) <= 3, "\(kind) \(seen)")
        }
    }

    @Test func opacityRampGivesProportionalLuma() {
        for step in 0...8 {
            let canvas = Canvas.filled(.black)
            let white = RGBAImage(width: 20, height: 20, red: 1, green: 1, blue: 1)
            let opacity = Double(step) / 8
            Compositor.draw(.rgba(white), transform: .translation(x: 10, y: 10), opacity: opacity, onto: canvas)
            let expected = 16 + 219 * opacity
            #expect(abs(Double(canvas.pixel(x: 15, y: 15).y) - expected) <= 1, "opacity \(opacity)")
        }
    }

    @Test func transparentPixelsLeaveTheCanvasAlone() {
        let canvas = Canvas.gradient()
        let before = Canvas.gradient()
        let clear = RGBAImage(width: 50, height: 50)
        Compositor.draw(
            .rgba(clear), transform: PixelTransform.rotation(degrees: 30).concatenating(.translation(x: 60, y: 10)), onto: canvas)
        #expect(Canvas.identical(canvas, before))
    }

    @Test func rectangleMaskHidesTheOutside() {
        let canvas = Canvas.filled(.black)
        let mask = CompositeMask.rectangle(x0: 40, y0: 20, x1: 120, y1: 70)
        let path = Compositor.draw(.yuv(Canvas.filled(.white)), transform: .identity, mask: mask, onto: canvas)
        #expect(path == .axisAligned)
        let bounds = Canvas.changedBounds(canvas, background: 16)
        #expect(bounds?.x == 40 && bounds?.y == 20 && bounds?.width == 80 && bounds?.height == 50)
        #expect(canvas.pixel(x: 40, y: 20) == .white && canvas.pixel(x: 119, y: 69) == .white)
    }

    @Test func circleMaskHidesTheOutside() {
        let canvas = Canvas.filled(.black)
        let mask = CompositeMask.circle(cx: 80, cy: 45, radius: 20)
        #expect(Compositor.draw(.yuv(Canvas.filled(.white)), transform: .identity, mask: mask, onto: canvas) == .axisAligned)
        #expect(canvas.pixel(x: 80, y: 45) == .white)
        #expect(canvas.pixel(x: 80 + 18, y: 45) == .white)
        #expect(canvas.pixel(x: 80 + 22, y: 45).y == 16)
        #expect(canvas.pixel(x: 80 + 15, y: 45 + 15).y == 16)
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where canvas.pixel(x: x, y: y).y != 16 {
                let dx = Double(x) + 0.5 - 80
                let dy = Double(y) + 0.5 - 45
                #expect((dx * dx + dy * dy).squareRoot() < 20.5)
            }
        }
    }

    @Test func crossfadeFastPathMatchesGeneralPath() {
        let b = Canvas.gradient(seed: 7)
        for amount in [0.25, 0.5, 0.8, 1.0] {
            let fast = Canvas.gradient(seed: 1)
            #expect(
                Compositor.draw(.yuv(b), transform: .identity, opacity: amount, onto: fast)
                    == (amount < 1 ? .fullFrameBlend : .planeCopy))
            let general = Canvas.gradient(seed: 1)
            _ = Compositor.draw(
                .yuv(b), sourceRect: nil, transform: .identity, opacity: amount, mask: nil, onto: general, path: .general)
            #expect(Canvas.maxDifference(fast, general) <= 1, "amount \(amount)")
        }
    }

    @Test func axisAlignedPathMatchesGeneralPath() {
        let overlay = RGBAImage(width: 37, height: 23, red: 0.2, green: 0.9, blue: 0.4, alpha: 0.7)
        overlay.withUnsafeMutableBytes { bytes in
            for i in stride(from: 0, to: bytes.count, by: 4) {
                let a = UInt8((i / 4) % 200 + 40)
                bytes[i] = a / 3
                bytes[i + 1] = a / 2
                bytes[i + 2] = a
                bytes[i + 3] = a
            }
        }
        let transforms = [
            PixelTransform.scale(x: 1.7, y: 2.3).concatenating(.translation(x: 13.3, y: 7.6)),
            PixelTransform.scale(x: 0.6, y: 0.45).concatenating(.translation(x: 101.2, y: 50.9)),
            PixelTransform.translation(x: 31, y: 17),
            PixelTransform.flip(horizontal: false, vertical: true, width: 37, height: 23).concatenating(
                .translation(x: 3, y: 60)),
        ]
        for transform in transforms {
            let fast = Canvas.gradient()
            let general = Canvas.gradient()
            let mask = CompositeMask.rectangle(x0: 20.5, y0: 0, x1: 150, y1: 80.25)
            _ = Compositor.draw(
                .rgba(overlay), sourceRect: nil, transform: transform, opacity: 0.9, mask: mask, onto: fast, path: .axisAligned)
            _ = Compositor.draw(
                .rgba(overlay), sourceRect: nil, transform: transform, opacity: 0.9, mask: mask, onto: general, path: .general)
            #expect(Canvas.maxDifference(fast, general) <= 2, "\(transform)")
        }
    }

    @Test func opaqueRGBAReplacesChromaToo() {
        let canvas = Canvas.filled(Canvas.blue)
        let red = RGBAImage(width: 30, height: 30, red: 1, green: 0, blue: 0)
        let transform = PixelTransform.rotation(degrees: 10).concatenating(.translation(x: 60, y: 20))
        Compositor.draw(.rgba(red), transform: transform, onto: canvas)
        #expect(canvas.pixel(x: 70, y: 35) == Canvas.red)
        #expect(canvas.pixel(x: 5, y: 5) == Canvas.blue)
    }
}

@Suite("Compositing: masked whole-pixel layers")
struct CompositingMaskedShiftTests {
    @Test(arguments: [
        CompositeMask.rectangle(x0: 30.3, y0: 11.7, x1: 101.5, y1: 64.2),
        .circle(cx: 70.4, cy: 40.6, radius: 27.3),
    ])
    func maskedShiftMatchesGeneralPath(mask: CompositeMask) {
        let layer = Canvas.gradient(seed: 3)
        let overlay = RGBAImage(width: 60, height: 40, red: 0.9, green: 0.5, blue: 0.1, alpha: 0.6)
        for opacity in [1.0, 0.6] {
            for (picture, transform) in [
                (LayerPicture.yuv(layer), PixelTransform.identity), (.rgba(overlay), .translation(x: 40, y: 20)),
            ] {
                let fast = Canvas.gradient()
                let general = Canvas.gradient()
                let path = Compositor.draw(picture, transform: transform, opacity: opacity, mask: mask, onto: fast)
                #expect(path == .axisAligned)
                _ = Compositor.draw(
                    picture, sourceRect: nil, transform: transform, opacity: opacity, mask: mask, onto: general, path: .general)
                #expect(Canvas.maxDifference(fast, general) <= 1)
            }
        }
    }
}
