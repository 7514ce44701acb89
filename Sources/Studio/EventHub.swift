import Foundation
import Synchronization

/// The open pages' event streams (Server-Sent Events): each gets every event
/// sent after it opened. A page that goes away is dropped when its stream ends.
final class EventHub: Sendable {
    private struct Pages {
        var streams: [Int: AsyncStream<String>.Continuation] = [:]
        var next = 0
        var closed = false
    }

    private let pages = Mutex(Pages())

    /// A new page's stream, and the number of pages now open.
    func open() -> (id: Int, stream: AsyncStream<String>, count: Int) {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(4096))
        let (id, count, closed) = pages.withLock { pages in
            let id = pages.next
            pages.next += 1
            if !pages.closed { pages.streams[id] = continuation }
            return (id, pages.streams.count, pages.closed)
        }
        if closed { continuation.finish() }
        return (id, stream, count)
    }

    /// Forgets a page; the number of pages still open.
    func drop(_ id: Int) -> Int {
        pages.withLock { pages in
            pages.streams[id]?.finish()
            pages.streams[id] = nil
            return pages.streams.count
        }
    }

    func send(_ event: String, _ data: String) {
        let message = "event: \(event)\ndata: \(data)\n\n"
        for stream in pages.withLock({ Array($0.streams.values) }) { stream.yield(message) }
    }

    /// A line the pages ignore: writing it is how a page that went away is found out.
    func send(comment: String) {
        for stream in pages.withLock({ Array($0.streams.values) }) { stream.yield(": \(comment)\n\n") }
    }

    /// Ends every stream, so the server can stop without waiting for the pages.
    func close() {
        let streams = pages.withLock { pages in
            pages.closed = true
            defer { pages.streams = [:] }
            return Array(pages.streams.values)
        }
        for stream in streams { stream.finish() }
    }
}
