import EDLParser
import Foundation

/// Fingerprints by structure: the SHA-256 of a value's canonical encoding, its
/// own `Codable` form written as JSON with sorted keys (times are exact
/// rationals there, numbers as Swift prints them back exactly), with every
/// `SourceID` written as its source's identity. A field added to a plan type
/// reaches every fingerprint that holds the type without anyone listing it;
/// what does not decide the bytes is left out by name (`Layer.drawn`,
/// `OutputPlan.drawn`, `CopyRun.drawn`), next to the types.
public enum Fingerprint {
    /// Bumped when the encoding changes, so a cache never reads one key two ways.
    static let version = "cutlist fingerprint 1"

    /// The SHA-256 (64 hex digits) of `value`'s canonical encoding, sources
    /// named by `identities` (indexed like the plan's sources).
    public static func sha256(_ value: some Encodable, identities: [String] = []) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        guard let key = SourceID.identitiesKey else { preconditionFailure("a user info key is any string") }
        encoder.userInfo[key] = identities
        guard let data = try? encoder.encode(Versioned(version: version, content: value)) else {
            preconditionFailure("plan values always encode: every float is written, even a non-finite one")
        }
        return ContentHash.sha256(data)
    }

    private struct Versioned<Content: Encodable>: Encodable {
        let version: String
        let content: Content
    }
}

extension SourceID {
    /// Set in an encoder's `userInfo` to an array of identities: the id is
    /// written as its source's identity (content, not place in the plan).
    static let identitiesKey = CodingUserInfoKey(rawValue: "cutlist.sourceIdentities")
}

/// What decides a rendered chunk's bytes. Times are relative to the chunk, so
/// its fingerprint does not depend on where it sits on the timeline.
struct ChunkContent: Encodable {
    /// The renderer and encoder (see `ChunkPlanner.renderer(copy:)`).
    var renderer: String
    var output: OutputPlan
    var frameCount: Int
    /// Set only when a frame counter shows: the one picture tied to a place.
    var firstFrame: Int64?
    /// Bottom to top, as drawn.
    var layers: [Layer]
}

/// What a composition's pictures are made of, without YAML places.
struct PictureContent: Encodable {
    var output: OutputPlan
    var frameCount: Int64
    var video: [Segment]
}

extension Layer {
    /// The layer as a fingerprint sees it: without where it sits (its item's
    /// range, track, order, YAML place and id, and its shader's file name and place),
    /// which does not change its pixels.
    var drawn: Layer {
        var drawn = self
        drawn.range = TimeRange(start: .zero, end: .zero)
        drawn.track = 0
        drawn.order = 0
        drawn.location = SourceLocation(file: "", line: 0, column: 0)
        drawn.item.path = []
        drawn.shader?.name = ""
        drawn.shader?.location = nil
        drawn.transitionIn?.name = ""
        drawn.transitionIn?.location = nil
        return drawn
    }
}

extension [Layer] {
    /// The layers as a fingerprint sees them (`Layer.drawn`), a shader's inputs
    /// named by their place among them (nil's place, -1, for one not drawn).
    var drawn: [Layer] {
        map { layer in
            var drawn = layer.drawn
            drawn.shader?.inputs = (layer.shader?.inputs ?? []).map { input in
                ItemID(placedAt: firstIndex { $0.item == input } ?? -1)
            }
            return drawn
        }
    }
}

extension ItemID {
    /// A fingerprint's name of the layer at `index` of a chunk's layers.
    fileprivate init(placedAt index: Int) {
        self.init(given: "")
        path = [.placed(track: -1, index: index)]
    }
}

extension CopyRun {
    /// A copy chunk as its fingerprint sees it: its bytes are its source's
    /// packets, wherever they land in the output.
    var drawn: CopyRun {
        var drawn = self
        drawn.frames = 0..<0
        return drawn
    }
}

extension OutputPlan {
    /// The output as a chunk's fingerprint sees it: its picture and encoder
    /// settings. The file (path, container, metadata, faststart), its length
    /// and whether sources may be copied do not change a rendered chunk's bytes
    /// (copying changes the encoder, which `ChunkPlanner.renderer(copy:)` names).
    var drawn: OutputPlan {
        var drawn = self
        drawn.path = ""
        drawn.container = .mp4
        drawn.frameCount = 0
        drawn.duration = .zero
        drawn.metadata = []
        drawn.faststart = false
        // A shader over it fails the render; one within it draws the same bytes.
        drawn.shaderBudget = nil
        drawn.encoderOptionsLocation = nil
        drawn.video?.copiesSources = true
        return drawn
    }
}

extension RenderPlan {
    /// What decides the plan's pictures, sources named by content
    /// (`identities`): a composition's identity in the fingerprints of the
    /// chunks that show it.
    public func pictureFingerprint(identities: [String]) -> String {
        let video = video.map { Segment(frames: $0.frames, layers: $0.layers.drawn) }
        return Fingerprint.sha256(
            PictureContent(output: output.drawn, frameCount: output.frameCount, video: video), identities: identities)
    }
}
