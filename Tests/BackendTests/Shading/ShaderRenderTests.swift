import Compiler
import Disk
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

    /// A shader item entered by a shader transition keeps its own clock for its
    /// whole life, in a render as in single frames.
    @Test func aShaderItemAfterAShaderTransitionKeepsItsClock() throws {
        let workspace = try RenderWorkspace()
        try write(
            """
            #version 300 es
            precision highp float;
            uniform float progress;
            uniform float time;
            out vec4 color;
            void main() { color = vec4(progress, time / 4.0, 0.0, 1.0); }
            """, "clock.glsl", in: workspace)
        var plan = try workspace.plan(
            """
            cutlist: 1
            output: { path: out.mp4, size: 64x36, fps: 10, video: { codec: h264, crf: 0 } }
            tracks:
              - items: [{ color: red, duration: 2s }, { transition: radial, duration: 0.5s }, { shader: clock.glsl, duration: 3s }]
            """)
        plan.output.path = workspace.directory + "/out.mp4"
        try Executor(plan: plan, cache: ChunkCache(directory: workspace.directory + "/cache"), jobs: 1).join(to: plan.output.path)
        let pictures = try RenderOutput.pictures(plan.output.path)
        // The item starts at 1.5 s and lasts 3 s: at 2.5 s its progress is 1/3 and its time 1 s; at 4 s, 5/6 and 2.5 s.
        for (frame, progress, time) in [(25, 1.0 / 3, 1.0), (40, 5.0 / 6, 2.5)] {
            let (red, green, _) = pictures[frame].rgb(30, 10)
            #expect(abs(red - progress * 255) < 3 && abs(green - time / 4 * 255) < 3, "frame \(frame): \(red), \(green)")
        }
    }

    /// A group's `flip` flips a shader transition inside it as it flips the rest:
    /// the flipped group's picture is the mirror of the unflipped one's.
    @Test func aFlippedGroupFlipsItsShaderTransition() throws {
        let workspace = try RenderWorkspace()
        let picture = { (flip: String) in
            try Renderer(
                plan: try workspace.plan(
                    """
                    cutlist: 1
                    output: { path: out.mp4, size: 64x36, fps: 10 }
                    tracks:
                      - items:
                          - group:
                              tracks:
                                - items: [{ color: red, duration: 1s }, { transition: radial, duration: 1s }, { color: blue, duration: 1s }]
                            \(flip)
                    """)
            ).picture(at: 7)
        }
        let (plain, flipped) = (try picture(""), try picture("flip: horizontal"))
        var mirrored = 0
        for y in 0..<36 {
            for x in 0..<64 where plain.pixel(x: x, y: y).y == flipped.pixel(x: 63 - x, y: y).y { mirrored += 1 }
        }
        // The clock hand at 0.7 of its sweep is not symmetric: unflipped, the two differ.
        #expect(mirrored >= 64 * 36 - 40, "\(mirrored) of \(64 * 36) pixels mirror")
        #expect(ShadingContextTests.differences(plain, flipped) > 100)
    }

    /// GLSL ES 1.00, as ShaderToy-style and editly's shaders are written
    /// (`gl_FragColor`, `texture2D`, `#version 100` or none), draws as 3.00 does,
    /// and a compile error names the file's own line.
    @Test func aGLSLES100ShaderDrawsAndItsErrorsNameItsLines() throws {
        let workspace = try RenderWorkspace()
        let es100 = """
            precision mediump float;
            uniform float progress;
            uniform vec2 resolution;
            uniform sampler2D input0;
            void main() {
                vec4 under = texture2D(input0, gl_FragCoord.xy / resolution);
                gl_FragColor = vec4(progress, under.g, 0.5, 1.0);
            }
            """
        try write(es100, "plain.glsl", in: workspace)
        try write("#version 100\n" + es100, "versioned.glsl", in: workspace)
        try write(
            "\n#version 100\n" + es100.replacingOccurrences(of: "0.5, 1.0)", with: "0.5, 1.0"), "broken.glsl", in: workspace)
        let project = { (file: String) in
            """
            cutlist: 1
            output: { path: out.mp4, size: 64x36, fps: 10 }
            tracks:
              - items: [{ id: under, color: "#00ff00", duration: 2s }]
              - items: [{ shader: \(file), duration: 2s, inputs: [under] }]
            """
        }
        for file in ["plain.glsl", "versioned.glsl"] {
            let picture = try Renderer(plan: try workspace.plan(project(file))).picture(at: 10)
            ShaderTransitionTests.expectClose(picture.pixel(x: 30, y: 10), YUVColor(red: 0.5, green: 1, blue: 0.5), file)
        }
        do {
            _ = try Renderer(plan: try workspace.plan(project("broken.glsl"))).picture(at: 10)
            Issue.record("rendered")
        } catch let failure as RenderFailure {
            #expect(failure.message.contains("the shader 'broken.glsl' does not compile: line 9:"), "\(failure.message)")
        }
    }

    /// Integer and boolean uniforms take their comment's default, in a line or a
    /// block comment (as gl-transitions' files write them), or the project's value.
    @Test func wholeNumberUniformsAndBlockCommentDefaultsAreRead() throws {
        let workspace = try RenderWorkspace()
        try write(
            """
            #version 300 es
            precision highp float;
            uniform ivec2 cells; // = ivec2(4, 2)
            uniform bool on; // = true
            uniform vec3 tint /* = vec3(0.9, 0.4, 0.2) */;
            out vec4 color;
            void main() { color = on ? vec4(float(cells.x) / 8.0, float(cells.y) / 8.0, tint.b, 1.0) : vec4(tint, 1.0); }
            """, "cells.glsl", in: workspace)
        let plan = try workspace.plan(
            """
            cutlist: 1
            output: { path: out.mp4, size: 64x36, fps: 10 }
            tracks:
              - items:
                  - { shader: cells.glsl, duration: 1s }
                  - { shader: cells.glsl, duration: 1s, uniforms: { cells: [6, 1] } }
                  - { shader: cells.glsl, duration: 1s, uniforms: { on: false } }
            """)
        let pixel = { (frame: Int64) in try Renderer(plan: plan).picture(at: frame).pixel(x: 30, y: 10) }
        ShaderTransitionTests.expectClose(try pixel(5), YUVColor(red: 0.5, green: 0.25, blue: 0.2), "defaults")
        ShaderTransitionTests.expectClose(try pixel(15), YUVColor(red: 0.75, green: 0.125, blue: 0.2), "the project's cells")
        ShaderTransitionTests.expectClose(try pixel(25), YUVColor(red: 0.9, green: 0.4, blue: 0.2), "off: the tint")
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
            """, file: workspace.projectFile, directory: workspace.directory, files: .disk())
        #expect(
            parsed.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message) \($0.hint ?? "")" } == [
                "5:19 the shader's uniform 'level' (float) has no value give it under 'uniforms:', or a default in its comment: 'uniform float level; // = …'",
                "5:19 the shader's uniform 'tint' (vec4) has no value give it under 'uniforms:', or a default in its comment: 'uniform vec4 tint; // = …'",
                "5:58 unknown key 'levle' in 'uniforms' did you mean 'level'?",
                "5:68 Cutlist sets 'time' itself remove it from 'uniforms'",
                "6:65 'red' is not a number; expected a decimal such as '2', '-0.5' or '1e3' ",
            ])
    }

    /// A transition whose uniforms are all Cutlist's: a name under `uniforms:` is
    /// unknown, and the hint does not offer the names it refuses.
    @Test func anUnknownUniformOfATransitionIsNotOfferedCutlistsOwn() throws {
        let workspace = try RenderWorkspace()
        try write(
            "vec4 transition(vec2 uv) { return mix(getFromColor(uv), getToColor(uv), progress); }", "fade.glsl", in: workspace)
        let parsed = ProjectParser.parse(
            """
            cutlist: 1
            tracks:
              - items:
                  - { color: black, duration: 2s }
                  - { transition: { shader: fade.glsl, uniforms: { strength: 1 } }, duration: 1s }
                  - { color: blue, duration: 2s }
            """, file: workspace.projectFile, directory: workspace.directory, files: .disk())
        #expect(
            parsed.diagnostics.map { "\($0.message) \($0.hint ?? "")" } == [
                "unknown key 'strength' in 'uniforms' 'uniforms' takes none here"
            ])
    }

    /// `uniform float a, b;` declares both: each needs its value.
    @Test func everyNameOfADeclarationWithSeveralIsAUniform() throws {
        let workspace = try RenderWorkspace()
        try write(
            Self.levels.replacingOccurrences(of: "uniform float level;", with: "uniform float level, gain;"), "two.glsl",
            in: workspace)
        let parsed = ProjectParser.parse(
            """
            cutlist: 1
            output: { path: out.mp4, size: 64x36, fps: 10 }
            tracks:
              - items:
                  - { shader: two.glsl, duration: 1s, uniforms: { level: 2, tint: red } }
            """, file: workspace.projectFile, directory: workspace.directory, files: .disk())
        #expect(
            parsed.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" } == [
                "5:19 the shader's uniform 'gain' (float) has no value"
            ])
    }

    /// A uniform of a type a project cannot write needs its default in the file.
    @Test func aUniformOfATypeAProjectCannotSetIsAnErrorAtItsKey() throws {
        let workspace = try RenderWorkspace()
        try write(
            Self.levels.replacingOccurrences(of: "uniform float level;", with: "uniform mat2 level;"), "mat.glsl", in: workspace)
        let parsed = ProjectParser.parse(
            """
            cutlist: 1
            output: { path: out.mp4, size: 64x36, fps: 10 }
            tracks:
              - items:
                  - { shader: mat.glsl, duration: 1s, uniforms: { level: 2, tint: red } }
            """, file: workspace.projectFile, directory: workspace.directory, files: .disk())
        #expect(
            parsed.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message) \($0.hint ?? "")" } == [
                "5:55 the uniform 'level' is a 'mat2'; a project sets a float, vec2, vec3 or vec4, an int, bool or their vectors "
                    + "give it a default in its comment instead: 'uniform mat2 level; // = …'"
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

    static let swap = """
        #version 300 es
        precision highp float;
        uniform vec2 resolution;
        uniform sampler2D input0;
        out vec4 color;
        void main() { color = vec4(texture(input0, gl_FragCoord.xy / resolution).bgr, 1.0); }
        """

    /// An input is the item's own picture, upright, read even where the item is hidden by `opacity: 0`.
    @Test func aShaderReadsAnotherItemsPictureAsItsInput() throws {
        let workspace = try RenderWorkspace()
        try write(Self.swap, "swap.glsl", in: workspace)
        let path = try workspace.render(
            """
            cutlist: 1
            output: { path: out.mp4, size: 64x36, fps: 10 }
            tracks:
              - items:
                  - { gradient: linear, colors: [red, blue], angle: 90, duration: 1s, id: ramp, opacity: 0 }
              - items:
                  - { shader: swap.glsl, inputs: [ramp], duration: 1s }
            """)
        let picture = try #require(try RenderOutput.pictures(path).first)
        // The ramp runs from red at the top to blue at the bottom; the shader swaps red and blue.
        let (top, bottom) = (picture.rgb(32, 1), picture.rgb(32, 34))
        #expect(top.red < 40 && top.blue > 215, "top: \(top)")
        #expect(bottom.red > 215 && bottom.blue < 40, "bottom: \(bottom)")
    }

    /// A shader reads another shader at the same frame, and nothing once that one has ended.
    @Test func anInputIsReadAtTheFrameAndIsTransparentWhereItDoesNotShow() throws {
        let workspace = try RenderWorkspace()
        try write(
            """
            #version 300 es
            precision highp float;
            uniform float progress;
            out vec4 color;
            void main() { color = vec4(progress, 0.0, 0.0, 1.0); }
            """, "level.glsl", in: workspace)
        try write(
            """
            #version 300 es
            precision highp float;
            uniform sampler2D input0;
            out vec4 color;
            void main() { vec4 c = texture(input0, vec2(0.5)); color = vec4(0.0, c.r, c.a, 1.0); }
            """, "reader.glsl", in: workspace)
        let plan = try workspace.plan(
            """
            cutlist: 1
            output: { path: out.mp4, size: 64x36, fps: 10 }
            tracks:
              - items:
                  - { shader: level.glsl, duration: 2s, id: level }
              - items:
                  - { shader: reader.glsl, inputs: [level], duration: 3s }
            """)
        let renderer = Renderer(plan: plan)
        ShaderTransitionTests.expectClose(
            try renderer.picture(at: 5).pixel(x: 10, y: 10), YUVColor(red: 0, green: 0.25, blue: 1), "at 0.5 s")
        ShaderTransitionTests.expectClose(try renderer.picture(at: 25).pixel(x: 10, y: 10), .black, "at 2.5 s")
    }

    @Test func inputsNameItemsWithPicturesOnTheSameTracksThatDoNotLeadBack() throws {
        let workspace = try RenderWorkspace()
        try write(Self.swap, "swap.glsl", in: workspace)
        try write(
            Self.swap.replacingOccurrences(
                of: "uniform sampler2D input0;", with: "uniform sampler2D input0;\nuniform sampler2D input1;"),
            "two.glsl", in: workspace)
        try write(
            Self.swap.replacingOccurrences(of: "sampler2D input0", with: "sampler2D picture").replacingOccurrences(
                of: "texture(input0", with: "texture(picture"), "named.glsl", in: workspace)
        let parsed = ProjectParser.parse(
            """
            cutlist: 1
            output: { path: out.mp4, size: 64x36, fps: 10 }
            tracks:
              - items:
                  - { color: red, duration: 2s, id: card }
                  - { gap: 1s, id: hole }
              - hidden: true
                items: [{ color: blue, duration: 1s, id: unseen }]
              - items:
                  - { shader: swap.glsl, duration: 1s, inputs: [crad] }
                  - { shader: swap.glsl, duration: 1s, inputs: [hole] }
                  - { shader: swap.glsl, duration: 1s, inputs: [unseen] }
                  - { shader: swap.glsl, duration: 1s, inputs: [b], id: a }
                  - { shader: swap.glsl, duration: 1s, inputs: [a], id: b }
                  - { shader: swap.glsl, duration: 1s, inputs: [me], id: me }
                  - { shader: swap.glsl, duration: 1s, inputs: [card, card] }
                  - { shader: two.glsl, duration: 1s, inputs: [card] }
                  - { shader: named.glsl, duration: 1s }
            """, file: workspace.projectFile, directory: workspace.directory, files: .disk())
        #expect(
            parsed.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message) \($0.hint ?? "")" }
                == [
                    "10:53 no item has the id 'crad' did you mean 'card'?",
                    "11:53 'hole' has no picture to read ",
                    "12:53 'unseen' is on a hidden track, which draws nothing "
                        + "show the track and give the item 'opacity: 0': the shader reads it, unseen",
                    "13:53 the shader's inputs go round in a circle: a → b → a "
                        + "a shader cannot read its own picture, even through another shader",
                    "14:53 the shader's inputs go round in a circle: b → a → b "
                        + "a shader cannot read its own picture, even through another shader",
                    "15:53 the shader's inputs go round in a circle: me → me "
                        + "a shader cannot read its own picture, even through another shader",
                    "16:59 the shader declares no 'uniform sampler2D input1' to read 'card' through "
                        + "declare it in the shader, or remove the input",
                    "17:19 the shader reads 'input1', and 'inputs' lists no item for it "
                        + "list the id of the item to read under 'inputs:' ('input0' reads the first)",
                    "18:19 the shader's sampler 'picture' is not one Cutlist sets "
                        + "a shader item reads the items under 'inputs:' through 'input0', 'input1', …",
                ])
    }

    /// A shader past `output.shader_budget` stops the render at its item; within it, it draws.
    @Test func aShaderThatTakesLongerThanTheBudgetIsAnErrorAtItsItem() throws {
        let workspace = try RenderWorkspace()
        try write(
            """
            #version 300 es
            precision highp float;
            uniform vec2 resolution;
            out vec4 color;
            void main() {
                float x = gl_FragCoord.x / resolution.x;
                for (int i = 0; i < 20000; i++) x = fract(sin(x * 12.9898 + float(i)) * 43758.5453);
                color = vec4(x, x, x, 1.0);
            }
            """, "slow.glsl", in: workspace)
        let project = """
            cutlist: 1
            output: { path: out.mp4, size: 16x16, fps: 10BUDGET }
            tracks:
              - items:
                  - { color: red, duration: 1s }
                  - { shader: slow.glsl, duration: 1s }
            """
        let tight = try workspace.plan(project.replacingOccurrences(of: "BUDGET", with: ", shader_budget: 1ms"))
        do {
            _ = try Renderer(plan: tight).picture(at: 12)
            Issue.record("drawn within 1 ms")
        } catch let failure as RenderFailure {
            #expect(failure.message.hasPrefix("cannot read the picture of this item: the shader 'slow.glsl' took "))
            #expect(
                failure.message.hasSuffix(
                    " ms to draw a frame, more than output.shader_budget (1 ms): make it cheaper, or raise the budget"),
                "\(failure.message)")
            #expect(failure.location?.line == 6)
        }
        let roomy = try workspace.plan(project.replacingOccurrences(of: "BUDGET", with: ""))
        _ = try Renderer(plan: roomy).picture(at: 12)
    }
}
