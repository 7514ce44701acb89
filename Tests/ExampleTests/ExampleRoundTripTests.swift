import Backend
import Compiler
import EDLParser
import Foundation
import Testing

/// `render export` then `render import` of every example: the imported project
/// checks and draws the same frames as the example.
@Suite("Example round trip")
struct ExampleRoundTripTests {
    /// The `render` executable SwiftPM built beside the test bundle.
    static let render: URL = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let render = directory.appendingPathComponent("render")
            if FileManager.default.isExecutableFile(atPath: render.path) { return render }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/render")
    }()

    /// Runs `render ARGUMENTS` in the examples' workspace: its exit status and standard error.
    static func run(_ arguments: [String]) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = render
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: ExampleWorkspace.directory)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test("the example exported and imported back has its frame count and its frames", arguments: ExampleWorkspace.exampleNames)
    func exportedAndImportedBack(_ name: String) async throws {
        try await ExampleWorkspace.shared.prepareMedia()
        let directory = ExampleWorkspace.directory
        let export = try Self.run(["export", "\(name).yaml", "-o", "\(name).otio"])
        try #require(export.status == 0, "\(name): \(export.errors)")
        let back = try Self.run(["import", "\(name).otio", "-o", "\(name).imported.yaml"])
        try #require(back.status == 0, "\(name): \(back.errors)")
        let original = try ExampleRenderer.compile(
            ExampleRenderer.parse("\(directory)/\(name).yaml"), output: "\(directory)/\(name).original.mp4")
        let imported = try ExampleRenderer.compile(
            ExampleRenderer.parse("\(directory)/\(name).imported.yaml"), output: "\(directory)/\(name).imported.mp4")
        let count = original.output.frameCount
        try #require(imported.output.frameCount == count, "\(name): \(imported.output.frameCount) frames for \(count)")
        guard original.output.video != nil else { return }
        for frame in [count / 7, count / 2, count * 6 / 7] {
            let (was, now) = (try Renderer(plan: original).picture(at: frame), try Renderer(plan: imported).picture(at: frame))
            try #require(was.width == now.width && was.height == now.height, "\(name): \(now.width)x\(now.height)")
            var differing = 0
            for y in 0..<was.height {
                for x in 0..<was.width {
                    let (a, b) = (was.pixel(x: x, y: y), now.pixel(x: x, y: y))
                    if a.y != b.y || a.u != b.u || a.v != b.v { differing += 1 }
                }
            }
            #expect(differing == 0, "\(name): frame \(frame) differs in \(differing) pixels")
        }
    }
}
