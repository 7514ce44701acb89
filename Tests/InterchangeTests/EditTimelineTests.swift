import Compiler
import EDLParser
import Testing
import Yams

@testable import Interchange

/// `render diff` compares typed values: each key's value as a YAML node, a
/// composition's contents as its own edit timeline.
@Suite struct EditTimelineTests {
    static let edit = """
        cutlist: 1
        output: { size: 160x90, fps: 25 }
        compositions:
          intro:
            tracks:
              - items:
                  - { color: red, duration: 1s }
                  - { text: "Hi", duration: 1s, opacity: 0.5 }
        tracks:
          - items:
              - { composition: intro }
        """

    static func timeline(_ text: String) throws -> EditTimeline {
        try #require(Compiler(media: StandInMedia()).editTimeline(project(text)).timeline)
    }

    @Test func aCompositionsContentsAreItsOwnTimeline() throws {
        let item = try #require(try Self.timeline(Self.edit).items.first)
        #expect(item.properties.map(\.key) == ["composition", "contents", "group"])
        guard case .timeline(let contents) = item.properties[1].value else {
            Issue.record("contents: \(item.properties[1].value)")
            return
        }
        #expect(contents.items.map(\.label) == ["colour #ff0000ff", "text \"Hi\""])
        #expect(contents.items.map(\.end) == [Rational(1), Rational(2)])
        #expect(
            contents.items[1].properties == [
                TimelineProperty(key: "text", value: .yaml(.scalar(.init("Hi", .implicit, .doubleQuoted)))),
                TimelineProperty(key: "opacity", value: .yaml(.scalar(.init("0.5")))),
            ])
    }

    @Test func aChangeInsideACompositionIsToldAndMovedLinesAreNot() throws {
        let old = try Self.timeline(Self.edit)
        let moved = try Self.timeline("# a comment\n\n" + Self.edit)
        #expect(TimelineDiff(old: old, new: moved, fps: FrameRate(Rational(25)) ?? .thirty).lines == [])
        let reworded = try Self.timeline(Self.edit.replacingOccurrences(of: "\"Hi\"", with: "\"Hello\""))
        #expect(
            TimelineDiff(old: old, new: reworded, fps: FrameRate(Rational(25)) ?? .thirty).lines == [
                "~ composition 'intro' at 00:00:00:00: its contents changed"
            ])
    }
}
