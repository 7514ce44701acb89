import Compiler
import EDLParser
import Foundation
import Interchange

extension DocumentAnalysis {
    /// What the compiler knows of the key or value under the cursor: an item's
    /// place on the output timeline, a file's facts, a time's frame, a composition's length and size.
    func hover(at position: Position) -> Hover? {
        let offset = document.index.offset(of: position)
        guard let scalar = outline.scalar(at: offset) else { return nil }
        let key: String? = if case .key(let key)? = scalar.path.last { key } else { nil }
        var sections: [String] = []
        if !scalar.isKey, key == "at", let map = scalar.path.dropLast(2).last, map == .key("speed") || map == .key("time"),
            let item = outline.item(around: scalar.path), let text = sourcePointText(scalar.value, item: item)
        {
            sections.append(text)
        }
        if !scalar.isKey, let key, Self.timeKeys.contains(key) {
            if key == "from" || key == "to", let item = outline.item(around: scalar.path),
                let frame = sourceFrameText(scalar.value, key: key, item: item)
            {
                sections.append(frame)
            } else if let frame = frameText(scalar.value) {
                sections.append(frame)
            }
        }
        if let asset = assetName(of: scalar), let facts = mediaText(assetPath(asset)) {
            sections.append("**asset '\(asset)'**: \(facts)")
        } else if !scalar.isKey, key == "source", let file = sourcePath(scalar.value), let facts = mediaText(file) {
            sections.append("**'\(scalar.value)'**: \(facts)")
        }
        if let name = compositionName(of: scalar), let text = compositionText(name) {
            sections.append(text)
        }
        if let item = outline.item(around: scalar.path), let text = itemText(item) {
            sections.append(text)
        }
        guard !sections.isEmpty else { return nil }
        let index = document.index
        return Hover(
            contents: MarkupContent(value: sections.joined(separator: "\n\n")),
            range: Range(
                start: index.position(ofOffset: scalar.bytes.lowerBound), end: index.position(ofOffset: scalar.bytes.upperBound)))
    }

    /// Keys whose values are times on the timeline or in a source.
    static let timeKeys: Set = ["from", "to", "duration", "at", "fade_in", "fade_out", "gap"]

    var fps: FrameRate? { plan?.output.fps ?? compilation.project?.output.fps?.value }

    /// `2.5s` → its frame at the output's rate.
    private func frameText(_ text: String) -> String? {
        guard let fps, let time = try? ValueSyntax.time(text), let seconds = time.resolved(at: fps) else { return nil }
        let frame = seconds.rounded(times: fps.rate)
        return
            "\(TimeValue.readable(seconds)) is frame \(frame) at \(fps) fps (\(TimelineDiff.timecode(Rational(frame) / fps.rate, fps: fps)))"
    }

    /// A source time (`from`, `to`) as its frame at the source's own rate, and
    /// where that moment lands on the output.
    private func sourceFrameText(_ text: String, key: String, item: YAMLOutline.Collection) -> String? {
        guard let written = outline.value(at: item.path + [.key("source")])?.value,
            let file = assetPath(written) ?? sourcePath(written), FileManager.default.fileExists(atPath: file),
            let rate = (try? media.facts(forPath: file))?.video?.frameRate,
            let time = try? ValueSyntax.time(text), let seconds = time.resolved(at: fps ?? rate)
        else { return nil }
        // The frame showing at that moment: the one that starts at or before it.
        let frame = -(Rational.zero - seconds).ceil(times: rate.rate)
        var result =
            "\(TimeValue.readable(seconds)) is frame \(frame) of '\(written)' at \(rate) fps "
            + "(\(TimelineDiff.timecode(Rational(frame) / rate.rate, fps: rate)))"
        if let fps = plan?.output.fps, let placement = placements.of(item, file: path, outline: outline).first {
            let frames = placement.range.frames(at: fps)
            result += "; on the output: \(timeText(frame: key == "from" ? frames.lowerBound : frames.upperBound, fps: fps))"
        }
        return result
    }

