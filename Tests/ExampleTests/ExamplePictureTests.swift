import Backend
import Foundation
import Testing

/// Where things are in the picture: letterbox bars, watermarks, insets, transitions.
@Suite("Example pictures")
struct ExamplePictureTests {
    let workspace = ExampleWorkspace.shared

    @Test("slideshow.yaml is 320x480 portrait with black bars above and below each landscape photo, over looped music")
    func slideshow() async throws {
        let rendered = try await workspace.rendered("slideshow")
        let output = ExampleOutput(rendered)
        let picture = try output.picture(at: 1)
        #expect(picture.width == 320 && picture.height == 480)
        // A 16:9 photo fitted to 320 wide is 180 high: rows 150..<330.
        for x in [8, 100, 200, 312] {
            #expect(picture.pixel(x, 20).isBlack && picture.pixel(x, 140).isBlack, "bar above at x \(x)")
            #expect(picture.pixel(x, 340).isBlack && picture.pixel(x, 460).isBlack, "bar below at x \(x)")
            #expect(picture.pixel(x, 160).isNear(0xf5b041) && picture.pixel(x, 320).isNear(0xf5b041), "photo at x \(x)")
        }
        #expect(try ExampleOutput(ExampleWorkspace.directory + "/media/music.m4a").duration() < 6)
        #expect(try output.level(of: 220, from: 5.5, to: 6.5) > -30, "the music loops past its own end")
    }

    @Test("looks.yaml: the portrait clip's sides are its own blurred colours, and the second clip takes its colour back")
    func looks() async throws {
        let output = ExampleOutput(try await workspace.rendered("looks"))
        let pictures = try output.pictures(at: [0.5, 2.05, 3.3])
        let (width, height) = (pictures[0].width, pictures[0].height)
        // Beside the fitted portrait clip: not black bars but its teal-to-orange, blurred.
        for x in [width / 20, width - width / 20] {
            #expect(!pictures[0].pixel(x, height / 2).isBlack, "side at x \(x)")
        }
        // The red card: nearly grey early on (saturation rising from 0), red later.
        let redness = { (color: YUVColor) in Int(color.v) - 128 }
        let early = redness(pictures[1].pixel(width / 10, height / 5))
        let late = redness(pictures[2].pixel(width / 10, height / 5))
        #expect(early < 20 && late > early + 25, "Cr over 128: \(early) at 2.05 s, \(late) at 3.3 s")
    }

    @Test("styles.yaml: gradient backgrounds, titles in the default white, and a card that sets its own dark colour")
    func styles() async throws {
        let output = ExampleOutput(try await workspace.rendered("styles"))
        let pictures = try output.pictures(at: [0.5, 3.5])
        let (width, height) = (pictures[0].width, pictures[0].height)
        // The linear gradient runs from its dark top to its violet bottom.
        #expect(pictures[0].pixel(10, 0).isNear(0x1b1f3b) && pictures[0].pixel(10, height - 1).isNear(0x6c5ce7))
        let middle = Box(left: width / 4, top: height / 3, right: 3 * width / 4, bottom: 2 * height / 3)
        #expect(pictures[0].boundingBox(in: middle, where: { $0.y > 225 }) != nil, "the title in the default white")
        // The radial gradient ends in its last colour in the corners; the last title is dark on it.
        #expect(pictures[1].pixel(0, 0).isNear(0x2d3436))
        #expect(pictures[1].boundingBox(in: middle, where: { $0.y < 70 }) != nil, "the last title in its own dark colour")
    }

