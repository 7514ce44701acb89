import EDLParser
import Foundation
import Testing

@testable import Backend

/// ASS scripts drawn by libass: their own styles where they put them, karaoke
/// filling at its syllable's time, and events on exactly the frames their
/// time covers, also when a clip carries the script.
@Suite struct CaptionScriptRenderTests {
    /// Three styles over a 320×180 frame, no outline or shadow, so that a
    /// glyph's inside is its colour exactly: red at the top left, blue at the
    /// bottom right in a font no machine has (fontconfig finds another), and a
    /// karaoke line in the middle whose second syllable is white (secondary)
    /// until 1 s, then green (primary).
    static let styles = """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: 320
        PlayResY: 180

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, \
        Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, \
        MarginV, Encoding
        Style: Red,DejaVu Sans,40,&H000000FF,&H000000FF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,0,0,7,10,10,10,1
        Style: Blue,No Such Font Family,40,&H00FF0000,&H00FF0000,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,0,0,3,10,10,10,1
        Style: Sing,DejaVu Sans,40,&H0000FF00,&H00FFFFFF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,0,0,5,10,10,10,1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
        Dialogue: 0,0:00:00.00,0:00:02.00,Red,,0,0,0,,RRR
        Dialogue: 0,0:00:00.00,0:00:02.00,Blue,,0,0,0,,BBB
        Dialogue: 0,0:00:00.00,0:00:02.00,Sing,,0,0,0,,{\\k100}AAA {\\k100}CCC

        """

    /// Pixels of exactly one colour inside a rectangle of the frame.
    private func count(
        _ color: (UInt8, UInt8, UInt8), in part: CaptionScriptPainter.Part, x: Range<Int>, y: Range<Int>
    ) -> Int {
        let region = part.region
        var found = 0
        for row in y where row >= region.y && row < region.y + region.height {
            for column in x where column >= region.x && column < region.x + region.width {
                let pixel = part.image.pixel(x: column - region.x, y: row - region.y)
                if (pixel.red, pixel.green, pixel.blue, pixel.alpha) == (color.0, color.1, color.2, 255) { found += 1 }
            }
        }
        return found
    }

    @Test func stylesStandWhereTheyPutTheirColoursAndKaraokeFillsAtItsSyllable() throws {
        let painter = try CaptionScriptPainter(script: Self.styles, width: 320, height: 180)
        let (red, blue, green, white) = (
            (UInt8(255), UInt8(0), UInt8(0)), (UInt8(0), UInt8(0), UInt8(255)), (UInt8(0), UInt8(255), UInt8(0)),
            (UInt8(255), UInt8(255), UInt8(255))
        )
        let (top, middle, bottom) = (0..<60, 60..<120, 120..<180)
        let (left, right) = (0..<160, 160..<320)
        let before = try #require(painter.picture(at: Rational(1) / Rational(2)))
        #expect(count(red, in: before, x: left, y: top) > 100)
        #expect(count(red, in: before, x: 0..<320, y: 60..<180) == 0)
        #expect(count(blue, in: before, x: right, y: bottom) > 100)
        #expect(count(blue, in: before, x: 0..<320, y: 0..<120) == 0)
        // The first syllable is sung from 0 s, the second from 1 s.
        #expect(count(green, in: before, x: 0..<150, y: middle) > 100)
        #expect(count(white, in: before, x: 170..<320, y: middle) > 100)
        #expect(count(green, in: before, x: 170..<320, y: middle) == 0)
        let after = try #require(painter.picture(at: Rational(3) / Rational(2)))
        #expect(count(green, in: after, x: 170..<320, y: middle) > 100)
        #expect(count(white, in: after, x: 0..<320, y: middle) == 0)
        // Nothing shows once every event has ended.
        #expect(painter.picture(at: Rational(2)) == nil)
    }

