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

    @OptionGroup var variables: VariableOptions

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var cacheOptions: CacheOptions<FingerprintCache>

    func run() throws {
        let plan = try ProjectLoader(path: project, assignments: variables.assignments).plan()
        let job = try cacheOptions.job(of: plan)
        let (chunks, sound) = (job?.chunks ?? [], job?.sound ?? [])
        print(
            json ? try plan.json(chunks: chunks, sound: sound) : plan.text + plan.chunkText(chunks, sound: sound),
            terminator: "")
    }
}
