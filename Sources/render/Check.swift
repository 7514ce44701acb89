import ArgumentParser
import Backend
import Compiler
import EDLParser
import Foundation

/// `render check`: validate a project, look for its files and probe its media
/// (so every diagnostic `render` would print comes out), without rendering.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Validate a project, probe its media, and report every problem with file:line:column.")

    @Argument(help: "The project file.")
    var project: String

    @Option(name: .customLong("set"), help: ArgumentHelp("Set a variable, overriding 'vars:'.", valueName: "NAME=VALUE"))
    var assignments: [String] = []

    func validate() throws {
        _ = try ProjectLoader.overrides(assignments)
    }

    func run() throws {
        let loader = ProjectLoader(path: project, overrides: try ProjectLoader.overrides(assignments))
        let (parsed, source) = loader.load()
        guard let parsed else { throw ExitCode(2) }
        let missing = parsed.referencedFiles.compactMap(Self.fileProblem)
        loader.report(missing, source: source)
        guard missing.isEmpty else { throw ExitCode(2) }
        // Probing the media finds unreadable or corrupt files and every rule that needs media facts.
        let compiled = Compiler(media: MediaProbe()).compile(parsed)
        loader.report(compiled.diagnostics, source: source)
        guard compiled.plan != nil else { throw ExitCode(2) }
        let items = parsed.tracks.reduce(0) { $0 + $1.items.count }
        print("\(project): ok (\(parsed.tracks.count) track\(parsed.tracks.count == 1 ? "" : "s"), \(items) item\(items == 1 ? "" : "s"))")
    }

    /// A diagnostic for a referenced file that is missing or unreadable.
    static func fileProblem(_ file: Located<String>) -> Diagnostic? {
        var isDirectory: ObjCBool = false
        let manager = FileManager.default
        if !manager.fileExists(atPath: file.value, isDirectory: &isDirectory) {
            return .error("'\(file.value)' does not exist", at: file.location)
        }
        if isDirectory.boolValue { return .error("'\(file.value)' is a directory, not a media file", at: file.location) }
        if !manager.isReadableFile(atPath: file.value) { return .error("'\(file.value)' cannot be read", at: file.location) }
        return nil
    }
}
