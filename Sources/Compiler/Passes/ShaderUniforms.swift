import EDLParser

/// A shader file's uniforms as curves: keyframe times against the item (or
/// the transition) they belong to.
enum ShaderUniforms {
    static func lower(_ file: ShaderFile, _ lowering: CurveLowering, _ context: inout CompileContext) -> [PlanUniform] {
        file.uniforms.compactMap { uniform in
            let value: PlanUniform.Value?
            switch uniform.value {
            case .number(let animated):
                value = lowering.curve(animated, uniform.name, &context, convert: { $0 }).map { .number($0) }
            case .pair(let animated):
                value = lowering.curve(animated, uniform.name, &context, convert: { $0 }).map { .pair($0) }
            case .color(let animated, let components):
                value = lowering.curve(animated, uniform.name, &context, convert: { $0 }).map {
                    .color($0, components: components)
                }
            case .fixed(let values, let type):
                value = .fixed(values, type: type)
            }
            return value.map { PlanUniform(name: uniform.name, value: $0) }
        }
    }
}
