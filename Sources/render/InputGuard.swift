import ArgumentParser
import Backend
import Compiler
import Foundation

/// An output must never replace the project file or one of its media files.
enum InputGuard {
    /// Exits with status 2 after saying so when `output` (after following
    /// symbolic links) is the project file or one of the files the plan reads.
    static func refuseOverwriting(_ output: String, project: String, plan: RenderPlan) throws {
        try refuseOverwriting(output, inputs: [project] + plan.inputFiles)
    }

    /// Exits with status 2 after saying so when `output` is one of `inputs`.
    static func refuseOverwriting(_ output: String, inputs: [String]) throws {
        let target = resolved(output)
        guard inputs.contains(where: { resolved($0) == target }) else { return }
        Terminal.printError("error: the output '\(output)' is one of the project's inputs; choose another path with -o")
        throw ExitCode(2)
    }

    /// Exits with status 2 after saying so when `output` is the job's manifest or
    /// one of the files in its cache.
    static func refuseOverwriting(_ output: String, job: JobFolder) throws {
        let target = resolved(output)
        guard target == resolved(job.manifestPath) || target.hasPrefix(resolved(job.cacheDirectory) + "/") else { return }
        Terminal.printError(
            "error: the output '\(output)' is one of the job's own files; choose a path outside '\(job.directory)/cache' and other than its manifest with -o"
        )
        throw ExitCode(2)
    }

    /// An output path that is a folder is refused before rendering, not found at the end.
    static func refuseFolder(_ output: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory), isDirectory.boolValue else { return }
        Terminal.printError("error: the output '\(output)' is a folder; choose a file name with -o")
        throw ExitCode(2)
    }

    private static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
