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
        session = StudioSession(editor: options.editor ?? "vscode://file{file}:{line}:{column}")
    }

    /// Compiles the project, serves until `isCancelled` says stop, then stops the encoder and the pages' streams.
    /// `listening` gets the page's address once the port is bound.
    public func run(listening: @escaping @Sendable (String) -> Void, isCancelled: @escaping @Sendable () -> Bool)
        async throws
    {
        recompile()
        let scratch = NSTemporaryDirectory() + "cutlist-studio-\(ProcessInfo.processInfo.processIdentifier)/joined"
        let scheduler = ChunkScheduler(session: session, cache: cache, jobs: options.jobs, scratch: scratch, log: log)
        scheduler.start()
        defer {
            session.stop()
            scheduler.wait()
            try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: scratch).deletingLastPathComponent().path)
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
        let projects = ProjectCompiler()
        let result = projects.compile(source, preview: preview)
        let report =
            result.diagnostics.isEmpty
            ? "" : DiagnosticRenderer(sources: result.sources).render(result.diagnostics, dropped: result.dropped)
        let media = result.plan?.inputFiles ?? result.project?.referencedFiles.map(\.value) ?? []
        return StudioCompile(
            plan: result.plan,
            timeline: result.plan == nil ? nil : result.project.flatMap { projects.compiler.editTimeline($0).timeline },
            report: report, files: [projectPath] + result.included + media)
    }

    /// Compiles the project again and hands the result to the session (and so to the pages).
    func recompile() {
        let compiled = compile()
        var chunks: [Chunk]?
        if let plan = compiled.plan {
            do {
                chunks = try ChunkedRenderer(plan: plan, cache: cache).chunks()
            } catch {
                log("error: cannot list the chunks: \(error)")
                session.tell("cannot list the chunks: \(error)")
            }
        }
        session.take(compiled, chunks: chunks, cache: cache)
    }
}
