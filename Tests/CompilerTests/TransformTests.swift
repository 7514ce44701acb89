import EDLParser
import Testing

@testable import Compiler

@Suite struct TransformTests {
    func layer(
        _ facts: MediaFacts, output: PixelSize = PixelSize(width: 1920, height: 1080),
        _ configure: (inout Item) -> Void = { _ in }
    ) throws -> Layer {
        let plan = try plan(project([track([clip("a", configure)])]) { $0.size = Located(output, at: at(1)) }, ["a": facts])
        return try #require(plan.distinctLayers.first)
    }

    func expectMaps(
        _ m: PixelTransform, _ from: (Double, Double), to: (Double, Double),
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let p = m.apply(x: from.0, y: from.1)
        #expect(
            abs(p.x - to.0) < 1e-9 && abs(p.y - to.1) < 1e-9, "\(from) → \(p), expected \(to)", sourceLocation: sourceLocation)
    }

    @Test func containLetterboxes() throws {
        let m = try layer(.video(q(1), size: PixelSize(width: 640, height: 480))).transform(at: .zero)
        expectMaps(m, (0, 0), to: (240, 0))
        expectMaps(m, (640, 480), to: (1680, 1080))
    }

    @Test func coverFillAndNone() throws {
        let facts = MediaFacts.video(q(1), size: PixelSize(width: 640, height: 480))
        let cover = try layer(facts) { $0.picture.fit = .cover }.transform(at: .zero)
        expectMaps(cover, (0, 0), to: (0, -180))
        let fill = try layer(facts) { $0.picture.fit = .fill }.transform(at: .zero)
        expectMaps(fill, (640, 480), to: (1920, 1080))
        let native = try layer(facts) { $0.picture.fit = Fit.none }.transform(at: .zero)
        expectMaps(native, (0, 0), to: (640, 300))
    }

    @Test func sizeWithAutoKeepsTheAspect() throws {
        let m = try layer(.video(q(1), size: PixelSize(width: 640, height: 480))) {
            $0.picture.size = .constant(LayerSize(width: .pixels(320), height: .auto))
            $0.picture.anchor = Vector2(0, 0)
            $0.picture.position = .constant(Point(x: .percent(10), y: .pixels(20)))
        }.transform(at: .zero)
        expectMaps(m, (0, 0), to: (192, 20))
        expectMaps(m, (640, 480), to: (512, 260))
    }

    @Test func scaleAndRotationAboutTheAnchor() throws {
        let m = try layer(.video(q(1))) {
            $0.picture.scale = .constant(Vector2(0.5, 0.5))
            $0.picture.rotation = .constant(90)
        }.transform(at: .zero)
        expectMaps(m, (960, 540), to: (960, 540))
        // The top-left corner: half size, turned clockwise a quarter: it ends top-right of centre.
        expectMaps(m, (0, 0), to: (960 + 270, 540 - 480))
    }

    @Test func autoRotationTurnsPhoneVideo() throws {
        let m = try layer(
            .video(q(1), size: PixelSize(width: 1920, height: 1080), rotation: 90),
            output: PixelSize(width: 1080, height: 1920)
        ).transform(at: .zero)
        expectMaps(m, (0, 0), to: (1080, 0))
        expectMaps(m, (1920, 1080), to: (0, 1920))
    }

    @Test func flipAndCrop() throws {
        let m = try layer(.video(q(1))) {
            $0.picture.flip = .horizontal
            $0.picture.crop = Located(.constant(Crop(left: 960, top: 0, right: 0, bottom: 540)), at: at(1))
            $0.picture.fit = .fill
        }.transform(at: .zero)
        expectMaps(m, (960, 0), to: (1920, 0))
        expectMaps(m, (1920, 540), to: (0, 1080))
        let l = try layer(.video(q(1))) {
            $0.picture.crop = Located(.constant(Crop(left: 10, top: 20, right: 30, bottom: 40)), at: at(1))
        }
        #expect(l.transform.sourceRect(at: .zero) == Rect(x: 10, y: 20, width: 1880, height: 1020))
    }

    @Test func animatedPositionMovesTheLayer() throws {
        let l = try layer(.video(q(4))) {
            $0.timing.at = time(q(0))
            $0.picture.position = .keyframes(
                [
                    Keyframe(at: RelativeTime(), value: Point(x: .pixels(0), y: .pixels(540)), location: at(2)),
                    Keyframe(at: RelativeTime(.end), value: Point(x: .percent(100), y: .pixels(540)), location: at(3)),
                ], repetition: nil)
        }
        expectMaps(l.transform(at: q(2)), (960, 540), to: (960, 540))
        expectMaps(l.transform(at: q(1)), (960, 540), to: (480, 540))
    }

    @Test func inverseUndoesTheTransform() throws {
        let m = try layer(.video(q(1))) {
            $0.picture.rotation = .constant(33)
            $0.picture.scale = .constant(Vector2(0.7, 1.3))
        }.transform(at: .zero)
        let inverse = try #require(m.inverted())
        expectMaps(m.concatenating(inverse), (123, 456), to: (123, 456))
    }
}