    /// A `speed` or `time` key's moment: the source time the item shows then.
    private func sourcePointText(_ text: String, item: YAMLOutline.Collection) -> String? {
        guard let fps, let at = try? ValueSyntax.relativeTime(text) else { return nil }
        let lines = placements.of(item, file: path, outline: outline).compactMap { placement -> String? in
            guard let map = placement.sourceTime,
                let offset = at.resolved(itemDuration: placement.range.duration, fps: fps)
            else { return nil }
            let moment = placement.range.start + offset
            return "**Source** at \(TimeValue.readable(offset)) into the item "
                + "(output \(timeText(frame: moment.ceil(times: fps.rate), fps: fps))): "
                + TimeValue.readable(map.sourceTime(at: moment))
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n\n")
    }

    /// `00:00:04:00 (frame 100)`.
    private func timeText(frame: Int64, fps: FrameRate) -> String {
        "\(TimelineDiff.timecode(Rational(frame) / fps.rate, fps: fps)) (frame \(frame))"
    }

    // MARK: - Items

    /// Where the item plays on the output timeline, from the plan's layers and sounds it made.
    private func itemText(_ item: YAMLOutline.Collection) -> String? {
        guard let fps = plan?.output.fps else { return nil }
        let found = placements.of(item, file: path, outline: outline)
        guard !found.isEmpty else { return nil }
        return found.map { placement in
            let frames = placement.range.frames(at: fps)
            var text =
                "**On the output**: \(timeText(frame: frames.lowerBound, fps: fps)) → "
                + "\(timeText(frame: frames.upperBound, fps: fps)), "
                + "\(TimeValue.readable(placement.range.duration)) (\(frames.count) frames)"
            if let map = placement.sourceTime {
                let end = map.sourceTime(at: placement.range.end)
                text += "\n\n**Source**: \(TimeValue.readable(map.from)) → \(TimeValue.readable(end))"
                if map.curve != nil {
                    text += map.playsBackwards && !map.isReversed ? ", remapped (runs backwards in places)" : ", speed changing"
                } else if map.speed != .one {
                    text += " at speed \(map.speed)"
                }
                if map.isReversed { text += ", backwards" }
            }
            return text
        }.joined(separator: "\n\n")
    }

    // MARK: - Media

    private func assetName(of scalar: YAMLOutline.Scalar) -> String? {
        if scalar.isKey, scalar.path.count == 2, scalar.path[0] == .key("assets") { return scalar.value }
        if !scalar.isKey, scalar.path.last == .key("source"),
            compilation.project?.assets.contains(where: { $0.name == scalar.value }) ?? false
        {
            return scalar.value
        }
        if !scalar.isKey, scalar.path.count >= 2, scalar.path[0] == .key("assets"), case .key(let name) = scalar.path[1] {
            return name
        }
        return nil
    }

    private func assetPath(_ name: String) -> String? {
        compilation.project?.assets.first { $0.name == name }?.path
    }

    private func sourcePath(_ written: String) -> String? {
        URL(fileURLWithPath: written, relativeTo: directoryURL).standardizedFileURL.path
    }

    /// A file's facts as the probe gave them (remembered, not probed again).
    func mediaText(_ path: String?) -> String? {
        guard let path, FileManager.default.fileExists(atPath: path) else { return nil }
        guard let facts = try? media.facts(forPath: path) else { return nil }
        var parts: [String] = []
        if let video = facts.video {
            var picture = (video.isStillImage ? "picture" : "video") + (video.codec.map { " \($0)" } ?? "") + " \(video.size)"
            if video.rotation != 0 { picture += ", rotated \(video.rotation)° (shown \(video.displaySize))" }
            if video.isMirrored { picture += ", mirrored" }
            if let rate = video.frameRate { picture += ", \(rate) fps" }
            if let hdr = video.hdr { picture += ", HDR (\(hdr.rawValue))" }
            if video.hasAlpha { picture += ", with alpha" }
            parts.append(picture)
        }
        if let audio = facts.audio {
            let channels = audio.channels == 1 ? "mono" : audio.channels == 2 ? "stereo" : "\(audio.channels) channels"
            parts.append("sound" + (audio.codec.map { " \($0)" } ?? "") + " \(audio.sampleRate) Hz \(channels)")
        }
        if let duration = facts.duration { parts.append("lasts \(TimeValue.readable(duration))") }
        return parts.joined(separator: "; ")
    }

    // MARK: - Compositions

    private func compositionName(of scalar: YAMLOutline.Scalar) -> String? {
        if scalar.isKey, scalar.path.count == 2, scalar.path[0] == .key("compositions") { return scalar.value }
        if !scalar.isKey, scalar.path.last == .key("composition") { return scalar.value }
        return nil
    }

    /// A composition's length and size, as its first use on the project's tracks plays it.
    private func compositionText(_ name: String) -> String? {
        guard let plan, let project = compilation.project else { return nil }
        for (track, items) in project.tracks.map(\.items).enumerated() {
            for (index, item) in items.enumerated() {
                guard case .composition(let composition) = item.content, composition.name == name,
                    let collection = outline.collection(at: [.key("tracks"), .index(track), .key("items"), .index(index)]),
                    let span = placements.of(collection, file: path, outline: outline).first?.range
                else { continue }
                let size = composition.size?.value ?? plan.output.size
                let frames = span.frames(at: plan.output.fps)
                return
                    "**composition '\(name)'**: \(size), lasts \(TimeValue.readable(span.duration)) (\(frames.count) frames at \(plan.output.fps) fps)"
            }
        }
        return nil
    }
}
