import ArgumentParser
import EDLParser
import Foundation

/// Reads and parses a project file, printing diagnostics the way a compiler does.
struct ProjectLoader {
    let path: String
    let overrides: [String: String]
    /// The folder relative paths resolve against, when not the file's own (a git
    /// diff driver reads old versions from temporary files).
    var directory: String?
    /// Set: diagnostics are kept there instead of printed.
    var collector: DiagnosticCollector?

    /// The parsed project, or nil after printing its diagnostics to standard error.
    /// The parse of the project file (its diagnostics not yet printed) and its
    /// text; nil, after printing why, when the file cannot be read as text.
    func load() -> (result: ParseResult, source: String)? {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        // Refused before it is read, so a file of gigabytes is not read into memory first.
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int ?? 0
        if !isDirectory.boolValue, let problem = ProjectParser.sizeProblem(bytes: size, file: path) {
            let renderer = DiagnosticRenderer(colored: Terminal.standardErrorIsTerminal)
            Terminal.printError(renderer.render([problem]), terminator: "")
            return nil
        }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: url.path) else {
            let reason =
                isDirectory.boolValue ? "is a directory, not a project file" : exists ? "cannot be read" : "does not exist"
            Terminal.printError("error: project file '\(path)' \(reason)")
            return nil
        }
        guard let text = String(data: data, encoding: .utf8) else {
            Terminal.printError("\(path):1:1: error: the project file is not UTF-8 text")
            return nil
        }
        let directory = self.directory ?? url.deletingLastPathComponent().standardizedFileURL.path
        return (ProjectParser.parse(text, file: path, directory: directory, overrides: overrides), text)
    }

    /// Prints diagnostics with excerpts of the project file and of the files its compositions read (`included`).
    func report(_ diagnostics: [Diagnostic], dropped: Int = 0, source: String, included: [String: String] = [:]) {
        guard !diagnostics.isEmpty else { return }
        if let collector {
            collector.diagnostics += diagnostics
            return
        }
        let sources = included.merging([path: source]) { $1 }
        let renderer = DiagnosticRenderer(sources: sources, colored: Terminal.standardErrorIsTerminal)
        Terminal.printError(renderer.render(diagnostics, dropped: dropped), terminator: "")
    }

    /// `--set KEY=VALUE` pairs as a dictionary; a malformed pair is a usage error.
    static func overrides(_ pairs: [String]) throws -> [String: String] {
        var result: [String: String] = [:]
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw ValidationError("--set takes NAME=VALUE, not '\(pair)'")
            }
            result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        return result
    }
}

/// Diagnostics kept for the caller to summarise (`render diff` as git's driver says one line).
final class DiagnosticCollector {
    var diagnostics: [Diagnostic] = []
}
