import Compiler
import Testing

@testable import Backend

@Suite("Compositing: placement")
struct CompositingDrawTests {
    let black: UInt8 = 16

    @Test func opaqueFullFrameLayerReplacesTheCanvasExactly() {
        let canvas = Canvas.filled(.black)
        let frame = Canvas.gradient()
        let path = Compositor.draw(.yuv(frame), transform: .identity, onto: canvas)
        #expect(path == .planeCopy)
        #expect(Canvas.identical(canvas, frame))
    }

    @Test func rectangleTranslatedLandsExactly() {
        let canvas = Canvas.filled(.black)
        let box = RGBAImage(width: 40, height: 20, red: 1, green: 1, blue: 1)
        let path = Compositor.draw(.rgba(box), transform: .translation(x: 50, y: 30), onto: canvas)
        #expect(path == .axisAligned)
        let bounds = Canvas.changedBounds(canvas, background: black)
        #expect(bounds?.x == 50 && bounds?.y == 30 && bounds?.width == 40 && bounds?.height == 20)
        #expect(canvas.pixel(x: 50, y: 30) == .white && canvas.pixel(x: 89, y: 49) == .white)
        #expect(Canvas.changedCount(canvas, background: black) == 800)
    }

    @Test func rotatedQuarterTurnAboutItsCentreIsTwentyByForty() {
        let canvas = Canvas.filled(.black)
        let box = RGBAImage(width: 40, height: 20, red: 1, green: 1, blue: 1)
        let transform = PixelTransform.translation(x: -20, y: -10)
            .concatenating(.rotation(degrees: 90))
            .concatenating(.translation(x: 70, y: 40))
        #expect(Compositor.draw(.rgba(box), transform: transform, onto: canvas) == .general)
        let bounds = Canvas.changedBounds(canvas, background: black)
        #expect(bounds?.x == 60 && bounds?.y == 20 && bounds?.width == 20 && bounds?.height == 40)
        #expect(Canvas.changedCount(canvas, background: black) == 800)
    }

