import Foundation
import Testing

/// `render diff`: an edit's changes in an editor's words, and as git's diff driver.
@Suite struct DiffCLITests {
    static let before = """
        cutlist: 1
        output: { size: 160x90, fps: 25 }
        tracks:
          - items:
              - { source: clip.mp4, from: 0.4s, to: 1.4s }
              - { source: clip.mp4, from: 2s, to: 3s, id: closing }
              - { text: "The end", duration: 1s }
        """

    func diff(_ after: String, before: String = Self.before) throws -> CLIResult {
        let space = try Workspace()
        defer { space.clean() }
        try space.makeClip("clip.mp4", seconds: 4)
        try space.write("old.yaml", before)
        try space.write("new.yaml", after)
        return try space.render("diff", "old.yaml", "new.yaml")
    }

    @Test func anUnchangedEditIsTheSameAndExitsZero() throws {
        // Moving a line or adding a comment changes nothing of the edit.
        let result = try diff("# a comment\n" + Self.before)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "new.yaml: no change to the edit\n")
    }

    @Test(arguments: [
        (
            "from: 0.4s, to: 1.4s", "from: 0.6s, to: 1.4s",
            ["~ 'clip.mp4' at 00:00:00:00: trimmed in 00:00:00:10 → 00:00:00:15", "length 00:00:03:00 → 00:00:02:20"]
        ),
        (
            "from: 0.4s, to: 1.4s }", "from: 0.4s, to: 1.4s }\n      - { gap: 0.5s }",
            ["~ 'clip.mp4' (closing) at 00:00:01:13: moved 00:00:01:00 → 00:00:01:13", "length 00:00:03:00 → 00:00:03:13"]
        ),
        (
            "from: 2s, to: 3s, id", "from: 2s, to: 4s, speed: 2, id",
            ["~ 'clip.mp4' (closing) at 00:00:01:00: trimmed out 00:00:03:00 → 00:00:04:00; retimed ×1 → ×2"]
        ),
        (
            "{ text: \"The end\", duration: 1s }", "{ text: \"The end\", duration: 1s, opacity: 0.5 }",
            ["~ text \"The end\" at 00:00:02:00: changed opacity"]
        ),
        (
            "      - { text: \"The end\", duration: 1s }",
            "      - { color: red, duration: 0.5s }\n      - { text: \"The end\", duration: 1s }",
            [
                "+ added colour #ff0000ff to track 1 at 00:00:02:00–00:00:02:13",
                "~ text \"The end\" at 00:00:02:13: moved 00:00:02:00 → 00:00:02:13",
            ]
        ),
    ])
    func anEditIsToldInAnEditorsWords(_ old: String, _ new: String, _ expected: [String]) throws {
        let result = try diff(Self.before.replacingOccurrences(of: old, with: new))
        #expect(result.status == 1, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "--- old.yaml" && lines.dropFirst().first == "+++ new.yaml")
        for line in expected { #expect(lines.contains(line), "\(line) not in:\n\(result.stdout)") }
        #expect(lines.last?.hasPrefix("renders again: ") == true)
    }

    @Test func aRemovedItemIsMatchedAroundAndOnlyItsTimeRendersAgain() throws {
        let result = try diff(
            Self.before.replacingOccurrences(of: "      - { source: clip.mp4, from: 0.4s, to: 1.4s }\n", with: ""))
        #expect(result.stdout.contains("- removed 'clip.mp4' from track 1 at 00:00:00:00–00:00:01:00"), "\(result)")
        #expect(result.stdout.contains("length 00:00:03:00 → 00:00:02:00"))
        // The closing clip and the title moved up a second: chunks are found by content, so nothing is encoded again.
        #expect(result.stdout.contains("renders again: nothing"), "\(result)")
    }

    @Test func gitShowsTheEditorsWords() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.makeClip("clip.mp4", seconds: 4)
        try space.write("edit.yaml", Self.before)
        let render = CLI.executable.path
        for command in [
            ["init", "-q"], ["config", "user.email", "t@example.com"], ["config", "user.name", "T"],
            ["config", "diff.cutlist.command", "\(render) diff"], ["add", "edit.yaml"], ["commit", "-qm", "first"],
        ] {
            _ = try Tool.run("git", ["-C", space.url.path] + command)
        }
        try space.write(".gitattributes", "*.yaml diff=cutlist\n")
        try space.write("edit.yaml", Self.before.replacingOccurrences(of: "from: 0.4s", with: "from: 0.6s"))
        let shown = try Tool.run("git", ["-C", space.url.path, "diff", "edit.yaml"])
        #expect(shown.contains("--- a/edit.yaml"), "\(shown)")
        #expect(shown.contains("~ 'clip.mp4' at 00:00:00:00: trimmed in 00:00:00:10 → 00:00:00:15"), "\(shown)")
    }
}
