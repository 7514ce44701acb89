import EDLParser
import Foundation
import Yams

/// Parsed values written back as Cutlist's YAML, through Yams' emitter: what
/// `render export` keeps in a clip's metadata (an item's keys, a track's, a
/// transition's) and what `render import` writes. Strings are double-quoted
/// (control characters escaped, nothing read as a key) with `${` written
/// `$${`, so every string reads back as the literal it was.
public enum CutlistYAML {
    /// A mapping's entries in order.
    public typealias Entries = [(String, Node)]

    static func string(_ text: String) -> Node {
        .scalar(.init(text.replacingOccurrences(of: "${", with: "$${"), .implicit, .doubleQuoted))
    }

    /// A keyword, number, colour or time: plain unless the emitter must quote it.
    static func word(_ text: String) -> Node { .scalar(.init(text, .implicit, .plain)) }

    static func number(_ value: Double) -> Node { word(formatNumber(value)) }

    static func flag(_ value: Bool) -> Node { word(value ? "true" : "false") }

    /// A linear gain as decibels when it is a whole or two-decimal number of
    /// them (`-15dB` is 0.17782794100389…, as it was most likely written), else as it is.
    static func gain(_ value: Double) -> Node {
        guard value > 0 else { return number(value) }
        let decibels = 20 * log10(value)
        let rounded = (decibels * 100).rounded() / 100
        guard abs(decibels - rounded) < 1e-9 else { return number(value) }
        return word(formatNumber(rounded) + "dB")
    }

    static func color(_ color: Color) -> Node { word(color.description) }

    static func mapping(_ entries: Entries, flow: Bool = true) -> Node {
        .mapping(.init(entries.map { (word($0.0), $0.1) }, .implicit, flow ? .flow : .block))
    }

    static func sequence(_ nodes: [Node], flow: Bool = true) -> Node {
        .sequence(.init(nodes, .implicit, flow ? .flow : .block))
    }

    /// `node` with every mapping and list in flow style: one line, as items are written.
    static func flowed(_ node: Node) -> Node {
        switch node {
        case .scalar: return node
        case .sequence(let sequence): return self.sequence(sequence.map(flowed))
        case .mapping(let mapping): return .mapping(.init(mapping.map { ($0.key, flowed($0.value)) }, .implicit, .flow))
        }
    }

    /// One line of flow YAML (a clip's metadata); nil only if the emitter fails.
    public static func text(_ node: Node) -> String? {
        (try? Yams.serialize(node: node, width: -1, allowUnicode: true))?.trimmingCharacters(in: .newlines)
    }

    // MARK: Items

    /// Everything an item says but where it plays: its kind's own keys (not for
    /// a source, whose file OpenTimelineIO holds, nor a composition's tracks),
    /// `loop`, `freeze` and `speed`, and its picture and sound keys.
    static func item(_ item: Item, track: Track.Kind) -> Entries {
        var entries: Entries = []
        switch item.content {
        case .source: break
        case .color(let color): entries.append(("color", self.color(color)))
        case .text(let text): entries += self.text(text)
        case .tone(let frequency): entries.append(("tone", number(frequency)))
        case .pattern(let pattern): entries.append(("pattern", word(pattern.rawValue)))
        case .gradient(let gradient): entries += self.gradient(gradient)
        case .shape(let shape): entries += self.shape(shape)
        case .shader(let shader): entries += self.shader(shader)
        case .composition(let composition):
            var group: Entries = []
            if let size = composition.size { group.append(("size", word(size.value.description))) }
            if let fps = composition.fps { group.append(("fps", word(fps.value.description))) }
            if let duration = composition.duration { group.append(("duration", time(duration.value))) }
            entries.append(("group", mapping(group)))
        case .captions(let captions):
            // The file by its absolute path, as OpenTimelineIO names media; `from` is not the timeline's to keep.
            entries.append(("captions", string(captions.path)))
            entries += text(captions.style).dropFirst()
            if let from = item.timing.from { entries.append(("from", time(from.value))) }
            if let offset = captions.offset { entries.append(("offset", time(offset.value))) }
            entries += captionKeys(captions)
        case .gap, .transition: break
        }
        if let captions = item.captions {
            let file: Entries = [("file", string(captions.path))]
            entries.append(("captions", mapping(file + text(captions.style).dropFirst() + captionKeys(captions))))
        }
        if let id = item.id { entries.append(("id", string(id.value))) }
        let timing = item.timing
        switch timing.loop {
        case .off: break
        case .forever: entries.append(("loop", flag(true)))
        case .count(let count): entries.append(("loop", word(String(count))))
        }
        if timing.loop != .off {
            if let from = timing.from { entries.append(("from", time(from.value))) }
            if let to = timing.to { entries.append(("to", time(to.value))) }
        }
        if let freeze = timing.freeze { entries.append(("freeze", mapping([("at", time(freeze.value))]))) }
        // Its length OpenTimelineIO holds; that it lasts until the end, only this says.
        if timing.untilEnd { entries.append(("until", word("end"))) }
        if let speed = timing.speed { entries.append(("speed", word(speed.value.description))) }
        if let keys = timing.speedKeys {
            entries.append(("speed", animated(.keyframes(keys.value, repetition: nil)) { word($0.description) }))
        }
        if let keys = timing.timeKeys { entries.append(("time", animated(.keyframes(keys.value, repetition: nil), time))) }
        if track == .video { entries += picture(item.picture) }
        entries += sound(item.sound)
        return entries
    }

