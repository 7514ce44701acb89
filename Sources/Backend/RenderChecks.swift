import Compiler
import EDLParser

/// The backend's checks of a plan before it renders: shaders that do not
/// compile (`ShaderCheck`, in a child process), and encoder options the
/// encoder does not take.
public struct RenderChecks: PlanChecks {
    public init() {}

    public func problems(in plan: RenderPlan) -> [Diagnostic] {
        ShaderCheck.diagnostics(for: plan) + encoderOptions(of: plan.output)
    }

    /// `output.video.options` tried on the encoder itself, opened with the project's settings.
    private func encoderOptions(of output: OutputPlan) -> [Diagnostic] {
        guard let encoding = output.video, encoding.options != nil else { return [] }
        let settings = PictureEncoder.settings(encoding: encoding, output: output, threads: 1, copy: nil)
        do throws(LibAVError) {
            _ = try Encoder(video: settings, globalHeader: false)
            return []
        } catch {
            return [
                Diagnostic(
                    .error, "the encoder refuses 'options': \(error.message)", at: output.encoderOptionsLocation,
                    hint: "each option is the encoder's own, as ffmpeg's -h encoder=NAME lists them")
            ]
        }
    }
}
