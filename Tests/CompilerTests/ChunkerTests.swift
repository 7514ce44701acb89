import EDLParser
import Testing

@testable import Compiler

/// Chunks are cut at content boundaries and every 2 s of an item (a tail under
/// 1 s joining the chunk before it), and their fingerprints follow content, not
/// places (SPEC 18).
@Suite struct ChunkerTests {
    /// Files a, b, c (10 s each at 30 fps) on one track, a title over the first 2 s.
    func edit(prefix: [Item] = [], crf: Double? = nil) -> Project {
        var title = Item(content: .text(TextContent(string: "Hello")), location: at(20))
        title.timing.duration = time(q(2), line: 20)
        return project([
            track(
                prefix + [
                    clip("a", line: 2) { $0.timing.to = time(q(5)) },
                    clip("b", line: 3) { $0.timing.from = time(q(1)) },
                    clip("c", line: 4) { $0.timing.to = time(q(3)) },
                ]),
            track([title], line: 20),
        ]) { output in
            if let crf { output.video.quality = .crf(crf) }
        }
    }

    let files: [String: MediaFacts] = ["a": .video(q(10)), "b": .video(q(10)), "c": .video(q(10)), "d": .video(q(10))]

    /// Identities by content: the tests name each source by its path or text.
    func chunks(_ plan: RenderPlan) -> [Chunk] {
        let identities = plan.sources.map { $0.kindText(relativeTo: "/") }
        return Chunker(plan: plan, identities: identities).chunks { "test" }
    }