    /// A track's own keys but its name, kind and items.
    static func track(_ track: Track) -> Entries {
        var entries: Entries = []
        if track.volume != .constant(1) { entries.append(("volume", animated(track.volume, number))) }
        if track.opacity != .constant(1) { entries.append(("opacity", animated(track.opacity, number))) }
        if !track.filters.isEmpty { entries.append(("filters", filters(track.filters))) }
        if track.mute { entries.append(("mute", flag(true))) }
        if track.hidden { entries.append(("hidden", flag(true))) }
        if let ducking = track.ducking {
            entries.append(
                (
                    "ducking",
                    mapping([
                        ("under", string(ducking.under.value)), ("gain", number(ducking.gain)),
                        ("attack", time(ducking.attack)), ("release", time(ducking.release)),
                    ])
                ))
        }
        return entries
    }

    /// A transition's kind and options; its length is OpenTimelineIO's.
    static func transition(_ transition: Transition) -> Entries {
        var entries: Entries = [
            ("transition", transition.shader.map { mapping(shader($0)) } ?? word(transition.kind.rawValue))
        ]
        if transition.ease != .linear { entries.append(("ease", word(transition.ease.description))) }
        if transition.kind == .fade, transition.color != .black { entries.append(("color", color(transition.color))) }
        if transition.audio != .equalPower { entries.append(("audio", word(transition.audio.rawValue))) }
        return entries
    }

    /// The file by its absolute path, as OpenTimelineIO names media, the
    /// uniforms the project gives (a declaration's own default stays in the
    /// file) and the ids of its inputs.
    private static func shader(_ shader: ShaderFile) -> Entries {
        let uniforms: Entries = shader.uniforms.compactMap { uniform in
            switch uniform.value {
            case .number(let value): return (uniform.name, animated(value, number))
            case .pair(let value): return (uniform.name, animated(value, pair))
            case .color(let value, _): return (uniform.name, animated(value, color))
            case .fixed: return nil
            }
        }
        let inputs = shader.inputs.map { string($0.value) }
        return [("shader", string(shader.path))] + (uniforms.isEmpty ? [] : [("uniforms", mapping(uniforms))])
            + (inputs.isEmpty ? [] : [("inputs", sequence(inputs))])
    }

    /// `highlight`, `max_chars` and `max_lines`: the keys of captions beside the text keys.
    private static func captionKeys(_ captions: Captions) -> Entries {
        var entries: Entries = []
        if let highlight = captions.highlight {
            var keys: Entries = [("color", color(highlight.color)), ("mode", word(highlight.mode.rawValue))]
            if highlight.pop { keys.append(("pop", word("true"))) }
            entries.append(("highlight", mapping(keys)))
        }
        if let maxChars = captions.maxChars { entries.append(("max_chars", word(String(maxChars)))) }
        if let maxLines = captions.style.maxLines { entries.append(("max_lines", word(String(maxLines)))) }
        return entries
    }

