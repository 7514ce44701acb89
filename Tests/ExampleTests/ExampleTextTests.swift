import Backend
import Compiler
import Foundation
import Testing

/// Text in three scripts where `titles.yaml` puts it.
@Suite("Example text")
struct ExampleTextTests {
    /// Each line's position (from the project: 50 % across; 22 %, 50 %, 78 % down a 320x180 frame),
    /// the band of rows it must stay in, and its colour.
    static let lines: [(script: String, x: Double, y: Double, band: Box, color: Int)] = [
        ("Latin", 160, 0.22 * 180, Box(left: 0, top: 0, right: 320, bottom: 64), 0xffffff),
        ("CJK", 160, 90, Box(left: 0, top: 66, right: 320, bottom: 114), 0xf7dc6f),
        ("Arabic", 160, 0.78 * 180, Box(left: 0, top: 116, right: 320, bottom: 180), 0x82e0aa),
    ]

    @Test("titles.yaml sets Latin, CJK and Arabic text, each non-blank and centred where the project says")
    func titles() async throws {
        let picture = try ExampleOutput(try await ExampleWorkspace.shared.rendered("titles")).picture(at: 1)
        Self.checkLines(picture)
    }

    @Test("a font family that is not installed falls back to the default font instead of failing")
    func missingFontFallsBack() async throws {
        try await ExampleWorkspace.shared.prepareMedia()
        let path = ExampleWorkspace.directory + "/titles.yaml"
        let project = try ExampleRenderer.parse(path, overrides: ["latin_font": "No Such Font Family"])
        let plan = try ExampleRenderer.compile(project, output: ExampleWorkspace.directory + "/titles-fallback.mp4")
        let picture = Picture(try Renderer(plan: plan).picture(at: 30))
        Self.checkLines(picture)
    }

    static func checkLines(_ picture: Picture, sourceLocation: SourceLocation = #_sourceLocation) {
        for line in lines {
            let ink = picture.boundingBox(in: line.band) { $0.isNear(line.color, tolerance: 30) }
            let count = picture.count(in: line.band) { $0.isNear(line.color, tolerance: 30) }
            #expect(count > 150, "\(line.script) text is blank (\(count) pixels)", sourceLocation: sourceLocation)
            guard let ink else { continue }
            #expect(
                abs(ink.centerX - line.x) < 6 && abs(ink.centerY - line.y) < 6,
                "\(line.script) text at \(ink), expected centred on (\(line.x), \(line.y))", sourceLocation: sourceLocation)
            #expect(ink.width > 60, "\(line.script) text is \(ink)", sourceLocation: sourceLocation)
        }
    }
}
