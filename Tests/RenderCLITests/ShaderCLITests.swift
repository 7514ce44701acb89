import Foundation
import Testing

/// Shaders as a user runs them: without an EGL driver a project with shaders
/// fails with what to install and one without renders; any `--jobs` gives the
/// same bytes.
@Suite struct ShaderCLITests {
    static let shader = """
        #version 300 es
        precision highp float;
        uniform float time;
        uniform vec2 resolution;
        uniform float speed; // = 2.0
        out vec4 color;
        void main() { color = vec4(0.5 + 0.5 * sin(gl_FragCoord.x / resolution.x * 10.0 + time * speed), 0.3, 0.6, 1.0); }
        """

    static let project = """
        cutlist: 1
        output: { size: 160x90, fps: 25 }
        tracks:
          - items:
              - { shader: waves.glsl, duration: 2s }
              - { transition: crosszoom, duration: 1s }
              - { pattern: bars, duration: 2s }
              - { transition: radial, duration: 1s }
              - { color: teal, duration: 2s }

        """

    /// glvnd reads EGL drivers from the files this names: none, here.
    static let noDriver = ["__EGL_VENDOR_LIBRARY_FILENAMES": "/nonexistent/egl_vendor.json"]

    @Test func withoutAnEGLDriverAProjectWithShadersSaysWhatToInstallAndOneWithoutRenders() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("waves.glsl", Self.shader)
        try space.write("edit.yaml", Self.project)
        try space.write(
            "plain.yaml",
            Self.project.replacingOccurrences(of: "shader: waves.glsl", with: "color: red")
                .replacingOccurrences(of: "crosszoom", with: "crossfade").replacingOccurrences(of: "radial", with: "circle"))
        // One job renders the chunks in order, so the first shader's item is the one named.
        let failed = try CLI.run(
            ["edit.yaml", "-o", "out.mp4", "--progress", "none", "--no-cache", "--jobs", "1"], in: space.url,
            environment: Self.noDriver)
        #expect(failed.exited && failed.status == 1, "\(failed)")
        // The check says it could not compile the shaders; the render then fails at the first.
        #expect(
            failed.stderr.hasPrefix(
                "edit.yaml:5:19: warning: the shaders were not checked: shaders need OpenGL ES 3 through EGL"), "\(failed)")
        #expect(
            failed.stderr.contains(
                "edit.yaml:5:9: error: cannot read the picture of this item: shaders need OpenGL ES 3 through EGL, and no EGL "
                    + "display could be opened: install a GPU's EGL driver or Mesa's (Debian: libegl1 libgles2 libegl-mesa0 "
                    + "libgl1-mesa-dri)"), "\(failed)")
        #expect(!space.exists("out.mp4"))
        let plain = try CLI.run(
            ["plain.yaml", "-o", "plain.mp4", "--progress", "none", "--no-cache"], in: space.url, environment: Self.noDriver)
        #expect(plain.status == 0, "\(plain)")
        #expect(try Tool.duration(space.path("plain.mp4")) == 4)
    }

    @Test func aShaderThatDoesNotCompileOrCrashesTheCompilerFailsTheCheckAtItsItem() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write(
            "typo.glsl", "vec4 transition(vec2 uv) {\n    return mix(getFromColor(uv), getToColr(uv), progress);\n}\n")
        // Mesa's compiler aborts on a huge local array, and runs out of stack on a macro expanding to 2^30 tokens.
        try space.write(
            "huge.glsl",
            """
            #version 300 es
            precision highp float;
            uniform float progress;
            out vec4 color;
            void main() {
                float a[10000000];
                for (int i = 0; i < 10000000; i++) a[i] = float(i);
                color = vec4(a[int(progress * 100.0)], 0.0, 0.0, 1.0);
            }
            """)
        let defines = (1...30).map { "#define A\($0) (A\($0 - 1) + A\($0 - 1))" }.joined(separator: "\n")
        try space.write(
            "macros.glsl",
            "#version 300 es\nprecision highp float;\nout vec4 color;\n#define A0 1.0\n\(defines)\nvoid main() { color = vec4(A30); }\n"
        )
        try space.write("waves.glsl", Self.shader)
        try space.write(
            "edit.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            tracks:
              - items:
                  - { shader: waves.glsl, duration: 1s }
                  - { transition: { shader: typo.glsl }, duration: 0.5s }
                  - { shader: huge.glsl, duration: 1s }
                  - { shader: macros.glsl, duration: 1s }

            """)
        for command in [["check", "edit.yaml"], ["edit.yaml", "-o", "out.mp4", "--progress", "none"]] {
            // Within a 4 GiB address space for the whole run.
            let result = try Self.runLimited(command, in: space)
            #expect(result.status == 2, "\(result)")
            #expect(
                result.stderr.contains(
                    "edit.yaml:6:33: error: the shader 'typo.glsl' does not compile: line 2: no function with name 'getToColr'"),
                "\(result)")
            for (line, name) in [(7, "huge.glsl"), (8, "macros.glsl")] {
                #expect(
                    result.stderr.contains(
                        "edit.yaml:\(line):19: error: the shader '\(name)' could not be compiled: the GLSL compiler"),
                    "\(result)")
            }
            #expect(result.stderr.hasSuffix("3 errors\n"), "\(result)")
            #expect(result.seconds < 60 && !space.exists("out.mp4"))
        }
    }

    @Test func aShaderTransitionsFailureIsPlacedAtTheTransitionInRenderAndFrame() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write(
            "slow.glsl",
            """
            vec4 transition(vec2 uv) {
                vec4 sum = vec4(0.0);
                for (int i = 0; i < 500; i++) sum += mix(getFromColor(uv), getToColor(uv), progress) / 500.0;
                return sum;
            }
            """)
        try space.write(
            "edit.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25, shader_budget: 0.001s }
            tracks:
              - items:
                  - { color: red, duration: 1s }
                  - { transition: { shader: slow.glsl }, duration: 0.5s }
                  - { color: blue, duration: 1s }

            """)
        for command in [
            ["edit.yaml", "-o", "out.mp4", "--progress", "none"], ["frame", "edit.yaml", "--at", "0.8", "-o", "f.png"],
        ] {
            let result = try CLI.run(command, in: space.url)
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.hasPrefix("edit.yaml:6:33: error: the shader 'slow.glsl' took "), "\(result)")
            #expect(result.stderr.contains(" 6 |       - { transition: { shader: slow.glsl }, duration: 0.5s }\n"), "\(result)")
        }
    }

    @Test func aFrameThatWouldTakeAMinuteStopsAtItsBudgetAndASignalEndsItWithinASecond() throws {
        let space = try Workspace()
        defer { space.clean() }
        // About 40 s a frame at 320x180 on llvmpipe; a check's 8x8 frame takes a few hundredths of that.
        try space.write(
            "spin.glsl",
            """
            #version 300 es
            precision highp float;
            uniform vec2 resolution;
            uniform float count; // = 500000.0
            out vec4 color;
            void main() {
                float x = gl_FragCoord.x / resolution.x;
                // A count the compiler cannot see through, as a constant one it may.
                for (int i = 0; i < int(count); i++) x = fract(sin(x * 12.9898 + float(i)) * 43758.5453);
                color = vec4(x, x, x, 1.0);
            }
            """)
        let project = { (budget: String) in
            "cutlist: 1\noutput: { size: 320x180, fps: 25, shader_budget: \(budget) }\ntracks:\n"
                + "  - items: [{ shader: spin.glsl, duration: 1s }]\n"
        }
        try space.write("tight.yaml", project("0.5s"))
        let stopped = try CLI.run(["frame", "tight.yaml", "--at", "0", "-o", "f.png"], in: space.url, timeout: 120)
        #expect(stopped.status == 1 && stopped.stderr.contains("the shader 'spin.glsl' took over "), "\(stopped)")
        #expect(stopped.seconds < 8, "stopped after \(stopped.seconds) s")
        try space.write("roomy.yaml", project("100s"))
        let process = try InterruptionCLITests.spawn([
            CLI.executable.path, space.path("roomy.yaml"), "-o", space.path("out.mp4"), "--progress", "none", "--no-cache",
        ])
        // Past the check and well into the first frame.
        sleep(3)
        let signalled = Date()
        try InterruptionCLITests.expect130(process, after: SIGTERM, "while a shader draws")
        #expect(Date().timeIntervalSince(signalled) < 1.5, "ended \(Date().timeIntervalSince(signalled)) s after SIGTERM")
        #expect(!space.exists("out.mp4"))
    }

    @Test func aShaderItemEnteredByAShaderTransitionKeepsItsOwnClock() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write(
            "t.glsl",
            """
            #version 300 es
            precision highp float;
            uniform float progress;
            uniform float time;
            out vec4 color;
            void main() { color = vec4(progress, time / 4.0, 0.0, 1.0); }
            """)
        try space.write(
            "edit.yaml",
            """
            cutlist: 1
            output: { size: 64x36, fps: 25 }
            tracks:
              - items:
                  - { color: red, duration: 2s }
                  - { transition: radial, duration: 0.5s }
                  - { shader: t.glsl, duration: 3s }

            """)
        /// The red and green of the middle pixel at a time, as ffmpeg decodes the frame.
        func colour(at time: String) throws -> [UInt8] {
            let result = try space.render("frame", "edit.yaml", "--at", time, "-o", "f.png")
            #expect(result.status == 0, "\(result)")
            let raw = space.path("f.rgb")
            try Tool.run("ffmpeg", ["-v", "error", "-y", "-i", space.path("f.png"), "-f", "rawvideo", "-pix_fmt", "rgb24", raw])
            let bytes = [UInt8](try #require(FileManager.default.contents(atPath: raw)))
            let middle = (18 * 64 + 32) * 3
            return Array(bytes[middle..<middle + 2])
        }
        // The item starts at 1.5 s: at 2.5 s a third of it has played, at 4 s five sixths.
        let (early, late) = (try colour(at: "2.5"), try colour(at: "4"))
        #expect(abs(Int(early[0]) - 85) <= 3 && abs(Int(early[1]) - 64) <= 3, "\(early)")
        #expect(abs(Int(late[0]) - 212) <= 3 && abs(Int(late[1]) - 159) <= 3, "\(late)")
    }

    /// `render ARGUMENTS` in `space` under a 4 GiB limit of address space.
    static func runLimited(_ arguments: [String], in space: Workspace) throws -> (status: Int32, stderr: String, seconds: Double)
    {
        let started = Date()
        let result = try LanguageServerCLITests.run(
            "sh", ["-c", "ulimit -v 4194304; exec \"$0\" \"$@\"", CLI.executable.path] + arguments, in: space.url,
            environment: ["NO_COLOR": "1", "XDG_CACHE_HOME": CLI.cacheHome], timeout: 120)
        return (result.status, result.stderr, Date().timeIntervalSince(started))
    }

    @Test func oneJobAndTwoWriteTheSameBytes() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("waves.glsl", Self.shader)
        try space.write("edit.yaml", Self.project)
        for jobs in ["1", "2"] {
            let result = try space.render("edit.yaml", "-o", "out\(jobs).mp4", "--jobs", jobs, "--no-cache", "--progress", "none")
            #expect(result.status == 0, "\(result)")
        }
        let (one, two) = (try #require(space.data("out1.mp4")), try #require(space.data("out2.mp4")))
        #expect(one == two)
    }
}
