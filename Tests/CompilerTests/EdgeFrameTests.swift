import EDLParser
import Foundation
import Testing

@testable import Compiler

/// Item edges that round into the same frame or past the output's end compile
/// (to fewer frames), and an output shorter than a frame is a diagnostic: these
/// projects, found by fuzzing, once stopped the compiler with a trap.
@Suite struct EdgeFrameTests {
    func frames(_ yaml: String) throws -> [Range<Int64>] {
        let result = try compileYAML(yaml)
        let plan = try #require(result.plan, "\(result.diagnostics)")
        try plan.verify()
        return plan.video.map(\.frames)
    }

    @Test func anOutputShorterThanItsItemsCutsThem() throws {
        #expect(
            try frames(
                """
                cutlist: 1
                output: { size: 160x90, fps: 30, duration: 0.5s }
                tracks:
                  - items:
                      - { color: red, duration: 1s }
                      - { color: blue, duration: 1s }
                """) == [0..<15])
    }

    @Test func anItemShorterThanAFrameShowsInNone() throws {
        // [1.005, 1.01) holds no frame start at 30 fps: frames 0..<31 are red, the rest of the
        // output (2.01 s: 60 frames) green.
        #expect(
            try frames(
                """
                cutlist: 1
                output: { size: 160x90, fps: 30 }
                tracks:
                  - items:
                      - { color: red, duration: 1.005s }
                      - { color: blue, duration: 0.005s }
                      - { color: green, duration: 1s }
                """) == [0..<31, 31..<60])
    }

    @Test func anItemPinnedPastTheEndShowsInNone() throws {
        #expect(
            try frames(
                """
                cutlist: 1
                output: { size: 160x90, fps: 30, duration: 2s }
                tracks:
                  - items:
                      - { color: red, duration: 2s }
                  - items:
                      - { color: blue, duration: 1s, at: 3s }
                """) == [0..<60])
    }

    @Test func anOutputShorterThanAFrameIsADiagnostic() throws {
        let result = try compileYAML(
            """
            cutlist: 1
            output: { size: 160x90, fps: 30, duration: 0.01s }
            tracks:
              - items:
                  - { color: red, duration: 1s }
            """)
        #expect(result.plan == nil)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.message == "the output lasts 0.01s, less than one frame at 30 fps")
        #expect(diagnostic.location?.line == 2)
        #expect(diagnostic.hint == "an output needs at least half a frame (about 0.017s) to have one")
    }
}

/// Diagnostics of transitions: every error once, none that follows from another.
@Suite struct TransitionDiagnosticTests {
    func messages(_ yaml: String) throws -> [String] {
        let result = try compileYAML(yaml, ["/p/a.mp4": .video(q(2))])
        #expect(result.plan == nil)
        return result.diagnostics.map(\.message)
    }

    @Test func twoTransitionsOverlappingOnAShortItemAreAnError() throws {
        #expect(
            try messages(
                """
                cutlist: 1
                tracks:
                  - items:
                      - { color: red, duration: 2s }
                      - { transition: crossfade, duration: 1s }
                      - { color: blue, duration: 1.5s }
                      - { transition: fade, duration: 1s }
                      - { color: green, duration: 2s }
                """) == [
                    "'fade' (1s) overlaps the 'crossfade' (1s) before it: the item between them lasts 1.5s, less than both together (2s)"
                ])
    }

    @Test func anItemWithAnErrorDoesNotAlsoOrphanItsTransition() throws {
        #expect(
            try messages(
                """
                cutlist: 1
                tracks:
                  - items:
                      - { source: a.mp4, to: 3s }
                      - { transition: crossfade, duration: 1s }
                      - { color: blue, duration: 2s }
                """) == ["'to' (3s) is past the end of 'a.mp4' (2s)"])
    }
}
