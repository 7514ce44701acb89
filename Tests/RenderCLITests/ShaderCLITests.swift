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
        #expect(
            failed.stderr.hasPrefix(
                "edit.yaml:5:9: error: cannot read the picture of this item: shaders need OpenGL ES 3 through EGL, and no EGL "
                    + "display could be opened: install a GPU's EGL driver or Mesa's (Debian: libegl1 libgles2 libegl-mesa0 "
                    + "libgl1-mesa-dri)"), "\(failed)")
        #expect(!space.exists("out.mp4"))
        let plain = try CLI.run(
            ["plain.yaml", "-o", "plain.mp4", "--progress", "none", "--no-cache"], in: space.url, environment: Self.noDriver)
        #expect(plain.status == 0, "\(plain)")
        #expect(try Tool.duration(space.path("plain.mp4")) == 4)
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
