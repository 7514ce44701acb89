import Compiler
import EDLParser

/// A compositor's shaders: its OpenGL ES context, opened at the first shader
/// drawn, and the values a layer's shader gets at a time.
final class ShaderRunner {
    /// The longest one shader may take to draw one frame.
    private let budget: Duration
    private var opened: ShadingContext?
    /// Each shader item's picture, redrawn in place every frame.
    private var pictures: [ItemID: RGBAImage] = [:]

    init(budget: Rational) {
        self.budget = .nanoseconds(Int64((budget.approximateDouble * 1e9).rounded()))
    }

    private func context() throws -> ShadingContext {
        if let opened { return opened }
        let context = try ShadingContext()
        opened = context
        return context
    }

    /// A shader item's picture at `time`, `size` pixels, reading `inputs` (its
    /// `inputs`' pictures, in order) as `input0`, `input1`, ….
    func picture(
        _ code: ShaderCode, _ shader: LayerShader, for item: ItemID, size: PixelSize, at time: Rational,
        inputs: [ShaderTexels] = []
    ) throws -> RGBAImage {
        let context = try context()
        let program = try compiled(code, shader.name) { try context.program(ShaderSource.item(code.text)) }
        let image =
            pictures[item].flatMap { $0.width == size.width && $0.height == size.height ? $0 : nil }
            ?? RGBAImage(width: size.width, height: size.height)
        pictures[item] = image
        var values = Self.values(shader, at: time)
        values["resolution"] = .vec2(Float(size.width), Float(size.height))
        for index in inputs.indices { values[ShaderDeclaration.inputSampler(index)] = .int(index) }
        try withinBudget(shader.name) { limits in
            try context.picture(program, into: image, uniforms: values, inputs: inputs, limits: limits)
        }
        return image
    }

    /// A shader transition's frame from `from` to `to`, into `output`.
    func transition(
        _ code: ShaderCode, _ shader: LayerShader, from: YUVImage, to: YUVImage, into output: YUVImage, at time: Rational
    )
        throws
    {
        let context = try context()
        let programs = try compiled(code, shader.name) {
            try context.transitionPrograms(code.text, reads: code.reads)
        }
        var values = Self.values(shader, at: time)
        values["ratio"] = .float(Float(output.width) / Float(output.height))
        try withinBudget(shader.name) { limits in
            try context.transition(programs, from: from, to: to, into: output, uniforms: values, limits: limits)
        }
    }

    /// The longest one band of a frame's rows should take: an interrupt or a
    /// budget is noticed within about this long, whatever the shader.
    static let band = Duration.milliseconds(250)

    /// Runs one frame's drawing of a shader, which fails when it goes past the
    /// budget: stopped between bands of rows, so within about a band of it.
    private func withinBudget(_ name: String, _ draw: (ShadingContext.Limits) throws -> Void) throws {
        let clock = ContinuousClock()
        let start = clock.now
        func failure() -> RenderFailure {
            let took = clock.now - start
            let milliseconds = { (duration: Duration) in Int((duration / .microseconds(1) / 1000).rounded()) }
            return RenderFailure(
                "the shader '\(name)' took over \(milliseconds(took)) ms to draw a frame, more than "
                    + "output.shader_budget (\(milliseconds(budget)) ms): make it cheaper, or raise the budget")
        }
        do {
            try draw(ShadingContext.Limits(deadline: start + budget, band: min(budget / 8, Self.band)))
        } catch is ShadingContext.PastDeadline {
            throw failure()
        }
        if clock.now - start > budget { throw failure() }
    }

    /// Items keep the items they still draw.
    func keepOnly(_ items: Set<ItemID>) {
        pictures = pictures.filter { items.contains($0.key) }
    }

    /// What `compile` makes of `code`, its compile error reported at the line of the shader's file.
    private func compiled<Compiled>(_ code: ShaderCode, _ name: String, _ compile: () throws -> Compiled) throws -> Compiled {
        do {
            return try compile()
        } catch let error as ShaderProgram.CompileError {
            throw RenderFailure(ShaderCheck.compileMessage(name, code, message: error.message, line: error.line))
        }
    }

    /// `progress`, `time` and the project's uniforms at a time.
    static func values(_ shader: LayerShader, at time: Rational) -> [String: ShaderValue] {
        var values: [String: ShaderValue] = [
            "progress": .float(Float(shader.progress.value(at: time))), "time": .float(Float(shader.time.value(at: time))),
        ]
        for uniform in shader.uniforms {
            switch uniform.value {
            case .number(let curve): values[uniform.name] = .float(Float(curve.value(at: time)))
            case .pair(let curve):
                let v = curve.value(at: time)
                values[uniform.name] = .vec2(Float(v.x), Float(v.y))
            case .color(let curve, let components):
                let c = curve.value(at: time)
                values[uniform.name] =
                    components == 3
                    ? .vec3(Float(c.red), Float(c.green), Float(c.blue))
                    : .vec4(Float(c.red), Float(c.green), Float(c.blue), Float(c.alpha))
            case .fixed(let numbers, let type):
                values[uniform.name] = fixed(numbers, type: type)
            }
        }
        return values
    }

    private static func fixed(_ numbers: [Double], type: String) -> ShaderValue? {
        let f = numbers.map(Float.init)
        if ShaderDeclaration.isWhole(type), numbers.count == ShaderDeclaration.components(of: type) {
            let whole = numbers.map { Int($0) }
            return whole.count == 1 ? .int(whole[0]) : .ints(whole)
        }
        switch (type, f.count) {
        case ("float", 1): return .float(f[0])
        case ("vec2", 2): return .vec2(f[0], f[1])
        case ("vec3", 3): return .vec3(f[0], f[1], f[2])
        case ("vec4", 4): return .vec4(f[0], f[1], f[2], f[3])
        default: return nil
        }
    }
}
