import Yams

extension ItemReader {
    /// The picture keys (SPEC section 7).
    /// `defaultPlace`: where the item stands without a `position`.
    func readPicture(_ keys: [String: ParseContext.Entry], defaultPlace: Place? = nil) -> Picture {
        var picture = Picture()
        if keys["position"] == nil, let place = defaultPlace {
            picture.place = place
            if keys["anchor"] == nil { picture.anchor = place.anchor }
        }
        let animations = AnimationReader(context: context)
        if let entry = keys["fit"] { picture.fit = context.word(entry.value, "fit", Fit.self) }
        if let entry = keys["size"] { picture.size = animations.read(entry.value, "size", animations.layerSize) }
        // A place name (`top-left`) instead of a point; it also sets the anchor.
        let placeName = keys["position"].flatMap { entry -> String? in
            guard case .scalar = entry.value, let text = context.text(entry.value, "position") else { return nil }
            return text.first?.isLetter == true ? text : nil
        }
        if let entry = keys["position"] {
            if placeName != nil {
                picture.place = context.word(entry.value, "position", Place.self, choices: Place.allCases)
                if keys["anchor"] == nil, let place = picture.place { picture.anchor = place.anchor }
            } else {
                picture.position = animations.read(entry.value, "position", animations.point)
            }
        }
        if let entry = keys["margin"] {
            if placeName == nil, picture.place == nil {
                context.error(
                    "'margin' insets a named position such as 'top-left'; this item has "
                        + (keys["position"] == nil ? "no 'position'" : "a 'position' given as a point"),
                    at: entry.keyNode)
            } else if picture.place != nil {
                picture.margin = context.value(entry.value, "margin", ValueSyntax.coordinate)
            }
        }
        if let entry = keys["anchor"], let pair = animations.pair(entry.value, "anchor"),
            let x = context.number(pair.0, "anchor", in: -10...10), let y = context.number(pair.1, "anchor", in: -10...10)
        {
            picture.anchor = Vector2(x, y)
        }
        if let entry = keys["scale"], let scale = animations.read(entry.value, "scale", animations.scale) {
            picture.scale = scale
        }
        if let entry = keys["rotation"], let rotation = animations.read(entry.value, "rotation", animations.angle) {
            picture.rotation = rotation
        }
        if let entry = keys["crop"], let crop = animations.read(entry.value, "crop", animations.crop) {
            picture.crop = Located(crop, at: context.location(of: entry.keyNode))
        }
        if let entry = keys["flip"] { picture.flip = context.word(entry.value, "flip", Flip.self) }
        if let entry = keys["opacity"], let opacity = animations.read(entry.value, "opacity", animations.unitNumber("opacity")) {
            picture.opacity = opacity
        }
        if let entry = keys["auto_rotate"], let flag = context.bool(entry.value, "auto_rotate") { picture.autoRotate = flag }
        if let entry = keys["filters"] { picture.filters = reader.readFilters(entry.value) }
        return picture
    }

    /// The sound keys (SPEC section 7).
    /// `fade_in: 1s`, or `{ duration: 1s, curve: exp }`.
    private func readFade(_ node: Node, _ key: String) -> (Located<TimeValue>, FadeCurve)? {
        guard case .mapping = node else { return context.positiveTime(node, key).map { ($0, .linear) } }
        guard let keys = context.entries(of: node, in: "'\(key)'", allowed: ["duration", "curve"]) else { return nil }
        guard let duration = keys["duration"] else {
            context.error("'\(key)' needs 'duration': how long the fade lasts", at: node)
            return nil
        }
        var curve = FadeCurve.linear
        if let entry = keys["curve"] {
            guard let written = context.word(entry.value, "curve", FadeCurve.self) else { return nil }
            curve = written
        }
        return context.positiveTime(duration.value, "duration").map { ($0, curve) }
    }

    func readSound(_ keys: [String: ParseContext.Entry]) -> Sound {
        var sound = Sound()
        let animations = AnimationReader(context: context)
        if let entry = keys["volume"], let volume = animations.read(entry.value, "volume", animations.gain) {
            sound.volume = volume
        }
        if let entry = keys["fade_in"], let (length, curve) = readFade(entry.value, "fade_in") {
            (sound.fadeIn, sound.fadeInCurve) = (length, curve)
        }
        if let entry = keys["fade_out"], let (length, curve) = readFade(entry.value, "fade_out") {
            (sound.fadeOut, sound.fadeOutCurve) = (length, curve)
        }
        if let entry = keys["mute"], let mute = context.bool(entry.value, "mute") { sound.mute = mute }
        if let entry = keys["pitch"], let pitch = context.word(entry.value, "pitch", PitchMode.self, choices: [.keep, .shift]) {
            sound.pitch = pitch
        }
        sound.effects = readEffects(keys)
        return sound
    }
}
