import EDLParser
import Foundation
import Testing

@testable import Compiler

@Suite struct PlanTests {
    func sample() -> (Project, [String: MediaFacts]) {
        var title = Item(content: .text(TextContent(string: "Launch \"day\"")), location: at(6))
        title.timing.duration = time(q(2), line: 6)
        title.timing.at = time(q(1, 2), line: 6)
        title.picture.position = .constant(Point(x: .percent(50), y: .percent(85)))
        title.picture.opacity = .keyframes(
            [
                Keyframe(at: RelativeTime(), value: 0, ease: .easeOut, location: at(7)),
                Keyframe(at: RelativeTime(offset: TimeValue(seconds: q(1, 2))), value: 1, location: at(8)),
            ],
            repetition: nil)
        let project = project([
            track([clip("a", line: 1) { $0.timing.to = time(q(3)) }, transition(.fade, q(1), line: 2), clip("b", line: 3)]),
            track([title], line: 5),
            track([clip("song", line: 9) { $0.timing.untilEnd = true }], kind: .audio, line: 9),
        ]) { $0.metadata = [MetadataEntry(key: "title", value: "Launch")] }
        return (project, ["a": .video(q(10)), "b": .video(q(4), fps: fps(30)), "song": .sound(q(60))])
    }

    @Test func textIsByteIdenticalAcrossCompiles() throws {
        let (project, files) = sample()
        let first = try plan(project, files)
        let second = try plan(project, files)
        #expect(first.text == second.text)
        #expect(try first.json() == second.json())
        #expect(first == second)
    }

    @Test func textReadsLikeThePlan() throws {
        let (project, files) = sample()
        let text = try plan(project, files).text
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "cutlist plan 1")
        // Paths print relative to the project directory (/p), so any checkout gives the same text.
        #expect(lines.contains("output \"edit.mp4\" mp4 1920x1080 fps 30 frames 180 duration 6s background #000000ff faststart"))
        #expect(lines.contains("video h264 crf 20 preset medium yuv420p keyframes every 60"))
        #expect(lines.contains("metadata \"title\" = \"Launch\""))
        #expect(lines.contains { $0.hasPrefix("source s2 text \"Launch \\\"day\\\"\" font \"DejaVu Sans\"") })
        #expect(lines.contains("segment frames 0..<15"))
        #expect(lines.contains("    opacity keyframes(from 0.5s: 0s=0 ease-out, 0.5s=1 linear)"))
        #expect(!text.contains("0.30000000000000004"))
    }

    @Test func jsonRoundTrips() throws {
        let (project, files) = sample()
        let original = try plan(project, files)
        let json = try original.json()
        #expect(json.contains("\"frameCount\" : 180"))
        let decoded = try JSONDecoder().decode(RenderPlan.self, from: Data(json.utf8))
        #expect(decoded == original)
    }

    @Test func verifyCatchesBrokenPlans() throws {
        let (project, files) = sample()
        var broken = try plan(project, files)
        broken.video.removeLast()
        #expect(throws: RenderPlan.Violation.self) { try broken.verify() }
        var unknown = try plan(project, files)
        unknown.video[0].layers[0].source = SourceID(99)
        #expect(throws: RenderPlan.Violation.self) { try unknown.verify() }
        var gap = try plan(project, files)
        gap.video[1].frames = (gap.video[1].frames.lowerBound + 1)..<gap.video[1].frames.upperBound
        #expect(throws: RenderPlan.Violation.self) { try gap.verify() }
    }

    @Test func sourcesAreSharedAndNumberedInFirstUseOrder() throws {
        let plan = try plan(
            project([track([clip("a", line: 1), clip("b", line: 2), clip("a", line: 3)])]),
            ["a": .video(q(1)), "b": .video(q(1))])
        #expect(plan.sources.map(\.id) == [SourceID(0), SourceID(1)])
        #expect(plan.distinctLayers.map(\.source) == [SourceID(0), SourceID(1), SourceID(0)])
        #expect(plan.audio.inputs.map(\.source) == [SourceID(0), SourceID(1), SourceID(0)])
    }
}
