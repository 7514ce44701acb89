import ArgumentParser
import Compiler
import EDLParser
import Foundation
import Subtitles

/// `render captions`: the captions of the cut as a subtitle file, in output time.
struct CaptionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "captions",
        abstract: "Write the captions of the cut, in output time, as an SRT or WebVTT file.",
        discussion: """
            The track is --track, else the one output.subtitles names, else the only track with captions. \
            Each cue shows where its item shows it: moved, sped up and cut with its clip.
            """)

    @Argument(help: "The project file.")
    var project: String

    @Option(name: .shortAndLong, help: "The .srt or .vtt file to write (default: the project's name with .srt, beside it).")
    var output: String?

    @Option(help: "The name of the track whose captions to write.")
    var track: String?

    @OptionGroup var variables: VariableOptions

    func run() throws {
        let path = output ?? URL(fileURLWithPath: self.project).deletingPathExtension().appendingPathExtension("srt").path
        let format = URL(fileURLWithPath: path).pathExtension.lowercased()
        guard ["srt", "vtt"].contains(format) else {
            throw ValidationError("'\(path)' is neither an .srt nor a .vtt file")
        }
        // The project must compile as it would render: the same checks, the same diagnostics.
        let loader = try ProjectLoader(path: self.project, assignments: variables.assignments)
        let (project, plan, filesRead) = try loader.compile()
        let name = track.map { Located($0, at: SourceLocation(file: "--track", line: 1, column: 1)) }
        let (cues, diagnostics) = loader.compiler.captions(of: project, track: name)
        loader.report(diagnostics, sources: [:])
        guard let cues else { throw ExitCode(2) }
        let inputs = [self.project] + filesRead + plan.inputFiles
        try InputGuard.refuseOverwriting(path, inputs: inputs)
        let text = format == "srt" ? SubtitleWriter.srt(cues) : SubtitleWriter.webVTT(cues)
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            Terminal.printError("error: cannot write '\(path)': \(error.localizedDescription)")
            throw ExitCode(1)
        }
        print("wrote \(path) (\(cues.count) cue\(cues.count == 1 ? "" : "s"))")
    }
}
