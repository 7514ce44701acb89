import EDLParser
import Foundation
import Testing

@testable import Backend
@testable import Compiler

/// The built-in shader transitions: exactly the outgoing picture at progress 0,
/// exactly the incoming one at 1, and in between the colours their definitions
/// give at probe pixels (two flat pictures, so only the mix shows).
@Suite struct ShaderTransitionTests {
    static let (width, height) = (64, 36)
    static let outgoing = (0.9, 0.5, 0.1)
    static let incoming = (0.1, 0.3, 0.8)

    static let kinds: [TransitionKind] = TransitionKind.allCases.filter {
        TransitionShaders.isShader($0)
    }

    /// A kind's frame, through the passes the backend draws it with, or with `reads`
    /// (a file's code reads nothing more than as written).
    func run(
        _ kind: TransitionKind, from: YUVImage, to: YUVImage, progress: Double, reads: TransitionShaders.Reads? = nil
    ) throws -> YUVImage {
        let context = try ShadingContext()
        let code = TransitionShaders.code(kind)
        let programs = try context.transitionPrograms(code, reads: reads ?? TransitionShaders.reads(kind))
        let output = YUVImage(width: from.width, height: from.height)
        try context.transition(
            programs, from: from, to: to, into: output,
            uniforms: ["progress": .float(Float(progress)), "ratio": .float(Float(from.width) / Float(from.height))])
        return output
    }

    @Test(arguments: kinds) func startsAtTheOutgoingPictureAndEndsAtTheIncomingOne(_ kind: TransitionKind) throws {
        let from = ShadingContextTests.noise(width: 64, height: 36, seed: 7)
        let to = ShadingContextTests.noise(width: 64, height: 36, seed: 8)
        // In gamut: a noise picture's colours are clamped by transitions that clamp.
        let (a, b) = (Self.flat(Self.outgoing), Self.flat(Self.incoming))
        #expect(ShadingContextTests.differences(try run(kind, from: a, to: b, progress: 0), a) == 0)
        #expect(ShadingContextTests.differences(try run(kind, from: a, to: b, progress: 1), b) == 0)
        if kind != .burn {
            #expect(ShadingContextTests.differences(try run(kind, from: from, to: to, progress: 0), from) == 0)
            #expect(ShadingContextTests.differences(try run(kind, from: from, to: to, progress: 1), to) == 0)
        }
    }

    /// A kind that mixes whole colours reads one texture a pass, and one that reads
    /// only the pixel it draws reads it by texel: its frames are a file's with the
    /// same code, read as written (within a code value's rounding).
    @Test(arguments: kinds.filter { TransitionShaders.reads($0) != TransitionShaders.Reads() })
    func aKindDrawsWhatItsCodeDrawsAsAFile(_ kind: TransitionKind) throws {
        let from = ShadingContextTests.noise(width: 64, height: 36, seed: 3)
        let to = ShadingContextTests.noise(width: 64, height: 36, seed: 4)
        for progress in [0.3, 0.5, 0.8] {
            let fast = try run(kind, from: from, to: to, progress: progress)
            let full = try run(kind, from: from, to: to, progress: progress, reads: TransitionShaders.Reads())
            let off = zip(ShadingContextTests.planes(fast), ShadingContextTests.planes(full)).map { a, b in
                zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
            }
            #expect(off.max() ?? 0 <= 1, "\(kind) at \(progress): \(off)")
        }
    }

    static func flat(_ rgb: (Double, Double, Double)) -> YUVImage {
        YUVImage(width: width, height: height, color: YUVColor(red: rgb.0, green: rgb.1, blue: rgb.2))
    }

    /// Probes: a pixel (as x, y from the top left) and the incoming picture's
    /// weight per channel there, at a progress, from each definition.
    static func smoothstep(_ e0: Double, _ e1: Double, _ x: Double) -> Double {
        let t = min(max((x - e0) / (e1 - e0), 0), 1)
        return t * t * (3 - 2 * t)
    }

