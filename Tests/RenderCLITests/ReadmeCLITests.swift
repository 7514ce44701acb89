import Foundation
import Testing

/// The README's command list and each command's `--help` name the same
/// commands and options: one that drifts from the other fails here.
@Suite struct ReadmeCLITests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    /// Each entry of the list under "## The command line": its command (`project`
    /// for `render PROJECT.yaml`, "" for options of `render` itself) and its text,
    /// continuation lines included.
    static func entries() throws -> [(command: String, text: String)] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try #require(text.range(of: "## The command line\n\n```\n"))
        let block = text[section.upperBound...]
        let end = try #require(block.range(of: "\n```"))
        var entries: [(command: String, text: String)] = []
        for line in block[..<end.lowerBound].split(separator: "\n") {
            if line.hasPrefix("render ") {
                let usage = line.components(separatedBy: "  ")[0]  // the description follows two spaces
                let words = usage.split(separator: " ").dropFirst().prefix { $0.allSatisfy { $0.isLowercase } }
                let command = words.isEmpty ? (line.hasPrefix("render --") ? "" : "project") : words.joined(separator: " ")
                entries.append((command, String(line)))
            } else if !entries.isEmpty {
                entries[entries.count - 1].text += "\n" + line
            }
        }
        return entries
    }

    /// Option names in `text`: `-o`, `--max-size`.
    static func options(in text: String) -> Set<String> {
        let pattern = try? NSRegularExpression(pattern: #"(?<![\w-])(--?[a-z][a-z-]*)"#)
        let range = NSRange(text.startIndex..., in: text)
        return Set(
            (pattern?.matches(in: text, range: range) ?? []).compactMap { match in
                Range(match.range(at: 1), in: text).map { String(text[$0]) }
            })
    }

    /// The options a command's `--help` lists, each with its short name if any.
    static func helpOptions(_ command: String) throws -> [(long: String, short: String?)] {
        let arguments = (command.isEmpty ? [] : command.split(separator: " ").map(String.init)) + ["--help"]
        let help = try CLI.run(arguments, in: URL(fileURLWithPath: NSTemporaryDirectory())).stdout
        let listed = try #require(help.range(of: "\nOPTIONS:\n"))
        let section = help[listed.upperBound...].components(separatedBy: "\n\n")[0]
        return section.split(separator: "\n").compactMap { line in
            // An option's own line starts with two spaces and its name; descriptions are indented further.
            guard line.hasPrefix("  -") else { return nil }
            let names = line.drop { $0 == " " }.split(separator: " ").prefix(2)
            guard let first = names.first else { return nil }
            if first.hasSuffix(","), let second = names.dropFirst().first {
                return (String(second), String(first.dropLast()))
            }
            return (String(first), nil)
        }.filter { $0.long != "--help" && ($0.long != "--version" || command.isEmpty) }
    }

    @Test func everyCommandIsInTheList() throws {
        let listed = Set(try Self.entries().map(\.command))
        let help = try CLI.run(["--help"], in: URL(fileURLWithPath: NSTemporaryDirectory())).stdout
        let section = try #require(help.range(of: "SUBCOMMANDS:\n"))
        let commands = help[section.upperBound...].split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first,
                name.first?.isLowercase == true
            else {
                return nil
            }
            return String(name)
        }
        #expect(commands.count > 10)
        for command in commands { #expect(listed.contains(command), "README's command list lacks 'render \(command)'") }
        #expect(listed.contains("cache clear") && listed.contains("cache prune") && listed.contains(""))
    }

    @Test func eachEntryNamesTheOptionsItsHelpLists() throws {
        for (command, text) in try Self.entries() {
            let written = Self.options(in: text)
            let help = try Self.helpOptions(command)
            for option in help {
                #expect(
                    written.contains(option.long) || option.short.map(written.contains) == true,
                    "README's 'render \(command)' lacks \(option.long), which its --help lists")
            }
            let known = Set(help.map(\.long) + help.compactMap(\.short))
            for option in written.subtracting(known) {
                Issue.record("README's 'render \(command)' names \(option), which its --help does not list")
            }
        }
    }
}