    private static func text(_ text: TextContent) -> Entries {
        let plain = TextContent(string: "")
        var entries: Entries = [("text", string(text.string))]
        if text.font != plain.font { entries.append(("font", string(text.font))) }
        if text.fontSize != plain.fontSize { entries.append(("font_size", number(text.fontSize))) }
        if text.weight != plain.weight { entries.append(("weight", word(text.weight.rawValue))) }
        if text.color != plain.color { entries.append(("color", color(text.color))) }
        if text.align != plain.align { entries.append(("align", word(text.align.rawValue))) }
        if let width = text.maxWidth { entries.append(("max_width", number(width))) }
        if text.lineHeight != plain.lineHeight { entries.append(("line_height", number(text.lineHeight))) }
        if let spacing = text.letterSpacing { entries.append(("letter_spacing", word(spacing.description))) }
        if let stroke = text.stroke {
            entries.append(("stroke", mapping([("color", color(stroke.color)), ("width", number(stroke.width))])))
        }
        if let shadow = text.shadow {
            entries.append(("shadow", mapping([("color", color(shadow.color)), ("offset", pair(shadow.offset))])))
        }
        if let background = text.background {
            entries.append(
                ("background", mapping([("color", color(background.color)), ("padding", number(background.padding))])))
        }
        return entries
    }

    private static func gradient(_ gradient: Gradient) -> Entries {
        let stops = gradient.stops.map { mapping([("color", color($0.color)), ("at", number($0.at))]) }
        var entries: Entries = [("gradient", word(gradient.shape.rawValue)), ("colors", sequence(stops))]
        if gradient.shape == .linear { entries.append(("angle", number(gradient.angle))) }
        if let center = gradient.center { entries.append(("center", point(center))) }
        if let radius = gradient.radius { entries.append(("radius", number(radius))) }
        return entries
    }

    private static func shape(_ shape: VectorShape) -> Entries {
        var entries: Entries = [("shape", word(shape.kind.rawValue))]
        if shape.kind == .rectangle || shape.kind == .ellipse {
            entries += [("width", number(shape.width)), ("height", number(shape.height))]
        } else {
            entries.append(("points", sequence(shape.points.map { sequence([number($0.x), number($0.y)]) })))
        }
        if shape.cornerRadius > 0 { entries.append(("corner_radius", number(shape.cornerRadius))) }
        switch shape.fill {
        case .color(let fill)?: entries.append(("fill", color(fill)))
        case .gradient(let fill)?: entries.append(("fill", mapping(gradient(fill))))
        case nil: break
        }
        if let stroke = shape.stroke {
            var keys: Entries = [("color", color(stroke.color)), ("width", number(stroke.width))]
            if !stroke.dash.isEmpty { keys.append(("dash", sequence(stroke.dash.map(number)))) }
            entries.append(("stroke", mapping(keys)))
        }
        return entries
    }

    private static func picture(_ picture: Picture) -> Entries {
        let plain = Picture()
        var entries: Entries = []
        if let fit = picture.fit { entries.append(("fit", word(fit.rawValue))) }
        if let size = picture.size {
            entries.append(("size", animated(size) { sequence([word($0.width.description), word($0.height.description)]) }))
        }
        if let place = picture.place {
            entries.append(("position", word(place.rawValue)))
            if let margin = picture.margin { entries.append(("margin", word(margin.description))) }
        } else if let position = picture.position {
            entries.append(("position", animated(position, point)))
        }
        // A named position sets the anchor too: written whenever a place is, so it reads back the same.
        if picture.anchor != plain.anchor || picture.place != nil { entries.append(("anchor", pair(picture.anchor))) }
        if picture.scale != plain.scale { entries.append(("scale", animated(picture.scale, pair))) }
        if picture.rotation != plain.rotation { entries.append(("rotation", animated(picture.rotation, number))) }
        if let crop = picture.crop {
            entries.append(
                (
                    "crop",
                    animated(crop.value) { crop in
                        mapping([
                            ("left", number(crop.left)), ("top", number(crop.top)), ("right", number(crop.right)),
                            ("bottom", number(crop.bottom)),
                        ])
                    }
                ))
        }
        if let flip = picture.flip { entries.append(("flip", word(flip.rawValue))) }
        if picture.opacity != plain.opacity { entries.append(("opacity", animated(picture.opacity, number))) }
        if !picture.autoRotate { entries.append(("auto_rotate", flag(false))) }
        if !picture.filters.isEmpty { entries.append(("filters", filters(picture.filters))) }
        return entries
    }

