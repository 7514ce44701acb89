import ArgumentParser
import Backend
import Compiler
import EDLParser
import Foundation
import Interchange

/// `render diff`: what changed between two versions of an edit, in an editor's words.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract:
            "Show what changed between two versions of a project: items added, removed, moved, trimmed, retimed, "
            + "and keys changed, from what to what.",
        discussion: """
            Exit status as diff's: 0 the same, 1 different, 2 trouble. Given the seven (or, for a rename, nine) \
            arguments git passes an external diff driver, it reads both versions with paths relative to the \
            project's folder and exits 0, as git wants; a version that is not a project that compiles (another \
            YAML file, a project saved mid-edit) is shown as a text diff after a one-line note. To compare with \
            an old version saved elsewhere (git show HEAD:edit.yaml > /tmp/old.yaml), give --root with the \
            project's folder.
            """)

    @Argument(help: "OLD.yaml NEW.yaml, or git's seven or nine arguments.")
    var files: [String]

    @Option(
        help: ArgumentHelp(
            "The folder OLD's relative paths (media, fonts, included files) resolve against, instead of OLD's own: "
                + "for an old version copied out of the project, give the project's folder.",
            valueName: "DIR"))
    var root: String?

    @OptionGroup var variables: VariableOptions

    @OptionGroup var cacheOptions: CacheOptions<FingerprintCache>

    /// One version: its timeline, its output and its chunks' fingerprints.
    struct Version {
        var timeline = EditTimeline()
        var duration: Rational = .zero
        var fps: FrameRate?
        var chunks: [Chunk] = []
        var frames: Int64 = 0
        /// What decides the output besides its items: its format, and its chunks by content.
        var settings = ""
    }

    /// A version git handed over that does not compile as a project.
    struct NotAProject: Error {
        /// Its first error, with the version and the place.
        var reason: String?
    }

    func run() throws {
        let git = files.count == 7 || files.count == 9
        guard git || files.count == 2 else {
            throw ValidationError("give two project files (OLD NEW), or the seven or nine arguments of a git diff driver")
        }
        if git, root != nil {
            throw ValidationError("--root is for OLD NEW; as git's driver, paths resolve against the project's folder")
        }
        let (oldPath, newPath) = git ? (files[1], files[4]) : (files[0], files[1])
        guard oldPath != "/dev/null" || newPath != "/dev/null" else {
            throw ValidationError("OLD and NEW are both /dev/null: there is no project to compare")
        }
        guard git else {
            let old: Version
            do {
                old = try version(oldPath, directory: root.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
            } catch let exit as ExitCode where exit.rawValue == 2 && root == nil {
                let folder = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path }
                if folder(oldPath) != folder(newPath) {
                    Terminal.printError(
                        "hint: the old version's paths resolve against its own folder; for one copied out of the project "
                            + "(git show HEAD:edit.yaml > /tmp/old.yaml), give --root with the project's folder")
                }
                throw exit
            }
            let changed = report(old: old, new: try version(newPath, directory: nil), headers: (oldPath, newPath), name: newPath)
            if changed { throw ExitCode(1) }
            return
        }
        // Git hands old versions over as temporary files: paths inside resolve against the project's folder.
        let name = files.count == 9 ? files[7] : files[0]
        let folder = URL(fileURLWithPath: name).deletingLastPathComponent().standardizedFileURL.path
        let headers = ("a/" + files[0], "b/" + name)
        do {
            let old = try version(oldPath, directory: folder, side: "old")
            _ = report(old: old, new: try version(newPath, directory: folder, side: "new"), headers: headers, name: name)
        } catch let failure as NotAProject {
            let text = { (path: String) in
                path == "/dev/null" ? "" : (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            }
            print(
                "\(name): not a Cutlist project that compiles\(failure.reason.map { " (\($0))" } ?? ""); a text diff follows")
            print(TextDiff.unified(text(oldPath), text(newPath), oldName: headers.0, newName: headers.1), terminator: "")
        }
    }

    /// Prints what changed under `headers`, or that nothing did; whether anything did.
    private func report(old: Version, new: Version, headers: (String, String), name: String) -> Bool {
        guard let fps = new.fps ?? old.fps else { return false }
        let diff = TimelineDiff(old: old.timeline, new: new.timeline, fps: fps)
        let tc = { (t: Rational) in TimelineDiff.timecode(t, fps: fps) }
        var lines = ["--- \(headers.0)", "+++ \(headers.1)"] + diff.lines
        if diff.isEmpty, old.settings != new.settings { lines.append("~ the output's settings changed") }
        let same = diff.isEmpty && old.settings == new.settings
        if !same {
            lines.append("length \(tc(old.duration)) → \(tc(new.duration))")
            lines.append(rendersAgain(old: old, new: new, fps: fps))
        }
        print(same ? "\(name): no change to the edit" : lines.joined(separator: "\n"))
        return !same
    }

    /// One version, its diagnostics printed; or, given its `side` (as git's
    /// driver), kept and thrown as `NotAProject`.
    private func version(_ path: String, directory: String?, side: String? = nil) throws -> Version {
        guard path != "/dev/null" else { return Version() }
        let collector = side == nil ? nil : DiagnosticCollector()
        do {
            let compiler = try ProjectLoader(
                path: path, assignments: variables.assignments, directory: directory, collector: collector)
            let (project, plan, _) = try compiler.compile()
            guard let timeline = compiler.compiler.editTimeline(project).timeline else { throw ExitCode(2) }
            var version = Version(
                timeline: timeline, duration: plan.output.duration, fps: plan.output.fps,
                chunks: try cacheOptions.job(of: plan)?.chunks ?? [], frames: plan.output.frameCount)
            let output = plan.output
            version.settings =
                "\(output.container) \(output.size) \(output.fps) \(output.frameCount) \(output.video?.planText ?? "")"
                + " \(String(describing: plan.audio.format)) \(String(describing: plan.audio.loudness)) "
                + version.chunks.map(\.fingerprint).joined(separator: " ")
            return version
        } catch let exit as ExitCode where exit.rawValue == 2 {
            guard let side, let collector else { throw exit }
            let first = collector.diagnostics.first { $0.severity == .error }
            throw NotAProject(
                reason: first.map { error in
                    "the \(side) version" + (error.location.map { ", line \($0.line), column \($0.column)" } ?? "") + ": "
                        + error.message
                })
        }
    }

    /// The new version's output ranges whose chunks the old one does not have.
    private func rendersAgain(old: Version, new: Version, fps: FrameRate) -> String {
        let known = Set(old.chunks.map(\.fingerprint))
        var ranges: [Range<Int64>] = []
        for chunk in new.chunks where !known.contains(chunk.fingerprint) {
            if let last = ranges.last, last.upperBound == chunk.frames.lowerBound {
                ranges[ranges.count - 1] = last.lowerBound..<chunk.frames.upperBound
            } else {
                ranges.append(chunk.frames)
            }
        }
        guard !ranges.isEmpty else { return "renders again: nothing (every chunk is in the old version)" }
        if ranges == [0..<new.frames] { return "renders again: all of it (\(TimeValue.readable(new.duration)))" }
        let time = { (frame: Int64) in Rational(frame) / fps.rate }
        let total = ranges.reduce(Int64(0)) { $0 + Int64($1.count) }
        let spans = ranges.map {
            "\(TimelineDiff.timecode(time($0.lowerBound), fps: fps))–\(TimelineDiff.timecode(time($0.upperBound), fps: fps))"
        }
        return "renders again: " + spans.joined(separator: ", ")
            + " (\(TimeValue.readable(time(total))) of \(TimeValue.readable(new.duration)))"
    }
}
