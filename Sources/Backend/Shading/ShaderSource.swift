import Compiler

/// The fragment shaders Cutlist compiles around a user's text.
///
/// Shaders see non-linear (encoded) BT.709 R'G'B' in 0...1, as images and
/// colours are written. A transition reads the compositor's YUV planes as
/// textures (both pictures' Y side by side in one, their U and V in another, so
/// both colours at one point cost two fetches) and converts them in the
/// shader; one pass writes Y at its size, another U and V together at theirs:
/// no 8-bit RGB step between, so a transition that returns a picture unchanged
/// gives back the same code values.
enum ShaderSource {
    /// The size in pixels of the planes a transition's pass draws.
    static let sizeUniform = "cutlist_size"
    /// Texture units of the input planes: both Y (from, to), then both U and V
    /// (from U, from V, to U, to V).
    static let samplerUniforms = ["cutlist_lumas", "cutlist_chromas"]

    /// The line the user's text starts at in `transition(_:pass:reads:)`'s
    /// program is its line 1 (`#line`); the wrapper after it is numbered from here,
    /// past any real file.
    static let wrapperLine = 1_000_000

    /// A transition's two programs: one draws Y at the picture's size, the other
    /// U and V together (two targets) at the chroma planes' size. Each is its own
    /// program, not one program told its pass by a uniform: llvmpipe runs both
    /// sides of every branch.
    enum Pass {
        case luma, chroma
    }

    /// A shader item's file as the program's fragment stage: GLSL ES 3.00 as it
    /// is; GLSL ES 1.00 (`#version 100`, or no `#version`, as ShaderToy-style
    /// and editly's shaders are written) as the same code in 3.00 words:
    /// `gl_FragColor` an output of its own, `texture2D` `texture`. Lines keep
    /// their numbers (`#line`), so a compile error names the file's line.
    static func item(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let directive = lines.firstIndex { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let version = directive.flatMap { index -> String? in
            let words = lines[index].split(whereSeparator: { $0 == " " || $0 == "\t" })
            return words.first == "#version" ? words.dropFirst().joined(separator: " ") : nil
        }
        guard version == nil || version == "100", !text.contains("#version 300") else { return text }
        var first = 1
        if let directive, version != nil {
            lines.removeSubrange(0...directive)
            first = directive + 2
        }
        let body = lines.joined(separator: "\n")
            .replacingOccurrences(of: #"\bgl_FragColor\b"#, with: "cutlist_FragColor", options: .regularExpression)
            .replacingOccurrences(of: #"\btexture2D\s*\("#, with: "texture(", options: .regularExpression)
        return "#version 300 es\nout highp vec4 cutlist_FragColor;\n#line \(first)\n" + body
    }

    /// A gl-transitions file (`vec4 transition(vec2 uv)` using `getFromColor`,
    /// `getToColor`, `progress` and `ratio`) as the complete program of one pass.
    ///
    /// What the code `reads` (see `TransitionShaders.Reads`) spares fetches, which
    /// are most of what a pixel costs on llvmpipe: with whole colours a pass reads
    /// one texture (the Y pass sees each picture as its grey, the U and V pass with
    /// a constant Y the compiler folds away), and reads at the drawn pixel read the
    /// pass's own plane by texel, not filtered.
    static func transition(_ body: String, pass: Pass, reads: TransitionShaders.Reads = .init()) -> String {
        let m = ColorMatrix.bt709
        let (kr, kb, kg) = (glsl(m.kr), glsl(m.kb), glsl(m.kg))
        // Code values 0...1 at a point: Y of from and to, and U, V of from, then of to.
        let texel = "texelFetch(cutlist_\(pass == .luma ? "lumas" : "chromas"), ivec2(gl_FragCoord.xy), 0)"
        let lumas =
            switch (pass, reads.wholeColours, reads.onlyItsPixel) {
            case (.chroma, true, _): "vec2(0.5)"
            case (.luma, _, true): texel + ".rg"
            default: "texture(cutlist_lumas, at).rg"
            }
        let chromas = pass == .chroma && reads.onlyItsPixel ? texel : "texture(cutlist_chromas, at)"
        // A picture's colour from its Y (`r` or `g` of the lumas) and its U and V.
        func color(_ y: String, _ uv: String) -> String {
            pass == .luma && reads.wholeColours
                ? "vec4(vec3(cutlist_luma((\(lumas)).\(y))), 1.0)"
                : "cutlist_rgb((\(lumas)).\(y), (\(chromas)).\(uv))"
        }
        let outputs: String
        let output: String
        switch pass {
        case .luma:
            outputs = "out vec4 cutlist_y;"
            output = "cutlist_y = vec4((16.0 + 219.0 * luma) / 255.0, 0.0, 0.0, 1.0);"
        case .chroma:
            outputs = "layout(location = 0) out vec4 cutlist_u;\nlayout(location = 1) out vec4 cutlist_v;"
            output = """
                cutlist_u = vec4((128.0 + 224.0 * (c.b - luma) / (2.0 * (1.0 - \(kb)))) / 255.0, 0.0, 0.0, 1.0);
                    cutlist_v = vec4((128.0 + 224.0 * (c.r - luma) / (2.0 * (1.0 - \(kr)))) / 255.0, 0.0, 0.0, 1.0);
                """
        }
        return """
            #version 300 es
            precision highp float;
            precision highp int;
            uniform sampler2D cutlist_lumas, cutlist_chromas;
            uniform vec2 cutlist_size;
            uniform float progress;
            uniform float ratio;
            \(outputs)
            float cutlist_luma(float y) {
                return (y * 255.0 - 16.0) / 219.0;
            }
            vec4 cutlist_rgb(float y, vec2 chroma) {
                float luma = cutlist_luma(y);
                vec2 cbcr = (chroma * 255.0 - 128.0) / 224.0;
                float r = luma + 2.0 * (1.0 - \(kr)) * cbcr.y;
                float b = luma + 2.0 * (1.0 - \(kb)) * cbcr.x;
                return vec4(r, (luma - \(kr) * r - \(kb) * b) / \(kg), b, 1.0);
            }
            vec4 getFromColor(vec2 uv) {
                vec2 at = vec2(uv.x, 1.0 - uv.y);
                return \(color("r", "rg"));
            }
            vec4 getToColor(vec2 uv) {
                vec2 at = vec2(uv.x, 1.0 - uv.y);
                return \(color("g", "ba"));
            }
            #line 1
            \(body)
            #line \(wrapperLine)
            void main() {
                vec2 uv = vec2(gl_FragCoord.x / cutlist_size.x, 1.0 - gl_FragCoord.y / cutlist_size.y);
                // Not clamped: a YUV colour outside RGB's cube comes back as it was.
                vec3 c = transition(uv).rgb;
                float luma = \(kr) * c.r + \(kg) * c.g + \(kb) * c.b;
                \(output)
            }
            """
    }

    private static func glsl(_ x: Double) -> String { "\(x)" }
}
