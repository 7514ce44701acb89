import Compiler
import Testing

@testable import Backend

/// Which draw steps a segment gets: each optimisation of `FrameCompositor`
/// chosen from the plan alone, without drawing a pixel. (The pictures these
/// steps draw are checked by the render tests.)
@Suite struct DrawPlanTests {
    /// The draw plans of a project's segments, in timeline order.
    private func drawing(_ tracks: String) throws -> [DrawPlan] {
        let workspace = try RenderWorkspace()
        let plan = try workspace.plan(
            """
            cutlist: 1
            output: { path: out.mp4, size: 160x90, fps: 25 }
            tracks:
            \(tracks)
            """)
        return plan.video.map { DrawPlan($0, of: plan) }
    }

    @Test func aLoneVideoGoesAsItsDecodersFrame() throws {
        let media = try RenderMedia.get()
        let plans = try drawing("  - items: [{ source: \"\(media.indexClip)\" }]")
        #expect(plans == [DrawPlan(steps: [.bottom(0, .alone)], sendsDecoded: true)])
    }

    @Test func aFilteredVideoIsDrawnNotSentAsDecoded() throws {
        let media = try RenderMedia.get()
        let plans = try drawing("  - items: [{ source: \"\(media.indexClip)\", filters: [{ blur: 2 }] }]")
        #expect(plans == [DrawPlan(steps: [.bottom(0, .alone)], sendsDecoded: false)])
    }

    @Test func aVideoUnderATitleIsCopiedStraightOntoTheCanvas() throws {
        let media = try RenderMedia.get()
        let plans = try drawing(
            """
              - items: [{ source: "\(media.indexClip)", duration: 1s }]
              - items: [{ text: Title, duration: 1s }]
            """)
        #expect(plans == [DrawPlan(steps: [.bottom(0, .copiesDecoded), .layer(1)])])
    }

    @Test func aMaskedVideoUnderATitleIsDrawn() throws {
        let media = try RenderMedia.get()
        let plans = try drawing(
            """
              - items: [{ source: "\(media.indexClip)", duration: 1s, fit: contain-blur, size: 80x45 }]
              - items: [{ text: Title, duration: 1s }]
            """)
        #expect(plans == [DrawPlan(steps: [.bottom(0, .drawn), .layer(1)])])
    }

    @Test func stillPicturesAreDrawnOnceAndMovingOnesEveryFrame() throws {
        let media = try RenderMedia.get()
        let plans = try drawing(
            """
              - items:
                  - { color: navy, duration: 1s }
                  - { source: "\(media.whiteBar)", duration: 1s }
                  - { pattern: counter, duration: 1s }
                  - { color: navy, duration: 1s, opacity: [{ at: 0, value: 0 }, { at: 1s, value: 1 }] }
            """)
        #expect(plans.map(\.isStill) == [true, true, false, false])
        #expect(plans.map(\.steps) == Array(repeating: [.bottom(0, .alone)], count: 4))
    }

    @Test func aShaderTransitionKeepsWhatIsBeneathTheOutgoingPicture() throws {
        let plans = try drawing(
            """
              - items:
                  - { color: red, duration: 1s }
                  - { transition: radial, duration: 0.4s }
                  - { color: blue, duration: 1s }
            """)
        #expect(
            plans.map(\.steps) == [[.bottom(0, .alone)], [.fill, .keepBeneath, .layer(0), .transition(1)], [.bottom(0, .alone)]])
    }

    @Test func aMaskTransitionDrawsOneLayerOverTheOther() throws {
        let plans = try drawing(
            """
              - items:
                  - { color: red, duration: 1s }
                  - { transition: wipe-left, duration: 0.4s }
                  - { color: blue, duration: 1s }
            """)
        #expect(plans.map(\.steps) == [[.bottom(0, .alone)], [.bottom(0, .drawn), .layer(1)], [.bottom(0, .alone)]])
    }

    @Test func aGapIsTheBackground() throws {
        let plans = try drawing("  - items: [{ gap: 1s }, { color: red, duration: 1s }]")
        #expect(plans.map(\.steps) == [[.fill], [.bottom(0, .alone)]])
    }
}
