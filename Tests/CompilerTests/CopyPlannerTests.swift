import EDLParser
import Testing

@testable import Compiler

/// Which output frames copy from a source (SPEC 18): whole groups of pictures
/// of untouched runs, from one set of parameter sets.
@Suite struct CopyPlannerTests {
    /// Files of 10 s at 30 fps, 1080p, the output's size and rate.
    let files: [String: MediaFacts] = ["a.mp4": .video(q(10)), "b.mp4": .video(q(10))]

    /// A source as the backend scans it: 300 frames at 30 fps, a keyframe every 30.
    func scanned(_ parameterSets: [UInt8] = [1]) -> CopySource {
        CopySource(
            codec: .h264, pixelFormat: "yuv420p", size: PixelSize(width: 1920, height: 1080),
            parameterSets: parameterSets, frameStarts: (0..<300).map { Rational(Int64($0)) / Rational(30) },
            keyframes: Array(stride(from: 0, to: 300, by: 30)), delay: 0,
            colors: ColorDescription(range: 1, space: 1, primaries: 1, transfer: 1))
    }

    func chunks(_ yaml: String, _ sources: [String: CopySource]) throws -> [Chunk] {
        let plan = try #require(compileYAML(yaml, Dictionary(uniqueKeysWithValues: files.map { ("/p/\($0)", $1) })).plan)
        var byID: [SourceID: CopySource] = [:]
        for source in plan.sources {
            if case .file(let file) = source.kind, let name = file.path.split(separator: "/").last {
                byID[source.id] = sources[String(name)]
            }
        }
        let runs = CopyPlanner(plan: plan, sources: byID).runs()
        let identities = plan.sources.map { $0.kindText(relativeTo: "/") }
        return Chunker(plan: plan, identities: identities, copies: runs).chunks { "test" }
    }

    func summary(_ chunks: [Chunk]) -> [String] {
        chunks.map { "\($0.kind.rawValue) \($0.frames.lowerBound)..<\($0.frames.upperBound)" }
    }

    @Test func cutsBetweenKeyframesCopyTheWholeGroupsInside() throws {
        let yaml = """
            cutlist: 1
            tracks:
              - items:
                  - { source: a.mp4, from: 0.5s, to: 5.5s }
                  - { source: b.mp4, from: 2s, to: 4s }
            """
        let chunks = try chunks(yaml, ["a.mp4": scanned(), "b.mp4": scanned()])
        // a shows source frames 15..<165: 30..<150 copy. b shows 60..<120, keyframes at both ends.
        #expect(summary(chunks) == ["render 0..<15", "copy 15..<135", "render 135..<150", "copy 150..<210"])
        #expect(chunks[1].copied?.sourceFrames == 30..<150 && chunks[3].copied?.sourceFrames == 60..<120)
        // A copy is named by its source and frames, not its place.
        let later = try self.chunks(
            yaml.replacingOccurrences(of: "from: 0.5s, to: 5.5s", with: "from: 0.5s, to: 6.5s"),
            ["a.mp4": scanned(), "b.mp4": scanned()])
        #expect(later.last?.fingerprint == chunks.last?.fingerprint && later.last?.frames != chunks.last?.frames)
    }

    @Test func speedOpacityAndMotionRenderEveryFrame() throws {
        for change in ["speed: 2", "opacity: 0.99", "position: [961, 540]", "scale: 1.01"] {
            let yaml = """
                cutlist: 1
                tracks:
                  - items:
                      - { source: a.mp4, from: 0s, to: 4s, \(change) }
                """
            #expect(try chunks(yaml, ["a.mp4": scanned()]).allSatisfy { $0.kind == .render }, "\(change)")
        }
    }

    @Test func onlyTheSourcesOfOneSetOfParameterSetsCopy() throws {
        let yaml = """
            cutlist: 1
            tracks:
              - items:
                  - { source: a.mp4, from: 0s, to: 2s }
                  - { source: b.mp4, from: 0s, to: 3s }
            """
        let chunks = try chunks(yaml, ["a.mp4": scanned([1]), "b.mp4": scanned([2])])
        // b covers more frames: its set wins, a renders.
        #expect(summary(chunks).filter { $0.hasPrefix("copy") } == ["copy 60..<150"])
    }

    @Test func aSourceThatDoesNotMatchTheOutputRenders() throws {
        let yaml = """
            cutlist: 1
            output: { video: { pixel_format: yuv444p } }
            tracks:
              - items:
                  - { source: a.mp4, from: 0s, to: 2s }
            """
        #expect(try chunks(yaml, ["a.mp4": scanned()]).allSatisfy { $0.kind == .render })
        let never = yaml.replacingOccurrences(of: "pixel_format: yuv444p", with: "copy: never")
        let plan = try #require(compileYAML(never, ["/p/a.mp4": files["a.mp4"]!]).plan)
        #expect(CopyPlanner.candidates(in: plan).isEmpty)
    }
}
