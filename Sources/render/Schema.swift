import ArgumentParser
import EDLParser

/// `render schema`: print the JSON Schema of the project format, for editors.
struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the JSON Schema of the project format.")

    func run() {
        print(ProjectSchema.json, terminator: "")
    }
}
