import ArgumentParser

/// `--set NAME=VALUE`, shared by the commands that read a project.
struct VariableOptions: ParsableArguments {
    @Option(name: .customLong("set"), help: ArgumentHelp("Set a variable, overriding 'vars:'.", valueName: "NAME=VALUE"))
    var assignments: [String] = []
}
