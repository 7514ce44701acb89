import Foundation
import Workspace

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a language server on standard input and output until the client sends
/// `exit` or closes its end; returns the exit status (0 only after `shutdown`).
/// Waits in `poll`, waking for input or when diagnostics are due.
public enum StandardStreams {
    public static func run(compiler: ProjectCompiler, debounce: TimeInterval = 0.02) -> Int32 {
        let server = LanguageServer(compiler: compiler, debounce: debounce) { data in write(data) }
        var reader = MessageReader()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var ended = false
        while true {
            let timeout =
                server.nextDeadline.map { Int32(max(0, min($0.timeIntervalSinceNow * 1000, 60_000)).rounded(.up)) } ?? -1
            var request = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, timeout)
            if ready > 0 {
                // Everything waiting is read before any of it is handled, so a
                // cancellation reaches the request it cancels.
                repeat {
                    let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else {
                        ended = true
                        break
                    }
                    reader.append(buffer[0..<count])
                    request.revents = 0
                } while poll(&request, 1, 0) > 0 && request.revents & Int16(POLLIN) != 0
                // What came before the end of input is answered too (`render lsp < requests`).
                var events: [MessageReader.Event] = []
                while let event = reader.next() { events.append(event) }
                server.noteCancellations(in: events)
                for event in events {
                    server.handle(event)
                    if let code = server.exitCode { return code }
                }
                server.finishBatch()
                if ended { return endOfInput(server) }
            } else if ready < 0, errno != EINTR {
                return endOfInput(server)
            }
            server.runDueWork()
        }
    }

    /// The status when the client vanishes, said on standard error unless it had shut the server down.
    private static func endOfInput(_ server: LanguageServer) -> Int32 {
        let code = server.exitCodeAtEnd
        if code != 0 {
            let message = """
                render lsp: the input ended before the client sent 'shutdown' and 'exit'. render lsp is \
                started by an editor, which speaks the Language Server Protocol on its standard input and \
                output (see docs/editors.md); use 'render check' for a project in the terminal.

                """
            FileHandle.standardError.write(Data(message.utf8))
        }
        return code
    }

    private static func write(_ data: Data) {
        data.withUnsafeBytes { bytes in
            guard let start = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(1, start + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}
