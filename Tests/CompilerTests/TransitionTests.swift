import EDLParser
import Testing

@testable import Compiler

@Suite struct TransitionTests {
    /// `a` (3 s) then `b` (3 s) with a 1 s transition: the overlap is [2 s, 3 s).
    func compile(_ kind: TransitionKind, _ configure: (inout Transition) -> Void = { _ in }) throws -> RenderPlan {
        try plan(
            project([
                track([
                    clip("a", line: 1) { $0.timing.to = time(q(3)) }, transition(kind, q(1), line: 2, configure),
                    clip("b", line: 3) { $0.timing.to = time(q(3)) },
                ])
            ]),
            ["a": .video(q(10)), "b": .video(q(10))])
    }

    func overlap(_ plan: RenderPlan) throws -> [Layer] {
        try #require(plan.video.first { $0.frames.contains(60) }).layers
    }

    @Test func crossfadeRampsTheIncomingOpacity() throws {
        let layers = try overlap(try compile(.crossfade))
        #expect(layers.map(\.location) == [at(1), at(3)])
        #expect(layers[0].opacity.value(at: q(5, 2)) == 1)
        #expect(layers[1].opacity.value(at: q(2)) == 0)
        #expect(layers[1].opacity.value(at: q(5, 2)) == 0.5)
        #expect(layers[1].opacity.value(at: q(3)) == 1)
    }

    @Test func easeShapesTheProgress() throws {
        let layers = try overlap(try compile(.crossfade) { $0.ease = .easeIn })
        #expect(abs(layers[1].opacity.value(at: q(5, 2)) - 0.315357) < 1e-5)
    }

    @Test func fadeIsPureColorAtTheMidpoint() throws {
        let plan = try compile(.fade) { $0.color = red }
        let layers = try overlap(plan)
        #expect(layers.count == 3)
        let top = try #require(layers.last)
        #expect(plan.source(top.source)?.kind == .color(red))
        #expect(top.opacity.value(at: q(5, 2)) == 1)
        #expect(top.opacity.value(at: q(9, 4)) == 0.5)
        #expect(top.opacity.value(at: q(3)) == 0)
        #expect(layers[0].opacity.value(at: q(9, 4)) == 1)
        #expect(layers[1].opacity.value(at: q(9, 4)) == 0)
        #expect(layers[1].opacity.value(at: q(11, 4)) == 1)
    }

    /// A `fade` at a track's start fades in from its colour over the first item,
    /// one at its end out to it over the last (here lasting until the end),
    /// sound too; the track is no shorter.
    @Test func aFadeAtATracksStartOrEndFadesFromOrToItsColour() throws {
        let plan = try plan(
            project([
                track([clip("a", line: 1) { $0.timing.to = time(q(4)) }]),
                track([
                    transition(.fade, q(1), line: 2), clip("b", line: 3) { $0.timing.untilEnd = true },
                    transition(.fade, q(2), line: 4) { $0.color = red },
                ]),
            ]),
            ["a": .video(q(10)), "b": .video(q(10))])
        #expect(plan.output.duration == q(4))
        let colours = plan.distinctLayers.filter { [at(2), at(4)].contains($0.location) }
        try #require(colours.map(\.location) == [at(2), at(4)])
        #expect(plan.source(colours[0].source)?.kind == .color(.black))
        #expect(colours[0].range == TimeRange(start: .zero, end: q(1)))
        #expect([q(0), q(1, 2), q(1)].map(colours[0].opacity.value) == [1, 0.5, 0])
        #expect(plan.source(colours[1].source)?.kind == .color(red))
        #expect(colours[1].range == TimeRange(start: q(2), end: q(4)))
        #expect([q(2), q(3), q(4)].map(colours[1].opacity.value) == [0, 0.5, 1])
        // Drawn over the item, on its track.
        let item = try #require(plan.distinctLayers.first { $0.location == at(3) })
        #expect(colours.allSatisfy { $0.track == item.track && $0.order == item.order + 1 })
        let sound = try #require(plan.audio.inputs.first { $0.track == 1 }).gain
        #expect(sound.value(at: .zero) == 0)
        #expect(sound.value(at: q(1)) == 1)
        #expect(sound.value(at: q(2)) == 1)
        #expect(sound.value(at: q(4)) < 1e-9)
    }

