import Backend
import Foundation
import Hummingbird

extension Studio {
    /// The page's own files, its state and events, the playhead, stills and the editor.
    func addRoutes(to router: Router<BasicRequestContext>) {
        let session = self.session
        let log = self.log
        router.get("/") { _, _ in Self.text(StudioPage.html, type: "text/html; charset=utf-8") }
        router.get("/studio.js") { _, _ in Self.text(StudioPage.script, type: "text/javascript; charset=utf-8") }
        router.get("/studio.css") { _, _ in Self.text(StudioPage.style, type: "text/css; charset=utf-8") }
        router.get("/api/state") { _, _ in Self.text(session.currentState, type: "application/json") }
        router.get("/api/events") { _, _ in
            let (id, stream, count) = session.events.open()
            log("a page opened (\(count) open)")
            let first = session.currentState
            return Response(
                status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                body: ResponseBody { writer in
                    do {
                        try await writer.write(ByteBuffer(string: "retry: 1000\nevent: state\ndata: \(first)\n\n"))
                        for await message in stream { try await writer.write(ByteBuffer(string: message)) }
                    } catch {
                        // The page went away: what is left is to forget it.
                    }
                    log("a page closed (\(session.events.drop(id)) open)")
                    try? await writer.finish(nil)
                })
        }
        router.post("/api/playhead/:frame") { _, context in
            guard let frame = context.parameters.get("frame", as: Int64.self) else {
                return Self.text("the playhead is a frame number\n", status: .badRequest)
            }
            session.move(playhead: frame)
            return Response(status: .noContent)
        }
        router.get("/api/frame/:version/:index") { _, context in
            try await self.still(
                version: context.parameters.get("version", as: Int.self),
                index: context.parameters.get("index", as: Int64.self))
        }
        router.get("/media/:version/video/init") { _, context in
            try await self.media(version: context.parameters.get("version", as: Int.self)) { version in
                guard let initSegment = version.media?.videoInit else { throw StudioRequestError.notFound }
                return initSegment.bytes
            }
        }
        router.get("/media/:version/video/:position/:fingerprint") { _, context in
            let position = context.parameters.get("position", as: Int.self)
            let fingerprint = context.parameters.get("fingerprint")
            // The version shown must have this chunk there: a page a version behind gets it when nothing changed.
            return try await self.media(version: nil) { version in
                guard let media = version.media, let position, version.chunks.indices.contains(position),
                    version.chunks[position].fingerprint == fingerprint
                else { throw StudioRequestError.stale }
                return try media.videoSegment(position)
            }
        }
        router.get("/media/:version/audio/init") { _, context in
            try await self.media(version: context.parameters.get("version", as: Int.self)) { version in
                guard let sound = version.sound else { throw StudioRequestError.notFound }
                return try sound.sound.initSegment().bytes
            }
        }
        router.get("/media/:version/audio/:index/:key") { _, context in
            let index = context.parameters.get("index", as: Int.self)
            let key = context.parameters.get("key")
            return try await self.media(version: nil) { version in
                guard let sound = version.sound, let index, sound.sound.segments.indices.contains(index), sound.keys[index] == key
                else { throw StudioRequestError.stale }
                return try sound.sound.segment(index)
            }
        }
        router.post("/api/open/:version/:item") { _, context in
            self.openInEditor(
                version: context.parameters.get("version", as: Int.self),
                item: context.parameters.get("item", as: Int.self))
        }
    }

    /// The exact output frame `index` of `version`, as `render frame` draws it, as PNG.
    private func still(version number: Int?, index: Int64?) async throws -> Response {
        guard let number, let index else { return Self.text("no such frame\n", status: .notFound) }
        let version = session.shown
        guard let version, version.number == number else {
            return Self.text("the project changed: this frame is of an earlier version\n", status: .conflict)
        }
        guard index >= 0, index < version.plan.output.frameCount else {
            return Self.text(
                "frame \(index) is outside the output's \(version.plan.output.frameCount) frames\n", status: .notFound)
        }
        // One thread per decoder: the chunk workers beside it are the parallelism.
        let result: Result<Data, any Error> = await withCheckedContinuation { continuation in
            stills.async {
                continuation.resume(
                    returning: Result {
                        try PictureFile.pngData(try Renderer(plan: version.plan, threads: .single).picture(at: index))
                    })
            }
        }
        switch result {
        case .success(let png):
            return Response(
                status: .ok, headers: [.contentType: "image/png", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: png)))
        case .failure(let error):
            log("error: frame \(index): \(error)")
            return Self.text("frame \(index) cannot be drawn: \(error)\n", status: .internalServerError)
        }
    }

    /// Bytes for the player made off the server's threads from the version shown,
    /// which must be `number` when given.
    private func media(version number: Int?, _ make: @escaping @Sendable (StudioVersion) throws -> Data) async throws
        -> Response
    {
        guard let version = session.shown, number == nil || version.number == number else {
            return Self.text("the project changed: this is of an earlier version\n", status: .conflict)
        }
        let result: Result<Data, any Error> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: Result { try make(version) }) }
        }
        switch result {
        case .success(let bytes):
            return Response(
                status: .ok, headers: [.contentType: "video/mp4", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        case .failure(StudioRequestError.notFound):
            return Self.text("this version has no such media\n", status: .notFound)
        case .failure(StudioRequestError.stale):
            return Self.text("the project changed: this is of an earlier version\n", status: .conflict)
        case .failure(let error):
            log("error: the player's media: \(error)")
            return Self.text("cannot make this media: \(error)\n", status: .internalServerError)
        }
    }

    /// Runs the `--editor` command on an item's place. A link template is
    /// opened by the page itself; asked here, it is opened the desktop's way
    /// (`xdg-open`), or, on a machine without one, the answer says what to set.
    private func openInEditor(version number: Int?, item: Int?) -> Response {
        let version = session.shown
        guard let version, version.number == number, let item, let items = version.timeline?.items,
            items.indices.contains(item), let location = items[item].location
        else { return Self.text("no such item in the version shown\n", status: .notFound) }
        let file = URL(fileURLWithPath: location.file).standardizedFileURL.path
        let fill = { (text: String) in
            text.replacingOccurrences(of: "{file}", with: file).replacingOccurrences(of: "{line}", with: "\(location.line)")
                .replacingOccurrences(of: "{column}", with: "\(location.column)")
        }
        var arguments = session.editor.split(separator: " ").map { fill(String($0)) }
        if session.editor.contains("://") {
            let opener = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/xdg-open" }
                .first { FileManager.default.isExecutableFile(atPath: $0) }
            guard let opener else {
                let message =
                    "this machine has no xdg-open to open '\(session.editor)' links with; start the studio with "
                    + "--editor and a command, such as --editor 'code --goto {file}:{line}:{column}'"
                // Said once, on the terminal and the page.
                if session.tellOnce(message) { log(message) }
                return Self.text(message + "\n", status: .unprocessableContent)
            }
            arguments = [opener, fill(session.editor)]
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        do {
            try process.run()
        } catch {
            log("error: cannot start the editor '\(session.editor)': \(error)")
            return Self.text("cannot start the editor: \(error)\n", status: .internalServerError)
        }
        return Response(status: .noContent)
    }

    static func text(_ text: String, type: String = "text/plain; charset=utf-8", status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: type], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}

/// Why a request for media has no answer.
enum StudioRequestError: Error {
    case notFound
    /// Of a version the page no longer plays.
    case stale
}
