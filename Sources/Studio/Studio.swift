import Backend
import Compiler
import EDLParser
import Foundation
import Hummingbird
import Interchange
import Logging
import ServiceLifecycle
import Synchronization
import Workspace

/// `render studio`: a local web server whose page plays the project from the
/// chunk cache, draws its timeline, shows exact frames while paused and
/// follows every save of the project's files.
public final class Studio: Sendable {
    public struct Options: Sendable {
        public var host: String
        public var port: Int
        /// `{file}`, `{line}` and `{column}` in a URL (`vscode://file{file}:{line}:{column}`, the default)
        /// or in a command the server runs.
        public var editor: String?
        public var jobs: Int

        public init(host: String, port: Int, editor: String?, jobs: Int) {
            self.host = host
            self.port = port
            self.editor = editor
            self.jobs = jobs
        }
    }

    let options: Options
    /// The project file as given, its absolute path, `--set`'s pairs.
    let project: String
    let projectPath: String
    let overrides: [String: String]
    let preview: Bool
    let cache: ChunkCache
    let log: @Sendable (String) -> Void
    let session: StudioSession
    /// One still at a time, off the server's threads.
    let stills = DispatchQueue(label: "studio stills")

    /// - Parameter preview: `render --preview`'s picture instead of the output's.
    public init(
        options: Options, project: String, overrides: [String: String], preview: Bool, cache: ChunkCache,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.options = options
        self.project = project
        projectPath = URL(fileURLWithPath: project).standardizedFileURL.path
        self.overrides = overrides
        self.preview = preview
        self.cache = cache
        self.log = log
        session = StudioSession(
            project: URL(fileURLWithPath: project).lastPathComponent,
            editor: options.editor ?? "vscode://file{file}:{line}:{column}")
    }

    /// Compiles the project, serves until `isCancelled` says stop, then stops the encoder and the pages' streams.
    /// `listening` gets the page's address once the port is bound.
    public func run(listening: @escaping @Sendable (String) -> Void, isCancelled: @escaping @Sendable () -> Bool)
        async throws
    {
        let files = recompile()
        let watching = Thread { [self] in follow(files) }
        watching.name = "studio watcher"
        watching.start()
        let scheduler = ChunkScheduler(session: session, cache: cache, jobs: options.jobs, log: log)
        scheduler.start()
        defer {
            session.stop()
            scheduler.wait()
        }
        let port = BoundPort()
        let router = Router()
        router.middlewares.add(RequestGuard(port: port))
        addRoutes(to: router)
        var logger = Logger(label: "studio")
        logger.logLevel = .critical
        let host = options.host
        let app = Application(
            router: router, configuration: .init(address: .hostname(host, port: options.port), serverName: nil),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? 0
                port.value = bound
                listening("http://\(host.contains(":") ? "[\(host)]" : host):\(bound)/")
            }, logger: logger)
        let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        let session = self.session
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            tasks.addTask {
                // Ctrl-C is caught by the command line; the pages' streams end first so the server need not wait for them.
                var beats = 0
                while !isCancelled() {
                    try await Task.sleep(for: .milliseconds(100))
                    beats += 1
                    // A comment line now and then: a page that went away is noticed when it fails.
                    if beats % 50 == 0 { session.events.send(comment: "alive") }
                }
                session.stop()
                await group.triggerGracefulShutdown()
            }
            try await tasks.next()
            tasks.cancelAll()
        }
    }

    /// One compile, its diagnostics as the command line prints them. A compiler of
    /// its own each time: it remembers media facts, and a medium may have changed.
    func compile() -> StudioCompile {
        let source: ProjectSource
        switch ProjectSource.read(project, overrides: overrides) {
        case .success(let read): source = read
        case .failure(let problem):
            return StudioCompile(
                plan: nil, timeline: nil, report: DiagnosticRenderer().render([problem.diagnostic]), files: [projectPath])
        }
        let projects = ProjectCompiler(media: MediaProbe(), checks: RenderChecks())
        let result = projects.compile(source, preview: preview)
        let report =
            result.diagnostics.isEmpty
            ? "" : DiagnosticRenderer(sources: result.sources).render(result.diagnostics, dropped: result.dropped)
        let media = result.plan?.inputFiles ?? result.project?.referencedFiles.map(\.value) ?? []
        return StudioCompile(
            plan: result.plan,
            timeline: result.plan == nil ? nil : result.project.flatMap { projects.compiler.editTimeline($0).timeline },
            report: report, files: result.filesRead + media)
    }

    /// Compiles again at each save of a file the project reads, until the session stops.
    private func follow(_ files: [String]) {
        let session = self.session
        let watcher: FileWatcher
        do {
            watcher = try FileWatcher()
        } catch {
            log("warning: \(error): saves will not be followed")
            return session.tell("\(error): saves are not followed; restart the studio to see them")
        }
        watcher.watch(files)
        let directory = URL(fileURLWithPath: projectPath).deletingLastPathComponent().path
        while let changed = watcher.waitForChange(quiet: 0.1, isCancelled: { session.isStopped }) {
            let names = changed.map { $0 == projectPath ? project : relativePath($0, to: directory) }
            let gone = changed.filter { !FileManager.default.fileExists(atPath: $0) }.map {
                $0 == projectPath ? project : relativePath($0, to: directory)
            }
            log("\(names.joined(separator: ", ")) changed: compiling again")
            if !gone.isEmpty {
                let message = "\(gone.joined(separator: ", ")) was deleted: the page keeps the last good version"
                log(message)
                session.tell(message)
            } else {
                // What was deleted is back: the notice that said so goes.
                session.forgetNotice { $0.hasSuffix("was deleted: the page keeps the last good version") }
            }
            watcher.watch(recompile())
        }
    }

    /// Compiles the project again and hands the result to the session (and so
    /// to the pages); the files to watch from now on.
    @discardableResult
    func recompile() -> [String] {
        let compiled = compile()
        var media: StudioMedia?
        if let plan = compiled.plan {
            do {
                media = try self.media(of: plan)
            } catch {
                log("error: cannot list the chunks: \(error)")
                session.tell("cannot list the chunks: \(error)")
            }
        }
        session.take(compiled, media: media, cache: cache)
        return compiled.files
    }

    /// The plan's chunks and what the player plays of them; the last version's
    /// sound when the new plan hears the same.
    private func media(of plan: RenderPlan) throws -> StudioMedia {
        guard RenderJob.canChunk(plan) else {
            session.tell("the page cannot play this output: the preview plays outputs with chunked video only")
            return StudioMedia()
        }
        let job = try RenderJob(plan: plan, cache: cache)
        log("laid out: \(job.chunks.count) chunks, \(job.sound?.count ?? 0) sound segments")
        let executor = Executor(job, cache: cache, jobs: options.jobs)
        let preview: PreviewMedia
        do {
            preview = try PreviewMedia(executor)
        } catch let failure as RenderFailure {
            // Timeline and stills still work; the player needs a stream a browser plays.
            session.tell("the page cannot play this output: \(failure.message)")
            return StudioMedia(executor: executor)
        }
        if let problem = preview.soundProblem { session.tell("the page plays no sound: \(problem)") }
        guard let made = preview.sound else { return StudioMedia(executor: executor, preview: preview) }
        let facts = StudioSound.facts(of: plan)
        let previous = session.shown
        if let sound = previous?.sound, sound.facts == facts {
            return StudioMedia(executor: executor, preview: preview, sound: sound)
        }
        let key = "v\((previous?.number ?? 0) + 1)"
        return StudioMedia(executor: executor, preview: preview, sound: StudioSound(facts: facts, sound: made, key: key))
    }
}
