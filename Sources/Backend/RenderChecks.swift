import Compiler
import EDLParser

/// The backend's checks of a plan before it renders: texts whose pictures
/// would be too large to draw (`TextRasterizer.oversizedTexts`), then shaders
/// that do not compile (`ShaderCheck`, in a child process), only once the
/// texts are fine.
public struct RenderChecks: PlanChecks {
    public init() {}

    public func problems(in plan: RenderPlan) -> [Diagnostic] {
        let oversized = TextRasterizer.oversizedTexts(in: plan)
        return oversized.isEmpty ? ShaderCheck.diagnostics(for: plan) : oversized
    }
}