    static let probes: [(TransitionKind, Double, [(x: Int, y: Int, weight: (Double, Double, Double))])] = [
        (.colorPhase, 0.5, [(10, 10, (smoothstep(0, 0.6, 0.5), smoothstep(0.2, 0.8, 0.5), smoothstep(0.4, 1, 0.5)))]),
        (.crosszoom, 0.3, [(32, 18, (smoothstep(0, 1, 0.3), smoothstep(0, 1, 0.3), smoothstep(0, 1, 0.3)))]),
        (.dreamyZoom, 0.45, [(20, 20, (smoothstep(0.4, 0.6, 0.45), smoothstep(0.4, 0.6, 0.45), smoothstep(0.4, 0.6, 0.45)))]),
        // uv (0.5078, 0.5139): along = 0.5030, m = (0.75 − along) / 0.5.
        (.directionalWarp, 0.5, [(32, 17, ((0.75 - 0.50304) / 0.5, (0.75 - 0.50304) / 0.5, (0.75 - 0.50304) / 0.5))]),
        (.linearBlur, 0.3, [(32, 18, (0.3, 0.3, 0.3))]),
        (.simpleZoom, 0.4, [(5, 5, (0.4, 0.4, 0.4))]),
        (.ripple, 0.6, [(50, 10, (0.6, 0.6, 0.6))]),
        (.swirl, 0.7, [(30, 20, (0.7, 0.7, 0.7))]),
        (.pixelize, 0.2, [(12, 30, (0.2, 0.2, 0.2))]),
        // Upper right of twelve o'clock is swept first; upper left last.
        (.radial, 0.25, [(48, 2, (1, 1, 1)), (16, 2, (0, 0, 0)), (48, 34, (0, 0, 0))]),
        // The left door at x = 0.1 still shows; at x = 0.4 it has opened.
        (.doorway, 0.5, [(6, 18, (0, 0, 0)), (25, 18, (1, 1, 1)), (58, 18, (0, 0, 0))]),
        (.pushUp, 0.25, [(10, 2, (0, 0, 0)), (10, 33, (1, 1, 1))]),
        (.pushDown, 0.25, [(10, 2, (1, 1, 1)), (10, 33, (0, 0, 0))]),
    ]

    @Test func probePixelsFollowEachDefinition() throws {
        let (a, b) = (Self.flat(Self.outgoing), Self.flat(Self.incoming))
        let (ra, ga, ba) = Self.outgoing
        let (rb, gb, bb) = Self.incoming
        for (kind, progress, points) in Self.probes {
            let output = try run(kind, from: a, to: b, progress: progress)
            for point in points {
                let w = point.weight
                let expected = YUVColor(red: ra + (rb - ra) * w.0, green: ga + (gb - ga) * w.1, blue: ba + (bb - ba) * w.2)
                Self.expectClose(
                    output.pixel(x: point.x, y: point.y), expected, "\(kind) at \(progress) (\(point.x), \(point.y))")
            }
        }
        // Greys cross halfway: the mean of the two lumas, no colour.
        let grey = 0.5 * (0.2126 * ra + 0.7152 * ga + 0.0722 * ba) + 0.5 * (0.2126 * rb + 0.7152 * gb + 0.0722 * bb)
        Self.expectClose(
            try run(.fadeGrayscale, from: a, to: b, progress: 0.5).pixel(x: 3, y: 3),
            YUVColor(red: grey, green: grey, blue: grey), "fade-grayscale at 0.5")
        // Both glow by half the orange, then mix.
        let glow = (0.9 * 0.5, 0.4 * 0.5, 0.2 * 0.5)
        Self.expectClose(
            try run(.burn, from: a, to: b, progress: 0.5).pixel(x: 3, y: 3),
            YUVColor(
                red: min(1, (ra + rb) / 2 + glow.0), green: min(1, (ga + gb) / 2 + glow.1), blue: min(1, (ba + bb) / 2 + glow.2)),
            "burn at 0.5")
    }

