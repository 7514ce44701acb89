import ArgumentParser
import Backend
import Foundation

// Usage errors exit with 2 (the spec's "invalid project or usage"), not
// ArgumentParser's default 64.
var parsed: (any ParsableCommand.Type)?
Interruption.install()
MemoryPolicy.mapLargeBlocksApart()
do {
    var command = try Render.parseAsRoot()
    parsed = type(of: command)
    if !(command is RenderProject || command is ChunkCommand || command is JoinCommand || command is StudioCommand) {
        Interruption.restoreDefault()
    }
    try command.run()
} catch {
    let code = Render.exitCode(for: error)
    if code == .validationFailure {
        var message = Render.fullMessage(for: error)
        if let parsed, parsed != Render.self, let validation = error as? ValidationError {
            // Thrown by run(): ArgumentParser would show the root's usage; show the command's.
            message =
                "Error: \(validation.message)\nUsage: \(Render.usageString(for: parsed))\n"
                + "  See 'render \(parsed._commandName) --help' for more information."
        }
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(2)
    }
    Render.exit(withError: error)
}