    @Test func theRenderedFrameShowsTheScriptWhereLibassPutsIt() throws {
        let workspace = try RenderWorkspace()
        try Self.styles.write(toFile: workspace.directory + "/styles.ass", atomically: true, encoding: .utf8)
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 320x180, fps: 10, duration: 1s }
            tracks:
              - items:
                  - { color: black, until: end }
              - items:
                  - { captions: styles.ass }
            """)
        let frame = try RenderOutput.pictures(output)[5]
        let painted = try #require(
            try CaptionScriptPainter(script: Self.styles, width: 320, height: 180).picture(at: Rational(1) / Rational(2)))
        // The red title's box in the frame is the box of its red pixels in libass's picture.
        var expected: (x: Range<Int>, y: Range<Int>)?
        for y in 0..<painted.region.height {
            for x in 0..<painted.region.width {
                let pixel = painted.image.pixel(x: x, y: y)
                guard pixel.red == 255, pixel.alpha == 255, pixel.green == 0 else { continue }
                let (fx, fy) = (x + painted.region.x, y + painted.region.y)
                expected =
                    expected.map {
                        (
                            min($0.x.lowerBound, fx)..<max($0.x.upperBound, fx + 1),
                            min($0.y.lowerBound, fy)..<max($0.y.upperBound, fy + 1)
                        )
                    } ?? (fx..<(fx + 1), fy..<(fy + 1))
            }
        }
        var found: (x: Range<Int>, y: Range<Int>)?
        for y in 0..<90 {
            for x in 0..<160 {
                let (red, green, blue) = frame.rgb(x, y)
                guard red > 200, green < 80, blue < 80 else { continue }
                found =
                    found.map {
                        (
                            min($0.x.lowerBound, x)..<max($0.x.upperBound, x + 1),
                            min($0.y.lowerBound, y)..<max($0.y.upperBound, y + 1)
                        )
                    } ?? (x..<(x + 1), y..<(y + 1))
            }
        }
        let (want, got) = (try #require(expected), try #require(found))
        #expect(abs(want.x.lowerBound - got.x.lowerBound) <= 1 && abs(want.x.upperBound - got.x.upperBound) <= 1)
        #expect(abs(want.y.lowerBound - got.y.lowerBound) <= 1 && abs(want.y.upperBound - got.y.upperBound) <= 1)
    }

    @Test(arguments: ["30", "29.97"]) func anEventShowsOnTheFramesItsTimeCovers(fps: String) throws {
        let workspace = try RenderWorkspace()
        try Self.oneEvent(from: "0:00:01.00", to: "0:00:02.50").write(
            toFile: workspace.directory + "/talk.ass", atomically: true, encoding: .utf8)
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 160x90, fps: \(fps), duration: 3s }
            tracks:
              - items:
                  - { color: black, until: end }
              - items:
                  - { captions: talk.ass }
            """)
        // ceil(1 × fps) ..< ceil(2.5 × fps): 30..<75 at 30 fps and at 30000/1001.
        #expect(try CaptionRenderTests().captionFrames(output) == Array(30..<75))
    }

    @Test func aClipsScriptIsTrimmedSpedUpAndCutWithIt() throws {
        let workspace = try RenderWorkspace()
        try MediaFixtures.ffmpeg([
            "-f", "lavfi", "-i", "color=black:size=160x90:rate=30:duration=20", "-c:v", "libx264",
            workspace.directory + "/talk.mp4",
        ])
        try Self.oneEvent(from: "0:00:13.00", to: "0:00:15.00").write(
            toFile: workspace.directory + "/talk.ass", atomically: true, encoding: .utf8)
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 160x90, fps: 30 }
            tracks:
              - items:
                  - { source: talk.mp4, from: 12s, to: 14s, speed: 2, captions: talk.ass }
                  - { source: talk.mp4, from: 14.6s, to: 16s, captions: talk.ass }
            """)
        // As for SRT: source 13 s is 0.5 s into the first part, which ends at 1 s
        // mid-event; the second part shows the event's last 0.4 s from 1 s to 1.4 s.
        #expect(try CaptionRenderTests().captionFrames(output) == Array(15..<42))
    }

    /// A script of one white event at the bottom centre.
    private static func oneEvent(from start: String, to end: String) -> String {
        """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: 160
        PlayResY: 90

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, Alignment, MarginV
        Style: Default,DejaVu Sans,30,&H00FFFFFF,2,5

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
        Dialogue: 0,\(start),\(end),Default,,0,0,0,,HI

        """
    }
}
