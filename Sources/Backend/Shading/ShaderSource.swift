/// The fragment shaders Cutlist compiles around a user's text.
///
/// Shaders see non-linear (encoded) BT.709 R'G'B' in 0...1, as images and
/// colours are written. A transition reads the compositor's YUV planes as
/// textures and converts them in the shader, and writes each YUV plane in its
/// own pass: no 8-bit RGB step between, so a transition that returns a picture
/// unchanged gives back the same code values.
enum ShaderSource {
    /// The plane a transition's pass draws (0 Y, 1 U, 2 V) and its size in pixels.
    static let planeUniform = "cutlist_plane"
    static let sizeUniform = "cutlist_size"
    /// Texture units of the six input planes: from Y, U, V, then to Y, U, V.
    static let samplerUniforms = ["cutlist_fromY", "cutlist_fromU", "cutlist_fromV", "cutlist_toY", "cutlist_toU", "cutlist_toV"]

    /// The line the user's text starts at in `transition(_:)`'s program is its line 1
    /// (`#line`); the wrapper after it is numbered from here, past any real file.
    static let wrapperLine = 1_000_000

    /// A gl-transitions file (`vec4 transition(vec2 uv)` using `getFromColor`,
    /// `getToColor`, `progress` and `ratio`) as a complete program of one plane pass.
    static func transition(_ body: String) -> String {
        let m = ColorMatrix.bt709
        let (kr, kb, kg) = (glsl(m.kr), glsl(m.kb), glsl(m.kg))
        return """
            #version 300 es
            precision highp float;
            precision highp int;
            uniform sampler2D cutlist_fromY, cutlist_fromU, cutlist_fromV, cutlist_toY, cutlist_toU, cutlist_toV;
            uniform int cutlist_plane;
            uniform vec2 cutlist_size;
            uniform float progress;
            uniform float ratio;
            out vec4 cutlist_color;
            vec4 cutlist_rgb(sampler2D y, sampler2D u, sampler2D v, vec2 uv) {
                vec2 at = vec2(uv.x, 1.0 - uv.y);
                float luma = (texture(y, at).r * 255.0 - 16.0) / 219.0;
                float cb = (texture(u, at).r * 255.0 - 128.0) / 224.0;
                float cr = (texture(v, at).r * 255.0 - 128.0) / 224.0;
                float r = luma + 2.0 * (1.0 - \(kr)) * cr;
                float b = luma + 2.0 * (1.0 - \(kb)) * cb;
                return vec4(r, (luma - \(kr) * r - \(kb) * b) / \(kg), b, 1.0);
            }
            vec4 getFromColor(vec2 uv) { return cutlist_rgb(cutlist_fromY, cutlist_fromU, cutlist_fromV, uv); }
            vec4 getToColor(vec2 uv) { return cutlist_rgb(cutlist_toY, cutlist_toU, cutlist_toV, uv); }
            #line 1
            \(body)
            #line \(wrapperLine)
            void main() {
                vec2 uv = vec2(gl_FragCoord.x / cutlist_size.x, 1.0 - gl_FragCoord.y / cutlist_size.y);
                // Not clamped: a YUV colour outside RGB's cube comes back as it was.
                vec3 c = transition(uv).rgb;
                float luma = \(kr) * c.r + \(kg) * c.g + \(kb) * c.b;
                float code = cutlist_plane == 0 ? 16.0 + 219.0 * luma
                    : cutlist_plane == 1 ? 128.0 + 224.0 * (c.b - luma) / (2.0 * (1.0 - \(kb)))
                    : 128.0 + 224.0 * (c.r - luma) / (2.0 * (1.0 - \(kr)));
                cutlist_color = vec4(code / 255.0, 0.0, 0.0, 1.0);
            }
            """
    }

    private static func glsl(_ x: Double) -> String { "\(x)" }
}