    @Test func aFadeAtATracksEdgeNeedsRoomInItsItem() {
        let diagnostics = errors(
            project([track([clip("a", line: 1) { $0.timing.to = time(q(1)) }, transition(.fade, q(2), line: 2)])]),
            ["a": .video(q(10))])
        #expect(diagnostics.map(\.message) == ["'fade' (2s) is longer than the item before it (1s)"])
    }

    @Test func wipeRevealsWithAnAnimatedRectangle() throws {
        let layers = try overlap(try compile(.wipeLeft))
        guard case .rectangle(let rect)? = layers[1].mask else {
            Issue.record("expected a rectangle mask")
            return
        }
        #expect(rect.value(at: q(2)) == Rect(x: 1920, y: 0, width: 0, height: 1080))
        #expect(rect.value(at: q(5, 2)) == Rect(x: 960, y: 0, width: 960, height: 1080))
        #expect(rect.value(at: q(3)) == Rect(x: 0, y: 0, width: 1920, height: 1080))
        #expect(layers[0].mask == nil)
    }

    @Test func slideMovesOnlyTheIncoming() throws {
        let layers = try overlap(try compile(.slideUp))
        #expect(layers[0].transform.shifts.isEmpty)
        let m = layers[1].transform(at: q(5, 2))
        #expect(m.apply(x: 0, y: 0) == (0, 540))
    }

    @Test func pushMovesBoth() throws {
        let layers = try overlap(try compile(.pushLeft))
        #expect(layers[0].transform(at: q(5, 2)).apply(x: 0, y: 0) == (-960, 0))
        #expect(layers[1].transform(at: q(5, 2)).apply(x: 0, y: 0) == (960, 0))
    }

    @Test func zoomPutsTheOutgoingOnTop() throws {
        let layers = try overlap(try compile(.zoom))
        #expect(layers.map(\.location) == [at(3), at(1)])
        #expect(layers[1].transform(at: q(3)).apply(x: 0, y: 0) == (-960, -540))
        #expect(layers[1].opacity.value(at: q(5, 2)) == 0.5)
    }

    @Test func circleGrowsFromTheCentre() throws {
        let layers = try overlap(try compile(.circle))
        guard case .circle(let center, let radius)? = layers[1].mask else {
            Issue.record("expected a circle mask")
            return
        }
        #expect(center == Vector2(960, 540))
        #expect(radius.value(at: q(2)) == 0)
        #expect(abs(radius.value(at: q(3)) - (960.0 * 960 + 540 * 540).squareRoot()) < 1e-9)
        #expect(layers[1].mask?.contains(x: 1919.5, y: 1079.5, at: q(3)) == true)
    }

    @Test func audioCrossfadesWithEqualPower() throws {
        let plan = try compile(.crossfade)
        let inputs = plan.audio.inputs
        #expect(inputs.map(\.samples) == [0..<144_000, 96_000..<240_000])
        for step: Int64 in 0...8 {
            let t = q(16 + step, 8)
            let (a, b) = (inputs[0].gain.value(at: t), inputs[1].gain.value(at: t))
            #expect(abs(a * a + b * b - 1) < 1e-12)
        }
    }

    @Test func audioCutSwitchesAtTheMidpoint() throws {
        let plan = try compile(.crossfade) { $0.audio = .cut }
        #expect(plan.audio.inputs.map(\.samples) == [0..<120_000, 120_000..<240_000])
        #expect(plan.audio.inputs.allSatisfy { $0.gain.factors.isEmpty })
    }

    @Test func linearAudioGainsAddUpToOne() throws {
        let plan = try compile(.crossfade) { $0.audio = .linear }
        let inputs = plan.audio.inputs
        for step in Int64(0)...8 {
            let t = q(16 + step, 8)
            let (a, b) = (inputs[0].gain.value(at: t), inputs[1].gain.value(at: t))
            #expect(abs(a + b - 1) < 1e-12)
            #expect(abs(b - Double(step) / 8) < 1e-12)
        }
    }
}
