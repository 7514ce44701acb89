import ArgumentParser
import Backend
import Compiler
import EDLParser
import Foundation
import Workspace

/// `render PROJECT`: render a project to its output file.
struct RenderProject: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "project",
        abstract: "Render a project to its output file (the default command).")

    @Argument(help: "The project file.")
    var project: String

    @Option(name: .shortAndLong, help: "The output file; its extension picks the container.")
    var output: String?

    @OptionGroup var variables: VariableOptions

    @Flag(help: "Render fast and small: a quarter of the pixels, the fastest preset.")
    var preview = false

    @Option(
        help: ArgumentHelp("Render only part of the timeline, e.g. 10s..20s.", valueName: "FROM..TO"),
        transform: OptionValue.span)
    var range: TimeSpan?

    @Option(help: "Chunks rendered in parallel (default: one per core).")
    var jobs: Int?

    @OptionGroup var cacheOptions: CacheOptions<RenderingCache>

    @Option(help: "Progress display: auto, plain, json or none.")
    var progress: ProgressReporter.Style = .auto

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    @Flag(help: "After rendering, render again whenever the project, a file it uses or its media change (Ctrl-C stops).")
    var watch = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs takes a number of workers, 1 or more, not \(jobs)") }
    }

    func run() throws {
        guard watch else {
            _ = try renderOnce()
            return
        }
        let watcher = try FileWatcher()
        let projectPath = URL(fileURLWithPath: project).standardizedFileURL.path
        var watched = [projectPath]
        watcher.watch(watched)
        var rendered = false
        while true {
            let started = Date()
            do {
                var seen = Set<String>()
                watched = ([projectPath] + (try renderOnce())).filter { seen.insert($0).inserted }
            } catch let exit as ExitCode where exit.rawValue == 130 {
                throw exit
            } catch is ExitCode {
                // What went wrong is printed; the next save may mend it.
            } catch let error as ValidationError where rendered {
                // An edit left --range without a frame: the next save may give it some again.
                Terminal.printError("error: \(error.message)")
            }
            rendered = true
            watcher.watch(watched)
            // A save during the render is queued in the watcher for the files it
            // watched before, and seen by its date for any file, one read first now included.
            let savedDuringRender = watched.filter { Self.modified($0, since: started) }
            if savedDuringRender.isEmpty, !quiet {
                Terminal.printError("watching \(watched.count) file\(watched.count == 1 ? "" : "s"); Ctrl-C stops")
            }
            guard
                let changed = watcher.waitForChange(
                    already: savedDuringRender, isCancelled: { Interruption.isRequested })
            else { throw ExitCode(130) }
            if !quiet {
                let directory = URL(fileURLWithPath: projectPath).deletingLastPathComponent().path
                let names = changed.map { $0 == projectPath ? project : relativePath($0, to: directory) }
                let when = savedDuringRender.isEmpty ? "" : " while rendering"
                Terminal.printError("\(names.joined(separator: ", ")) changed\(when): rendering again")
            }
        }
    }

    /// Whether `path` was written between `date` and now (a date in the future,
    /// a clock set wrong, is no save: it would render again and again).
    private static func modified(_ path: String, since date: Date) -> Bool {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return (attributes?[.modificationDate] as? Date).map { $0 >= date && $0 <= Date() } ?? false
    }

    /// Renders once; returns the files the render read, to watch.
    private func renderOnce() throws -> [String] {
        // Caught from the start (see main), so Ctrl-C while probing also ends with 130 and no output.
        let compiler = try ProjectLoader(path: project, assignments: variables.assignments)
        let (_, plan, filesRead) = try compiler.compile(output: output, preview: preview)
        if Interruption.isRequested { throw ExitCode(130) }
        let frames = try range.map { range -> Range<Int64> in
            let fps = plan.output.fps
            let (start, end) = (range.start.resolved(at: fps) ?? .zero, range.end.resolved(at: fps) ?? .zero)
            let window = TimeRange(start: start, end: max(start, end)).frames(at: fps)
            let first = max(window.lowerBound, 0)
            let last = min(window.upperBound, plan.output.frameCount)
            guard first < last else {
                throw ValidationError(
                    "--range \(range.description) holds no frame of the output, which lasts \(TimeValue.format(plan.output.duration))"
                )
            }
            return first..<last
        }
        try InputGuard.refuseOverwriting(plan.output.path, project: project, plan: plan)
        try InputGuard.refuseFolder(plan.output.path)
        let destination = SafeOutput(destination: plan.output.path)
        destination.removeAbandonedFiles()
        let reporter = ProgressReporter(progress, quiet: quiet)
        var chunkReport: ChunkReport?
        do {
            chunkReport = try render(plan, to: destination, frames: frames, reporter: reporter)
        } catch let failure as RenderFailure where failure.isCancellation {
            destination.discard()
            Terminal.printError("render: interrupted; '\(plan.output.path)' was not written")
            throw ExitCode(130)
        } catch let reported as ExitCode {
            destination.discard()  // the cache folder's problem is already printed
            throw reported
        } catch {
            destination.discard()
            report(error, plan: plan)
            throw ExitCode(1)
        }
        if !quiet && progress != .json {
            let frameCount = frames.map { $0.count } ?? Int(plan.output.frameCount)
            let length =
                plan.output.video == nil
                ? TimeValue.format(Rational(Int64(frameCount)) / plan.output.fps.rate) + " of audio" : "\(frameCount) frames"
            let chunks =
                chunkReport.map {
                    "; \($0.chunks) chunk\($0.chunks == 1 ? "" : "s"): \($0.reused) reused, \($0.encoded) encoded"
                        + ($0.copied > 0 ? ", \($0.copied) copied (\($0.copiedFrames) frames)" : "")
                        + ($0.soundSegments > 0
                            ? "; \($0.soundSegments) sound segment\($0.soundSegments == 1 ? "" : "s"): "
                                + "\($0.soundSegments - $0.soundEncoded) reused, \($0.soundEncoded) encoded" : "")
                } ?? ""
            let outcome = chunkReport?.upToDate == true ? "up to date:" : "wrote"
            Terminal.printError("\(outcome) \(plan.output.path) (\(length)\(chunks))")
        }
        return filesRead + plan.inputFiles
    }

    /// Renders in chunks through the cache when the output can be joined from
    /// chunks (SPEC 18), else in one pass; puts the output in place when whole.
    private func render(
        _ plan: RenderPlan, to destination: SafeOutput, frames: Range<Int64>?, reporter: ProgressReporter
    ) throws -> ChunkReport? {
        guard RenderJob.canChunk(plan) else {
            try Renderer(plan: plan, threads: jobs.map { ThreadBudget(perCodec: $0) } ?? .perCore).render(
                to: destination.temporary, frames: frames, progress: reporter.report,
                isCancelled: { Interruption.isRequested })
            try destination.commit()
            return nil
        }
        return try cacheOptions.using(scratch: destination.temporary + ".chunks", quiet: quiet) { cache in
            let job = try RenderJob(plan: plan, cache: cache, window: frames)
            return try Executor(job, cache: cache, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount).join(
                into: destination, progress: reporter.report, isCancelled: { Interruption.isRequested })
        }
    }

    private func report(_ error: Error, plan: RenderPlan) {
        let loader = try? ProjectLoader(path: project, assignments: [])
        loader?.reportFailure(error, context: "rendering '\(plan.output.path)' failed: ")
    }
}
