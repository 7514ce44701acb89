import EDLParser
import Subtitles

/// Names one entry of `RenderPlan.sources`: `s0`, `s1`, … in first-use order.
public struct SourceID: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public var index: Int

    public init(_ index: Int) { self.index = index }

    public init(from decoder: any Decoder) throws {
        index = try decoder.singleValueContainer().decode(Int.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let key = Self.identitiesKey, let identities = encoder.userInfo[key] as? [String] {
            // A fingerprint names the source by content (see `Fingerprint`).
            try container.encode(identities.indices.contains(index) ? identities[index] : "?")
        } else {
            try container.encode(index)
        }
    }

    public static func < (a: SourceID, b: SourceID) -> Bool { a.index < b.index }
    public var description: String { "s\(index)" }
}

/// Something the backend reads pictures or samples from.
public struct SourcePlan: Hashable, Sendable, Codable {
    public var id: SourceID
    public var kind: Kind

    public init(id: SourceID, kind: Kind) {
        self.id = id
        self.kind = kind
    }

    public enum Kind: Hashable, Sendable, Codable {
        /// A media file to demux and decode.
        case file(FileSource)
        /// A solid colour filling the output frame.
        case color(Color)
        /// A generated test picture at the output size.
        case pattern(Pattern)
        /// A gradient over the output frame's size.
        case gradient(Gradient)
        /// A rectangle, ellipse, polygon or line, drawn at its own size.
        case shape(VectorShape)
        /// A sine tone in Hz, full scale before the item's volume.
        case tone(frequency: Double)
        /// Text to shape and rasterise once; its bitmap is the layer's picture.
        case text(TextContent)
        /// GLSL: a shader item's picture, or a shader transition's program.
        case shader(ShaderCode)
        /// An ASS or SSA script's text, drawn by libass over the output frame
        /// at the file time the layer's time map gives.
        case captionScript(String)
        /// A `.cube` 3D LUT a `lut` filter reads (absolute path).
        case lut(path: String)
        /// A composition's timeline (SPEC 14), drawn as one picture with alpha
        /// and heard as one sound, at the time its layer's time map gives.
        indirect case composition(name: String, RenderPlan)
    }

    /// One line for `render plan`, file paths relative to `directory` when inside it.
    public func planText(relativeTo directory: String) -> String {
        "\(id) " + kindText(relativeTo: directory)
    }

    /// What the source is, without its id: for a generator, everything that
    /// decides its pictures and sound.
    public func kindText(relativeTo directory: String) -> String {
        switch kind {
        case .file(let file): return "file \(file.planText(relativeTo: directory))"
        case .color(let color): return "color \(color)"
        case .pattern(let pattern): return "pattern \(pattern.rawValue)"
        case .gradient(let gradient): return "gradient \(gradient.planText)"
        case .shape(let shape): return "shape \(shape.planText)"
        case .tone(let frequency): return "tone \(formatNumber(frequency))Hz"
        case .text(let text): return "text \(text.planText)"
        case .lut(let path): return "lut \"\(relativePath(path, to: directory))\""
        case .captionScript(let text): return "captions script sha256 \(ContentHash.sha256(text))"
        case .shader(let code):
            return "shader \(code.isTransition ? "transition" : "picture") sha256 \(ContentHash.sha256(code.text))"
        case .composition(let name, let plan):
            // Its whole plan, indented: one line per instruction, as the output's.
            let output = plan.output
            let head = "composition \(quoted(name)) \(output.size) fps \(output.fps) frames \(output.frameCount)"
            return ([head] + PlanTextWriter(plan: plan).body().map { "    " + $0 }).joined(separator: "\n")
        }
    }
}

/// A decoder input: the file, the streams to read and what probing found.
public struct FileSource: Hashable, Sendable, Codable {
    /// Absolute path.
    public var path: String
    /// Stream index of the picture, `nil` when none is used.
    public var videoStream: Int?
    /// Stream index of the sound, `nil` when none is used.
    public var audioStream: Int?
    public var facts: MediaFacts

