import ArgumentParser
import Backend
import Compiler
import Foundation
import Interchange

/// `render export`: the project as an OpenTimelineIO timeline, for other editors.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the project as an OpenTimelineIO timeline (.otio) that other editors open.")

    @Argument(help: "The project file.")
    var project: String

    @Option(name: .shortAndLong, help: "The .otio file to write (default: the project's name with .otio, beside it).")
    var output: String?

    @OptionGroup var variables: VariableOptions

    func run() throws {
        // The project must compile as it would render: the same checks, the same diagnostics.
        let compiler = try ProjectLoader(path: self.project, assignments: variables.assignments)
        let (project, plan, included) = try compiler.compile()
        let path = output ?? URL(fileURLWithPath: self.project).deletingPathExtension().appendingPathExtension("otio").path
        // Media paths are relative to the timeline's folder, as OpenTimelineIO resolves them.
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
        let (timeline, diagnostics) = compiler.compiler.otioTimeline(project, mediaFolder: folder)
        guard let timeline else {
            Terminal.printError(diagnostics.map(\.description).joined(separator: "\n"))
            throw ExitCode(2)
        }
        try InputGuard.refuseOverwriting(path, inputs: [self.project] + included + plan.inputFiles)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try encoder.encode(timeline).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            Terminal.printError("error: cannot write '\(path)': \(error.localizedDescription)")
            throw ExitCode(1)
        }
        print("wrote \(path)")
    }
}
