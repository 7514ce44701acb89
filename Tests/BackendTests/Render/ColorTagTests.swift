import Foundation
import Testing

@testable import Backend

/// Sources say which Y'CbCr matrix and range their samples use; the output is
/// BT.709 limited range, so BT.601 (SD video, webcams, JPEG) and full-range
/// pictures (many phones, JPEG) are converted, not copied as if they matched.
@Suite struct ColorTagTests {
    /// Renders a flat 64x64 frame of the given 8-bit codes and tags; returns the
    /// output's Y, Cb, Cr at its centre.
    func shown(y: Int, cb: Int, cr: Int, tags: [String], format: String = "yuv420p") throws -> (y: Int, cb: Int, cr: Int) {
        let workspace = try RenderWorkspace()
        let clip = workspace.directory + "/tagged.mkv"
        try MediaFixtures.ffmpeg(
            [
                "-f", "lavfi", "-i",
                "color=black:size=64x64:rate=25:duration=0.2,format=\(format),geq=lum=\(y):cb=\(cb):cr=\(cr)",
                "-c:v", "ffv1",
            ] + tags + [clip])
        return try output(of: clip, in: workspace)
    }

    func output(of source: String, in workspace: RenderWorkspace) throws -> (y: Int, cb: Int, cr: Int) {
        let yaml = """
            cutlist: 1
            output: { path: out.mp4, size: 64x64, video: { crf: 0 } }
            tracks:
              - items:
                  - { source: "\(source)", duration: 0.08s }
            """
        let picture = try #require(try RenderOutput.pictures(try workspace.render(yaml)).first)
        let chroma = 16 * picture.width / 2 + 16
        return (picture.y(32, 32), Int(picture.cb[chroma]), Int(picture.cr[chroma]))
    }

    func expectClose(_ got: (y: Int, cb: Int, cr: Int), _ want: (Int, Int, Int), within: Int = 2) {
        #expect(
            abs(got.y - want.0) <= within && abs(got.cb - want.1) <= within && abs(got.cr - want.2) <= within,
            "got \(got), want \(want)")
    }

    @Test func bt601RedBecomesBT709Red() throws {
        // Red in BT.601 limited range is (81, 90, 240); in BT.709, (63, 102, 240).
        expectClose(try shown(y: 81, cb: 90, cr: 240, tags: ["-colorspace", "smpte170m"]), (63, 102, 240))
    }

    @Test func fullRangeLevelsBecomeLimited() throws {
        let tags = ["-color_range", "pc"]
        expectClose(try shown(y: 255, cb: 128, cr: 128, tags: tags), (235, 128, 128))
        expectClose(try shown(y: 0, cb: 128, cr: 128, tags: tags), (16, 128, 128))
        expectClose(try shown(y: 128, cb: 128, cr: 128, tags: tags), (126, 128, 128))
    }

    @Test func untaggedPicturesAreTakenAsBT709() throws {
        expectClose(try shown(y: 81, cb: 90, cr: 240, tags: []), (81, 90, 240), within: 1)
    }

    @Test func aJPEGPhotoShowsItsColours() throws {
        let workspace = try RenderWorkspace()
        let photo = workspace.directory + "/red.jpg"
        try MediaFixtures.ffmpeg(["-f", "lavfi", "-i", "color=red:size=64x64", "-frames:v", "1", "-q:v", "1", photo])
        expectClose(try output(of: photo, in: workspace), (63, 102, 240), within: 4)
    }

    @Test func anRGBPictureIsConvertedWithBT709() throws {
        // libswscale's default would give BT.601's (81, 90, 240) for red.
        let workspace = try RenderWorkspace()
        let picture = workspace.directory + "/red.png"
        try MediaFixtures.ffmpeg(["-f", "lavfi", "-i", "color=red:size=64x64", "-frames:v", "1", picture])
        expectClose(try output(of: picture, in: workspace), (63, 102, 240))
    }
}