    public init(path: String, videoStream: Int?, audioStream: Int?, facts: MediaFacts) {
        self.path = path
        self.videoStream = videoStream
        self.audioStream = audioStream
        self.facts = facts
    }

    func planText(relativeTo directory: String) -> String {
        var parts = [quoted(relativePath(path, to: directory))]
        if let videoStream { parts.append("video#\(videoStream)") }
        if let audioStream { parts.append("audio#\(audioStream)") }
        if let video = facts.video {
            parts.append("\(video.size)\(video.rotation == 0 ? "" : " rotated \(video.rotation)")")
            parts.append(video.isStillImage ? "still" : "fps \(video.frameRate.map(\.description) ?? "?")")
        }
        if let duration = facts.duration { parts.append("duration \(TimeValue.format(duration))") }
        return parts.joined(separator: " ")
    }
}

extension TextContent {
    /// Every style field, in a fixed order.
    var planText: String {
        var parts = [
            quoted(string), "font \(quoted(font))", "size \(formatNumber(fontSize))", weight.rawValue,
            "color \(color)", "align \(align.rawValue)", "line-height \(formatNumber(lineHeight))",
        ]
        if let letterSpacing { parts.append("letter-spacing \(letterSpacing)") }
        if let maxWidth { parts.append("max-width \(formatNumber(maxWidth))") }
        if let maxLines { parts.append("max-lines \(maxLines)") }
        if let stroke { parts.append("stroke \(stroke.color) \(formatNumber(stroke.width))") }
        if let shadow { parts.append("shadow \(shadow.color) \(shadow.offset)") }
        if let background { parts.append("background \(background.color) \(formatNumber(background.padding))") }
        if let highlight {
            parts.append("highlight \(highlight.scalars.lowerBound)..<\(highlight.scalars.upperBound) \(highlight.color)")
        }
        for styled in styles {
            let names = [(CaptionSpan.Style.bold, "bold"), (.italic, "italic"), (.underline, "underline")]
            let style = names.filter { styled.style.contains($0.0) }.map(\.1).joined(separator: "+")
            parts.append("\(style) \(styled.scalars.lowerBound)..<\(styled.scalars.upperBound)")
        }
        return parts.joined(separator: " ")
    }
}

/// A string in double quotes with `"` `\` and control characters escaped: one line, unambiguous.
package func quoted(_ string: String) -> String {
    var out = "\""
    for scalar in string.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20: out += "\\u{\(String(scalar.value, radix: 16))}"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

extension Gradient {
    /// Everything that decides the picture, for `render plan`:
    /// `linear angle 90 stops #ff0000ff@0 #0000ff80@1`.
    var planText: String {
        let stops = stops.map { "\($0.color)@\(formatNumber($0.at))" }.joined(separator: " ")
        switch shape {
        case .linear: return "linear angle \(formatNumber(angle)) stops \(stops)"
        case .radial:
            let center = self.center.map { " center \($0)" } ?? ""
            let radius = self.radius.map { " radius \(formatNumber($0))" } ?? ""
            return "radial\(center)\(radius) stops \(stops)"
        }
    }
}

extension VectorShape {
    /// Everything that decides the picture, for `render plan`:
    /// `rectangle 200x80 radius 12 fill #ff0000ff stroke #ffffffff 2`.
    var planText: String {
        var text = kind.rawValue
        if kind == .rectangle || kind == .ellipse {
            text += " \(formatNumber(width))x\(formatNumber(height))"
        } else {
            text += " points " + points.map { "\(formatNumber($0.x)),\(formatNumber($0.y))" }.joined(separator: " ")
        }
        if cornerRadius > 0 { text += " radius \(formatNumber(cornerRadius))" }
        switch fill {
        case .color(let color)?: text += " fill \(color)"
        case .gradient(let gradient)?: text += " fill gradient \(gradient.planText)"
        case nil: break
        }
        if let stroke {
            text += " stroke \(stroke.color) \(formatNumber(stroke.width))"
            if !stroke.dash.isEmpty { text += " dash " + stroke.dash.map(formatNumber).joined(separator: ",") }
        }
        return text
    }
}
