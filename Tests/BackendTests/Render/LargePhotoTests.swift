import Foundation
import Testing

@testable import Backend

/// Camera photos far larger than the output (a 6000x4000 JPEG in a small
/// output) decode at a fraction of their size and are laid out as the
/// full-size picture would be.
@Suite struct LargePhotoTests {
    /// Red left half, blue right half, a white 1200x800 box in the top-left corner.
    func photo(in workspace: RenderWorkspace) throws -> String {
        let path = workspace.directory + "/photo.jpg"
        try MediaFixtures.ffmpeg([
            "-f", "lavfi", "-i",
            "color=red:size=6000x4000,drawbox=x=3000:y=0:w=3000:h=4000:color=blue:t=fill,"
                + "drawbox=x=0:y=0:w=1200:h=800:color=white:t=fill",
            "-frames:v", "1", "-q:v", "2", path,
        ])
        return path
    }

    func shown(_ keys: String) throws -> DecodedPicture {
        let workspace = try RenderWorkspace()
        let path = try photo(in: workspace)
        let yaml = """
            cutlist: 1
            output: { path: out.mp4, size: 300x200, fps: 25, video: { crf: 0 } }
            tracks:
              - items:
                  - { source: "\(path)", duration: 0.08s\(keys) }
            """
        return try #require(try RenderOutput.pictures(try workspace.render(yaml)).first)
    }

    @Test func aJPEGDecodesAtAnEighthOfItsSizeWithoutTheFullPicture() throws {
        let workspace = try RenderWorkspace()
        let reader = try VideoReader(path: try photo(in: workspace), reduction: 3)
        let frame = try reader.frame(at: .zero)
        #expect((frame.width, frame.height) == (750, 500))
    }

    @Test func theWholePhotoFitsTheOutput() throws {
        let picture = try shown("")
        #expect(picture.y(25, 15) > 220, "the white box, 60x40 at this scale")
        let red = picture.rgb(100, 150)
        let blue = picture.rgb(250, 100)
        #expect(red.red > 200 && red.blue < 50, "\(red)")
        #expect(blue.blue > 200 && blue.red < 50, "\(blue)")
        // The edge between the halves stays at x = 150 (within the filter's reach).
        #expect(picture.rgb(146, 100).red > 180 && picture.rgb(154, 100).blue > 180)
    }

    @Test func aCropCountsThePhotosOwnPixels() throws {
        // Only the blue right half (3000x4000) is left: fitted, 150x200 in the middle.
        let picture = try shown(", crop: { left: 3000 }")
        #expect(picture.y(40, 100) < 30, "background left of the picture")
        let inside = [picture.rgb(80, 100), picture.rgb(150, 10), picture.rgb(220, 190)]
        #expect(inside.allSatisfy { $0.blue > 200 && $0.red < 50 }, "\(inside)")
    }

    @Test func aBlurCountsThePhotosOwnPixels() throws {
        // 40 of the photo's pixels are 2 of the output's: the halves' edge stays narrow.
        let picture = try shown(", filters: [{ blur: 40 }]")
        let row = (100..<200).map { picture.rgb($0, 100).red }
        let (high, low) = (row[0], row[99])
        let rise = { (fraction: Double) in row.firstIndex { $0 < high - fraction * (high - low) } ?? 0 }
        #expect(rise(0.9) - rise(0.1) <= 8, "the edge spreads over \(rise(0.9) - rise(0.1)) px")
    }
}
