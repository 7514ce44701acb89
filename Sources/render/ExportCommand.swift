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

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "The timeline to write: .otio (default: the project's name with .otio, beside it), or through "
                + "OpenTimelineIO's otioconvert .edl (CMX 3600) or .xml (Final Cut Pro 7 XML).", valueName: "file"))
    var output: String?

    @OptionGroup var variables: VariableOptions

    func validate() throws {
        guard let output else { return }
        let suffix = URL(fileURLWithPath: output).pathExtension.lowercased()
        guard suffix != "otio", !OTIOConverter.written.contains(where: { $0.suffix == suffix }) else { return }
        let formats = (["otio"] + OTIOConverter.written.map(\.suffix)).map { "." + $0 }.joined(separator: ", ")
        let fcpx = suffix == "fcpxml" ? " (Final Cut Pro X's .fcpxml has no writer among OpenTimelineIO's adapters here)" : ""
        throw ValidationError("-o '\(output)': render export writes \(formats)\(fcpx)")
    }

    func run() throws {
        // The project must compile as it would render: the same checks, the same diagnostics.
        let compiler = try ProjectLoader(path: self.project, assignments: variables.assignments)
        let (project, plan, filesRead) = try compiler.compile()
        let path = output ?? URL(fileURLWithPath: self.project).deletingPathExtension().appendingPathExtension("otio").path
        // Media paths are relative to the timeline's folder, as OpenTimelineIO resolves them.
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
        let (timeline, diagnostics) = compiler.compiler.otioTimeline(project, mediaFolder: folder)
        guard let timeline else {
            Terminal.printError(diagnostics.map(\.description).joined(separator: "\n"))
            throw ExitCode(2)
        }
        try InputGuard.refuseOverwriting(path, inputs: filesRead + plan.inputFiles)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let suffix = URL(fileURLWithPath: path).pathExtension.lowercased()
        // Another format is converted from the OTIO JSON beside it, then written in place by its adapter.
        let json = suffix == "otio" ? path : path + ".\(UUID().uuidString).otio"
        defer { if json != path { try? FileManager.default.removeItem(atPath: json) } }
        do {
            try encoder.encode(timeline).write(to: URL(fileURLWithPath: json), options: .atomic)
        } catch {
            Terminal.printError("error: cannot write '\(path)': \(error.localizedDescription)")
            throw ExitCode(1)
        }
        if json != path {
            try OTIOConverter.convert(json, to: path, what: "writing '\(path)'")
        }
        print("wrote \(path)")
    }
}
