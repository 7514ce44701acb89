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
            ["~ text \"The end\" at 00:00:02:00: opacity not set → 0.5"]
        ),
        (
            "      - { text: \"The end\", duration: 1s }",
            "      - { color: red, duration: 0.5s }\n      - { text: \"The end\", duration: 1s }",
            [
                "+ added colour #ff0000ff to track 1 at 00:00:02:00–00:00:02:13",
                "~ text \"The end\" at 00:00:02:13: moved 00:00:02:00 → 00:00:02:13",
            ]
        ),
        (
            "{ text: \"The end\", duration: 1s }", "{ text: \"The end\", duration: 1s, font_size: 60, color: red }",
            ["~ text \"The end\" at 00:00:02:00: font_size not set → 60; color not set → '#ff0000ff'"]
        ),
        (
            "{ text: \"The end\", duration: 1s }", "{ text: \"The End!\", duration: 1s }",
            ["~ text \"The End!\" at 00:00:02:00: text \"The end\" → \"The End!\""]
        ),
        (
            "from: 0.4s, to: 1.4s }", "from: 0.4s, to: 1.4s, fade_out: 0.5s }",
            ["~ 'clip.mp4' at 00:00:00:00: fade_out not set → 0.5s"]
        ),
        ("  - items:", "  - mute: true\n    volume: 0.5\n    items:", ["~ track 1: volume not set → 0.5; mute not set → true"]),
        ("  - items:", "  - hidden: true\n    items:", ["~ track 1: hidden not set → true"]),
        (
            "from: 0.4s, to: 1.4s", "from: 0.8s, to: 1.8s",
            ["~ 'clip.mp4' at 00:00:00:00: slipped 00:00:00:10–00:00:01:10 → 00:00:00:20–00:00:01:20"]
        ),
        ("from: 0.4s, to: 1.4s", "from: 0.4s, to: 1.4s, reverse: true", ["~ 'clip.mp4' at 00:00:00:00: reversed"]),
        (
            "from: 0.4s, to: 1.4s", "from: 0.4s, to: 1.2s, reverse: true",
            ["~ 'clip.mp4' at 00:00:00:00: reversed; trimmed out 00:00:01:10 → 00:00:01:05"]
        ),
        (
            "from: 0.4s, to: 1.4s", "from: 0.4s, duration: 1s, speed: [{ at: 0, value: 1 }, { at: 0.5s, value: 2 }]",
            [
                "~ 'clip.mp4' at 00:00:00:00: trimmed out 00:00:01:10 → 00:00:02:04; retimed ×1 → a changing speed; "
                    + "speed not set → [{at: 0s, value: 1}, {at: 0.5s, value: 2}]"
            ]
        ),
        (
            "from: 0.4s, to: 1.4s }",
            "from: 0.4s, to: 1.4s, compressor: { threshold: -18dB }, fade_in: { duration: 0.5s, curve: exp } }",
            [
                "~ 'clip.mp4' at 00:00:00:00: fade_in not set → {duration: 0.5s, curve: exp}; compressor not set → "
                    + "{threshold: -18dB, ratio: 4, knee: 6dB, attack: 0.01s, release: 0.2s, makeup: 0dB, detect: rms}"
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
        // Only the items that changed, never as removed and added again.
        #expect(!result.stdout.contains("removed") && !result.stdout.contains("settings changed"), "\(result)")
    }

    static let withTransition = """
        cutlist: 1
        output: { size: 160x90, fps: 25 }
        tracks:
          - items:
              - { source: clip.mp4, from: 0.4s, to: 1.4s }
              - { transition: crossfade, duration: 0.4s }
              - { source: clip.mp4, from: 2s, to: 3s }
              - { gap: 0.5s }
              - { text: "The end", duration: 1s }
        """

    @Test(arguments: [
        (
            "transition: crossfade", "transition: wipe-left",
            ["~ transition wipe-left at 00:00:00:15: transition crossfade → wipe-left"]
        ),
        (
            "transition: crossfade, duration: 0.4s", "transition: crossfade, duration: 0.8s",
            [
                "~ transition crossfade at 00:00:00:05: lasts 0.4s → 0.8s; moved 00:00:00:15 → 00:00:00:05",
                "~ 'clip.mp4' at 00:00:00:05: moved 00:00:00:15 → 00:00:00:05",
                "~ gap at 00:00:01:05: moved 00:00:01:15 → 00:00:01:05",
                "~ text \"The end\" at 00:00:01:18: moved 00:00:02:03 → 00:00:01:18",
            ]
        ),
        (
            "gap: 0.5s", "gap: 1s",
            [
                "~ gap at 00:00:01:15: lasts 0.5s → 1s",
                "~ text \"The end\" at 00:00:02:15: moved 00:00:02:03 → 00:00:02:15",
            ]
        ),
        (
            "from: 0.4s, to: 1.4s }\n      - { transition: crossfade, duration: 0.4s }\n      - { source: clip.mp4, from: 2s, to: 3s }",
            "from: 2s, to: 3s }\n      - { transition: crossfade, duration: 0.4s }\n      - { source: clip.mp4, from: 0.4s, to: 1.4s }",
            [
                "~ 'clip.mp4' at 00:00:00:00: moved 00:00:00:15 → 00:00:00:00",
                "~ 'clip.mp4' at 00:00:00:15: moved 00:00:00:00 → 00:00:00:15",
            ]
        ),
    ])
    func transitionsGapsAndSwapsAreToldAsSuch(_ old: String, _ new: String, _ expected: [String]) throws {
        let after = Self.withTransition.replacingOccurrences(of: old, with: new)
        #expect(after != Self.withTransition)
        let result = try diff(after, before: Self.withTransition)
        #expect(result.status == 1, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        // Each change in its own words, and nothing else about the items.
        let told = lines.filter { $0.hasPrefix("~ ") || $0.hasPrefix("+ ") || $0.hasPrefix("- ") }
        #expect(told.sorted() == expected.sorted(), "\(result)")
    }

    @Test func aRemovedItemIsMatchedAroundAndOnlyItsTimeRendersAgain() throws {
        let result = try diff(
            Self.before.replacingOccurrences(of: "      - { source: clip.mp4, from: 0.4s, to: 1.4s }\n", with: ""))
        #expect(result.stdout.contains("- removed 'clip.mp4' from track 1 at 00:00:00:00–00:00:01:00"), "\(result)")
        #expect(result.stdout.contains("length 00:00:03:00 → 00:00:02:00"))
        // The closing clip and the title moved up a second: chunks are found by content, so nothing is encoded again.
        #expect(result.stdout.contains("renders again: nothing"), "\(result)")
    }

    /// Runs git in `space`.
    @discardableResult
    static func git(_ space: Workspace, _ arguments: String...) throws -> String {
        try Tool.run("git", ["-C", space.url.path] + arguments)
    }

    /// A repository in `space` with the driver set up as the README says, for
    /// every YAML file (the broadest scope), and `files` committed.
    static func repository(_ space: Workspace, _ files: [String: String]) throws {
        try git(space, "init", "-q")
        try git(space, "config", "user.email", "t@example.com")
        try git(space, "config", "user.name", "T")
        try git(space, "config", "diff.cutlist.command", "\(CLI.executable.path) diff")
        try space.write(".gitattributes", "*.yaml diff=cutlist\n")
        for (name, text) in files { try space.write(name, text) }
        try git(space, "add", ".")
        try git(space, "commit", "-qm", "first")
    }

    @Test func gitShowsTheEditorsWords() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.makeClip("clip.mp4", seconds: 4)
        try Self.repository(space, ["edit.yaml": Self.before])
        try space.write("edit.yaml", Self.before.replacingOccurrences(of: "from: 0.4s", with: "from: 0.6s"))
        let shown = try Self.git(space, "diff", "edit.yaml")
        #expect(shown.contains("--- a/edit.yaml"), "\(shown)")
        #expect(shown.contains("~ 'clip.mp4' at 00:00:00:00: trimmed in 00:00:00:10 → 00:00:00:15"), "\(shown)")
    }

    @Test func gitShowsOtherYAMLAsTextAndGoesOnToTheNextFile() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.makeClip("clip.mp4", seconds: 4)
        try Self.repository(space, ["ci.yaml": "name: build\non: push\njobs: {}\n", "edit.yaml": Self.before])
        try space.write("ci.yaml", "name: build\non: pull_request\njobs: {}\n")
        try space.write("edit.yaml", Self.before.replacingOccurrences(of: "from: 0.4s", with: "from: 0.6s"))
        // Exit 0 (Tool.run throws otherwise), the CI file as text, then the project after it.
        let shown = try Self.git(space, "diff")
        let lines = shown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let note = lines.firstIndex { $0.hasPrefix("ci.yaml: not a Cutlist project that compiles (") }
        #expect(note.map { lines[$0].hasSuffix("); a text diff follows") } == true, "\(shown)")
        if let note {
            #expect(
                Array(lines[(note + 1)...].prefix(7)) == [
                    "--- a/ci.yaml", "+++ b/ci.yaml", "@@ -1,3 +1,3 @@", " name: build", "-on: push", "+on: pull_request",
                    " jobs: {}",
                ], "\(shown)")
        }
        #expect(shown.contains("~ 'clip.mp4' at 00:00:00:00: trimmed in 00:00:00:10 → 00:00:00:15"), "\(shown)")
    }

    @Test func gitShowsARenamedProjectsEdit() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.makeClip("clip.mp4", seconds: 4)
        try Self.repository(space, ["edit.yaml": Self.before])
        try Self.git(space, "mv", "edit.yaml", "promo.yaml")
        try space.write("promo.yaml", Self.before.replacingOccurrences(of: "from: 0.4s", with: "from: 0.6s"))
        try Self.git(space, "add", "promo.yaml")
        // Git gives a driver nine arguments for a rename.
        let shown = try Self.git(space, "diff", "--cached", "-M")
        #expect(shown.contains("--- a/edit.yaml\n+++ b/promo.yaml\n"), "\(shown)")
        #expect(shown.contains("~ 'clip.mp4' at 00:00:00:00: trimmed in 00:00:00:10 → 00:00:00:15"), "\(shown)")
    }

    @Test func anOldVersionSavedElsewhereReadsItsMediaFromRoot() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.makeClip("clip.mp4", seconds: 4)
        try FileManager.default.createDirectory(atPath: space.path("elsewhere"), withIntermediateDirectories: true)
        try space.write("elsewhere/old.yaml", Self.before)
        try space.write("edit.yaml", Self.before.replacingOccurrences(of: "from: 0.4s", with: "from: 0.6s"))
        let beside = try space.render("diff", "elsewhere/old.yaml", "edit.yaml")
        #expect(beside.status == 2 && beside.stderr.contains("'clip.mp4' does not exist"), "\(beside)")
        #expect(beside.stderr.contains("hint: the old version's paths resolve against its own folder; "), "\(beside)")
        #expect(beside.stderr.contains("give --root with the project's folder"), "\(beside)")
        let rooted = try space.render("diff", "elsewhere/old.yaml", "edit.yaml", "--root", ".")
        #expect(rooted.status == 1, "\(rooted)")
        #expect(rooted.stdout.contains("~ 'clip.mp4' at 00:00:00:00: trimmed in 00:00:00:10 → 00:00:00:15"), "\(rooted)")
        let help = try space.render("diff", "--help")
        #expect(help.stdout.contains("--root <DIR>") && help.stdout.contains("git show HEAD:edit.yaml"), "\(help)")
    }

    @Test func aFirstVersionRendersAllOfIt() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write(
            "edit.yaml", "cutlist: 1\noutput: { size: 160x90, fps: 25 }\ntracks:\n  - items: [{ color: red, duration: 1.37s }]\n")
        let result = try space.render("diff", "/dev/null", "edit.yaml")
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.hasSuffix("renders again: all of it (1.37s)\n"), "\(result)")
    }

    @Test func twoEmptyVersionsAreAUsageErrorThatSaysSo() throws {
        let space = try Workspace()
        defer { space.clean() }
        let result = try space.render("diff", "/dev/null", "/dev/null")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("Error: OLD and NEW are both /dev/null: there is no project to compare\n"), "\(result)")
    }

    @Test func tenThousandReorderedItemsDiffInBoundedMemory() throws {
        let space = try Workspace()
        defer { space.clean() }
        let items = (0..<10_000).map { "      - { color: \"#\(String(format: "%06x", $0 * 97))\", duration: 2f }" }
        let head = "cutlist: 1\noutput: { size: 160x90, fps: 25 }\ntracks:\n  - items:\n"
        try space.write("old.yaml", head + items.joined(separator: "\n"))
        // Every other item moved to the end, in reverse order.
        let moved = stride(from: 0, to: items.count, by: 2).map { items[$0] }
        let kept = stride(from: 1, to: items.count, by: 2).map { items[$0] }
        try space.write("new.yaml", head + (kept + moved.reversed()).joined(separator: "\n"))
        let started = Date()
        let (status, peak) = try Self.peakMemory(["diff", "--no-cache", space.path("old.yaml"), space.path("new.yaml")])
        let seconds = Date().timeIntervalSince(started)
        #expect(status == 1)
        #expect(peak < 200 << 20, "peak resident memory \(peak >> 20) MB")
        #expect(seconds < 90, "took \(seconds) s")
    }

    /// Runs `render ARGUMENTS` (output thrown away); its exit status and peak
    /// resident memory in bytes, as the kernel counted it for that process.
    /// A process started by posix_spawn shares its parent's memory until it
    /// executes, and the kernel counts the parent's peak (this test process's,
    /// hundreds of MB) into the child's; so render is started from a small
    /// python3 by a real fork, and python3 reports what wait4 says of it.
    static func peakMemory(_ arguments: [String]) throws -> (status: Int32, bytes: Int) {
        let script = """
            import os, sys
            pid = os.fork()
            if pid == 0:
                null = os.open(os.devnull, os.O_WRONLY)
                os.dup2(null, 1); os.dup2(null, 2)
                os.execv(sys.argv[1], sys.argv[1:])
            _, status, usage = os.wait4(pid, 0)
            print(os.waitstatus_to_exitcode(status), usage.ru_maxrss * 1024)
            """
        let words = try Tool.run("python3", ["-c", script, CLI.executable.path] + arguments).split(separator: " ")
        guard words.count == 2, let status = Int32(words[0]),
            let bytes = Int(words[1].trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw Tool.Failure(description: "python3 did not report render's exit status and memory") }
        return (status, bytes)
    }
}
