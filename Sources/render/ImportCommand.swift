import ArgumentParser
import Backend
import Compiler
import Disk
import EDLParser
import Foundation
import Interchange

/// `render import`: an OpenTimelineIO timeline as a Cutlist project.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Write another editor's timeline as a Cutlist project: OpenTimelineIO (.otio, .otiod), or through "
            + "otioconvert an EDL, FCP XML, AAF and the other formats its plugins read.")

    enum Offline: String, ExpressibleByArgument, CaseIterable {
        case error, slate
    }

    @Argument(help: "The timeline: .otio, an .otiod bundle, or a format otioconvert reads (.edl, .xml, .aaf, ...).")
    var timeline: String

    @Option(name: .shortAndLong, help: "The project to write (default: the timeline's name with .yaml, beside it).")
    var output: String?

    @Option(help: "Media that is missing: an error, or a slate with the clip's name.")
    var offline: Offline = .error

    @Option(
        help: "The frame rate of the project (and of an EDL's timecode); default the timeline's.",
        transform: OptionValue.frameRate)
    var fps: FrameRate?

    func run() throws {
        let rate = fps
        let url = URL(fileURLWithPath: timeline)
        var isFolder: ObjCBool = false
        let bundle = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
        // An .otiod bundle holds content.otio, its media paths relative to the bundle.
        let file = bundle ? url.appendingPathComponent("content.otio") : url
        // A pipe or a device would never end: refused before anything reads it.
        var facts = stat()
        if stat(file.path, &facts) == 0, facts.st_mode & S_IFMT != S_IFREG {
            Terminal.printError(
                "error: '\(bundle ? file.path : timeline)' is not a regular file (a pipe, socket or device); give a timeline file"
            )
            throw ExitCode(2)
        }
        let data: Data?
        if bundle || url.pathExtension.lowercased() == "otio" {
            data = FileManager.default.contents(atPath: file.path)
        } else {
            data = try converted(url, rate: rate)
        }
        guard let data else {
            Terminal.printError("error: cannot read '\(timeline)'")
            throw ExitCode(2)
        }
        let probe = MediaProbe()
        let path = output ?? url.deletingPathExtension().appendingPathExtension("yaml").path
        var importer = OTIOImporter(
            directory: (bundle ? url : url.deletingLastPathComponent()).path,
            projectFolder: URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path,
            offline: offline == .slate ? .slate : .error,
            rate: rate, exists: { FileManager.default.isReadableFile(atPath: $0) },
            isStill: { path in
                (try? probe.facts(forPath: path)).map { $0.video?.isStillImage == true && $0.duration == nil } ?? false
            }, length: { path in (try? probe.facts(forPath: path))?.duration })
        let text: String
        do throws(OTIOImporter.Failure) {
            text = try importer.project(from: data)
        } catch {
            Terminal.printError("error: '\(timeline)': \(error.description)")
            throw ExitCode(2)
        }
        try InputGuard.refuseOverwriting(path, inputs: [file.path])
        // A project beside the timeline may be someone's work: replaced only when named with -o.
        if output == nil, FileManager.default.fileExists(atPath: path) {
            Terminal.printError("error: '\(path)' already exists; give -o to choose the project to write")
            throw ExitCode(2)
        }
        guard checks(text, at: path) else { throw ExitCode(2) }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            Terminal.printError("error: cannot write '\(path)': \(error.localizedDescription)")
            throw ExitCode(1)
        }
        for note in importer.notes { Terminal.printError("note: \(note)") }
        print("wrote \(path)")
    }

    /// Whether the project checks as `render check` would check it at `path`; if not,
    /// prints its errors and that nothing was written.
    private func checks(_ text: String, at path: String) -> Bool {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
        let parsed = ProjectParser.parse(text, file: path, directory: directory, overrides: [:], files: .disk())
        var diagnostics = parsed.diagnostics
        if let project = parsed.project, !diagnostics.contains(where: { $0.severity == .error }) {
            diagnostics += Compiler(media: MediaProbe()).compile(project).diagnostics
        }
        let errors = diagnostics.filter { $0.severity == .error }
        guard !errors.isEmpty else { return true }
        let renderer = DiagnosticRenderer(
            sources: parsed.includedFiles.merging([path: text]) { $1 }, colored: Terminal.standardErrorIsTerminal)
        Terminal.printError(renderer.render(errors), terminator: "")
        Terminal.printError("error: '\(timeline)' imports to a project that does not check; '\(path)' was not written")
        return false
    }

    /// Another editor's format, converted to OTIO JSON by OpenTimelineIO's own `otioconvert`.
    private func converted(_ url: URL, rate: FrameRate?) throws -> Data? {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("cutlist-import-\(UUID().uuidString).otio")
        defer { try? FileManager.default.removeItem(at: output) }
        let extra = rate.flatMap { url.pathExtension.lowercased() == "edl" ? ["-a", "rate=\($0.rate.approximateDouble)"] : nil }
        try OTIOConverter.convert(url.path, to: output.path, arguments: extra ?? [], what: "reading '\(timeline)'")
        return FileManager.default.contents(atPath: output.path)
    }
}