    /// `cube` and `page-curl` dim, whiten or leave black, so their probes give colours.
    @Test func cubeAndPageCurlProbesFollowTheirGeometry() throws {
        let (a, b) = (Self.flat(Self.outgoing), Self.flat(Self.incoming))
        func scaled(_ rgb: (Double, Double, Double), _ k: Double) -> YUVColor {
            YUVColor(red: rgb.0 * k, green: rgb.1 * k, blue: rgb.2 * k)
        }
        let back = YUVColor(
            red: 0.25 * Self.outgoing.0 + 0.75, green: 0.25 * Self.outgoing.1 + 0.75, blue: 0.25 * Self.outgoing.2 + 0.75)
        // The box seen from 2.3 widths at a quarter turn: each face dims to 0.6 + 0.4 cos 45°.
        // The near edge stands in the middle, 1 / 1.062 of the height tall; the far
        // edges at x = 0.039 and 0.961 (the ray meets them 1.533 times further).
        let halfway = try run(.cube, from: a, to: b, progress: 0.5)
        let turned = 0.6 + 0.4 * 0.5.squareRoot()
        Self.expectClose(halfway.pixel(x: 16, y: 18), scaled(Self.outgoing, turned), "cube at 0.5, left face")
        Self.expectClose(halfway.pixel(x: 48, y: 18), scaled(Self.incoming, turned), "cube at 0.5, right face")
        for (x, y) in [(1, 18), (62, 18), (31, 0), (3, 2)] {
            Self.expectClose(halfway.pixel(x: x, y: y), .black, "cube at 0.5, around the box at (\(x), \(y))")
        }
        // An eighth of a turn, from 2.21 widths: the faces meet at x = 0.760 and the right
        // face's far edge is at x = 0.895.
        let eighth = try run(.cube, from: a, to: b, progress: 0.25)
        let (c, s) = (cos(Double.pi / 8), sin(Double.pi / 8))
        Self.expectClose(eighth.pixel(x: 44, y: 18), scaled(Self.outgoing, 0.6 + 0.4 * c), "cube at 0.25, front face")
        Self.expectClose(eighth.pixel(x: 54, y: 18), scaled(Self.incoming, 0.6 + 0.4 * s), "cube at 0.25, right face")
        Self.expectClose(eighth.pixel(x: 60, y: 18), .black, "cube at 0.25, past the box")

        // The page: along the diagonal towards the bottom right corner, the fold halfway
        // between the corner (1.5495) and past the top left one (−0.4903 − 0.2).
        let ratio = Double(Self.width) / Double(Self.height)
        let length = (ratio * ratio + 1).squareRoot()
        let fold = (ratio * ratio / length + (-1 / length - 0.2)) / 2
        /// At a point in pixels from the top left (a pixel's centre is at + 0.5).
        func along(_ x: Double, _ y: Double) -> Double {
            let u = x / Double(Self.width)
            let v = 1 - y / Double(Self.height)
            return (u * ratio * ratio - v) / length
        }
        func along(_ x: Int, _ y: Int) -> Double { along(Double(x) + 0.5, Double(y) + 0.5) }
        let curl = try run(.pageCurl, from: a, to: b, progress: 0.5)
        // Past the roll and its shadow, and the page's flat top left, untouched.
        Self.expectClose(curl.pixel(x: 60, y: 33), ShaderTransitionTests.flatColor(Self.incoming), "page-curl: uncovered")
        Self.expectClose(curl.pixel(x: 3, y: 3), ShaderTransitionTests.flatColor(Self.outgoing), "page-curl: flat page")
        // Before the fold, the part rolled over lies on the page, back up.
        #expect(along(24, 18) < fold)
        Self.expectClose(curl.pixel(x: 24, y: 18), back, "page-curl: rolled over")
        // In the shadow just past the roll, which darkens fast: chroma is taken at
        // the centre of its 2×2 block, (33, 19), luma at the pixel's.
        func shadowed(_ along: Double) -> YUVColor {
            let t = (along - fold - 0.1) / 0.1
            #expect(t > 0 && t < 1)
            return scaled(Self.incoming, 1 - 0.4 * (1 - t * t * (3 - 2 * t)))
        }
        let (luma, chroma) = (shadowed(along(32, 18)), shadowed(along(33.0, 19.0)))
        Self.expectClose(curl.pixel(x: 32, y: 18), YUVColor(y: luma.y, u: chroma.u, v: chroma.v), "page-curl: shadow")
        // On the roll at the bottom edge, whose top part is past the page's edge: its front, dimmed.
        let lift = along(20, 35) - fold
        #expect(lift > 0 && lift < 0.1)
        Self.expectClose(
            curl.pixel(x: 20, y: 35), scaled(Self.outgoing, 0.6 + 0.4 * cos(asin(lift / 0.1))), "page-curl: the roll's front")
    }

    /// `linear-blur` and `crosszoom` average four copies of the pictures: where one of
    /// the four reads lands on a white line, a quarter of its light shows.
    @Test func theBlursAverageFourCopies() throws {
        let quarter = UInt8((16 + 219.0 / 4).rounded())
        // Halfway, linear-blur reads 0.08 of the width apart × (−1/2, −1/6, 1/6, 1/2): whole
        // pixels at 150 wide (−6, −2, 2, 6), so the line at x = 75 shows at 81, 77, 73, 69.
        let line = Self.line(at: 75, width: 150, height: 8)
        let blurred = try run(.linearBlur, from: line, to: line, progress: 0.5)
        #expect((60..<91).map { blurred.pixel(x: $0, y: 4).y } == (60..<91).map { [69, 73, 77, 81].contains($0) ? quarter : 16 })
        // Halfway, crosszoom reads at 1, 0.9, 0.8 and 0.7 of a pixel's distance from the
        // middle: at 61 wide, 10 pixels right of the middle one (30) it reads 10, 9, 8, 7.
        let zoomLine = Self.line(at: 37, width: 61, height: 9)
        let zoomed = try run(.crosszoom, from: zoomLine, to: zoomLine, progress: 0.5)
        #expect(zoomed.pixel(x: 40, y: 4).y == quarter)
    }

    /// Black but for a white column `x` pixels from the left.
    static func line(at x: Int, width: Int, height: Int) -> YUVImage {
        let image = YUVImage(width: width, height: height, color: .black)
        image.withUnsafeMutablePlane(.y) { luma in
            for row in 0..<height { luma[row * image.lumaStride + x] = 235 }
        }
        return image
    }

    static func flatColor(_ rgb: (Double, Double, Double)) -> YUVColor { YUVColor(red: rgb.0, green: rgb.1, blue: rgb.2) }

    static func expectClose(_ found: YUVColor, _ expected: YUVColor, _ what: String) {
        let off = max(
            abs(Int(found.y) - Int(expected.y)), abs(Int(found.u) - Int(expected.u)), abs(Int(found.v) - Int(expected.v)))
        #expect(off <= 1, "\(what): \(found), expected \(expected)")
    }
}
