import Compiler
import EDLParser
import Foundation
import TestSupport
import Testing

@testable import Backend

/// What a viewer sees in the rendered pictures: blends, opacity, where a layer
/// lands, rotation metadata, letterboxing. Outputs are lossless H.264 (crf 0).
@Suite struct RenderPictureTests {
    let media: RenderMedia

    init() throws { media = try RenderMedia.get() }

    private func expectColor(
        _ picture: DecodedPicture, at point: (Int, Int), _ expected: (Double, Double, Double),
        within tolerance: Double, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let c = picture.rgb(point.0, point.1)
        let close =
            abs(c.red - expected.0) <= tolerance && abs(c.green - expected.1) <= tolerance
            && abs(c.blue - expected.2) <= tolerance
        #expect(close, "RGB at \(point) is \(c), expected \(expected) ± \(tolerance)", sourceLocation: sourceLocation)
    }

    /// Motion graphics come with an alpha channel in one of these carriers: where
    /// the overlay is transparent the background shows, where opaque the overlay.
    /// 10-bit sources (HEVC Main 10, ProRes 4:2:2 10-bit) show the same levels as
    /// an 8-bit source of the same colours.
    @Test(arguments: [
        ["-c:v", "libx265", "-pix_fmt", "yuv420p10le", "-x265-params", "log-level=error"],
        ["-c:v", "prores_ks", "-pix_fmt", "yuv422p10le"],
    ])
    func tenBitSourcesShowTheLevelsOfEightBitOnes(_ encoding: [String]) throws {
        let workspace = try RenderWorkspace()
        func luma(_ options: [String], _ name: String) throws -> (dark: Int, light: Int) {
            let source = workspace.directory + "/" + name
            try MediaFixtures.ffmpeg(
                ["-f", "lavfi", "-i", "color=c=0x404040:s=160x90:r=25:d=1,drawbox=x=80:y=0:w=80:h=90:color=0xc0c0c0:t=fill"]
                    + options + [source])
            let output = try workspace.render(
                """
                cutlist: 1
                output: { path: \(name).mp4, video: { crf: 0 } }
                tracks:
                  - items:
                      - source: "\(source)"
                """)
            let picture = try #require(try RenderOutput.pictures(output).first)
            return (picture.y(40, 45), picture.y(120, 45))
        }
        let eight = try luma(["-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p"], "eight.mp4")
        let ten = try luma(encoding, "ten.\(encoding[1] == "prores_ks" ? "mov" : "mp4")")
        #expect(abs(ten.dark - eight.dark) <= 1 && abs(ten.light - eight.light) <= 1, "\(ten) against \(eight)")
        #expect(eight.light - eight.dark > 100)
    }

