import Disk
import Testing

@testable import Compiler
@testable import EDLParser

/// How a composition item plays its compiled timeline (SPEC 14): like a video
/// source of the composition's length, size and rate.
@Suite struct CompositionPlanTests {
    static let card = """
        cutlist: 1
        output: { size: 640x360, fps: 25 }
        compositions:
          card:
            tracks:
              - items: [ { source: clip.mp4, from: 1s, to: 3s } ]
              - items: [ { text: "title", until: end } ]
        tracks:
          - items:

        """

    func compositionPlan(_ plan: RenderPlan) throws -> RenderPlan {
        let source = try #require(plan.sources.first { if case .composition = $0.kind { true } else { false } })
        guard case .composition(_, let nested) = source.kind else { throw RenderPlan.Violation(description: "no composition") }
        return nested
    }

    @Test func aCompositionLastsAsLongAsItsTracksAndTakesTheOutputsSizeAndRate() throws {
        let result = try compileYAML(Self.card + "      - { composition: card }\n", ["/p/clip.mp4": .video(q(10))])
        let plan = try #require(result.plan, "\(result.diagnostics)")
        #expect(plan.output.frameCount == 50)
        let nested = try compositionPlan(plan)
        #expect(nested.output.size == PixelSize(width: 640, height: 360))
        #expect(nested.output.fps.rate == q(25) && nested.output.frameCount == 50)
        // As large as the output and placed on it exactly, it is drawn as its own layers, as they are.
        let layers = try #require(plan.video.first?.layers)
        #expect(layers.map(\.location.line) == [6, 7])
        #expect(layers.allSatisfy { $0.mask == nil && $0.transform.parents.isEmpty })
        // With an opacity it is drawn as one picture: placed at its own size, at the frame's centre.
        let faded = try #require(
            try compileYAML(Self.card + "      - { composition: card, opacity: 0.5 }\n", ["/p/clip.mp4": .video(q(10))]).plan)
        let layer = try #require(faded.video.first?.layers.first)
        #expect(layer.transform.sizing == .fit(.none))
        #expect(layer.transform.sourceSize == PixelSize(width: 640, height: 360))
        #expect(faded.source(layer.source).map { if case .composition = $0.kind { true } else { false } } == true)
        // Its sound is the clip's, mixed inside; the item plays it as one input.
        #expect(nested.audio.inputs.count == 1 && plan.audio.inputs.count == 1)
    }

    @Test(arguments: [
        ("from: 0.5s", Int64(38)), ("to: 1s", 25), ("speed: 2", 25), ("loop: true, duration: 5s", 125), ("duration: 1s", 25),
    ])
    func timingKeysApplyAsToAVideoSource(_ keys: String, _ frames: Int64) throws {
        let result = try compileYAML(Self.card + "      - { composition: card, \(keys) }\n", ["/p/clip.mp4": .video(q(10))])
        let plan = try #require(result.plan, "\(result.diagnostics)")
        #expect(plan.output.frameCount == frames)
    }

    @Test func pastItsEndIsAnErrorAsForAFile() throws {
        let result = try compileYAML(Self.card + "      - { composition: card, to: 3s }\n", ["/p/clip.mp4": .video(q(10))])
        #expect(result.diagnostics.map(\.message) == ["'to' (3s) is past the end of 'card' (2s)"])
    }

    @Test func aCompositionWithNothingButUntilEndNeedsADuration() throws {
        let yaml = """
            cutlist: 1
            compositions:
              backdrop:
                tracks:
                  - items: [ { color: red, until: end } ]
            tracks:
              - items: [ { composition: backdrop } ]
            """
        let result = try compileYAML(yaml)
        #expect(
            result.diagnostics.map(\.message) == [
                "composition 'backdrop' has no length of its own: nothing in it has a length but 'until: end'"
            ])
        #expect(result.diagnostics.first?.location?.line == 4)
        let fixed = try compileYAML(yaml.replacingOccurrences(of: "backdrop:\n", with: "backdrop:\n    duration: 2s\n"))
        #expect(fixed.plan?.output.frameCount == 60)
    }

    @Test func aChangeInsideACompositionChangesItsIdentityInThePlanText() throws {
        let before = try #require(
            try compileYAML(Self.card + "      - { composition: card }\n", ["/p/clip.mp4": .video(q(10))]).plan)
        let after = try #require(
            try compileYAML(
                Self.card.replacingOccurrences(of: "\"title\"", with: "\"other\"") + "      - { composition: card }\n",
                ["/p/clip.mp4": .video(q(10))]
            ).plan)
        #expect(before.text != after.text)
        #expect(before.text.contains("source s0 composition \"card\" 640x360 fps 25 frames 50\n    source s0 file"))
        // Drawn as its own layers, the composition's layers carry the change themselves.
        #expect(before.text.contains("source s2 text \"title\""))
    }
}

extension CompositionPlanTests {
    @Test func aFileIsProbedOnceHoweverManyCompositionsUseIt() throws {
        let yaml = """
            cutlist: 1
            compositions:
              card:
                vars: { name: "" }
                tracks:
                  - items: [ { source: clip.mp4, to: 1s } ]
                  - items: [ { text: "${name}", until: end } ]
            tracks:
              - items:
                  - { source: clip.mp4, to: 1s }
                  - { composition: card, vars: { name: A } }
                  - { composition: card, vars: { name: B } }
            """
        let parsed = ProjectParser.parse(yaml, file: "edit.yaml", directory: "/p", files: .disk())
        let project = try #require(parsed.project, "\(parsed.diagnostics)")
        let media = CountingMedia(["/p/clip.mp4": .video(q(10))])
        let result = Compiler(media: media).compile(project)
        #expect(result.plan?.output.frameCount == 90, "\(result.diagnostics)")
        #expect(media.counts.withLock { $0 } == ["/p/clip.mp4": 1])
    }
}

extension CompositionPlanTests {
    /// Drawn as its own layers, a composition keeps its tracks' order, also for a
    /// lower track whose item starts later than a higher track's.
    @Test func itsLayersKeepTheirTracksOrder() throws {
        let yaml = """
            cutlist: 1
            compositions:
              card:
                tracks:
                  - items: [ { gap: 0.5s }, { color: blue, duration: 1s } ]
                  - items: [ { color: red, size: [10, 10], duration: 1.5s } ]
            tracks:
              - items: [ { composition: card } ]
            """
        let plan = try #require(try compileYAML(yaml).plan)
        let segment = try #require(plan.video.first { $0.frames.contains(30) })
        #expect(segment.layers.map(\.location.line) == [5, 6])
    }
}
