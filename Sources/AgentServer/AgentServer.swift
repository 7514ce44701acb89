import Foundation
import MCP

/// `render mcp`: Cutlist's commands as Model Context Protocol tools, over
/// standard input and output, for agents. Each tool runs the command itself
/// (`render check`, `plan`, `frame`, `render`) in a child process, so an agent
/// gets exactly what a person at the terminal gets: the same diagnostics with
/// file:line:column and caret, the same exit statuses, the same files. Every
/// path is taken relative to the folder the server serves, and one outside it
/// (a project, an output, a medium a project names) is refused.
public enum AgentServer {
    /// Serves until the client closes standard input. `executable` runs the commands.
    public static func run(root: URL, executable: URL, version: String) async throws {
        let tools = Tools(root: root.resolvingSymlinksInPath().standardizedFileURL, executable: executable)
        let server = Server(
            name: "cutlist", version: version,
            instructions: "Cutlist renders video from a YAML project file. Write the project in the served folder, "
                + "run 'check' until it passes, look at frames with 'frame', then 'render' it.",
            capabilities: .init(tools: .init(listChanged: false)))
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: Tools.list) }
        await server.withMethodHandler(CallTool.self) { call in
            await tools.call(call.name, call.arguments ?? [:], progress: call._meta?.progressToken) { token, done, total in
                try? await server.notify(
                    ProgressNotification.message(.init(progressToken: token, progress: done, total: total)))
            }
        }
        try await server.start(transport: StdioTransport())
        await server.waitUntilCompleted()
    }
}

/// The tools and what runs them.
struct Tools: Sendable {
    let root: URL
    let executable: URL

    static let list: [Tool] = [
        Tool(
            name: "check",
            description: "Validate a project and probe its media; returns every problem with file:line:column, or 'ok'.",
            inputSchema: schema(["project": "The project file, relative to the served folder."], required: ["project"])),
        Tool(
            name: "plan",
            description: "The compiled plan of a project as stable text: outputs, sources, segments, layers, sound.",
            inputSchema: schema(["project": "The project file, relative to the served folder."], required: ["project"])),
        Tool(
            name: "frame",
            description: "Render the frame shown at one time to a PNG image, to look at the edit.",
            inputSchema: schema(
                [
                    "project": "The project file, relative to the served folder.",
                    "at": "The time: seconds (2.5), '2.5s', 'HH:MM:SS.mmm' or frames '45f'.",
                    "size": "Optional: scale the picture to this size, 'WxH'.",
                ], required: ["project", "at"])),
        Tool(
            name: "render",
            description: "Render a project to its output file (or 'output'), reporting progress; returns what was written.",
            inputSchema: schema(
                [
                    "project": "The project file, relative to the served folder.",
                    "output": "Optional: the file to write, relative to the served folder; its extension picks the container.",
                ], required: ["project"])),
    ]

    static func schema(_ properties: [String: String], required: [String]) -> Value {
        .object([
            "type": "object",
            "properties": .object(properties.mapValues { .object(["type": "string", "description": .string($0)]) }),
            "required": .array(required.map { .string($0) }),
        ])
    }

    typealias Report = @Sendable (ProgressToken, Double, Double?) async -> Void

