import ArgumentParser
import Backend

/// `render shader-check FILE`: the child that compiles a project's shaders for
/// `ShaderCheck`, apart from the process that asked. Not for users.
struct ShaderCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: ShaderCheck.command, abstract: "Compile shaders for a check (used by render itself).",
        shouldDisplay: false)

    @Argument var shaders: String

    func run() throws {
        throw ExitCode(ShaderCheck.serve(shaders))
    }
}
