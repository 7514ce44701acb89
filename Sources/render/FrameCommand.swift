import ArgumentParser
import Backend
import EDLParser
import Foundation

/// `render frame`: one output frame as a PNG.
struct FrameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frame", abstract: "Render the frame shown at one time to a PNG file.")

    @Argument(help: "The project file.")
    var project: String

    @Option(help: "The time; the frame whose display interval contains it is rendered.", transform: OptionValue.time)
    var at: TimeValue

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var output: String

    @Option(help: ArgumentHelp("Scale the picture to this size.", valueName: "WxH"), transform: OptionValue.size)
    var size: PixelSize?

    @OptionGroup var variables: VariableOptions

    func validate() throws {
        try PictureFile.refuseOtherThanPNG(output, option: "-o")
    }

    func run() throws {
        let loader = try ProjectLoader(path: project, assignments: variables.assignments)
        let plan = try loader.plan()
        let index = ((at.resolved(at: plan.output.fps) ?? .zero) * plan.output.fps.rate).floor
        guard index < plan.output.frameCount else {
            throw ValidationError(
                "--at \(at) is past the end of the output, which lasts \(TimeValue.format(plan.output.duration))")
        }
        try InputGuard.refuseOverwriting(output, project: project, plan: plan)
        do {
            try PictureFile.writePNG(try Renderer(plan: plan).picture(at: index), to: output, size: size)
        } catch {
            loader.reportFailure(error)
            throw ExitCode(1)
        }
    }
}

extension PictureFile {
    /// Pictures are written as PNG: a file named otherwise would hold PNG bytes under a name that says not.
    static func refuseOtherThanPNG(_ path: String, option: String) throws {
        guard URL(fileURLWithPath: path).pathExtension.lowercased() != "png" else { return }
        throw ValidationError("\(option) '\(path)': pictures are written as PNG; give a file name ending in .png")
    }
}
