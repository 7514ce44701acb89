import Foundation
import Testing

/// Usage errors: exit status 2 (not ArgumentParser's 64), the message, and the
/// usage of the command the user ran.
@Suite struct UsageCLITests {
    static let projectUsage = """
        Usage: render project <project> [--output <output>] [--set <NAME=VALUE> ...] [--preview] [--range <FROM..TO>] [--jobs <jobs>] [--cache <DIR>] [--no-cache] [--progress <progress>] [--quiet] [--watch]
          See 'render project --help' for more information.

        """

    /// Arguments, and the first line of what the user sees.
    static let renderCases: [([String], String)] = [
        (["--frobnicate"], "Error: Unknown option '--frobnicate'"),
        (["--set", "title"], "Error: --set takes NAME=VALUE, not 'title'"),
        (["--set", "=Other"], "Error: --set takes NAME=VALUE, not '=Other'"),
        (
            ["--progress", "loud"],
            "Error: The value 'loud' is invalid for '--progress <progress>'. Please provide one of 'auto', 'plain', 'json' or 'none'."
        ),
        (["--range", "2s"], "Error: The value '2s' is invalid for '--range <FROM..TO>': expected FROM..TO, e.g. 10s..20s"),
        (
            ["--range", "2s..1s"],
            "Error: The value '2s..1s' is invalid for '--range <FROM..TO>': the range must end after it starts"
        ),
        (
            ["--range", "1x..2s"],
            "Error: The value '1x..2s' is invalid for '--range <FROM..TO>': '1x' is not a time; expected seconds (2.5), "
                + "'2.5s', '250ms', '1m30s', 'HH:MM:SS.mmm', SMPTE 'HH:MM:SS:FF' or frames '45f'"
        ),
        (["--range", "25f..30f"], "Error: --range 25f..30f holds no frame of the output, which lasts 1s"),
        (["--range", "5s..6s"], "Error: --range 5s..6s holds no frame of the output, which lasts 1s"),
        (["--range", "0.99s..1s"], "Error: --range 0.99s..1s holds no frame of the output, which lasts 1s"),
        (
            ["-o", "out.txt"],
            "Error: 'out.txt' has no known container extension; use one of: .mp4 .mov .mkv .webm .m4a .wav .gif .webp"
        ),
    ]

    @Test(arguments: renderCases)
    func renderUsageErrorsExitWith2(arguments: [String], message: String) throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Projects.tiny)
        let result = try CLI.run(["edit.yaml"] + arguments, in: space.url)
        #expect(result.exited && result.status == 2, "\(result)")
        #expect(result.stdout == "")
        // A bad value is followed by the option's help, then the usage.
        #expect(result.stderr.hasPrefix(message + "\n") && result.stderr.hasSuffix("\n" + Self.projectUsage), "\(result)")
        #expect(space.listing() == ["edit.yaml"], "nothing is written")
    }

    @Test func subcommandUsageErrorsShowThatSubcommandsUsage() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Projects.tiny)
        let plan = try space.render("plan", "edit.yaml", "--set", "title")
        #expect(plan.status == 2)
        #expect(
            plan.stderr == """
                Error: --set takes NAME=VALUE, not 'title'
                Usage: render plan <project> [--set <NAME=VALUE> ...] [--json] [--cache <DIR>] [--no-cache]
                  See 'render plan --help' for more information.

                """)
        let frame = try space.render("frame", "edit.yaml", "--at", "5s", "-o", "f.png")
        #expect(frame.status == 2)
        #expect(
            frame.stderr == """
                Error: --at 5s is past the end of the output, which lasts 1s
                Usage: render frame <project> --at <at> --output <output> [--size <WxH>] [--set <NAME=VALUE> ...]
                  See 'render frame --help' for more information.

                """)
        let check = try space.render("check", "edit.yaml", "--set", "x")
        #expect(check.status == 2)
        #expect(check.stderr.hasPrefix("Error: --set takes NAME=VALUE, not 'x'\nUsage: render check <project>"))
        #expect(!space.exists("f.png"))
    }

    @Test func noArgumentsIsAUsageError() throws {
        let space = try Workspace()
        defer { space.clean() }
        let result = try space.render()
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("Error: Missing expected argument '<project>'\n"))
    }

    @Test func helpExitsWith0AndNamesTheExitStatuses() throws {
        let space = try Workspace()
        defer { space.clean() }
        let result = try space.render("--help")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Exit status: 0 success, 1 render or I/O failure, 2 invalid project or usage,"))
    }
}
