import Backend
import Foundation
import Testing

/// `render thumbnails --contact-sheet` on a rendered example, as the README shows.
@Suite("Example thumbnails")
struct ExampleThumbnailTests {
    /// The `render` binary built beside the test bundle, if any.
    static let render: String? = {
        let directories =
            [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])]
            .compactMap { $0?.deletingLastPathComponent() } + [Bundle.main.bundleURL.deletingLastPathComponent()]
        return directories.map { $0.appendingPathComponent("render").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    @Test("a contact sheet tiles the chosen frames four to a row, in order", .enabled(if: render != nil))
    func contactSheet() async throws {
        let crossfade = try await ExampleWorkspace.shared.rendered("crossfade")
        let sheet = ExampleWorkspace.directory + "/crossfade-sheet.png"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.render))
        process.arguments = [
            "thumbnails", crossfade.path, "--at", "1,1.75,2.5,3.25,4.5", "--max-size", "80x80", "--contact-sheet", sheet,
        ]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        // 320x180 within 80x80 is 80x45, kept even: 80x44 tiles, 4 pixels apart and around.
        let picture = try ExampleOutput(sheet).picture(at: 0)
        #expect(picture.width == 4 + 4 * (80 + 4) && picture.height == 4 + 2 * (44 + 4))
        let red = picture.pixel(4 + 10, 4 + 8)
        let blue = picture.pixel(4 + 2 * 84 + 10, 4 + 8)
        let green = picture.pixel(4 + 10, 4 + 48 + 8)
        let empty = picture.pixel(4 + 84 + 40, 4 + 48 + 22)
        #expect(
            red.isNear(0xc0392b, tolerance: 30) && blue.isNear(0x2471a3, tolerance: 30) && green.isNear(0x1e8449, tolerance: 30),
            "\(red) \(blue) \(green)")
        #expect(empty.isNear(0x212121, tolerance: 8), "an empty cell shows the sheet's ground: \(empty)")
    }
}
