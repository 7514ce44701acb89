import Compiler
import EDLParser
import Foundation
import TestSupport
import Testing

@testable import Backend

/// Compositions as a viewer sees and hears them (SPEC 14): one layer, transparent
/// where it draws nothing, moved, faded and timed as a whole. Outputs are
/// lossless H.264 (crf 0).
@Suite struct CompositionRenderTests {
    private func expectColor(
        _ picture: DecodedPicture, at point: (Int, Int), _ expected: (Double, Double, Double),
        within tolerance: Double = 6, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let c = picture.rgb(point.0, point.1)
        let close =
            abs(c.red - expected.0) <= tolerance && abs(c.green - expected.1) <= tolerance
            && abs(c.blue - expected.2) <= tolerance
        #expect(close, "RGB at \(point) is \(c), expected \(expected) ± \(tolerance)", sourceLocation: sourceLocation)
    }

    /// Columns of a rectangle holding a bright (text) pixel.
    private func brightColumns(_ picture: DecodedPicture, x: Range<Int>, y: Range<Int>) -> Int {
        x.filter { column in y.contains { picture.y(column, $0) > 150 } }.count
    }

    @Test func oneCompositionDrawnTwiceShowsEachUsesVarsInItsOwnBox() throws {
        let workspace = try RenderWorkspace()
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 160x90, fps: 25, background: blue, video: { crf: 0 } }
            compositions:
              tag:
                size: 80x24
                duration: 0.2s
                vars: { name: "" }
                tracks:
                  - items: [ { color: black, until: end } ]
                  - items: [ { text: "${name}", font_size: 14, color: white, until: end } ]
            tracks:
              - items: [ { composition: tag, vars: { name: "I" }, position: [40, 20] } ]
              - items: [ { composition: tag, vars: { name: "WWWWW" }, position: [120, 70] } ]
            """)
        let picture = try #require(try RenderOutput.pictures(output).first)
        // Each box is black where its text is not, and the frame blue around them.
        expectColor(picture, at: (3, 10), (0, 0, 0))
        expectColor(picture, at: (157, 80), (0, 0, 0))
        expectColor(picture, at: (120, 20), (0, 0, 255))
        expectColor(picture, at: (40, 70), (0, 0, 255))
        // "I" is narrow, "WWWWW" wide: each box shows its own use's name.
        let narrow = brightColumns(picture, x: 0..<80, y: 8..<32)
        let wide = brightColumns(picture, x: 80..<160, y: 58..<82)
        #expect(narrow >= 1 && narrow <= 4, "\(narrow) bright columns in the first box")
        #expect(wide >= 40, "\(wide) bright columns in the second box")
        #expect(brightColumns(picture, x: 80..<160, y: 0..<8) == 0)
    }

    @Test func aGroupsOpacityFadesItAsOnePicture() throws {
        let workspace = try RenderWorkspace()
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 160x90, fps: 25, video: { crf: 0 } }
            tracks:
              - items: [ { color: blue, duration: 0.2s } ]
              - items:
                  - group:
                      tracks:
                        - items: [ { color: red, until: end } ]
                        - items: [ { color: lime, size: [40, 30], duration: 0.2s } ]
                    opacity: 0.5
            """)
        let picture = try #require(try RenderOutput.pictures(output).first)
        // Half the group over blue: its red, and its green box, which hides the red under it.
        expectColor(picture, at: (10, 10), (128, 0, 128))
        expectColor(picture, at: (80, 45), (0, 128, 128))
    }

    @Test func filtersApplyToTheWholeGroup() throws {
        let workspace = try RenderWorkspace()
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 160x90, fps: 25, background: blue, video: { crf: 0 } }
            tracks:
              - items:
                  - group:
                      size: 80x40
                      tracks:
                        - items: [ { color: red, duration: 0.2s } ]
                        - items: [ { color: lime, size: [40, 40], position: [60, 20], duration: 0.2s } ]
                    filters: [{ saturation: 0 }]
            """)
        let picture = try #require(try RenderOutput.pictures(output).first)
        // Both of its layers lose their colour; the frame around the group keeps its blue.
        for point in [(50, 45), (100, 45)] {
            let c = picture.rgb(point.0, point.1)
            #expect(abs(c.red - c.green) < 6 && abs(c.green - c.blue) < 6 && c.red > 30, "\(c) at \(point)")
        }
        expectColor(picture, at: (10, 10), (0, 0, 255))
    }

    @Test func aTransitionMovesTheWholeGroup() throws {
        let workspace = try RenderWorkspace()
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 160x90, fps: 20, video: { crf: 0 } }
            tracks:
              - items:
                  - { color: gray, duration: 2s }
                  - { transition: push-left, duration: 1s, ease: linear }
                  - group:
                      duration: 2s
                      tracks:
                        - items: [ { color: red, size: [40, 90], position: [20, 45], until: end } ]
                        - items: [ { color: lime, size: [40, 90], position: [100, 45], until: end } ]
            """)
        // Three quarters through the push (t = 1.75 s) the group is 40 pixels short of its place.
        let picture = try RenderOutput.pictures(output)[35]
        expectColor(picture, at: (60, 45), (255, 0, 0))
        expectColor(picture, at: (140, 45), (0, 255, 0))
        // Between them the group draws nothing: the background shows, not the gray that left.
        expectColor(picture, at: (100, 45), (0, 0, 0))
        expectColor(picture, at: (20, 45), (128, 128, 128))
    }

    @Test(arguments: [("from: 1s", [880.0, 880.0]), ("speed: 2", [440.0, 880.0])])
    func aCompositionsSoundPlaysOnItsTime(_ timing: String, _ frequencies: [Double]) throws {
        let workspace = try RenderWorkspace()
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.wav, audio: { channels: 1 } }
            compositions:
              song:
                tracks:
                  - kind: audio
                    items: [ { tone: 440, duration: 1s }, { tone: 880, duration: 1s } ]
            tracks:
              - kind: audio
                items: [ { composition: song, \(timing), volume: 0.5 } ]
            """)
        let samples = try RenderOutput.samples(output, channels: 1, seconds: 1)[0]
        #expect(samples.count == 48_000)
        for (half, frequency) in frequencies.enumerated() {
            let window = samples[(half * 24_000 + 4_000)..<(half * 24_000 + 20_000)]
            let found = try #require(AudioAnalysis.dominantFrequency(window, sampleRate: 48_000))
            #expect(abs(found - frequency) <= 10, "half \(half): \(found) Hz, expected \(frequency)")
            // The tones are full scale; the item's volume halves them.
            #expect(abs(AudioAnalysis.rms(window) - 0.5 / 2.0.squareRoot()) <= 0.03)
        }
    }
}

extension CompositionRenderTests {
    /// A composition nothing changes as a whole is drawn as its own layers,
    /// straight onto the output; a filter that changes nothing makes it drawn
    /// into a picture of its own first. Both show the same picture (at whole-pixel
    /// places: scaled, drawing straight resamples each layer once, sharper than
    /// resampling the composition's picture).
    @Test func drawingItsLayersStraightOntoTheOutputShowsWhatItsPictureShows() throws {
        let workspace = try RenderWorkspace()
        func project(_ keys: String) -> String {
            """
            cutlist: 1
            output: { path: out\(keys.isEmpty ? "" : "-filtered").mp4, size: 160x90, fps: 25, video: { crf: 0 } }
            compositions:
              card:
                size: 100x50
                duration: 0.4s
                tracks:
                  - items: [ { gradient: linear, colors: [red, "#0000ff80"], until: end } ]
                  - items: [ { color: "#ffff0080", size: [60, 20], position: [90, 25], until: end } ]
                  - items: [ { pattern: grid, size: [80, 45], position: [0, 0], until: end } ]
            tracks:
              - items: [ { pattern: bars, duration: 0.4s } ]
              - items:
                  - { composition: card, \(keys) position: [{ at: 0, value: [60, 40] }, { at: end, value: [100, 50] }] }
            """
        }
        let flat = try workspace.plan(project(""))
        let layers = flat.video.flatMap(\.layers)
        #expect(
            layers.allSatisfy { flat.source($0.source).map { if case .composition = $0.kind { false } else { true } } ?? false })
        #expect(layers.filter { $0.mask != nil }.count > 0)
        let straight = try RenderOutput.pictures(try workspace.render(project("")))
        let throughPicture = try RenderOutput.pictures(try workspace.render(project("filters: [{ brightness: 0 }],")))
        try #require(straight.count == 10 && throughPicture.count == 10)
        var largest = 0
        var total = 0
        var beyondRounding = 0
        for (a, b) in zip(straight, throughPicture) {
            for (p, q) in zip(a.luma, b.luma) {
                let difference = abs(Int(p) - Int(q))
                if difference > 3 { beyondRounding += 1 }
                largest = max(largest, difference)
                total += difference
            }
        }
        let count = straight.count * 160 * 90
        let mean = Double(total) / Double(count)
        // The picture's way rounds to 8 bits twice, and at sharp edges its trip through RGB
        // (each pixel with its 2x2 block's chroma) clips: a few levels on a few pixels.
        #expect(
            largest <= 8 && mean < 0.2 && beyondRounding * 1000 < count,
            "largest difference \(largest), mean \(mean), \(beyondRounding) pixels beyond 3")
    }
}

extension CompositionRenderTests {
    /// One composition placed twice in one frame, drawn as its own layers: each
    /// placement is an item of its own, read by a reader of its own, so neither
    /// goes back in the clip (one shared reader went back every frame).
    @Test func aCompositionPlacedTwiceReadsItsClipForwardInEachPlacement() throws {
        let media = try RenderMedia.get()
        let workspace = try RenderWorkspace()
        let yaml = """
            cutlist: 1
            output: { path: out.mp4, size: 160x90, fps: 25, video: { crf: 0 } }
            compositions:
              clip:
                tracks:
                  - items: [ { source: "\(media.indexClip)" } ]
            tracks:
              - items: [ { composition: clip, duration: 0.4s, size: [80, 90], position: [40, 45] } ]
              - items: [ { composition: clip, from: 0.4s, duration: 0.4s, size: [80, 90], position: [120, 45] } ]
            """
        let plan = try workspace.plan(yaml)
        try #require(plan.video.count == 1)
        let segment = plan.video[0]
        // Both placements draw the clip itself (the composition is flattened), from one source.
        #expect(segment.layers.count == 2 && Set(segment.layers.map(\.source)).count == 1)
        #expect(Set(segment.layers.map(\.item)).count == 2)
        let compositor = FrameCompositor(plan: plan, text: try TextRasterizer(), threads: .perCore)
        compositor.begin(segment)
        for index in segment.frames { _ = try compositor.frame(index, of: segment) }
        #expect(compositor.backwardSeeks == 0)
        // Left: the clip from its start; right: from 0.4 s, ten frames later.
        let pictures = try RenderOutput.pictures(try workspace.render(yaml))
        func shown(_ picture: DecodedPicture, x: Range<Int>) -> Int {
            let level = picture.meanLuma(x: x, y: 35..<55)
            let index = Int(((level - 16) / 4).rounded())
            #expect(abs(level - Double(4 * index + 16)) <= 1, "mean luma \(level) is not 4·i + 16")
            return index
        }
        #expect(pictures.map { shown($0, x: 20..<60) } == Array(0..<10))
        #expect(pictures.map { shown($0, x: 100..<140) } == Array(10..<20))
    }
}
