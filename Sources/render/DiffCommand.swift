import ArgumentParser
import Backend
import Compiler
import EDLParser
import Foundation

/// `render diff`: what changed between two versions of an edit, in an editor's words.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed between two versions of a project: items added, removed, moved, trimmed, retimed.",
        discussion: """
            Exit status as diff's: 0 the same, 1 different, 2 trouble. Given the seven arguments git passes \
            an external diff driver (path old-file old-hex old-mode new-file new-hex new-mode), it reads the \
            two versions with paths relative to the project's folder and exits 0, as git wants.
            """)

    @Argument(help: "OLD.yaml NEW.yaml, or git's seven arguments.")
    var files: [String]

    @OptionGroup var variables: VariableOptions

    @OptionGroup var cacheOptions: CacheOptions

    /// One version: its items, its output and its chunks' fingerprints.
    struct Version {
        var items: [TimelineItem] = []
        var duration: Rational = .zero
        var fps: FrameRate?
        var chunks: [Chunk] = []
        /// What decides the output besides its items: its format, and its chunks by content.
        var settings = ""
    }

    func run() throws {
        let git = files.count == 7
        guard git || files.count == 2 else {
            throw ValidationError("give two project files (OLD NEW), or the seven arguments of a git diff driver")
        }
        let (oldPath, newPath) = git ? (files[1], files[4]) : (files[0], files[1])
        // Git hands old versions over as temporary files: paths inside resolve against the project's folder.
        let folder = git ? URL(fileURLWithPath: files[0]).deletingLastPathComponent().standardizedFileURL.path : nil
        let old = try version(oldPath, directory: folder)
        let new = try version(newPath, directory: folder)
        guard let fps = new.fps ?? old.fps else { throw ExitCode(2) }
        let diff = TimelineDiff(old: old.items, new: new.items, fps: fps)
        let tc = { (t: Rational) in TimelineDiff.timecode(t, fps: fps) }
        let name = git ? files[0] : newPath
        var lines = ["--- \(git ? "a/" + files[0] : oldPath)", "+++ \(git ? "b/" + files[0] : newPath)"] + diff.lines
        if diff.isEmpty, old.settings != new.settings { lines.append("~ the output's settings changed") }
        let same = diff.isEmpty && old.settings == new.settings
        if !same {
            lines.append("length \(tc(old.duration)) → \(tc(new.duration))")
            lines.append(rendersAgain(old: old, new: new, fps: fps))
        }
        print(same ? "\(name): no change to the edit" : lines.joined(separator: "\n"))
        if !git, !same { throw ExitCode(1) }
    }

    private func version(_ path: String, directory: String?) throws -> Version {
        guard path != "/dev/null" else { return Version() }
        let compiler = try ProjectCompiler(path: path, assignments: variables.assignments, directory: directory)
        let (project, plan, _) = try compiler.compile()
        guard let items = compiler.compiler.timelineItems(project).items else { throw ExitCode(2) }
        var version = Version(
            items: items, duration: plan.output.duration, fps: plan.output.fps, chunks: try cacheOptions.chunks(of: plan))
        let output = plan.output
        version.settings =
            "\(output.container) \(output.size) \(output.fps) \(output.frameCount) \(output.video?.planText ?? "")"
            + " \(String(describing: plan.audio.format)) \(String(describing: plan.audio.loudness)) "
            + version.chunks.map(\.fingerprint).joined(separator: " ")
        return version
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
        let time = { (frame: Int64) in Rational(frame) / fps.rate }
        let total = ranges.reduce(Int64(0)) { $0 + Int64($1.count) }
        let spans = ranges.map {
            "\(TimelineDiff.timecode(time($0.lowerBound), fps: fps))–\(TimelineDiff.timecode(time($0.upperBound), fps: fps))"
        }
        return "renders again: " + spans.joined(separator: ", ")
            + " (\(TimeValue.readable(time(total))) of \(TimeValue.readable(new.duration)))"
    }
}
