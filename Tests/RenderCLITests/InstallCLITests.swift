import Foundation
import Testing

/// `make install`'s script puts the two binaries, the man page and the shell
/// completions where the FHS says, and what it installs works: the installed
/// `render` checks and renders a project, `man -l` reads the page, and bash
/// completes `render ch` to `check`. The page is generated from the command
/// definitions (`make man`); a test keeps it from lagging behind `--help`.
@Suite struct InstallCLITests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func theInstalledFilesAreWhereTheFHSSaysAndWork() throws {
        let space = try Workspace()
        defer { space.clean() }
        let root = space.path("staged/usr")
        _ = try Tool.run(
            Self.package.appendingPathComponent("scripts/install.sh").path,
            [CLI.executable.deletingLastPathComponent().path, root])
        let installed = [
            "bin/render", "bin/render-cli", "share/man/man1/render.1", "share/bash-completion/completions/render",
            "share/zsh/site-functions/_render", "share/fish/vendor_completions.d/render.fish",
        ]
        for file in installed { #expect(FileManager.default.fileExists(atPath: root + "/" + file), "\(file)") }
        #expect(FileManager.default.isExecutableFile(atPath: root + "/bin/render"))
        try space.write("edit.yaml", Projects.tiny)
        _ = try Tool.run(root + "/bin/render", [space.path("edit.yaml"), "-o", space.path("out.mp4"), "--quiet", "--no-cache"])
        #expect(try Tool.videoFacts(space.path("out.mp4")).frames == 25)
        let page = try Tool.run("man", ["-l", "-P", "cat", root + "/share/man/man1/render.1"])
        #expect(page.contains("Render a Cutlist project"), "\(page.prefix(300))")
        let completed = try Tool.run(
            "bash",
            [
                "-c",
                "source '\(root)/share/bash-completion/completions/render'; COMP_WORDS=(render ch); COMP_CWORD=1; "
                    + "COMP_LINE='render ch'; COMP_POINT=9; _render render ch render; printf '%s\\n' \"${COMPREPLY[@]}\"",
            ])
        #expect(completed.split(separator: "\n").contains("check"), "\(completed)")
        _ = try Tool.run(Self.package.appendingPathComponent("scripts/install.sh").path, ["--uninstall", root])
        for file in installed { #expect(!FileManager.default.fileExists(atPath: root + "/" + file), "\(file)") }
    }

    /// Every subcommand and option `--help` lists is in docs/render.1 (regenerate it with `make man`).
    @Test func theManPageHasEveryCommandAndOptionOfHelp() throws {
        let page = try String(contentsOf: Self.package.appendingPathComponent("docs/render.1"), encoding: .utf8)
        let help = try CLI.run(["--help"], in: Self.package, timeout: 30).stdout
        // The SUBCOMMANDS list runs to the first blank line.
        let listed = help.components(separatedBy: "SUBCOMMANDS:").last?.components(separatedBy: "\n\n").first ?? ""
        let subcommands = listed.split(separator: "\n").compactMap {
            $0.hasPrefix("  ") && !$0.hasPrefix("   ") ? $0.split(separator: " ").first.map(String.init) : nil
        }
        #expect(subcommands.count > 10, "\(help)")
        for command in subcommands where command != "help" {
            #expect(page.contains(".It Em \(command)"), "'\(command)' is not in docs/render.1: run make man")
            let usage = try CLI.run([command, "--help"], in: Self.package, timeout: 30).stdout
            let options = usage.split(separator: "\n").compactMap { line -> String? in
                let text = line.trimmingCharacters(in: .whitespaces)
                guard text.hasPrefix("--") || text.hasPrefix("-") else { return nil }
                let flag = text.split(whereSeparator: { $0 == " " || $0 == "," }).first.map(String.init) ?? ""
                return flag.hasPrefix("--") ? String(flag.dropFirst(2)) : nil
            }
            for option in options where option != "help" && option != "version" {
                #expect(page.contains("Fl -\(option)"), "'\(command) --\(option)' is not in docs/render.1: run make man")
            }
        }
    }
}