    @Test(arguments: [
        ("webm", ["-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-auto-alt-ref", "0"]),  // VP9 with alpha_mode=1
        ("mov", ["-c:v", "qtrle", "-pix_fmt", "argb"]),  // QuickTime Animation
        ("mov", ["-c:v", "prores_ks", "-profile:v", "4444", "-pix_fmt", "yuva444p10le"]),  // ProRes 4444
        ("gif", ["-filter_complex", "split[a][b];[a]palettegen=reserve_transparent=1[p];[b][p]paletteuse=alpha_threshold=128"]),
        ("apng", ["-c:v", "apng"]),  // animated PNG
    ])
    func videoWithAlphaIsDrawnTransparent(_ container: String, _ encoding: [String]) throws {
        let workspace = try RenderWorkspace()
        // Red everywhere, opaque only in a 40x30 box at the top left.
        let overlay = workspace.directory + "/overlay.\(container)"
        try MediaFixtures.ffmpeg(
            [
                "-f", "lavfi", "-i",
                "color=c=black:s=160x90:r=25:d=1,format=rgba,geq=r=255:g=0:b=0:a='if(lt(X\\,40)*lt(Y\\,30)\\,255\\,0)'",
            ] + encoding + [overlay])
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 160x90, fps: 25, background: blue, video: { crf: 0 } }
            tracks:
              - items:
                  - source: "\(overlay)"
            """)
        let picture = try #require(try RenderOutput.pictures(output).first)
        let inside = picture.rgb(20, 15)
        let outside = picture.rgb(120, 60)
        #expect(inside.red > 240 && inside.blue < 15, "\(inside)")
        #expect(outside.blue > 240 && outside.red < 15, "\(outside)")
    }

    /// An animated WebP (stickers; FFmpeg 5.1 cannot decode it, libwebp does)
    /// plays its frames at their times, transparent where they are: four frames of
    /// 250 ms (red, green, blue, black) opaque on their left half only, each shown
    /// for two frames of an 8 fps output over white.
    @Test func animatedWebPShowsEachFrameForItsDurationWithItsAlpha() throws {
        let workspace = try RenderWorkspace()
        let sticker = workspace.directory + "/sticker.webp"
        try MediaFixtures.ffmpeg([
            "-f", "lavfi", "-i",
            "color=c=black:s=32x16:r=4:d=1,format=rgba,"
                + "geq=r='if(eq(N\\,0)\\,255\\,0)':g='if(eq(N\\,1)\\,255\\,0)':b='if(eq(N\\,2)\\,255\\,0)'"
                + ":a='if(lt(X\\,16)\\,255\\,0)'",
            "-c:v", "libwebp_anim", "-lossless", "1", sticker,
        ])
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 32x16, fps: 8, background: white, video: { crf: 0 } }
            tracks:
              - items:
                  - source: "\(sticker)"
            """)
        let pictures = try RenderOutput.pictures(output)
        let colours = pictures.map { picture -> String in
            let c = picture.rgb(6, 8)
            return c.red > 200 ? "red" : c.green > 200 ? "green" : c.blue > 200 ? "blue" : c.red < 30 ? "black" : "\(c)"
        }
        #expect(colours == ["red", "red", "green", "green", "blue", "blue", "black", "black"])
        #expect(pictures.allSatisfy { $0.y(26, 8) > 230 }, "the transparent half shows the white background")
    }

    /// Gradients (SPEC 15): the colours at their ends and midway, in each direction
    /// and shape, and transparent stops showing what is below.
    @Test func gradientsShowTheirColoursWhereTheirStopsAre() throws {
        let workspace = try RenderWorkspace()
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 160x90, fps: 1, video: { crf: 0 } }
            tracks:
              - items:
                  - { color: red, duration: 4s }
              - items:
                  - { gradient: linear, colors: [red, blue], duration: 1s }
                  - { gradient: linear, angle: 90, colors: [red, blue], duration: 1s }
                  - { gradient: radial, radius: 40, colors: [white, black], duration: 1s }
                  - { gradient: linear, colors: ["#0000ff00", blue], duration: 1s }
            """)
        let pictures = try RenderOutput.pictures(output)
        try #require(pictures.count == 4)
        expectColor(pictures[0], at: (1, 45), (255, 0, 0), within: 12)
        expectColor(pictures[0], at: (80, 45), (128, 0, 128), within: 12)
        expectColor(pictures[0], at: (158, 45), (0, 0, 255), within: 12)
        expectColor(pictures[1], at: (80, 1), (255, 0, 0), within: 12)
        expectColor(pictures[1], at: (80, 88), (0, 0, 255), within: 12)
        expectColor(pictures[2], at: (80, 45), (255, 255, 255), within: 12)
        expectColor(pictures[2], at: (100, 45), (128, 128, 128), within: 12)
        expectColor(pictures[2], at: (130, 45), (0, 0, 0), within: 12)
        // Transparent blue to blue over red: red, half and half, blue.
        expectColor(pictures[3], at: (1, 45), (255, 0, 0), within: 12)
        expectColor(pictures[3], at: (80, 45), (128, 0, 128), within: 12)
        expectColor(pictures[3], at: (158, 45), (0, 0, 255), within: 12)
    }

    /// Named positions put layers against the frame's edges and corners, inset by
    /// their margin: a 40x20 box at top-left (10 px in), bottom-right (10% of 90 =
    /// 9 px in) and top (flush).
    @Test func namedPositionsSitAgainstTheirEdges() throws {
        let workspace = try RenderWorkspace()
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 160x90, fps: 25, background: black, video: { crf: 0 } }
            tracks:
              - items: [{ color: red, size: [40, 20], fit: fill, position: top-left, margin: 10, duration: 0.04s }]
              - items: [{ color: blue, size: [40, 20], fit: fill, position: bottom-right, margin: "10%", duration: 0.04s }]
              - items: [{ color: lime, size: [40, 20], fit: fill, position: top, duration: 0.04s }]
            """)
        let picture = try #require(try RenderOutput.pictures(output).first)
        expectColor(picture, at: (11, 11), (255, 0, 0), within: 20)
        expectColor(picture, at: (48, 28), (255, 0, 0), within: 20)
        expectColor(picture, at: (8, 8), (0, 0, 0), within: 20)
        expectColor(picture, at: (149, 79), (0, 0, 255), within: 20)
        expectColor(picture, at: (112, 62), (0, 0, 255), within: 20)
        expectColor(picture, at: (152, 83), (0, 0, 0), within: 20)
        expectColor(picture, at: (80, 1), (0, 255, 0), within: 20)
        expectColor(picture, at: (80, 22), (0, 0, 0), within: 20)
    }

    /// `filters:` (SPEC 15): a blur widens a sharp edge by about its size (a
    /// Gaussian of σ rises from 10% to 90% over 2.56 σ), and the colour filters
    /// turn red to green (hue 120), to grey (saturation 0), black to mid-grey
    /// (brightness 0.5).
    @Test func filtersBlurEdgesAndChangeColours() throws {
        let workspace = try RenderWorkspace()
        let edge = workspace.directory + "/edge.png"
        try MediaFixtures.ffmpeg([
            "-f", "lavfi", "-i", "color=white:size=160x90,drawbox=x=80:y=0:w=80:h=90:color=black:t=fill", "-frames:v", "1", edge,
        ])
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 160x90, fps: 1, video: { crf: 0 } }
            tracks:
              - items:
                  - { source: "\(edge)", duration: 1s, filters: [{ blur: 8 }] }
                  - { color: red, duration: 1s, filters: [{ hue: 120 }] }
                  - { color: red, duration: 1s, filters: [{ saturation: 0 }] }
                  - { color: black, duration: 1s, filters: [{ brightness: 0.5 }] }
              - filters: [{ saturation: 0 }]
                items: [{ color: blue, duration: 1s, at: 4s, size: [40, 20] }]
            """)
        let pictures = try RenderOutput.pictures(output)
        try #require(pictures.count == 5)
        // A track's filters apply to its items: the blue box is grey.
        let box = pictures[4].rgb(80, 45)
        #expect(abs(box.red - box.blue) < 8 && abs(box.green - box.blue) < 8, "\(box)")
        let row = (0..<160).map { pictures[0].y($0, 45) }
        let (high, low) = (Double(row[0]), Double(row[159]))
        let rise = { (fraction: Double) in row.firstIndex { Double($0) < high - fraction * (high - low) } ?? 0 }
        let width = rise(0.9) - rise(0.1)
        #expect((16...26).contains(width), "the edge spreads over \(width) px: \(row)")
        // Turned in the Cb/Cr plane, red keeps its luma: a darker green.
        let turned = pictures[1].rgb(80, 45)
        #expect(turned.green > 90 && turned.green > turned.red + 90 && turned.green > turned.blue + 90, "\(turned)")
        let grey = pictures[2].rgb(80, 45)
        #expect(abs(grey.red - grey.green) < 6 && abs(grey.green - grey.blue) < 6 && grey.red > 40, "\(grey)")
        expectColor(pictures[3], at: (80, 45), (128, 128, 128), within: 12)
    }

    /// A `lut` filter (a `.cube` file) that swaps red and blue: a red colour
    /// comes out blue, a clip's red card blue, and a broken file is an error at
    /// the item. It applies where it stands among the other filters.
    @Test func aLUTThatSwapsRedAndBlue() throws {
        let workspace = try RenderWorkspace()
        var cube = "TITLE \"swap red and blue\"\nLUT_3D_SIZE 2\n"
        for b in 0...1 { for g in 0...1 { for r in 0...1 { cube += "\(b) \(g) \(r)\n" } } }
        try cube.write(toFile: workspace.directory + "/swap.cube", atomically: true, encoding: .utf8)
        try "LUT_3D_SIZE 2\n0 0 0\n".write(toFile: workspace.directory + "/short.cube", atomically: true, encoding: .utf8)
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 160x90, fps: 1, video: { crf: 0 } }
            tracks:
              - items:
                  - { color: red, duration: 1s, filters: [{ lut: swap.cube }] }
                  - { source: "\(media.indexClip)", duration: 1s, filters: [{ saturation: 0 }, { brightness: 0.2 }, { lut: swap.cube }] }
                  - { color: red, duration: 1s, filters: [{ hue: 120 }, { lut: swap.cube }] }
            """)
        let pictures = try RenderOutput.pictures(output)
        try #require(pictures.count == 3)
        expectColor(pictures[0], at: (80, 45), (0, 0, 255), within: 12)
        // Grey stays grey through a swap of red and blue.
        let grey = pictures[1].rgb(80, 45)
        #expect(abs(grey.red - grey.blue) < 8 && abs(grey.red - grey.green) < 8, "\(grey)")
        // Turned to green first, which the swap leaves green (the other order would give red).
        let last = pictures[2].rgb(80, 45)
        #expect(last.green > last.red + 60 && last.green > last.blue + 60, "\(last)")
        let broken = """
            cutlist: 1
            output: { path: broken.mp4, size: 160x90, fps: 1 }
            tracks:
              - items: [{ color: red, duration: 1s, filters: [{ lut: short.cube }] }]
            """
        #expect(throws: RenderFailure.self) { try workspace.render(broken) }
    }

    /// `fit: contain-blur`: a portrait clip (red left half, blue right) fitted
    /// in the middle, sharp, over a blurred copy of itself filling the frame,
    /// whose colours follow the picture: red on the left, blue on the right.
    @Test func containBlurFillsTheSidesWithTheBlurredPicture() throws {
        let workspace = try RenderWorkspace()
        let portrait = workspace.directory + "/portrait.mp4"
        try MediaFixtures.ffmpeg(
            [
                "-f", "lavfi", "-i", "color=red:size=180x320:rate=25:duration=1,drawbox=x=90:y=0:w=90:h=320:color=blue:t=fill",
                "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv444p", portrait,
            ])
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 320x180, fps: 25, video: { crf: 0 } }
            tracks:
              - items: [{ source: "\(portrait)", fit: contain-blur, duration: 0.04s }]
            """)
        let picture = try #require(try RenderOutput.pictures(output).first)
        // The sides: the blurred cover copy, red on the left and blue on the right.
        let (left, right) = (picture.rgb(10, 90), picture.rgb(310, 90))
        #expect(left.red > 150 && left.blue < 100, "\(left)")
        #expect(right.blue > 150 && right.red < 100, "\(right)")
        // The middle: the picture itself, 101 px wide, its edge sharp at x = 160.
        expectColor(picture, at: (156, 90), (255, 0, 0), within: 40)
        expectColor(picture, at: (164, 90), (0, 0, 255), within: 40)
    }

    /// `fit: contain-blur` with `size` frames the picture in its own box: the
    /// box (80x80, its top-right corner at 310,10) holds the portrait clip
    /// contained, 36x80, over a blurred copy covering the box and cut to it; the
    /// white background shows everywhere else.
    @Test func containBlurWithSizeFillsTheItemsOwnBox() throws {
        let workspace = try RenderWorkspace()
        let portrait = workspace.directory + "/portrait.mp4"
        // Red left half, blue right half, a green band along the top.
        try MediaFixtures.ffmpeg(
            [
                "-f", "lavfi", "-i",
                "color=red:size=180x400:rate=25:duration=1,drawbox=x=90:y=0:w=90:h=400:color=blue:t=fill,"
                    + "drawbox=x=0:y=0:w=180:h=60:color=lime:t=fill",
                "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv444p", portrait,
            ])
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 320x180, fps: 25, video: { crf: 0 } }
            tracks:
              - items: [{ color: white, duration: 0.04s }]
              - items:
                  - { source: "\(portrait)", fit: contain-blur, size: [80, 80], anchor: [1, 0], position: [310, 10], duration: 0.04s }
            """)
        let picture = try #require(try RenderOutput.pictures(output).first)
        // Outside the box: the background.
        for point in [(200, 50), (270, 150), (315, 50), (100, 100)] {
            expectColor(picture, at: point, (255, 255, 255), within: 6)
        }
        // Inside the box, beside the picture: the blurred copy, cut to the box (its green band cut away).
        let (left, right) = (picture.rgb(236, 50), picture.rgb(304, 50))
        #expect(left.red > 150 && left.blue < 100 && left.green < 100, "\(left)")
        #expect(right.blue > 150 && right.red < 100 && right.green < 100, "\(right)")
        let corner = picture.rgb(236, 15)
        #expect(corner.red > 150 && corner.green < 100, "\(corner)")
        // The picture itself, contained: its green band at the top, its halves sharp at x = 270.
        let band = picture.rgb(260, 15)
        #expect(band.green > 180 && band.red < 60 && band.blue < 60, "\(band)")
        expectColor(picture, at: (266, 60), (255, 0, 0), within: 40)
        expectColor(picture, at: (274, 60), (0, 0, 255), within: 40)
    }

    /// An SVG is a still picture like a PNG: `defaults.image` gives it its
    /// length and its fit (stretched here), and libavcodec's librsvg draws it.
    @Test func anSVGIsAnImageThatImageDefaultsApplyTo() throws {
        let workspace = try RenderWorkspace()
        try """
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">
          <rect width="20" height="20" fill="#ff0000"/><rect x="20" width="20" height="20" fill="#0000ff"/>
        </svg>
        """.write(toFile: workspace.directory + "/logo.svg", atomically: true, encoding: .utf8)
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 160x90, fps: 25, video: { crf: 0 } }
            defaults:
              image: { duration: 0.2s, fit: fill }
            tracks:
              - items: [{ source: logo.svg }]
            """)
        let pictures = try RenderOutput.pictures(output)
        #expect(pictures.count == 5)
        let picture = try #require(pictures.first)
        expectColor(picture, at: (40, 4), (255, 0, 0), within: 12)
        expectColor(picture, at: (120, 86), (0, 0, 255), within: 12)
    }

    /// `fade_in` and `fade_out` on a clip fade its picture from and to what is
    /// below it (here the black background) and its sound from and to silence.
    @Test func fadesOnAClipFadeItsPictureAndItsSound() throws {
        let workspace = try RenderWorkspace()
        let clip = workspace.directory + "/white.mov"
        try MediaFixtures.ffmpeg(
            [
                "-f", "lavfi", "-i", "color=white:size=160x90:rate=25:duration=2", "-f", "lavfi", "-i",
                "sine=frequency=440:sample_rate=48000:duration=2", "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv444p",
                "-c:a", "pcm_s16le", clip,
            ])
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mov, size: 160x90, fps: 25, video: { crf: 0 }, audio: { codec: pcm_s16le, channels: 1 } }
            tracks:
              - items: [{ source: white.mov, fade_in: 1s, fade_out: 0.5s }]
            """)
        let pictures = try RenderOutput.pictures(output)
        try #require(pictures.count == 50)
        // Opacity 0, 0.48, 1 and 0.08 (frames 0, 12, 30 and 49): white over black.
        for (frame, level) in [(0, 0.0), (12, 0.48), (30, 1), (49, 0.08)] {
            let value = 255 * level
            expectColor(pictures[frame], at: (80, 45), (value, value, value), within: 6)
        }
        let samples = try RenderOutput.samples(output, channels: 1, seconds: 2)[0]
        func level(_ from: Double, _ to: Double) -> Double {
            AudioAnalysis.rms(samples[Int(from * 48_000)..<Int(to * 48_000)])
        }
        let full = level(1.1, 1.4)
        #expect(full > 0.05, "\(full)")
        #expect(level(0, 0.05) < 0.05 * full, "the start is silent")
        #expect(abs(level(0.45, 0.55) / full - 0.5) < 0.05, "half way up at 0.5 s")
        #expect(abs(level(1.7, 1.8) / full - 0.5) < 0.06, "half way down at 1.75 s")
        #expect(level(1.97, 2) < 0.06 * full, "the end is silent")
    }

    /// A `fade` at a track's start fades in from black, one at its end out to
    /// its colour (red), the sound with them; the track keeps its length.
    @Test func aFadeAtATracksStartAndEndFadesFromAndToItsColour() throws {
        let workspace = try RenderWorkspace()
        try MediaFixtures.ffmpeg(
            [
                "-f", "lavfi", "-i", "color=white:size=160x90:rate=25:duration=2", "-f", "lavfi", "-i",
                "sine=frequency=440:sample_rate=48000:duration=2", "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv444p",
                "-c:a", "pcm_s16le", workspace.directory + "/white.mov",
            ])
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mov, size: 160x90, fps: 25, video: { crf: 0 }, audio: { codec: pcm_s16le, channels: 1 } }
            tracks:
              - items:
                  - { transition: fade, duration: 1s, audio: linear }
                  - { source: white.mov }
                  - { transition: fade, duration: 0.5s, color: red, audio: linear }
            """)
        let pictures = try RenderOutput.pictures(output)
        try #require(pictures.count == 50)
        // Black at 0 to white at 1 s; white from 1.5 s to red at 2 s (frame 49 is 0.92 of the way).
        expectColor(pictures[0], at: (80, 45), (0, 0, 0), within: 6)
        expectColor(pictures[12], at: (80, 45), (122, 122, 122), within: 6)
        expectColor(pictures[30], at: (80, 45), (255, 255, 255), within: 6)
        expectColor(pictures[44], at: (80, 45), (255, 122, 122), within: 8)
        expectColor(pictures[49], at: (80, 45), (255, 20, 20), within: 8)
        let samples = try RenderOutput.samples(output, channels: 1, seconds: 2)[0]
        func level(_ from: Double, _ to: Double) -> Double {
            AudioAnalysis.rms(samples[Int(from * 48_000)..<Int(to * 48_000)])
        }
        let full = level(1.1, 1.4)
        #expect(full > 0.05, "\(full)")
        #expect(level(0, 0.05) < 0.05 * full, "the start is silent")
        #expect(abs(level(0.45, 0.55) / full - 0.5) < 0.05, "half way up at 0.5 s")
        #expect(abs(level(1.7, 1.8) / full - 0.5) < 0.06, "half way down at 1.75 s")
        #expect(level(1.97, 2) < 0.06 * full, "the end is silent")
    }

    @Test func crossfadeMidpointIsHalfRedHalfBlue() throws {
        let workspace = try RenderWorkspace()
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 160x90, fps: 30, video: { codec: h264, crf: 0 } }
            tracks:
              - items:
                  - { color: red, duration: 1.5s }
                  - { transition: crossfade, duration: 1s }
                  - { color: blue, duration: 1.5s }
            """)
        let pictures = try RenderOutput.pictures(output)
        try #require(pictures.count == 60)
        // The transition spans [0.5 s, 1.5 s): frame 30 (t = 1 s) is its midpoint.
        expectColor(pictures[10], at: (80, 45), (255, 0, 0), within: 3)
        expectColor(pictures[30], at: (80, 45), (128, 0, 128), within: 4)
        expectColor(pictures[30], at: (3, 3), (128, 0, 128), within: 4)
        expectColor(pictures[55], at: (80, 45), (0, 0, 255), within: 3)
        // Frame 24 (t = 0.8 s) is 30 % of the way through.
        expectColor(pictures[24], at: (80, 45), (178.5, 0, 76.5), within: 4)
    }

    @Test func opacityRampGivesProportionalLuma() throws {
        let workspace = try RenderWorkspace()
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 160x90, fps: 30, background: blue, video: { codec: h264, crf: 0 } }
            tracks:
              - items:
                  - { color: black, duration: 1s }
              - items:
                  - { color: white, duration: 1s, opacity: { from: 0, to: 1 } }
            """)
        let pictures = try RenderOutput.pictures(output)
        try #require(pictures.count == 30)
        for (n, picture) in pictures.enumerated() {
            // Opacity n/30 of white (235) over the black layer (16), which hides the blue background.
            let expected = 16 + 219 * Double(n) / 30
            let level = picture.meanLuma(x: 0..<160, y: 0..<90)
            #expect(abs(level - expected) <= 2, "frame \(n): luma \(level), expected \(expected)")
        }
        #expect(abs(pictures[15].meanLuma(x: 0..<160, y: 0..<90) - 125.5) <= 2)
    }

    /// The box of pixels clearly brighter than the black background.
    private func brightBox(_ picture: DecodedPicture) -> (x: Range<Int>, y: Range<Int>)? {
        picture.box { $0 > 125 }
    }

    @Test func previewDrawsTheSameLayoutAtHalfSize() throws {
        let workspace = try RenderWorkspace()
        var plan = try workspace.plan(
            """
            cutlist: 1
            output: { path: out.mp4, size: 160x90, fps: 25, video: { codec: h264, crf: 0 } }
            tracks:
              - items:
                  - { source: "\(media.whiteBar)", duration: 0.2s, size: [40, 20], position: [20, 10], anchor: [0, 0] }
            """)
        plan.output.pictureScale = 0.5
        let output = SafeOutput(destination: plan.output.path)
        try Renderer(plan: plan).render(to: output.temporary)
        try output.commit()
        let pictures = try RenderOutput.pictures(plan.output.path)
        try #require(pictures.count == 5)
        #expect(pictures[2].width == 80 && pictures[2].height == 44)
        let box = try #require(brightBox(pictures[2]))
        #expect(box.x == 10..<30 && box.y == 5..<15, "box is x \(box.x), y \(box.y)")
    }

    @Test func pngLayerLandsWhereItsTransformSays() throws {
        let cases: [(keys: String, x: Range<Int>, y: Range<Int>)] = [
            // Anchor top-left at (20, 10), native size.
            ("size: [40, 20], position: [20, 10], anchor: [0, 0]", 20..<60, 10..<30),
            // Anchor bottom-right at (150, 80), stretched to 60x30.
            ("size: [60, 30], position: [150, 80], anchor: [1, 1]", 90..<150, 50..<80),
            // Percent position, centred.
            ("size: [40, 20], position: [\"25%\", \"50%\"]", 20..<60, 35..<55),
            // Turned 90° about its centre: 20 wide, 40 tall, centred on the frame.
            ("fit: none, rotation: 90", 70..<90, 25..<65),
            // Twice as large about its centre.
            ("fit: none, scale: 2", 40..<120, 25..<65),
        ]
        for (keys, x, y) in cases {
            let workspace = try RenderWorkspace()
            let output = try workspace.render(
                """
                cutlist: 1
                output: { path: out.mp4, size: 160x90, fps: 25, video: { codec: h264, crf: 0 } }
                tracks:
                  - items:
                      - { source: "\(media.whiteBar)", duration: 0.2s, \(keys) }
                """)
            let pictures = try RenderOutput.pictures(output)
            try #require(pictures.count == 5)
            let box = try #require(brightBox(pictures[2]), "nothing drawn for \(keys)")
            #expect(box.x == x && box.y == y, "\(keys): box is x \(box.x), y \(box.y); expected x \(x), y \(y)")
            // Inside, the layer is white.
            #expect(
                pictures[2].meanLuma(x: (x.lowerBound + 2)..<(x.upperBound - 2), y: (y.lowerBound + 2)..<(y.upperBound - 2))
                    >= 233)
        }
    }

    @Test(arguments: [90, 270])
    func rotationMetadataIsHonoured(_ tag: Int) throws {
        let clip = tag == 90 ? media.markerRotated90 : media.markerRotated270
        // What ffmpeg's own autorotation shows for the tagged clip: the reference.
        let workspace = try RenderWorkspace()
        let referencePath = workspace.directory + "/reference.mp4"
        try MediaFixtures.ffmpeg(["-i", clip, "-frames:v", "1", "-c:v", "libx264", "-qp", "0", referencePath])
        let expected = try #require(RenderOutput.pictures(referencePath).first)
        #expect(expected.width == 90 && expected.height == 160)
        let expectedBox = try #require(brightBox(expected))

        let upright = try workspace.render(
            """
            cutlist: 1
            output: { path: upright.mp4, video: { codec: h264, crf: 0 } }
            tracks:
              - items: [{ source: "\(clip)", to: 0.2s }]
            """)
        let shown = try RenderOutput.pictures(upright)
        try #require(shown.count == 5)
        #expect(shown[0].width == 90 && shown[0].height == 160)
        let box = try #require(brightBox(shown[0]))
        #expect(
            box.x == expectedBox.x && box.y == expectedBox.y,
            "marker at x \(box.x), y \(box.y); ffmpeg shows it at x \(expectedBox.x), y \(expectedBox.y)")
        // The 40x30 marker, turned a quarter, is 30 wide and 40 tall, not where it is stored.
        #expect(box.x.count == 30 && box.y.count == 40)
        // ffmpeg 5.1's rotate=90 tag turns the picture counter-clockwise (the top-left
        // corner goes to the bottom-left), rotate=270 clockwise (to the top-right).
        if tag == 90 {
            #expect(box.x == 0..<30 && box.y == 120..<160)
        } else {
            #expect(box.x == 60..<90 && box.y == 0..<40)
        }

        let stored = try workspace.render(
            """
            cutlist: 1
            output: { path: stored.mp4, video: { codec: h264, crf: 0 } }
            tracks:
              - items: [{ source: "\(clip)", to: 0.2s, auto_rotate: false }]
            """)
        let unrotated = try RenderOutput.pictures(stored)
        try #require(unrotated.count == 5)
        #expect(unrotated[0].width == 160 && unrotated[0].height == 90)
        let storedBox = try #require(brightBox(unrotated[0]))
        #expect(storedBox.x == 0..<40 && storedBox.y == 0..<30)
    }

    @Test func containLetterboxesIntoATallerFrame() throws {
        let workspace = try RenderWorkspace()
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 160x160, background: blue, video: { codec: h264, crf: 0 } }
            tracks:
              - items: [{ source: "\(media.grayClip)", to: 0.2s }]
            """)
        let pictures = try RenderOutput.pictures(output)
        try #require(pictures.count == 5)
        let picture = pictures[1]
        #expect(picture.width == 160 && picture.height == 160)
        // 160x90 fits 160 wide: rows 35..<125 show the clip, 35 rows of background above and below.
        for (x, y) in [(80, 2), (80, 30), (5, 157), (150, 130)] {
            expectColor(picture, at: (x, y), (0, 0, 255), within: 3)
        }
        for (x, y) in [(80, 40), (2, 80), (157, 120)] {
            expectColor(picture, at: (x, y), (128, 128, 128), within: 4)
        }
        let grayRows = (0..<160).filter { row in abs(picture.y(80, row) - picture.y(80, 80)) <= 2 }
        #expect(grayRows.first == 35 && grayRows.last == 124)
    }
}
