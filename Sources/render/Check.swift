import ArgumentParser
import EDLParser
import Foundation

/// `render check`: validate a project, look for its files and probe its media
/// (so every diagnostic `render` would print comes out), without rendering.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Validate a project, probe its media, and report every problem with file:line:column.")

    @Argument(help: "The project file.")
    var project: String

    @OptionGroup var variables: VariableOptions

    func run() throws {
        let (parsed, _, _) = try ProjectLoader(path: project, assignments: variables.assignments).compile()
        let items = parsed.tracks.reduce(0) { $0 + $1.items.count }
        print(
            "\(project): ok (\(parsed.tracks.count) track\(parsed.tracks.count == 1 ? "" : "s"), \(items) item\(items == 1 ? "" : "s"))"
        )
    }
}
