import EDLParser
import Synchronization
import Testing

@testable import Compiler

/// Counts probes per path.
final class CountingMedia: MediaInfo {
    let inner: FakeMedia
    let counts = Mutex<[String: Int]>([:])

    init(_ files: [String: MediaFacts]) {
        inner = FakeMedia(files: files)
    }

    func facts(forPath path: String) throws(MediaProbeError) -> MediaFacts {
        counts.withLock { $0[path, default: 0] += 1 }
        return try inner.facts(forPath: path)
    }
}

@Suite struct ProbeTests {
    @Test func everyDistinctPathIsProbedOnce() {
        let media = CountingMedia(["/p/a": .video(q(4)), "/p/b": .sound(q(4))])
        let project = project([
            track([clip("a", line: 1), clip("a", line: 2), clip("missing", line: 3), clip("missing", line: 4)]),
            track([clip("b", line: 5), clip("a", line: 6)], kind: .audio, line: 5),
        ])
        let result = Compiler(media: media).compile(project)
        #expect(media.counts.withLock { $0 } == ["/p/a": 1, "/p/b": 1, "/p/missing": 1])
        #expect(result.diagnostics.map(\.location) == [at(3, 13)])
    }

    @Test func urlsAreNeverOpened() {
        let media = CountingMedia([:])
        let reference = SourceReference(asset: nil, path: "https://example.com/a.mp4", location: at(2, 13))
        let result = Compiler(media: media).compile(project([track([Item(content: .source(reference), location: at(2))])]))
        #expect(media.counts.withLock { $0 }.isEmpty)
        #expect(result.diagnostics.map(\.message) == ["'https://example.com/a.mp4' is a URL; sources must be local files"])
    }

    @Test func overlyPreciseTimesAreRejectedNotTrapped() {
        var item = color(.white, q(1))
        item.timing.duration = Located(TimeValue(seconds: q(1, 1_000_000_000_007)), at: at(1, 9))
        let diagnostics = errors(project([track([item])]))
        #expect(diagnostics.map(\.message) == ["'duration' (1/1000000000007s) is too large or too precise"])
    }

    @Test func itemAfterATransitionCannotBePinned() {
        var pinned = color(.black, q(3), line: 3)
        pinned.timing.at = time(q(9), line: 3, column: 9)
        let diagnostics = errors(project([track([color(.white, q(3), line: 1), transition(.crossfade, q(1), line: 2), pinned])]))
        #expect(
            diagnostics.map(\.message) == ["an item after a transition cannot have 'at': it starts where the transition does"])
    }
}