    func call(_ name: String, _ arguments: [String: Value], progress: ProgressToken?, report: @escaping Report) async
        -> CallTool.Result
    {
        do {
            let project = try path(arguments["project"]?.stringValue, "project")
            switch name {
            case "check": return result(try await run(["check", project]))
            case "plan": return result(try await run(["plan", project]))
            case "frame":
                guard let at = arguments["at"]?.stringValue else { throw Refusal("'frame' needs 'at': the time of the frame") }
                _ = try await refuseOutsideMedia(project)
                return try await frame(project, at: at, size: arguments["size"]?.stringValue)
            case "render":
                var output = try await refuseOutsideMedia(project)
                var command = [project, "--progress", "json"]
                if let written = arguments["output"]?.stringValue {
                    output = try path(written, "output")
                    command += ["-o", output ?? ""]
                }
                // Progress comes as a JSON line a step on standard output.
                var finished = try await run(command) { line in
                    guard let progress, let data = line.data(using: .utf8),
                        let values = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                        let frame = values["frame"] as? Double, let frames = values["frames"] as? Double
                    else { return }
                    await report(progress, frame, frames)
                }
                if finished.status == 0 {
                    let last = finished.output.split(separator: "\n").last.map(String.init) ?? ""
                    let frames = (try? JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])?["frames"]
                    finished.output = "wrote \(output ?? project)" + ((frames as? Int).map { " (\($0) frames)" } ?? "")
                }
                return result(finished)
            default:
                return .init(
                    content: [
                        .text(
                            text: "no tool '\(name)'; the tools are check, plan, frame and render", annotations: nil, _meta: nil)
                    ], isError: true)
            }
        } catch {
            return .init(content: [.text(text: "\(error)", annotations: nil, _meta: nil)], isError: true)
        }
    }

    /// A command's words (its standard output, then its diagnostics), an error when it failed.
    private func result(_ finished: Finished) -> CallTool.Result {
        let text = [finished.output, finished.errors].filter { !$0.isEmpty }.joined(separator: "\n")
        return .init(
            content: [.text(text: text.isEmpty ? "exit status \(finished.status)" : text, annotations: nil, _meta: nil)],
            isError: finished.status != 0)
    }

    private func frame(_ project: String, at: String, size: String?) async throws -> CallTool.Result {
        let picture = FileManager.default.temporaryDirectory.appendingPathComponent("cutlist-mcp-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: picture) }
        let finished = try await run(["frame", project, "--at", at, "-o", picture.path] + (size.map { ["--size", $0] } ?? []))
        guard finished.status == 0, let data = FileManager.default.contents(atPath: picture.path) else { return result(finished) }
        return .init(content: [.image(data: data.base64EncodedString(), mimeType: "image/png", annotations: nil, _meta: nil)])
    }

    struct Refusal: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// `written` as an absolute path inside the served folder; an error otherwise.
    func path(_ written: String?, _ key: String) throws -> String {
        guard let written, !written.isEmpty else { throw Refusal("'\(key)' is missing: a path relative to the served folder") }
        let url = URL(fileURLWithPath: written, relativeTo: root).standardizedFileURL.resolvingSymlinksInPath()
        guard url.path.hasPrefix(root.path + "/") else {
            throw Refusal("'\(written)' is outside the folder this server serves (\(root.path)); name a file inside it")
        }
        return url.path
    }

    /// A project that names media outside the served folder (or writes outside it) is refused
    /// before anything renders; the file it writes.
    private func refuseOutsideMedia(_ project: String) async throws -> String? {
        let plan = try await run(["plan", project, "--json"])
        guard plan.status == 0, let data = plan.output.data(using: .utf8),
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        let output = (json["output"] as? [String: Any])?["path"] as? String
        for path in Self.paths(in: json["sources"] ?? []) + [output].compactMap({ $0 }) where !path.hasPrefix(root.path + "/") {
            throw Refusal("the project names '\(path)', outside the folder this server serves (\(root.path))")
        }
        return output
    }

    /// Every `path` value in a plan's sources, however deep.
    static func paths(in value: Any) -> [String] {
        if let object = value as? [String: Any] {
            return object.flatMap { key, inner in key == "path" ? [inner as? String].compactMap { $0 } : paths(in: inner) }
        }
        if let array = value as? [Any] { return array.flatMap { paths(in: $0) } }
        return []
    }

    struct Finished {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs `render ARGUMENTS` in the served folder; each line it prints also goes to `line`.
    func run(_ arguments: [String], line: @escaping @Sendable (String) async -> Void = { _ in }) async throws -> Finished {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = root
        let (output, errors) = (Pipe(), Pipe())
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let lines = AsyncStream<String> { stream in
            DispatchQueue.global().async {
                var pending = Data()
                while case let chunk = output.fileHandleForReading.availableData, !chunk.isEmpty {
                    pending.append(chunk)
                    while let end = pending.firstIndex(of: 10) {
                        stream.yield(String(decoding: pending[pending.startIndex..<end], as: UTF8.self))
                        pending = Data(pending[pending.index(after: end)...])
                    }
                }
                if !pending.isEmpty { stream.yield(String(decoding: pending, as: UTF8.self)) }
                stream.finish()
            }
        }
        let diagnostics = Task.detached { errors.fileHandleForReading.readDataToEndOfFile() }
        var printed: [String] = []
        for await text in lines {
            await line(text)
            printed.append(text)
        }
        let errorText = await diagnostics.value
        process.waitUntilExit()
        return Finished(
            status: process.terminationStatus, output: printed.joined(separator: "\n"),
            errors: String(decoding: errorText, as: UTF8.self).trimmingCharacters(in: .newlines))
    }
}