    @Test func rotatedFortyFiveDegreesHasSoftEdgesAndTheSameArea() {
        let canvas = Canvas.filled(.black)
        let box = RGBAImage(width: 40, height: 40, red: 1, green: 1, blue: 1)
        let transform = PixelTransform.translation(x: -20, y: -20)
            .concatenating(.rotation(degrees: 45))
            .concatenating(.translation(x: 80, y: 45))
        Compositor.draw(.rgba(box), transform: transform, onto: canvas)
        // The diagonal of a 40-pixel square is 56.6 pixels.
        let bounds = Canvas.changedBounds(canvas, background: black)
        #expect(bounds.map { abs($0.width - 57) <= 1 && abs($0.height - 57) <= 1 } == true)
        var area = 0.0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width { area += Double(Int(canvas.pixel(x: x, y: y).y) - 16) / 219 }
        }
        #expect(abs(area - 1600) < 16)
        #expect(canvas.pixel(x: 80, y: 45) == .white)
    }

    @Test func scaledTwiceCoversFourTimesTheArea() {
        let canvas = Canvas.filled(.black)
        let box = RGBAImage(width: 40, height: 20, red: 1, green: 1, blue: 1)
        let transform = PixelTransform.scale(x: 2, y: 2).concatenating(.translation(x: 10, y: 10))
        #expect(Compositor.draw(.rgba(box), transform: transform, onto: canvas) == .axisAligned)
        let bounds = Canvas.changedBounds(canvas, background: black)
        #expect(bounds?.x == 10 && bounds?.y == 10 && bounds?.width == 80 && bounds?.height == 40)
        #expect(Canvas.changedCount(canvas, background: black) == 3200)
    }

    @Test func halfPixelOffsetBlendsTheEdgeColumn() {
        let canvas = Canvas.filled(.black)
        let box = RGBAImage(width: 10, height: 10, red: 1, green: 1, blue: 1)
        Compositor.draw(.rgba(box), transform: .translation(x: 20.5, y: 20), onto: canvas)
        #expect(abs(Int(canvas.pixel(x: 20, y: 25).y) - 126) <= 1)
        #expect(canvas.pixel(x: 21, y: 25).y == 235)
        #expect(abs(Int(canvas.pixel(x: 30, y: 25).y) - 126) <= 1)
        #expect(canvas.pixel(x: 31, y: 25).y == 16)
    }

    @Test func horizontalFlipMirrors() {
        let source = Canvas.filled(Canvas.red, width: 40, height: 20)
        let left = RGBAImage(width: 20, height: 20, red: 0, green: 0, blue: 1)
        Compositor.draw(.rgba(left), transform: .identity, onto: source)
        let flip = PixelTransform.flip(horizontal: true, vertical: false, width: 40, height: 20)
        for path in [Compositor.Path.axisAligned, .general] {
            let canvas = Canvas.filled(.black)
            let drawn = Compositor.draw(
                .yuv(source), sourceRect: nil, transform: flip.concatenating(.translation(x: 10, y: 10)),
                opacity: 1, mask: nil, onto: canvas, path: path
            )
            #expect(drawn == path)
            #expect(canvas.pixel(x: 12, y: 15) == Canvas.red)
            #expect(canvas.pixel(x: 47, y: 15) == Canvas.blue)
        }
        #expect(source.pixel(x: 2, y: 5) == Canvas.blue)
    }

    @Test func cropDrawsOnlyTheSourceRectangle() {
        let source = Canvas.filled(Canvas.red, width: 40, height: 40)
        let quadrant = RGBAImage(width: 20, height: 20, red: 0, green: 0, blue: 1)
        Compositor.draw(.rgba(quadrant), transform: .translation(x: 20, y: 0), onto: source)
        let canvas = Canvas.filled(.black)
        let crop = PixelRect(x: 20, y: 0, width: 20, height: 20)
        // Scaled up so bilinear filtering would pull in the red if clamping were wrong.
        // Even offsets, so the 2x2 chroma blocks at the corners are fully inside.
        let transform = PixelTransform.scale(x: 3, y: 3).concatenating(.translation(x: 6, y: 6))
        for path in [Compositor.Path.axisAligned, .general] {
            _ = Compositor.draw(
                .yuv(source), sourceRect: crop, transform: transform, opacity: 1, mask: nil, onto: canvas, path: path)
            let bounds = Canvas.changedBounds(canvas, background: black)
            #expect(bounds?.x == 6 && bounds?.y == 6 && bounds?.width == 60 && bounds?.height == 60)
            for (x, y) in [(6, 6), (65, 6), (6, 65), (65, 65), (36, 36)] {
                #expect(canvas.pixel(x: x, y: y) == Canvas.blue)
            }
        }
    }

    @Test func offCanvasLayersDrawNothing() {
        let canvas = Canvas.filled(.black)
        let box = RGBAImage(width: 40, height: 20, red: 1, green: 1, blue: 1)
        #expect(Compositor.draw(.rgba(box), transform: .translation(x: 200, y: 30), onto: canvas) == .nothing)
        #expect(Compositor.draw(.rgba(box), transform: .scale(x: 0, y: 1), onto: canvas) == .nothing)
        #expect(Compositor.draw(.rgba(box), transform: .identity, opacity: 0, onto: canvas) == .nothing)
        #expect(Canvas.changedBounds(canvas, background: black) == nil)
        // Partly off the canvas is clipped, not dropped.
        Compositor.draw(.rgba(box), transform: .translation(x: 140, y: -10), onto: canvas)
        let bounds = Canvas.changedBounds(canvas, background: black)
        #expect(bounds?.x == 140 && bounds?.y == 0 && bounds?.width == 20 && bounds?.height == 10)
    }
}