    @Test("watermark.yaml: the logo turns, the glider goes and comes back, the caption fades in 8 s before the end")
    func watermark() async throws {
        let output = ExampleOutput(try await workspace.rendered("watermark"))
        let pictures = try output.pictures(at: [0, 0.5, 1, 1.9, 3, 5.5, 6])
        let orange = { (color: YUVColor) in Int(color.v) - Int(color.u) > 60 }
        // The 64x32 spinner at (48, 40): wide, then upright a quarter turn (0.5 s) later, then wide again.
        let spinnerArea = Box(left: 0, top: 0, right: 100, bottom: 90)
        let boxes = try [0, 1, 2].map { try #require(pictures[$0].boundingBox(in: spinnerArea, where: orange)) }
        #expect(boxes[0].width > boxes[0].height + 20, "t=0: \(boxes[0])")
        #expect(boxes[1].height > boxes[1].width + 20, "t=0.5: \(boxes[1])")
        #expect(boxes[2].width > boxes[2].height + 20, "t=1: \(boxes[2])")
        // The glider along the bottom: left at 0 s, right at 3 s, back left at 6 s.
        let bottom = Box(left: 0, top: 135, right: 320, bottom: 180)
        let glide = try [0, 4, 6].map { try #require(pictures[$0].boundingBox(in: bottom, where: orange)).centerX }
        #expect(abs(glide[0] - 40) < 6 && abs(glide[1] - 280) < 6 && abs(glide[2] - 40) < 6, "glider at \(glide)")
        // The static logo in the top-right corner, all the time.
        let corner = Box(left: 250, top: 0, right: 320, bottom: 50)
        let still = try pictures.map { try #require($0.boundingBox(in: corner, where: { Int($0.v) - Int($0.u) > 20 })) }
        #expect(Set(still.map(\.description)).count == 1, "\(still)")
        // The caption at 70 % height: absent before 2 s, fully in from 5 s.
        let caption = Box(left: 60, top: 114, right: 260, bottom: 140)
        let bright = { (color: YUVColor) in color.y > 200 }
        #expect(pictures[3].count(in: caption, where: bright) == 0)
        #expect(pictures[5].count(in: caption, where: bright) > 150)
    }

    @Test("picture-in-picture.yaml slides a bordered inset into the bottom-right corner")
    func pictureInPicture() async throws {
        let output = ExampleOutput(try await workspace.rendered("picture-in-picture"))
        let pictures = try output.pictures(at: [0, 2])
        // The 96x54 inset centred at (260, 140) after 0.5 s, inside a white 100x60 border.
        #expect(!pictures[0].pixel(225, 122).isNear(0xc0392b), "the inset starts outside the frame")
        #expect(pictures[1].pixel(225, 122).isNear(0xc0392b), "the inset shows clip A")
        #expect(pictures[1].pixel(260, 111).y > 170 && pictures[1].pixel(211, 140).y > 170, "white border")
        #expect(pictures[1].pixel(60, 40).y < 60, "the main clip around it")
    }

    @Test("transitions.yaml lasts 15 x 0.8 s - 14 x 0.3 s and is pure white in the middle of its 'fade'")
    func transitions() async throws {
        let output = ExampleOutput(try await workspace.rendered("transitions"))
        #expect(abs(try output.duration() - 7.8) < 0.03)
        let middle = try output.picture(at: 1.15)
        #expect(middle.pixel(160, 40).y > 200 && middle.pixel(40, 100).y > 200, "\(middle.pixel(160, 40))")
    }

    @Test("ass-captions.yaml: libass draws the sign in its box at the top, and the karaoke line fills with gold as it is sung")
    func assCaptions() async throws {
        let output = ExampleOutput(try await workspace.rendered("ass-captions"))
        let pictures = try output.pictures(at: [1.2, 2.2, 4.6])
        let (top, bottom) = (Box(left: 0, top: 0, right: 320, bottom: 30), Box(left: 0, top: 140, right: 320, bottom: 180))
        // The sign's box in the script's dark blue (its BackColour) behind its text.
        #expect(pictures[1].count(in: top, where: { $0.isNear(0x103050, tolerance: 12) }) > 300)
        // Gold (the primary colour) where syllables were sung, white (the secondary) where not yet.
        let gold = { (color: YUVColor) in color.isNear(0xffd700, tolerance: 30) }
        let white = { (color: YUVColor) in color.y > 200 && abs(Int(color.u) - 128) < 12 && abs(Int(color.v) - 128) < 12 }
        let sung = pictures.map { $0.count(in: bottom, where: gold) }
        let unsung = pictures.map { $0.count(in: bottom, where: white) }
        #expect(sung[0] == 0 && unsung[0] == 0, "no karaoke before 1.6 s")
        #expect(sung[1] > 50 && unsung[1] > sung[1], "early in the line: \(sung[1]) gold, \(unsung[1]) white")
        #expect(sung[2] > unsung[2], "near its end: \(sung[2]) gold, \(unsung[2]) white")
    }

    @Test("shader-transitions.yaml: black around the box halfway through 'cube', the page half rolled in 'page-curl'")
    func shaderTransitions() async throws {
        let output = ExampleOutput(try await workspace.rendered("shader-transitions"))
        #expect(abs(try output.duration() - 7.6) < 0.03)
        let pictures = try output.pictures(at: [6.6, 7])
        // A quarter turn: the box's far edges stand 4% of the width in from the frame's.
        #expect(pictures[0].pixel(4, 90).isBlack && pictures[0].pixel(315, 90).isBlack)
        #expect(!pictures[0].pixel(240, 90).isBlack, "the green card's face")
        // The green card still lies flat at the top left; the yellow card shows at the bottom right.
        #expect(pictures[1].pixel(20, 20).isNear(0x00b894), "\(pictures[1].pixel(20, 20))")
        #expect(!pictures[1].pixel(300, 170).isNear(0x00b894), "\(pictures[1].pixel(300, 170))")
    }

    @Test("karaoke.yaml: the bottom line fills in yellow word by word, and the word above is the one being spoken")
    func karaoke() async throws {
        let output = ExampleOutput(try await workspace.rendered("karaoke"))
        let pictures = try output.pictures(at: [0.1, 0.3, 1.6])
        let bottom = Box(left: 0, top: 150, right: 320, bottom: 180)
        let yellow = { (color: YUVColor) in color.y > 150 && color.u < 100 }
        // Before the first word, no captions; then "Every" alone, then the line up to "it".
        #expect(pictures[0].count(in: bottom, where: { $0.y > 150 }) == 0)
        let first = try #require(pictures[1].boundingBox(in: bottom, where: yellow))
        let line = try #require(pictures[1].boundingBox(in: bottom, where: { $0.y > 150 }))
        #expect(first.left == line.left && first.width < line.width / 3, "\(first) of \(line)")
        let later = try #require(pictures[2].boundingBox(in: bottom, where: yellow))
        #expect(later.width > line.width * 3 / 4, "\(later) of \(line)")
        // The word above, large and centred: "it" is narrower than "Every".
        let middle = Box(left: 0, top: 60, right: 320, bottom: 120)
        let every = try #require(pictures[1].boundingBox(in: middle, where: { $0.y > 150 }))
        let it = try #require(pictures[2].boundingBox(in: middle, where: { $0.y > 150 }))
        #expect(it.width < every.width / 2 && abs(it.centerX - 160) < 4, "\(it), \(every)")
    }

    @Test("shaders.yaml: the old-film shader reads clip A through 'inputs' and shows it in sepia")
    func shaders() async throws {
        let output = ExampleOutput(try await workspace.rendered("shaders"))
        let pictures = try output.pictures(at: [2, 2.6])
        // Clip A's red card as the effect starts (amount 0), then at full amount: its luma
        // (0.33) times the sepia tint (1.07, 0.74, 0.43), barely darkened this near the middle.
        #expect(pictures[0].pixel(100, 90).isNear(0xc0392b), "\(pictures[0].pixel(100, 90))")
        #expect(pictures[1].pixel(100, 90).isNear(0x5a3e24, tolerance: 8), "\(pictures[1].pixel(100, 90))")
    }
}
