import ArgumentParser
import Foundation

// Usage errors exit with 2 (the spec's "invalid project or usage"), not
// ArgumentParser's default 64.
do {
    var command = try Render.parseAsRoot()
    try command.run()
} catch {
    let code = Render.exitCode(for: error)
    if code == .validationFailure {
        FileHandle.standardError.write(Data((Render.fullMessage(for: error) + "\n").utf8))
        exit(2)
    }
    Render.exit(withError: error)
}
