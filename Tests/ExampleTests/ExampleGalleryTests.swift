import Backend
import Compiler
import EDLParser
import Foundation
import Testing

/// Every project in `examples/` parses, compiles and renders; the README's
/// gallery shows each one.
@Suite("Example gallery")
struct ExampleGalleryTests {
    static let repository = URL(fileURLWithPath: ExampleWorkspace.sourceDirectory).deletingLastPathComponent().path

    @Test("the example renders to the length and streams its plan promises", arguments: ExampleWorkspace.exampleNames)
    func rendersCompletely(_ name: String) async throws {
        let rendered = try await ExampleWorkspace.shared.rendered(name)
        let output = rendered.plan.output
        let facts = try ExampleOutput(rendered).facts()
        let duration = try #require(facts.duration).approximateDouble
        #expect(abs(duration - output.frameSpan.approximateDouble) < 0.03, "\(name) lasts \(duration) s")
        #expect((facts.video != nil) == (output.video != nil), "\(name): video stream")
        #expect((facts.audio != nil) == (rendered.plan.audio.format != nil), "\(name): audio stream")
        if let video = facts.video {
            #expect(video.size == output.size)
        }
    }

    /// The suites that take their cases from these folders run every case: a wrong path is no case at all.
    @Test("the example folders hold every example and sample medium")
    func theFoldersHoldWhatTheSuitesRun() {
        #expect(ExampleWorkspace.exampleNames.count == 29, "\(ExampleWorkspace.exampleNames)")
        #expect(ExampleWorkspace.mediaNames.count == 11, "\(ExampleWorkspace.mediaNames)")
    }

    @Test("the sample media projects make every file the examples use")
    func mediaCoversExamples() async throws {
        try await ExampleWorkspace.shared.prepareMedia()
        for name in ExampleWorkspace.exampleNames {
            let text = try String(contentsOfFile: "\(ExampleWorkspace.sourceDirectory)/\(name).yaml", encoding: .utf8)
            for match in text.matches(of: /media\/([A-Za-z0-9_.-]+)/) {
                let file = String(match.output.1)
                #expect(
                    ExampleWorkspace.mediaNames.contains(file), "\(name).yaml uses media/\(file), which no media project makes")
                #expect(FileManager.default.fileExists(atPath: "\(ExampleWorkspace.directory)/media/\(file)"))
            }
        }
    }

    @Test("the README's Examples section has a line for every example and a small picture for each video")
    func readmeGallery() throws {
        let readme = try String(contentsOfFile: Self.repository + "/README.md", encoding: .utf8)
        let gallery = try #require(readme.components(separatedBy: "## Examples").dropFirst().first)
        for name in ExampleWorkspace.exampleNames {
            #expect(gallery.contains("examples/\(name).yaml"), "README does not list examples/\(name).yaml")
            let project = try ExampleRenderer.parse("\(ExampleWorkspace.sourceDirectory)/\(name).yaml")
            let audioOnly = project.output.path.map { [".m4a", ".wav"].contains(where: $0.value.hasSuffix) } ?? false
            guard !audioOnly else { continue }
            let picture = "docs/gallery/\(name).png"
            #expect(gallery.contains(picture), "README does not show \(picture)")
            let size = (try? FileManager.default.attributesOfItem(atPath: Self.repository + "/" + picture)[.size] as? Int) ?? nil
            #expect(size.map { $0 < 100_000 } == true, "\(picture) is missing or not under 100 KB")
        }
    }
}
