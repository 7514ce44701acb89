import ArgumentParser
import Backend
import Compiler
import Foundation

/// `render plan`: print the compiled instruction graph.
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Print the compiled instruction graph: stable text a reviewer can diff, or JSON.")

    @Argument(help: "The project file.")
    var project: String

    @Option(name: .customLong("set"), help: ArgumentHelp("Set a variable, overriding 'vars:'.", valueName: "NAME=VALUE"))
    var assignments: [String] = []

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var cacheOptions: CacheOptions

    func run() throws {
        let plan = try ProjectCompiler(path: project, assignments: assignments).plan()
        // Chunk fingerprints name sources by content: hashes are remembered in the cache folder.
        var chunks: [Chunk] = []
        if ChunkedRenderer.canChunk(plan) {
            let scratch = NSTemporaryDirectory() + "/cutlist-plan-\(ProcessInfo.processInfo.processIdentifier)"
            do {
                chunks = try cacheOptions.using(scratch: scratch) { try ChunkedRenderer(plan: plan, cache: $0).chunks() }
            } catch let exit as ExitCode {
                throw exit
            } catch {
                Terminal.printError("error: cannot list the chunks: \(error)")
                throw ExitCode(1)
            }
        }
        print(json ? try plan.json(chunks: chunks) : plan.text + plan.chunkText(chunks), terminator: "")
    }
}
