import ArgumentParser
import Backend
import Compiler
import Foundation

/// `render split`: a job folder for many machines (SPEC 19).
struct SplitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "split",
        abstract: "Compile a project into a job folder of tasks for many machines (render chunk, then render join).")

    @Argument(help: "The project file.")
    var project: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The job folder to write.", valueName: "JOBDIR"))
    var output: String

    @Option(help: "How many tasks (array jobs) to split the chunks into; at most one per chunk.")
    var tasks = 4

    @OptionGroup var variables: VariableOptions

    func validate() throws {
        if tasks < 1 { throw ValidationError("--tasks takes a number of tasks, 1 or more, not \(tasks)") }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: output, isDirectory: &isFolder), !isFolder.boolValue {
            throw ValidationError("-o '\(output)' is a file; render split writes a job folder: name a new folder")
        }
    }

    func run() throws {
        let plan = try ProjectLoader(path: project, assignments: variables.assignments).plan()
        guard RenderJob.canChunk(plan) else {
            Terminal.printError(
                "error: '\(plan.output.path)' cannot be joined from chunks; render split takes MP4, MOV, MKV or WebM "
                    + "outputs with H.264, HEVC, VP9 or ProRes video")
            throw ExitCode(2)
        }
        let manifest = try JobCommand.failing { try JobFolder.split(plan, into: output, tasks: tasks) }
        if manifest.tasks.count < tasks {
            Terminal.printError(
                "note: \(manifest.tasks.count) task\(manifest.tasks.count == 1 ? "" : "s"), not \(tasks): "
                    + "the job has \(manifest.tasks.count) chunk\(manifest.tasks.count == 1 ? "" : "s") to render")
        }
        print(manifest.tasks.count)
    }
}

/// `render chunk`: one task of a job, as an array job runs it.
struct ChunkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chunk",
        abstract: "Render one task of a job folder (an array job's task: --index, or the scheduler's index variable).")

    @Argument(help: "The job folder (from render split).")
    var job: String

    @Option(
        help: ArgumentHelp(
            "The task to render; else JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID or AWS_BATCH_JOB_ARRAY_INDEX.",
            valueName: "K"))
    var index: Int?

    @Option(help: ArgumentHelp("Where the project's folder is mounted on this machine.", valueName: "DIR"))
    var root: String?

    @Option(help: "Worker threads (default: the number of processor cores).")
    var jobs: Int?

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let names = ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "AWS_BATCH_JOB_ARRAY_INDEX"]
        guard let task = index ?? names.lazy.compactMap({ environment[$0].flatMap(Int.init) }).first else {
            throw ValidationError("no task: give --index K, or run as an array job (\(names.joined(separator: ", ")))")
        }
        let encoded = try JobCommand.failing {
            try JobFolder(directory: job).runTask(
                task, root: root, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                isCancelled: { Interruption.isRequested })
        }
        let sound = encoded.sound.map { " and " + JobCommand.count($0, "sound segment") } ?? ""
        Terminal.printError("task \(task): \(JobCommand.count(encoded.chunks, "chunk"))\(sound) encoded")
    }
}

/// `render join`: the output from a finished job.
struct JoinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "join",
        abstract: "Join a finished job folder's chunks and sound into the output, without re-encoding.")

    @Argument(help: "The job folder (from render split).")
    var job: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The output file.", valueName: "OUT"))
    var output: String

    @Option(help: ArgumentHelp("Where the project's folder is mounted on this machine.", valueName: "DIR"))
    var root: String?

    func run() throws {
        let folder = JobFolder(directory: job)
        let manifest = try JobCommand.failing { try folder.load(root: root) }
        let path = URL(fileURLWithPath: output).standardizedFileURL.path
        try InputGuard.refuseOverwriting(path, inputs: manifest.plan.inputFiles)
        try InputGuard.refuseOverwriting(path, job: folder)
        try InputGuard.refuseFolder(path)
        let destination = SafeOutput(destination: path)
        destination.removeAbandonedFiles()
        let again: (chunks: Int, sound: Int)
        do {
            again = try folder.join(manifest, to: destination.temporary, isCancelled: { Interruption.isRequested })
            try destination.commit()
        } catch let failure as RenderFailure where failure.isCancellation {
            destination.discard()
            Terminal.printError("render: interrupted; '\(path)' was not written")
            throw ExitCode(130)
        } catch {
            destination.discard()
            Terminal.printError("error: \(Terminal.describe(error))")
            throw ExitCode(1)
        }
        let sound = manifest.sound.map { "; " + JobCommand.count($0.count, "sound segment") } ?? ""
        let damaged = [(again.chunks, "chunk"), (again.sound, "sound segment")].filter { $0.0 > 0 }
        let repaired =
            damaged.isEmpty
            ? "" : "; encoded again, damaged in the job's cache: " + damaged.map(JobCommand.count).joined(separator: ", ")
        Terminal.printError(
            "wrote \(path) (\(manifest.plan.output.frameCount) frames; \(JobCommand.count(manifest.chunks.count, "chunk"))\(sound)\(repaired))"
        )
    }
}

enum JobCommand {
    /// `1 chunk`, `2 chunks`.
    static func count(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// Runs `body`; a failure is printed and exits 1.
    static func failing<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let exit as ExitCode {
            throw exit
        } catch let failure as RenderFailure where failure.isCancellation {
            Terminal.printError("render: interrupted")
            throw ExitCode(130)
        } catch {
            Terminal.printError("error: \(Terminal.describe(error))")
            throw ExitCode(1)
        }
    }
}
