import Compiler
import EDLParser

/// The backend's checks of a plan before it renders: shaders that do not
/// compile (`ShaderCheck`, in a child process).
public struct RenderChecks: PlanChecks {
    public init() {}

    public func problems(in plan: RenderPlan) -> [Diagnostic] { ShaderCheck.diagnostics(for: plan) }
}
