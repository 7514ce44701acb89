import ArgumentParser

/// `render plan`: print the compiled instruction graph.
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Print the compiled instruction graph: stable text a reviewer can diff, or JSON.")

    @Argument(help: "The project file.")
    var project: String

    @Option(name: .customLong("set"), help: ArgumentHelp("Set a variable, overriding 'vars:'.", valueName: "NAME=VALUE"))
    var assignments: [String] = []

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let plan = try ProjectCompiler(path: project, assignments: assignments).plan()
        print(json ? try plan.json() : plan.text, terminator: "")
    }
}
