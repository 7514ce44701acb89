import EDLParser
import Foundation
import Testing

@testable import Backend

/// Captions drawn as text: on exactly the output frames their cues cover, where
/// their style puts them, stacked when they overlap, moved and cut with their clip.
@Suite struct CaptionRenderTests {
    /// The frames whose bottom band has bright (caption) pixels.
    func captionFrames(_ path: String, rows: Range<Int>? = nil) throws -> [Int] {
        try RenderOutput.pictures(path).enumerated().compactMap { index, picture in
            let band = rows ?? (picture.height / 2)..<picture.height
            return picture.box(where: { $0 > 128 }).map { box in box.y.overlaps(band) } == true ? index : nil
        }
    }

    @Test(arguments: ["30", "29.97"]) func aCueShowsOnTheFramesItsTimeCovers(fps: String) throws {
        let workspace = try RenderWorkspace()
        try "1\n00:00:01,000 --> 00:00:02,500\nHI\n".write(
            toFile: workspace.directory + "/talk.srt", atomically: true, encoding: .utf8)
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 160x90, fps: \(fps), duration: 3s }
            tracks:
              - items:
                  - { color: black, until: end }
              - items:
                  - { captions: talk.srt, font_size: 20 }
            """)
        // ceil(1 × fps) ..< ceil(2.5 × fps): 30..<75 at 30 fps and at 30000/1001.
        #expect(try captionFrames(output) == Array(30..<75))
    }

    @Test func aCuesPictureIsLetGoOnceItsSegmentsAreDrawn() throws {
        let workspace = try RenderWorkspace()
        try
            "1\n00:00:00,000 --> 00:00:01,000\nONE\n\n2\n00:00:01,000 --> 00:00:02,000\nTWO\n\n3\n00:00:02,000 --> 00:00:03,000\nTHREE\n"
            .write(toFile: workspace.directory + "/talk.srt", atomically: true, encoding: .utf8)
        let plan = try workspace.plan(
            """
            cutlist: 1
            output: { path: out.mp4, size: 160x90, fps: 10, duration: 3s }
            tracks:
              - items:
                  - { color: black, until: end }
              - items:
                  - { captions: talk.srt, font_size: 20 }
            """)
        let pictures = PictureProvider(
            plan: plan, text: try TextRasterizer(), threads: .single, shaders: ShaderRunner(budget: Rational(1)))
        #expect(plan.video.count == 3)
        for segment in plan.video {
            pictures.keepOnly(segment.layers, stillScales: [:])
            for layer in segment.layers { _ = try pictures.picture(for: layer, frame: segment.frames.lowerBound) }
            // Only the cue on show is held: an hour of a thousand cues would otherwise keep them all.
            #expect(pictures.bitmaps.count == 1)
        }
    }

    @Test func captionsStandAtTheBottomInsideTheTitleSafeMarginAndOverlappingCuesStack() throws {
        let workspace = try RenderWorkspace()
        try "1\n00:00:00,000 --> 00:00:02,000\nA\n\n2\n00:00:01,000 --> 00:00:02,000\nB\n".write(
            toFile: workspace.directory + "/talk.srt", atomically: true, encoding: .utf8)
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 320x180, fps: 10 }
            tracks:
              - items:
                  - { color: black, duration: 2s }
              - items:
                  - captions: talk.srt
                    font_size: 30
                    background: { color: white }
            """)
        let pictures = try RenderOutput.pictures(output)
        let alone = try #require(pictures[5].box { $0 > 128 })
        let stacked = try #require(pictures[15].box { $0 > 128 })
        // 5% of the shorter side (9 px) above the bottom edge, centred.
        #expect(abs(alone.y.upperBound - (180 - 9)) <= 1)
        #expect(abs((alone.x.lowerBound + alone.x.upperBound) / 2 - 160) <= 2)
        // The second cue stacks under the first: the box grows upwards by a line.
        #expect(stacked.y.upperBound == alone.y.upperBound)
        #expect(stacked.y.count >= alone.y.count + 30)
    }

    /// The subtitles of a clip from a file beside it, from its MP4's mov_text
    /// stream, and from its Matroska file's SubRip stream after an audio stream.
    @Test(arguments: [("talk.mp4", "talk.srt"), ("own.mp4", "embedded"), ("own.mkv", "2")])
    func aClipsCaptionsAreTrimmedSpedUpAndCutWithIt(clip: String, captions: String) throws {
        let workspace = try RenderWorkspace()
        try "1\n00:00:13,000 --> 00:00:15,000\nHI\n".write(
            toFile: workspace.directory + "/talk.srt", atomically: true, encoding: .utf8)
        let video = ["-f", "lavfi", "-i", "color=black:size=160x90:rate=30:duration=20"]
        let subtitles = ["-i", workspace.directory + "/talk.srt"]
        let sound = ["-f", "lavfi", "-i", "anullsrc=duration=20"]
        let streams =
            switch clip {
            case "own.mp4": video + subtitles + ["-c:v", "libx264", "-c:s", "mov_text"]
            case "own.mkv":
                video + sound + subtitles + ["-map", "0", "-map", "1", "-map", "2", "-c:v", "libx264", "-c:a", "pcm_s16le"]
            default: video + ["-c:v", "libx264"]
            }
        try MediaFixtures.ffmpeg(streams + [workspace.directory + "/" + clip])
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 160x90, fps: 30 }
            defaults:
              captions: { font_size: 20 }
            tracks:
              - items:
                  - { source: \(clip), from: 12s, to: 14s, speed: 2, captions: \(captions) }
                  - { source: \(clip), from: 14.6s, to: 16s, captions: \(captions) }
            """)
        // Source 13 s is 0.5 s into the first part (twice as fast), which ends at
        // 1 s, mid-cue; the second part starts at 14.6 s, so the cue's last 0.4 s
        // show from 1 s to 1.4 s.
        #expect(try captionFrames(output) == Array(15..<42))
    }

    /// Whether any pixel of the columns is clearly red.
    private func hasRed(_ picture: DecodedPicture, columns: Range<Int>) -> Bool {
        for y in stride(from: 0, to: picture.height, by: 1) {
            for x in columns {
                let (red, green, blue) = picture.rgb(x, y)
                if red > 150 && green < 90 && blue < 90 { return true }
            }
        }
        return false
    }

    @Test func theWordBeingSpokenIsInTheHighlightColourAtItsTimeAndNotBefore() throws {
        let workspace = try RenderWorkspace()
        try "WEBVTT\n\n00:00.000 --> 00:02.000\nHHH <00:01.000>WWW\n".write(
            toFile: workspace.directory + "/talk.vtt", atomically: true, encoding: .utf8)
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 320x90, fps: 10 }
            tracks:
              - items:
                  - { color: black, duration: 2s }
              - items:
                  - { captions: talk.vtt, font_size: 40, weight: bold, highlight: { color: red } }
            """)
        let pictures = try RenderOutput.pictures(output)
        let (left, right) = (0..<130, 190..<320)
        #expect(hasRed(pictures[5], columns: left) && !hasRed(pictures[5], columns: right))
        #expect(!hasRed(pictures[15], columns: left) && hasRed(pictures[15], columns: right))
        // The other word stays white.
        #expect(pictures[5].box { $0 > 150 }.map { $0.x.upperBound > 170 } == true)
    }

    @Test func karaokeFillsTheWordsInAndWordModeShowsOneAtATime() throws {
        let workspace = try RenderWorkspace()
        try "WEBVTT\n\n00:00.000 --> 00:02.000\nHHH <00:01.000>WWW\n".write(
            toFile: workspace.directory + "/talk.vtt", atomically: true, encoding: .utf8)
        let yaml = { (mode: String) in
            """
            cutlist: 1
            output: { path: \(mode).mp4, size: 320x90, fps: 10 }
            tracks:
              - items:
                  - { color: black, duration: 2s }
              - items:
                  - { captions: talk.vtt, font_size: 40, weight: bold, highlight: { color: red, mode: \(mode) } }
            """
        }
        let karaoke = try RenderOutput.pictures(try workspace.render(yaml("karaoke")))
        #expect(hasRed(karaoke[5], columns: 0..<130) && !hasRed(karaoke[5], columns: 190..<320))
        #expect(hasRed(karaoke[15], columns: 0..<130) && hasRed(karaoke[15], columns: 190..<320))
        let word = try RenderOutput.pictures(try workspace.render(yaml("word")))
        // One centred word, all red, at a time.
        for index in [5, 15] {
            let box = try #require(word[index].box { $0 > 40 })
            #expect(abs((box.x.lowerBound + box.x.upperBound) / 2 - 160) <= 3)
            #expect(box.x.count < 130)
            #expect(hasRed(word[index], columns: box.x))
        }
    }

    @Test(arguments: ["30", "29.97"]) func aWordsFilesWordIsHighlightedFromTheFrameOfItsExactStart(fps: String) throws {
        let workspace = try RenderWorkspace()
        try """
        [{"word": "HHH", "start": 0, "end": 1}, {"word": "WWW", "start": 1.001, "end": 2}]
        """.write(toFile: workspace.directory + "/talk.json", atomically: true, encoding: .utf8)
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 320x90, fps: \(fps), duration: 2s }
            tracks:
              - items:
                  - { color: black, until: end }
              - items:
                  - { captions: talk.json, font_size: 40, weight: bold, highlight: { color: red } }
            """)
        let pictures = try RenderOutput.pictures(output)
        // 1.001 s is frame 30.03 at 30 fps and exactly frame 30 at 30000/1001.
        let first = fps == "30" ? 31 : 30
        let (left, right) = (0..<130, 190..<320)
        for index in [first - 1, first] {
            let spoken = index == first ? right : left
            let waiting = index == first ? left : right
            #expect(hasRed(pictures[index], columns: spoken), "frame \(index)")
            #expect(!hasRed(pictures[index], columns: waiting), "frame \(index)")
        }
    }

    @Test func wordModesWordsPopIn() throws {
        let workspace = try RenderWorkspace()
        try """
        [{"word": "WWWW", "start": 0, "end": 1}, {"word": "MMMM", "start": 1, "end": 2}]
        """.write(toFile: workspace.directory + "/talk.json", atomically: true, encoding: .utf8)
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 320x90, fps: 10 }
            tracks:
              - items:
                  - { color: black, duration: 2s }
              - items:
                  - { captions: talk.json, font_size: 40, highlight: { color: white, mode: word, pop: true } }
            """)
        let pictures = try RenderOutput.pictures(output)
        // Each word starts at 75% of its size and is whole 0.2 s later.
        for start in [0, 10] {
            let popping = try #require(pictures[start].box { $0 > 128 })
            let settled = try #require(pictures[start + 3].box { $0 > 128 })
            let ratio = Double(popping.x.count) / Double(settled.x.count)
            #expect(abs(ratio - 0.75) < 0.05, "frame \(start): \(popping.x.count) of \(settled.x.count) px")
        }
    }

    @Test func aCueLongerThanMaxLinesIsCutToThemWithAnEllipsis() throws {
        let workspace = try RenderWorkspace()
        try "1\n00:00:00,000 --> 00:00:01,000\none two three four five six seven eight nine ten\n".write(
            toFile: workspace.directory + "/talk.srt", atomically: true, encoding: .utf8)
        let boxes = try ["", "max_lines: 2, "].map { maxLines in
            let output = try workspace.render(
                """
                cutlist: 1
                output: { path: out\(maxLines.count).mp4, size: 320x180, fps: 10 }
                tracks:
                  - items:
                      - { color: black, duration: 1s }
                  - items:
                      - { captions: talk.srt, font_size: 20, max_width: 100, \(maxLines)background: { color: white } }
                """)
            return try #require(RenderOutput.pictures(output)[5].box { $0 > 128 })
        }
        // Wrapped at 100 px, the cue takes four or more lines; cut, two, the
        // second ending in an ellipsis, still within the width.
        let line = 20 * 1.2
        #expect(Double(boxes[0].y.count) > 3.5 * line, "\(boxes[0])")
        #expect(Double(boxes[1].y.count) < 2.5 * line && Double(boxes[1].y.count) > 1.5 * line, "\(boxes[1])")
        #expect(boxes[1].x.count <= boxes[0].x.count)
    }

    /// The column ranges of the separate shapes (luma over 128) in `rows`, left to right.
    private func shapes(_ picture: DecodedPicture, rows: Range<Int>) -> [Range<Int>] {
        var shapes: [Range<Int>] = []
        for x in 0..<picture.width where rows.contains(where: { picture.y(x, $0) > 128 }) {
            if let last = shapes.last, x <= last.upperBound + 2 {
                shapes[shapes.count - 1] = last.lowerBound..<(x + 1)
            } else {
                shapes.append(x..<(x + 1))
            }
        }
        return shapes
    }

    /// How many pixels of the rectangle are bright.
    private func ink(_ picture: DecodedPicture, _ columns: Range<Int>, _ rows: Range<Int>) -> Int {
        rows.reduce(0) { sum, y in sum + columns.filter { picture.y($0, y) > 128 }.count }
    }

    /// The mean column of the bright pixels of the rectangle.
    private func centre(_ picture: DecodedPicture, _ columns: Range<Int>, _ rows: Range<Int>) -> Double {
        let xs = rows.flatMap { y in columns.filter { picture.y($0, y) > 128 } }
        return Double(xs.reduce(0, +)) / Double(max(1, xs.count))
    }

    /// DejaVu Sans by family has bold and oblique faces; by its file, one
    /// regular face that FreeType emboldens and slants.
    @Test(arguments: ["DejaVu Sans", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"])
    func boldItalicAndUnderlinedRunsAreDrawnSo(font: String) throws {
        let workspace = try RenderWorkspace()
        try """
        WEBVTT

        00:00.000 --> 00:01.000
        H H

        00:01.000 --> 00:02.000
        <b>H</b> H

        00:02.000 --> 00:03.000
        H <u>H</u>

        00:03.000 --> 00:04.000
        <i>H</i> <v Roger>H</v>
        """.write(toFile: workspace.directory + "/talk.vtt", atomically: true, encoding: .utf8)
        let output = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 320x120, fps: 10 }
            tracks:
              - items:
                  - { color: black, duration: 4s }
              - items:
                  - { captions: talk.vtt, font_size: 60, font: "\(font)" }
            """)
        let pictures = try RenderOutput.pictures(output)
        let (plainPicture, boldPicture, underlinedPicture, italicPicture) = (
            pictures[5], pictures[15], pictures[25], pictures[35]
        )
        let rows = try #require(plainPicture.box { $0 > 128 }).y
        let plain = shapes(plainPicture, rows: rows)
        try #require(plain.count == 2, "\(plain)")

        // Bold: the first H wider and heavier, the second as it was.
        let bold = shapes(boldPicture, rows: rows)
        try #require(bold.count == 2, "\(bold)")
        #expect(bold[0].count >= plain[0].count + 2, "\(bold[0]) against \(plain[0])")
        #expect(Double(ink(boldPicture, bold[0], rows)) > 1.2 * Double(ink(plainPicture, plain[0], rows)))
        #expect(abs(bold[1].count - plain[1].count) <= 1, "\(bold[1]) against \(plain[1])")

        // Underlined: a rule of text-coloured rows under the second H only; the
        // letters stand where they stood.
        #expect(shapes(underlinedPicture, rows: rows) == plain)
        let below = rows.upperBound..<(rows.upperBound + 15)
        #expect(below.contains { y in plain[1].allSatisfy { underlinedPicture.y($0, y) > 128 } })
        #expect(ink(underlinedPicture, plain[0], below) == 0)
        #expect(ink(plainPicture, 0..<320, below) == 0)

        // Italic: the first H leans right (its top rows' ink right of its bottom
        // rows'); the second, in a voice span (whose name is not drawn), stands upright.
        let italic = shapes(italicPicture, rows: rows)
        try #require(italic.count == 2, "\(italic)")
        let (top, bottom) = (rows.lowerBound..<(rows.lowerBound + 8), (rows.upperBound - 8)..<rows.upperBound)
        let lean = { (picture: DecodedPicture, columns: Range<Int>) in
            self.centre(picture, columns, top) - self.centre(picture, columns, bottom)
        }
        #expect(lean(italicPicture, italic[0]) > 4, "\(lean(italicPicture, italic[0]))")
        #expect(abs(lean(plainPicture, plain[0])) < 1.5)
        #expect(abs(lean(italicPicture, italic[1])) < 1.5)
        #expect(italic[1].count == plain[1].count)
    }
}
