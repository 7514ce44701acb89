import Foundation
import Hummingbird
import Synchronization

/// Refuses what a page on another site could send to a server on this machine
/// (DNS rebinding: a name of theirs that resolves to 127.0.0.1), and any URL
/// that looks like a file path: the studio's URLs name chunks, frames and the
/// page's own files, so `..`, `.`, empty segments and encoded slashes mean
/// someone is trying for a file.
struct RequestGuard<Context: RequestContext>: RouterMiddleware {
    /// The port the server listens on, known once it is bound (`--port 0`).
    let port: BoundPort

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let port = self.port.value
        guard let host = request.head.authority, Self.isOwn(host: host, port: port) else {
            return Self.refusal(.forbidden, "refused: the Host header does not name this server\n")
        }
        if let origin = request.headers[.origin], !Self.isOwn(origin: origin, port: port) {
            return Self.refusal(.forbidden, "refused: the request comes from a page of another site (\(origin))\n")
        }
        guard Self.isPlainPath(request.uri.path) else {
            return Self.refusal(.badRequest, "refused: URLs here name chunks and frames, not files\n")
        }
        return try await next(request, context)
    }

    /// `localhost` or an address (no name that a stranger's DNS could point here), with the server's port.
    static func isOwn(host: String, port: Int) -> Bool {
        guard let colon = host.lastIndex(of: ":"), host[host.index(after: colon)...] == "\(port)" else { return false }
        var name = String(host[..<colon]).lowercased()
        if name.hasPrefix("[") && name.hasSuffix("]") {
            name = String(name.dropFirst().dropLast())
            var address = in6_addr()
            return inet_pton(AF_INET6, name, &address) == 1
        }
        var address = in_addr()
        return name == "localhost" || inet_pton(AF_INET, name, &address) == 1
    }

    static func isOwn(origin: String, port: Int) -> Bool {
        origin.hasPrefix("http://") && isOwn(host: String(origin.dropFirst("http://".count)), port: port)
    }

    /// No `.` or `..` segment, no empty one inside, no encoded `/`, `\` or `.`, no `\`.
    static func isPlainPath(_ path: String) -> Bool {
        let lowered = path.lowercased()
        guard path.hasPrefix("/"), !lowered.contains("%2f"), !lowered.contains("%5c"), !lowered.contains("%2e"),
            !path.contains("\\")
        else { return false }
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        return segments.enumerated().allSatisfy { index, segment in
            segment != "." && segment != ".." && (!segment.isEmpty || index == segments.count - 1)
        }
    }

    static func refusal(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}

/// The port the server listens on, known once it is bound.
final class BoundPort: Sendable {
    private let port = Atomic<Int>(0)

    var value: Int {
        get { port.load(ordering: .relaxed) }
        set { port.store(newValue, ordering: .relaxed) }
    }
}
