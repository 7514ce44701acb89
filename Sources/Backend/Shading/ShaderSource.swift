/// The fragment shaders Cutlist compiles around a user's text.
///
/// Shaders see non-linear (encoded) BT.709 R'G'B' in 0...1, as images and
/// colours are written. A transition reads the compositor's YUV planes as
/// textures (Y alone, U and V side by side in one two-channel texture, so a
/// colour costs two fetches) and converts them in the shader; one pass writes
/// Y at its size, another U and V together at theirs: no 8-bit RGB step
/// between, so a transition that returns a picture unchanged gives back the
/// same code values.
enum ShaderSource {
    /// Whether a transition's pass draws the chroma planes (U and V) rather than Y,
    /// and the size in pixels of the planes it draws.
    static let chromaUniform = "cutlist_chroma"
    static let sizeUniform = "cutlist_size"
    /// Texture units of the input planes: from Y, from UV, then to Y, to UV.
    static let samplerUniforms = ["cutlist_fromY", "cutlist_fromUV", "cutlist_toY", "cutlist_toUV"]

    /// The line the user's text starts at in `transition(_:)`'s program is its line 1
    /// (`#line`); the wrapper after it is numbered from here, past any real file.
    static let wrapperLine = 1_000_000

    /// A gl-transitions file (`vec4 transition(vec2 uv)` using `getFromColor`,
    /// `getToColor`, `progress` and `ratio`) as a complete program: a pass draws Y,
    /// or with `cutlist_chroma` set U and V into two targets.
    static func transition(_ body: String) -> String {
        let m = ColorMatrix.bt709
        let (kr, kb, kg) = (glsl(m.kr), glsl(m.kb), glsl(m.kg))
        return """
            #version 300 es
            precision highp float;
            precision highp int;
            uniform sampler2D cutlist_fromY, cutlist_fromUV, cutlist_toY, cutlist_toUV;
            uniform bool cutlist_chroma;
            uniform vec2 cutlist_size;
            uniform float progress;
            uniform float ratio;
            layout(location = 0) out vec4 cutlist_yOrU;
            layout(location = 1) out vec4 cutlist_v;
            vec4 cutlist_rgb(sampler2D y, sampler2D chroma, vec2 point) {
                vec2 at = vec2(point.x, 1.0 - point.y);
                float luma = (texture(y, at).r * 255.0 - 16.0) / 219.0;
                vec2 cbcr = (texture(chroma, at).rg * 255.0 - 128.0) / 224.0;
                float r = luma + 2.0 * (1.0 - \(kr)) * cbcr.y;
                float b = luma + 2.0 * (1.0 - \(kb)) * cbcr.x;
                return vec4(r, (luma - \(kr) * r - \(kb) * b) / \(kg), b, 1.0);
            }
            vec4 getFromColor(vec2 uv) { return cutlist_rgb(cutlist_fromY, cutlist_fromUV, uv); }
            vec4 getToColor(vec2 uv) { return cutlist_rgb(cutlist_toY, cutlist_toUV, uv); }
            #line 1
            \(body)
            #line \(wrapperLine)
            void main() {
                vec2 uv = vec2(gl_FragCoord.x / cutlist_size.x, 1.0 - gl_FragCoord.y / cutlist_size.y);
                // Not clamped: a YUV colour outside RGB's cube comes back as it was.
                vec3 c = transition(uv).rgb;
                float luma = \(kr) * c.r + \(kg) * c.g + \(kb) * c.b;
                if (cutlist_chroma) {
                    cutlist_yOrU = vec4((128.0 + 224.0 * (c.b - luma) / (2.0 * (1.0 - \(kb)))) / 255.0, 0.0, 0.0, 1.0);
                    cutlist_v = vec4((128.0 + 224.0 * (c.r - luma) / (2.0 * (1.0 - \(kr)))) / 255.0, 0.0, 0.0, 1.0);
                } else {
                    cutlist_yOrU = vec4((16.0 + 219.0 * luma) / 255.0, 0.0, 0.0, 1.0);
                }
            }
            """
    }

    private static func glsl(_ x: Double) -> String { "\(x)" }
}
