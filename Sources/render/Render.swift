import ArgumentParser
import Backend

/// The `render` command: renders a project, or checks, plans and inspects one.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a Cutlist project (a YAML edit decision list) to a video file.",
        usage: """
            render PROJECT.yaml [-o OUT] [options]   (render project --help lists them)
            render <subcommand> ...
            """,
        discussion: "Exit status: 0 success, 1 render or I/O failure, 2 invalid project or usage, 130 interrupted.",
        version: "render: Cutlist projects of format 1 ('cutlist: 1'); \(LibraryVersions.text)",
        subcommands: [
            RenderProject.self, Check.self, PlanCommand.self, FrameCommand.self, ThumbnailsCommand.self, CacheCommand.self,
            SplitCommand.self, ChunkCommand.self, JoinCommand.self, ImportCommand.self, ExportCommand.self, CaptionsCommand.self,
            DiffCommand.self, MCPCommand.self,
            StudioCommand.self, Schema.self, LSPCommand.self, ShaderCheckCommand.self,
        ],
        defaultSubcommand: RenderProject.self
    )
}