    private static func sound(_ sound: Sound) -> Entries {
        var entries: Entries = []
        if sound.volume != .constant(1) { entries.append(("volume", animated(sound.volume, gain))) }
        if let fade = sound.fadeIn { entries.append(("fade_in", self.fade(fade.value, sound.fadeInCurve))) }
        if let fade = sound.fadeOut { entries.append(("fade_out", self.fade(fade.value, sound.fadeOutCurve))) }
        if sound.mute { entries.append(("mute", flag(true))) }
        if sound.pitch != .keep { entries.append(("pitch", word(sound.pitch.rawValue))) }
        if let effects = sound.effects { entries += self.effects(effects) }
        return entries
    }

    private static func fade(_ length: TimeValue, _ curve: FadeCurve) -> Node {
        curve == .linear ? time(length) : mapping([("duration", time(length)), ("curve", word(curve.rawValue))])
    }

    private static func effects(_ effects: SoundEffects) -> Entries {
        func level(_ decibels: Double) -> Node { word(formatNumber(decibels) + "dB") }
        func seconds(_ value: Double) -> Node { word(formatNumber(value) + "s") }
        var entries: Entries = []
        if !effects.eq.isEmpty {
            let bands = effects.eq.map { band in
                var keys: Entries = [("freq", number(band.frequency)), ("q", number(band.q))]
                if band.gain != 0 { keys.append(("gain", level(band.gain))) }
                return mapping([(band.kind.rawValue, mapping(keys))])
            }
            entries.append(("eq", sequence(bands)))
        }
        if let gate = effects.gate {
            entries.append(
                (
                    "gate",
                    mapping([
                        ("threshold", level(gate.threshold)), ("range", level(gate.range)), ("attack", seconds(gate.attack)),
                        ("hold", seconds(gate.hold)), ("release", seconds(gate.release)),
                    ])
                ))
        }
        if let c = effects.compressor {
            entries.append(
                (
                    "compressor",
                    mapping([
                        ("threshold", level(c.threshold)), ("ratio", number(c.ratio)), ("knee", level(c.knee)),
                        ("attack", seconds(c.attack)), ("release", seconds(c.release)), ("makeup", level(c.makeup)),
                        ("detect", word(c.detect.rawValue)),
                    ])
                ))
        }
        if let limiter = effects.limiter {
            entries.append(("limiter", mapping([("ceiling", level(limiter.ceiling)), ("release", seconds(limiter.release))])))
        }
        return entries
    }

    private static func filters(_ filters: [Filter]) -> Node {
        sequence(
            filters.map { filter in
                if let file = filter.file { return mapping([(filter.kind.rawValue, string(file.value))]) }
                return mapping([(filter.kind.rawValue, animated(filter.amount, number))])
            })
    }

    // MARK: Values

    static func time(_ time: TimeValue) -> Node { word(time.description) }

    private static func point(_ point: Point) -> Node { sequence([word(point.x.description), word(point.y.description)]) }

    private static func pair(_ vector: Vector2) -> Node { sequence([number(vector.x), number(vector.y)]) }

    private static func animated<Value>(_ value: Animated<Value>, _ write: (Value) -> Node) -> Node {
        switch value {
        case .constant(let value): return write(value)
        case .keyframes(let frames, let repetition):
            let keyframes = sequence(
                frames.map { frame in
                    var entries: Entries = [("at", word(frame.at.description)), ("value", write(frame.value))]
                    if frame.ease != .linear { entries.append(("ease", word(frame.ease.description))) }
                    return mapping(entries)
                })
            guard let repetition else { return keyframes }
            var entries: Entries = [("keyframes", keyframes)]
            switch repetition.count {
            case .forever: entries.append(("repeat", word("forever")))
            case .times(let count): entries.append(("repeat", number(count)))
            }
            if repetition.autoreverse { entries.append(("autoreverse", flag(true))) }
            if repetition.begin != .zero { entries.append(("begin", time(repetition.begin))) }
            return mapping(entries)
        }
    }
}
