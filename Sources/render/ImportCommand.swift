import ArgumentParser
import Compiler
import Foundation

/// `render import`: an OpenTimelineIO timeline as a Cutlist project.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write an OpenTimelineIO timeline (.otio) as a Cutlist project.")

    enum Offline: String, ExpressibleByArgument, CaseIterable {
        case error, slate
    }

    @Argument(help: "The .otio file.")
    var timeline: String

    @Option(name: .shortAndLong, help: "The project to write (default: the timeline's name with .yaml, beside it).")
    var output: String?

    @Option(help: "Media that is missing: an error, or a slate with the clip's name.")
    var offline: Offline = .error

    func run() throws {
        let url = URL(fileURLWithPath: timeline)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Terminal.printError("error: cannot read '\(timeline)'")
            throw ExitCode(2)
        }
        var importer = OTIOImporter(
            directory: url.deletingLastPathComponent().path, offline: offline == .slate ? .slate : .error,
            exists: { FileManager.default.isReadableFile(atPath: $0) })
        let text: String
        do {
            text = try importer.project(from: data)
        } catch {
            Terminal.printError("error: '\(timeline)': \(error.description)")
            throw ExitCode(2)
        }
        let path = output ?? url.deletingPathExtension().appendingPathExtension("yaml").path
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            Terminal.printError("error: cannot write '\(path)': \(error.localizedDescription)")
            throw ExitCode(1)
        }
        print("wrote \(path)")
    }
}