    @Test func chunksPartitionTheFramesAtContentEdgesAndEveryTwoSeconds() throws {
        let plan = try plan(edit(), files)
        let chunks = chunks(plan)
        #expect(chunks.first?.frames.lowerBound == 0)
        #expect(chunks.last?.frames.upperBound == plan.output.frameCount)
        for (chunk, next) in zip(chunks, chunks.dropFirst()) { #expect(chunk.frames.upperBound == next.frames.lowerBound) }
        #expect(chunks.allSatisfy { $0.frames.count < 90 && !$0.frames.isEmpty })
        // a: 0..<150 with the title's end at 60; b: 150..<420; c: 420..<510.
        let starts = chunks.map(\.frames.lowerBound)
        #expect(starts == [0, 60, 120, 150, 210, 270, 330, 390, 420, 480])
        for segment in plan.video { #expect(starts.contains(segment.frames.lowerBound)) }
    }

    @Test func aTailShorterThanASecondJoinsTheChunkBeforeIt() throws {
        let plan = try plan(
            project([
                track([
                    clip("a", line: 2) { $0.timing.to = time(q(12, 5)) },
                    clip("b", line: 3) { $0.timing.to = time(q(13, 5)) },
                    clip("c", line: 4) { $0.timing.to = time(q(3)) },
                ])
            ]), files)
        // a: 72 frames, its 12 after the 2 s step join; b: 78, its 18 join; c: 90, its 30 stand alone.
        #expect(chunks(plan).map(\.frames) == [0..<72, 72..<150, 150..<210, 210..<240])
    }

    @Test func aWindowCutsItsOwnEdges() throws {
        let plan = try plan(edit(), files)
        let identities = plan.sources.map { $0.kindText(relativeTo: "/") }
        let chunks = Chunker(plan: plan, identities: identities).chunks(window: 100..<200) { "test" }
        #expect(chunks.map(\.frames) == [100..<120, 120..<150, 150..<200])
    }

    @Test func aRippleEditKeepsTheFingerprintsOfEverythingThatMoved() throws {
        let before = chunks(try plan(edit(), files))
        // 1.5 s inserted at the start: a, b and c move 45 frames later.
        let inserted = clip("d", line: 1) { $0.timing.to = time(q(3, 2)) }
        let after = chunks(try plan(edit(prefix: [inserted]), files))
        let old = Set(before.map(\.fingerprint))
        let reused = after.filter { old.contains($0.fingerprint) }
        // Only what the title (which stays at 0..<2 s) now covers is new: a's
        // frames from 15 on show as before, 45 frames later.
        #expect(reused.map(\.frames.lowerBound) == [105, 165, 195, 255, 315, 375, 435, 465, 525])
        #expect(after.filter { !old.contains($0.fingerprint) }.map(\.frames) == [0..<45, 45..<60, 60..<105])
    }

    @Test func fingerprintsFollowContentNotLocationsOrTracks() throws {
        let base = chunks(try plan(edit(), files))
        var moved = edit()
        moved.tracks[0].items[1].location = at(40)
        moved.tracks.insert(track([], line: 30), at: 0)
        #expect(chunks(try plan(moved, files)).map(\.fingerprint) == base.map(\.fingerprint))

        let settings = chunks(try plan(edit(crf: 18), files))
        #expect(Set(settings.map(\.fingerprint)).isDisjoint(with: base.map(\.fingerprint)))

        // b starts 1 s later in its file (and so ends 1 s sooner): only b's chunks are new.
        var trimmed = edit()
        trimmed.tracks[0].items[1].timing.from = time(q(2))
        let old = Set(base.map(\.fingerprint))
        let changed = chunks(try plan(trimmed, files)).filter { !old.contains($0.fingerprint) }
        #expect(changed.map(\.frames.lowerBound) == [150, 210, 270, 330])
    }

    @Test func identitiesRendererAndDrawnSizeAreInTheFingerprint() throws {
        let plan = try plan(edit(), files)
        let identities = plan.sources.map { $0.kindText(relativeTo: "/") }
        let base = Chunker(plan: plan, identities: identities).chunks { "test" }
        var changedFile = identities
        changedFile[1] += " changed"
        let other = Chunker(plan: plan, identities: changedFile).chunks { "test" }
        let touched = zip(base, other).filter { $0.fingerprint != $1.fingerprint }.map(\.0.frames.lowerBound)
        #expect(touched.count > 0 && touched.count < base.count)
        let renderer = Chunker(plan: plan, identities: identities).chunks { "test 2" }
        #expect(zip(base, renderer).allSatisfy { $0.fingerprint != $1.fingerprint })
        var preview = plan
        preview.output.pictureScale = 0.5
        let small = Chunker(plan: preview, identities: identities).chunks { "test" }
        #expect(zip(base, small).allSatisfy { $0.fingerprint != $1.fingerprint })
        #expect(base.allSatisfy { $0.fingerprint.count == 64 && $0.fingerprint.allSatisfy(\.isHexDigit) })
    }

    @Test func equalContentOfDifferentLengthsDiffers() throws {
        // One red card of 3 s: chunks of 60 and 30 frames of the same picture.
        let chunks = chunks(try plan(project([track([color(red, q(3))])])))
        #expect(chunks.map(\.frames.count) == [60, 30])
        #expect(chunks[0].fingerprint != chunks[1].fingerprint)
        // Two such cards in a row repeat the same chunks.
        let twice = self.chunks(try plan(project([track([color(red, q(2)), color(red, q(2))])])))
        #expect(twice.count == 2 && twice[0].fingerprint == twice[1].fingerprint)
    }

    @Test func aFrameCounterIsTiedToItsPlace() throws {
        var counter = Item(content: .pattern(.counter), location: at(2))
        counter.timing.duration = time(q(4))
        let chunks = chunks(try plan(project([track([counter])])))
        #expect(chunks.count == 2 && chunks[0].fingerprint != chunks[1].fingerprint)
    }

    @Test func shiftedLayersEvaluateExactlyAsTheOriginals() throws {
        let plan = try plan(PlanTests().sample().0, PlanTests().sample().1)
        for layer in plan.distinctLayers {
            for frame in stride(from: Int64(0), to: plan.output.frameCount, by: 7) {
                let time = Rational(frame) / plan.output.fps.rate
                let offset = Rational(frame / 2) / plan.output.fps.rate
                let moved = layer.shifted(by: .zero - offset)
                #expect(moved.opacity.value(at: time - offset) == layer.opacity.value(at: time))
                #expect(moved.transform(at: time - offset) == layer.transform(at: time))
                #expect(moved.timeMap.sourceTime(at: time - offset) == layer.timeMap.sourceTime(at: time))
            }
        }
    }
}
