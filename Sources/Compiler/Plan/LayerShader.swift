import EDLParser

/// The GLSL a `.shader` source holds: a complete fragment shader (an item's),
/// or a gl-transitions body (`vec4 transition(vec2 uv)`) the backend wraps.
public struct ShaderCode: Hashable, Sendable, Codable {
    public var text: String
    public var isTransition: Bool
    /// A built-in kind's code (Cutlist's own, known to compile): what it lets
    /// the backend skip. Nil for a file's code, which is read as written.
    public var builtIn: TransitionShaders.Reads?

    public init(text: String, isTransition: Bool, builtIn: TransitionShaders.Reads? = nil) {
        self.text = text
        self.isTransition = isTransition
        self.builtIn = builtIn
    }

    /// What the backend may skip drawing it: nothing for a file's code.
    public var reads: TransitionShaders.Reads { builtIn ?? TransitionShaders.Reads() }
}

/// What a shader draws with at a time: its progress, its time and the
/// project's uniforms. A shader item's layer has one; so has the incoming layer
/// of a shader transition, which names its program.
public struct LayerShader: Hashable, Sendable, Codable {
    /// A transition into this layer from the layer below it that is marked
    /// `leavesByShader`: the `.shader` source that draws it.
    public var transition: SourceID?
    /// 0 to 1 over the item or the transition (eased, for a transition).
    public var progress: Curve<Double>
    /// Seconds since the item's start.
    public var time: Curve<Double>
    public var uniforms: [PlanUniform]
    /// A shader item's `inputs`: the items whose pictures it reads as `input0`, `input1`, ….
    public var inputs: [ItemID] = []
    /// The file, or the built-in kind, for messages.
    public var name: String
    /// Where the shader is named: a shader item's `shader:`, or the transition
    /// (its `shader:`, else the transition item), for messages.
    public var location: SourceLocation?

    public init(
        transition: SourceID? = nil, progress: Curve<Double>, time: Curve<Double>, uniforms: [PlanUniform], name: String,
        location: SourceLocation? = nil
    ) {
        self.location = location
        self.transition = transition
        self.progress = progress
        self.time = time
        self.uniforms = uniforms
        self.name = name
    }

    public func isConstant(over span: ClosedRange<Rational>) -> Bool {
        progress.isConstant(over: span) && time.isConstant(over: span) && uniforms.allSatisfy { $0.isConstant(over: span) }
    }

    func shifted(by offset: Rational) -> LayerShader {
        var moved = self
        moved.progress = progress.shifted(by: offset)
        moved.time = time.shifted(by: offset)
        moved.uniforms = uniforms.map { $0.shifted(by: offset) }
        return moved
    }

    var planText: String {
        var parts = ["shader \(quoted(name))"]
        if let transition { parts.append("transition \(transition)") }
        parts.append("progress \(progress.planText)")
        parts += uniforms.map { "\($0.name) \($0.planText)" }
        if !inputs.isEmpty { parts.append("inputs \(inputs.map { quoted($0.description) }.joined(separator: ", "))") }
        return parts.joined(separator: " ")
    }
}

/// One uniform's value over time.
public struct PlanUniform: Hashable, Sendable, Codable {
    public enum Value: Hashable, Sendable, Codable {
        case number(Curve<Double>)
        case pair(Curve<Vector2>)
        /// Straight-alpha RGBA (`vec4`) or RGB (`vec3`).
        case color(Curve<Color>, components: Int)
        /// A declaration's default, as written for its GLSL type.
        case fixed([Double], type: String)
    }

    public var name: String
    public var value: Value

    public init(name: String, value: Value) {
        self.name = name
        self.value = value
    }

    func isConstant(over span: ClosedRange<Rational>) -> Bool {
        switch value {
        case .number(let curve): return curve.isConstant(over: span)
        case .pair(let curve): return curve.isConstant(over: span)
        case .color(let curve, _): return curve.isConstant(over: span)
        case .fixed: return true
        }
    }

    func shifted(by offset: Rational) -> PlanUniform {
        var moved = self
        switch value {
        case .number(let curve): moved.value = .number(curve.shifted(by: offset))
        case .pair(let curve): moved.value = .pair(curve.shifted(by: offset))
        case .color(let curve, let components): moved.value = .color(curve.shifted(by: offset), components: components)
        case .fixed: break
        }
        return moved
    }

    var planText: String {
        switch value {
        case .number(let curve): return curve.planText
        case .pair(let curve): return curve.planText
        case .color(let curve, _): return curve.planText
        case .fixed(let values, let type): return "\(type)(\(values.map(formatNumber).joined(separator: ", ")))"
        }
    }
}
