import Backend
import Compiler
import Disk
import EDLParser
import Foundation

/// An example rendered in the workspace: its plan and its output file.
struct RenderedExample: Sendable {
    var name: String
    var plan: RenderPlan
    /// Absolute path of the output.
    var path: String
}

/// Parse, compile and render, as `render PROJECT -o OUT` does.
enum ExampleRenderer {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Parses `path`, failing with the diagnostics' text when there is an error.
    static func parse(_ path: String, overrides: [String: String] = [:]) throws -> Project {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let result = ProjectParser.parse(text, file: path, directory: directory, overrides: overrides, files: .disk())
        guard let project = result.project, !result.diagnostics.contains(where: { $0.severity == .error }) else {
            throw Failure(description: "\(path) does not parse: \(result.diagnostics)")
        }
        return project
    }

    /// Compiles `project` to write `output`, with the fastest preset; when
    /// `reduced`, a frame larger than `ExampleWorkspace.largestSide` is halved.
    static func compile(_ project: Project, output: String, reduced: Bool = true) throws -> RenderPlan {
        var project = project
        let here = SourceLocation(file: "ExampleTests", line: 1, column: 1)
        project.output.path = Located(output, at: here)
        project.output.video.preset = "ultrafast"
        var result = Compiler(media: MediaProbe()).compile(project)
        if reduced, let size = result.plan?.output.size, max(size.width, size.height) > ExampleWorkspace.largestSide {
            project.output.size = Located(
                PixelSize(width: max(2, size.width / 4 * 2), height: max(2, size.height / 4 * 2)), at: here)
            result = Compiler(media: MediaProbe()).compile(project)
        }
        guard let plan = result.plan else {
            throw Failure(description: "\(project.file) does not compile: \(result.diagnostics)")
        }
        try plan.verify()
        return plan
    }

    /// Renders `examples/NAME.yaml` in `directory` to `NAME.EXT`, the container its project asks for.
    static func render(_ name: String, in directory: String) throws -> RenderedExample {
        let project = try parse("\(directory)/\(name).yaml")
        let container = project.output.path.map { URL(fileURLWithPath: $0.value).pathExtension } ?? "mp4"
        let output = "\(directory)/\(name).\(container)"
        let plan = try compile(project, output: output)
        try Renderer(plan: plan).render(to: output)
        return RenderedExample(name: name, plan: plan, path: output)
    }

    /// Makes one sample medium from the project beside it (`clip-a.mp4` from `clip-a.mp4.yaml`),
    /// as the Makefile's `media` target does.
    static func makeMedia(_ path: String) throws {
        let project = try parse(path + ".yaml")
        if path.hasSuffix(".png") {
            let plan = try compile(project, output: path + ".mp4", reduced: false)
            try PictureFile.writePNG(try Renderer(plan: plan).picture(at: 0), to: path)
        } else {
            let plan = try compile(project, output: path, reduced: false)
            try Renderer(plan: plan).render(to: path)
        }
    }
}
