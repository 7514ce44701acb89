import Compiler

extension RenderPlan {
    /// `verify()`, asked before a plan is executed: a plan that breaks an
    /// invariant the backend relies on is the compiler's bug, said as one
    /// instead of a crash or a wrong output half-way through a render.
    func checkedForRendering() throws(RenderFailure) {
        do {
            try verify()
        } catch {
            throw RenderFailure("internal error: the compiled plan is inconsistent (\(error)); please report this")
        }
    }
}
