import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a language server on standard input and output until the client sends
/// `exit` or closes its end; returns the exit status (0 only after `shutdown`).
/// Waits in `poll`, waking for input or when diagnostics are due.
public enum StandardStreams {
    public static func run(debounce: TimeInterval = 0.02) -> Int32 {
        let server = LanguageServer(debounce: debounce) { data in write(data) }
        var reader = MessageReader()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
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
                    guard count > 0 else { return server.exitCodeAtEnd }
                    reader.append(buffer[0..<count])
                    request.revents = 0
                } while poll(&request, 1, 0) > 0 && request.revents & Int16(POLLIN) != 0
                var events: [MessageReader.Event] = []
                while let event = reader.next() { events.append(event) }
                server.noteCancellations(in: events)
                for event in events {
                    server.handle(event)
                    if let code = server.exitCode { return code }
                }
                server.finishBatch()
            } else if ready < 0, errno != EINTR {
                return server.exitCodeAtEnd
            }
            server.runDueWork()
        }
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
