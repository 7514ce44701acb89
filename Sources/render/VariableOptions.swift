import ArgumentParser

/// `--set NAME=VALUE`, shared by the commands that read a project, and
/// checked before any of them reads a file.
struct VariableOptions: ParsableArguments {
    @Option(name: .customLong("set"), help: ArgumentHelp("Set a variable, overriding 'vars:'.", valueName: "NAME=VALUE"))
    var assignments: [String] = []

    func validate() throws {
        _ = try ProjectLoader.overrides(assignments)
    }
}
