import Foundation
import Testing

@testable import Backend

/// Photos are shown upright, turned as their EXIF orientation says, the way
/// photo viewers show them (phones store portrait photos sideways, tagged 6).
@Suite struct PhotoOrientationTests {
    /// A 64x32 JPEG, black with a white 24x12 box in its top-left corner as
    /// stored, tagged with EXIF orientation `tag`.
    func photo(_ tag: Int, in workspace: RenderWorkspace) throws -> String {
        let plain = workspace.directory + "/plain.jpg"
        try MediaFixtures.ffmpeg([
            "-f", "lavfi", "-i", "color=black:size=64x32,drawbox=x=0:y=0:w=24:h=12:color=white:t=fill", "-frames:v", "1",
            "-q:v", "2", plain,
        ])
        var jpeg = [UInt8](try Data(contentsOf: URL(fileURLWithPath: plain)))
        // APP1 "Exif": a little-endian TIFF header and one directory entry, Orientation (SHORT).
        let tiff: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, UInt8(tag), 0, 0, 0, 0, 0, 0, 0]
        let payload = Array("Exif\0\0".utf8) + tiff
        jpeg.insert(contentsOf: [0xFF, 0xE1, 0, UInt8(payload.count + 2)] + payload, at: 2)
        let path = workspace.directory + "/photo-\(tag).jpg"
        try Data(jpeg).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Renders the photo alone at `size` and returns the picture.
    func shown(_ tag: Int, size: String) throws -> DecodedPicture {
        let workspace = try RenderWorkspace()
        let path = try photo(tag, in: workspace)
        let yaml = """
            cutlist: 1
            output: { path: out.mp4, size: \(size), fps: 25, video: { crf: 0 } }
            tracks:
              - items:
                  - { source: "\(path)", duration: 0.08s }
            """
        return try #require(try RenderOutput.pictures(try workspace.render(yaml)).first)
    }

    @Test func orientationSixIsTurnedAQuarterClockwise() throws {
        let picture = try shown(6, size: "32x64")
        // The stored top-left box (24 wide, 12 high) is now 12 wide, 24 high, at the top right.
        #expect(picture.y(26, 10) > 200 && picture.y(4, 10) < 60 && picture.y(26, 40) < 60)
    }

    @Test func orientationThreeIsUpsideDown() throws {
        let picture = try shown(3, size: "64x32")
        #expect(picture.y(58, 26) > 200 && picture.y(4, 4) < 60)
    }

    @Test func orientationFiveIsTurnedAndMirrored() throws {
        // Transposed: the box stays in the top-left corner, 12 wide and 24 high.
        let picture = try shown(5, size: "32x64")
        #expect(picture.y(4, 18) > 200 && picture.y(26, 10) < 60 && picture.y(18, 4) < 60)
    }

    @Test func orientationTwoIsMirrored() throws {
        let picture = try shown(2, size: "64x32")
        #expect(picture.y(58, 4) > 200 && picture.y(4, 4) < 60)
    }

    @Test func readsTheTagFromTheFileAndIgnoresOtherSegments() throws {
        let workspace = try RenderWorkspace()
        #expect(ExifOrientation.ofJPEG(at: try photo(8, in: workspace)) == ExifOrientation(tag: 8))
        #expect(ExifOrientation.ofJPEG([0xFF, 0xD8, 0xFF, 0xDA, 0, 2]) == nil)
        #expect(ExifOrientation(tag: 9) == nil)
    }
}
