import Compiler
import EDLParser
import Foundation
import Testing

@testable import Backend

/// Shader items and shader transitions through the compiler and the compositor.
@Suite struct ShaderRenderTests {
    static let levels = """
        #version 300 es
        precision highp float;
        uniform float progress;
        uniform float level;
        uniform vec4 tint;
        out vec4 color;
        void main() { color = vec4(level, progress, tint.b, 1.0); }
        """

    func write(_ text: String, _ name: String, in workspace: RenderWorkspace) throws {
        try text.write(toFile: workspace.directory + "/" + name, atomically: true, encoding: .utf8)
    }

    @Test func aShaderItemGetsItsProgressAndItsUniformsAnimatedOrNot() throws {
        let workspace = try RenderWorkspace()
        try write(Self.levels, "levels.glsl", in: workspace)
        let plan = try workspace.plan(
            """
            cutlist: 1
            output: { path: out.mp4, size: 64x36, fps: 10 }
            tracks:
              - items:
                  - shader: levels.glsl
                    duration: 2s
                    uniforms: { level: [{ at: 0s, value: 0.2 }, { at: 2s, value: 1 }], tint: "#00000080" }
            """)
        for (frame, level) in [(0, 0.2), (5, 0.4), (15, 0.8)] {
            let picture = try Renderer(plan: plan).picture(at: Int64(frame))
            let progress = Double(frame) / 20
            let expected = YUVColor(red: level, green: progress, blue: 0)
            ShaderTransitionTests.expectClose(picture.pixel(x: 30, y: 10), expected, "frame \(frame)")
        }
    }

    @Test func aShaderThatDoesNotCompileIsAnErrorAtItsItemNamingItsLine() throws {
        let workspace = try RenderWorkspace()
        try write(Self.levels.replacingOccurrences(of: "tint.b, 1.0);", with: "tint.b, 1.0)"), "broken.glsl", in: workspace)
        let plan = try workspace.plan(
            """
            cutlist: 1
            output: { path: out.mp4, size: 64x36, fps: 10 }
            tracks:
              - items:
                  - { color: red, duration: 1s }
                  - { shader: broken.glsl, duration: 1s, uniforms: { level: 1, tint: red } }
            """)
        do {
            _ = try Renderer(plan: plan).picture(at: 12)
            Issue.record("rendered")
        } catch let failure as RenderFailure {
            #expect(
                failure.message.hasPrefix(
                    "cannot read the picture of this item: the shader 'broken.glsl' does not compile: line 7: syntax error"))
            #expect(failure.location?.line == 6)
        }
    }

    @Test func aProjectGivesEveryUniformTheShaderDeclaresOfItsType() throws {
        let workspace = try RenderWorkspace()
        try write(Self.levels, "levels.glsl", in: workspace)
        let parsed = ProjectParser.parse(
            """
            cutlist: 1
            output: { path: out.mp4, size: 64x36, fps: 10 }
            tracks:
              - items:
                  - { shader: levels.glsl, duration: 1s, uniforms: { levle: 1, time: 2 } }
                  - { shader: levels.glsl, duration: 1s, uniforms: { level: red, tint: red } }
            """, file: workspace.projectFile, directory: workspace.directory)
        #expect(
            parsed.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message) \($0.hint ?? "")" } == [
                "5:19 the shader's uniform 'level' (float) has no value give it under 'uniforms:', or a default in its comment: 'uniform float level; // = …'",
                "5:19 the shader's uniform 'tint' (vec4) has no value give it under 'uniforms:', or a default in its comment: 'uniform vec4 tint; // = …'",
                "5:58 unknown key 'levle' in 'uniforms' did you mean 'level'?",
                "5:68 Cutlist sets 'time' itself remove it from 'uniforms'",
                "6:65 'red' is not a number; expected a decimal such as '2', '-0.5' or '1e3' ",
            ])
    }

    /// At the transition's first frame the picture is the outgoing item's as it
    /// would be with no transition; a file's transition takes its uniforms and defaults.
    @Test func aTransitionStartsFromTheOutgoingFrameAndAFileTakesUniforms() throws {
        let workspace = try RenderWorkspace()
        try write(
            """
            uniform float amount; // = 0.25
            uniform vec4 wash;
            vec4 transition(vec2 uv) { return mix(getFromColor(uv), wash, amount * progress); }
            """, "wash.glsl", in: workspace)
        let cut = try workspace.plan(
            """
            cutlist: 1
            output: { path: out.mp4, size: 64x36, fps: 10 }
            tracks: [{ items: [{ pattern: bars, duration: 2s }, { color: blue, duration: 2s }] }]
            """)
        for kind in ["swirl", "push-up", "{ shader: wash.glsl, uniforms: { wash: white } }"] {
            let plan = try workspace.plan(
                """
                cutlist: 1
                output: { path: out.mp4, size: 64x36, fps: 10 }
                tracks:
                  - items: [{ pattern: bars, duration: 2s }, { transition: \(kind), duration: 1s }, { color: blue, duration: 2s }]
                """)
            #expect(
                ShadingContextTests.differences(try Renderer(plan: plan).picture(at: 10), try Renderer(plan: cut).picture(at: 10))
                    == 0, "\(kind)")
        }
        let plan = try workspace.plan(
            """
            cutlist: 1
            output: { path: out.mp4, size: 64x36, fps: 10 }
            tracks:
              - items:
                  - { color: black, duration: 2s }
                  - { transition: { shader: wash.glsl, uniforms: { wash: white } }, duration: 1s }
                  - { color: blue, duration: 2s }
            """)
        // Progress 0.5: a quarter of the way to white, times a half.
        let level = 0.25 * 0.5
        ShaderTransitionTests.expectClose(
            try Renderer(plan: plan).picture(at: 15).pixel(x: 5, y: 5), YUVColor(red: level, green: level, blue: level),
            "wash at 0.5")
    }
}
