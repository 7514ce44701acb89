import Testing

@testable import EDLParser

/// An exact time of `numerator / denominator` seconds plus `frames`.
func seconds(_ numerator: Int64, _ denominator: Int64 = 1, frames: Int64 = 0) -> TimeValue {
    TimeValue(seconds: ratio(numerator, denominator), frames: frames)
}

/// `numerator / denominator` as a `Rational`; the tests only pass non-zero denominators.
func ratio(_ numerator: Int64, _ denominator: Int64 = 1) -> Rational {
    Rational(numerator, denominator) ?? .zero
}

/// A relative time (`end-2s` is `relative(.end, seconds(-2))`).
func relative(_ anchor: RelativeTime.Anchor, _ offset: TimeValue = .zero) -> RelativeTime {
    RelativeTime(anchor, offset: offset)
}

/// An opaque colour from 8-bit channels.
func rgb(_ red: UInt8, _ green: UInt8, _ blue: UInt8, alpha: Double = 1) -> Color {
    Color(red8: red, green8: green, blue8: blue, alpha: alpha)
}

/// The items of the track at `index`.
func items(_ project: Project?, track index: Int = 0) -> [Item] {
    guard let tracks = project?.tracks, tracks.indices.contains(index) else { return [] }
    return tracks[index].items
}

/// Asserts the hints of a document's diagnostics, by marker. Diagnostics without
/// a hint are left to `expectErrors`.
func expectHints(
    _ marked: String, _ expected: [String: String], overrides: [String: String] = [:],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let source = MarkedSource(marked)
    let result = parse(source, overrides: overrides)
    var actual: [String: String] = [:]
    for diagnostic in result.diagnostics {
        guard let hint = diagnostic.hint else { continue }
        actual["\(diagnostic.location?.line ?? 0):\(diagnostic.location?.column ?? 0)"] = hint
    }
    var wanted: [String: String] = [:]
    for (marker, hint) in expected {
        let position = source.positions[marker] ?? (0, 0)
        wanted["\(position.line):\(position.column)"] = hint
    }
    #expect(actual == wanted, sourceLocation: sourceLocation)
}

extension Animated {
    /// The keyframes of an animated value; empty for a constant.
    var keyframeList: [Keyframe<Value>] {
        if case .keyframes(let frames, _) = self { return frames }
        return []
    }

    /// The repetition of a repeating animation.
    var repetition: Repetition? {
        if case .keyframes(_, let repetition) = self { return repetition }
        return nil
    }
}
