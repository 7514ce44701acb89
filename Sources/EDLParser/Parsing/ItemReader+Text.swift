import Yams

extension ItemReader {
    static let strokeKeys = ["color", "width"]
    static let shadowKeys = ["color", "offset"]
    static let backgroundKeys = ["color", "padding"]

    /// A text item's style keys (SPEC section 10).
    func readText(_ string: String, _ keys: [String: ParseContext.Entry]) -> TextContent? {
        var text = TextContent(string: string)
        var valid = true
        func set<T>(_ key: String, _ path: WritableKeyPath<TextContent, T>, _ read: (Node) -> T?) {
            guard let entry = keys[key] else { return }
            if let value = read(entry.value) { text[keyPath: path] = value } else { valid = false }
        }
        set("font", \.font) { node in context.text(node, "font").flatMap { fontReference($0, node) } }
        set("font_size", \.fontSize) { context.number($0, "font_size", in: 1...2000) }
        set("weight", \.weight) { context.word($0, "weight", FontWeight.self, choices: [.normal, .bold]) }
        set("color", \.color) { context.value($0, "color", ValueSyntax.color) }
        set("align", \.align) { context.word($0, "align", TextAlignment.self, choices: [.left, .center, .right]) }
        set("max_width", \.maxWidth) { context.number($0, "max_width", in: 1...100_000) }
        set("line_height", \.lineHeight) { context.number($0, "line_height", in: 0.1...10) }
        set("letter_spacing", \.letterSpacing) { context.value($0, "letter_spacing", ValueSyntax.letterSpacing) }
        set("stroke", \.stroke) { node in
            guard let keys = context.entries(of: node, in: "'stroke'", allowed: Self.strokeKeys),
                let color = styleColor(keys, default: Color.black),
                let width = keys["width"].map({ context.number($0.value, "width", in: 0...500) }) ?? 1
            else { return nil }
            return TextContent.Stroke(color: color, width: width)
        }
        set("shadow", \.shadow) { node in
            let animations = AnimationReader(context: context)
            guard let keys = context.entries(of: node, in: "'shadow'", allowed: Self.shadowKeys),
                let color = styleColor(keys, default: Color(red: 0, green: 0, blue: 0, alpha: 0.5))
            else { return nil }
            var offset = Vector2(4, 4)
            if let entry = keys["offset"] {
                guard let pair = animations.pair(entry.value, "offset"),
                    let x = context.number(pair.0, "offset", in: -1000...1000),
                    let y = context.number(pair.1, "offset", in: -1000...1000)
                else { return nil }
                offset = Vector2(x, y)
            }
            return TextContent.Shadow(color: color, offset: offset)
        }
        set("background", \.background) { node in
            guard let keys = context.entries(of: node, in: "'background'", allowed: Self.backgroundKeys),
                let color = styleColor(keys, default: Color(red: 0, green: 0, blue: 0, alpha: 0.6)),
                let padding = keys["padding"].map({ context.number($0.value, "padding", in: 0...1000) }) ?? 0
            else { return nil }
            return TextContent.Background(color: color, padding: padding)
        }
        return valid ? text : nil
    }

    private func styleColor(_ keys: [String: ParseContext.Entry], default value: Color) -> Color? {
        guard let entry = keys["color"] else { return value }
        return context.value(entry.value, "color", ValueSyntax.color)
    }

    /// A family name for fontconfig, or a font file (made absolute).
    private func fontReference(_ name: String, _ node: Node) -> String? {
        let lower = name.lowercased()
        let isFile = name.contains("/") || [".ttf", ".otf", ".ttc", ".woff", ".woff2"].contains { lower.hasSuffix($0) }
        guard isFile else { return name }
        return context.value(node, "font", reader.paths.resolve)
    }

    /// A transition item (SPEC section 8). `duration` defaults to 1 s.
    func readTransition(_ node: Node, _ keys: [String: ParseContext.Entry]) -> Transition? {
        // An invalid kind or duration is reported, and the other keys are still checked.
        var shader: ShaderFile?
        let kind: TransitionKind?
        if case .mapping = node {
            // `{ shader: FILE, uniforms: {...} }`
            let entries = context.entries(of: node, in: "a shader transition", allowed: ["shader", "uniforms"]) ?? [:]
            if let file = entries["shader"] {
                shader = readShader(
                    file.value, uniforms: entries["uniforms"], setByCutlist: ShaderDeclaration.transitionUniforms)
            } else {
                context.error("a shader transition needs 'shader': the GLSL file", at: node)
            }
            kind = shader == nil ? nil : .shader
        } else {
            let choices = TransitionKind.allCases.filter { $0 != .shader }
            kind = context.word(node, "transition", TransitionKind.self, choices: choices)
        }
        let defaultDuration = Located(TimeValue(seconds: .one), at: context.location(of: node))
        let duration = keys["duration"].map({ context.positiveTime($0.value, "duration") }) ?? defaultDuration
        var transition = Transition(kind: kind ?? .crossfade, duration: duration ?? defaultDuration)
        transition.shader = shader
        if let entry = keys["ease"], let ease = context.value(entry.value, "ease", ValueSyntax.ease) { transition.ease = ease }
        if let entry = keys["color"] {
            if let kind, kind != .fade {
                context.error(
                    "'color' applies only to a 'fade' transition", at: entry.keyNode,
                    hint: "'fade' passes through a colour; '\(kind.rawValue)' does not")
            } else if let color = context.value(entry.value, "color", ValueSyntax.color) {
                transition.color = color
            }
        }
        if let entry = keys["audio"], let mode = context.text(entry.value, "audio") {
            // `crossfade` is the name the first version of the format had for `equal-power`.
            if let law = mode == "crossfade" ? .equalPower : AudioLaw(rawValue: mode) {
                transition.audio = law
            } else {
                context.error(
                    "'audio' of a transition is one of \(AudioLaw.allCases.map(\.rawValue).joined(separator: ", ")), not '\(mode)'",
                    at: entry.value)
            }
        }
        guard kind != nil, duration != nil else { return nil }
        return transition
    }
}
