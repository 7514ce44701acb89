import EDLParser

/// The built-in transitions drawn by shaders, in the gl-transitions calling
/// convention: `uv` from (0, 0) at the bottom left to (1, 1) at the top right,
/// `progress` 0 to 1, `ratio` width / height. Each gives exactly the outgoing
/// picture at 0 and the incoming one at 1.
///
/// On the CPU (llvmpipe) a draw costs about its texture fetches, and both
/// pictures read at one point cost two (see `ShaderSource`), one a pass for a
/// kind that mixes whole colours (`Reads`), whichever the branches keep: so a
/// kind works out the one point it reads first, reads both pictures there, and
/// chooses after.
public enum TransitionShaders {
    /// Whether a built-in kind is one of these (the others are lowered as layers).
    static func isShader(_ kind: TransitionKind) -> Bool {
        switch kind {
        case .crossfade, .fade, .wipeLeft, .wipeRight, .wipeUp, .wipeDown, .slideLeft, .slideRight, .slideUp, .slideDown,
            .pushLeft, .pushRight, .zoom, .circle, .shader:
            return false
        default: return true
        }
    }

    /// What a transition's code lets the backend skip. A file's code is read
    /// as written; a built-in kind's is known.
    public struct Reads: Hashable, Sendable, Codable {
        /// Its colour is the pictures' colours each times one weight for all three
        /// channels, plus a constant colour (no clamp, no weight per channel): the
        /// YUV matrix being linear, its Y depends on the pictures' Y alone and its U
        /// and V on theirs alone, so a pass reads one texture.
        public var wholeColours = false
        /// It reads the pictures only at the pixel it draws (`getFromColor(uv)`), so
        /// a pass reads its own plane at texel centres: a fetch, not a filtered read.
        public var onlyItsPixel = false

        public init(wholeColours: Bool = false, onlyItsPixel: Bool = false) {
            self.wholeColours = wholeColours
            self.onlyItsPixel = onlyItsPixel
        }
    }

    /// What a built-in kind's code lets the backend skip (it travels with the
    /// code, `ShaderCode.builtIn`; a file's code reads as written).
    package static func reads(_ kind: TransitionKind) -> Reads {
        switch kind {
        case .colorPhase, .burn: return Reads(onlyItsPixel: true)
        case .fadeGrayscale, .radial: return Reads(wholeColours: true, onlyItsPixel: true)
        default: return Reads(wholeColours: isShader(kind))
        }
    }

    package static func code(_ kind: TransitionKind) -> String {
        switch kind {
        case .crosszoom:
            // A zoom blur towards the centre, strongest halfway, over a crossfade.
            return """
                vec4 transition(vec2 uv) {
                    float blur = 0.3 * sin(progress * 3.14159265);
                    float fade = smoothstep(0.0, 1.0, progress);
                    vec4 sum = vec4(0.0);
                    for (int i = 0; i < 4; i++) {
                        vec2 at = 0.5 + (uv - 0.5) * (1.0 - blur * float(i) / 3.0);
                        sum += mix(getFromColor(at), getToColor(at), fade);
                    }
                    return sum / 4.0;
                }
                """
        case .dreamyZoom:
            // Both pictures turn and zoom in towards the middle, and back out.
            return """
                vec4 transition(vec2 uv) {
                    float peak = 1.0 - abs(2.0 * progress - 1.0);
                    float angle = 0.35 * peak * (progress < 0.5 ? 1.0 : -1.0);
                    vec2 p = (uv - 0.5) * vec2(ratio, 1.0);
                    p = mat2(cos(angle), sin(angle), -sin(angle), cos(angle)) * p / (1.0 + 0.6 * peak);
                    vec2 at = p / vec2(ratio, 1.0) + 0.5;
                    return mix(getFromColor(at), getToColor(at), smoothstep(0.4, 0.6, progress));
                }
                """
        case .directionalWarp:
            // A soft front crosses the frame from the bottom right to the top left; the
            // outgoing picture shrinks into it and the incoming one grows out of it.
            return """
                vec4 transition(vec2 uv) {
                    float along = dot(uv, vec2(-0.5, 0.5)) + 0.5;
                    float m = clamp((progress * 1.5 - along) / 0.5, 0.0, 1.0);
                    return mix(getFromColor((uv - 0.5) * (1.0 - m) + 0.5), getToColor((uv - 0.5) * m + 0.5), m);
                }
                """
        case .linearBlur:
            // A horizontal blur of both pictures, widest halfway, over a crossfade.
            return """
                vec4 transition(vec2 uv) {
                    float width = 0.08 * sin(progress * 3.14159265);
                    vec4 sum = vec4(0.0);
                    for (int i = 0; i < 4; i++) {
                        vec2 at = uv + vec2(width * (float(i) / 3.0 - 0.5), 0.0);
                        sum += mix(getFromColor(at), getToColor(at), progress);
                    }
                    return sum / 4.0;
                }
                """
        case .colorPhase:
            // Red changes first, then green, then blue.
            return """
                vec4 transition(vec2 uv) {
                    vec4 w = smoothstep(vec4(0.0, 0.2, 0.4, 0.0), vec4(0.6, 0.8, 1.0, 1.0), vec4(progress));
                    return mix(getFromColor(uv), getToColor(uv), w);
                }
                """
        case .simpleZoom:
            // The outgoing picture zooms in to twice its size as the incoming one fades in.
            return """
                vec4 transition(vec2 uv) {
                    return mix(getFromColor(0.5 + (uv - 0.5) / (1.0 + progress)), getToColor(uv), progress);
                }
                """
        case .fadeGrayscale:
            // The colour drains to grey, the greys cross, the colour comes back.
            return """
                vec4 transition(vec2 uv) {
                    vec4 a = getFromColor(uv);
                    vec4 b = getToColor(uv);
                    vec3 weights = vec3(0.2126, 0.7152, 0.0722);
                    vec4 grey = vec4(vec3(mix(dot(a.rgb, weights), dot(b.rgb, weights), progress)), 1.0);
                    return mix(grey, progress < 0.5 ? a : b, abs(1.0 - 2.0 * progress));
                }
                """
        case .ripple:
            // Rings spread from the middle, strongest halfway, over a crossfade.
            return """
                vec4 transition(vec2 uv) {
                    vec2 d = (uv - 0.5) * vec2(ratio, 1.0);
                    float wave = sin(length(d) * 40.0 - progress * 30.0) * 0.03 * sin(progress * 3.14159265);
                    vec2 at = uv + d * wave;
                    return mix(getFromColor(at), getToColor(at), progress);
                }
                """
        case .swirl:
            // Both pictures twist around the middle, most halfway, over a crossfade.
            return """
                vec4 transition(vec2 uv) {
                    vec2 p = (uv - 0.5) * vec2(ratio, 1.0);
                    float angle = 6.0 * sin(progress * 3.14159265) * max(0.0, 0.7 - length(p));
                    p = mat2(cos(angle), sin(angle), -sin(angle), cos(angle)) * p;
                    vec2 at = p / vec2(ratio, 1.0) + 0.5;
                    return mix(getFromColor(at), getToColor(at), progress);
                }
                """
        case .burn:
            // Both pictures glow hot orange as they cross.
            return """
                vec4 transition(vec2 uv) {
                    vec3 glow = vec3(0.9, 0.4, 0.2);
                    vec3 a = getFromColor(uv).rgb + glow * progress;
                    vec3 b = getToColor(uv).rgb + glow * (1.0 - progress);
                    return vec4(clamp(mix(a, b, progress), 0.0, 1.0), 1.0);
                }
                """
        case .pixelize:
            // Squares grow to a twentieth of the height halfway, then shrink, over a crossfade.
            return """
                vec4 transition(vec2 uv) {
                    float size = 0.1 * min(progress, 1.0 - progress);
                    vec2 cell = vec2(size / ratio, size);
                    vec2 at = size > 0.0 ? (floor(uv / cell) + 0.5) * cell : uv;
                    return mix(getFromColor(at), getToColor(at), progress);
                }
                """
        case .radial:
            // A clock hand sweeps clockwise from twelve, uncovering the incoming picture.
            return """
                vec4 transition(vec2 uv) {
                    float turn = atan((uv.x - 0.5) * ratio, uv.y - 0.5) / 6.28318531;
                    return fract(turn + 1.0) < progress ? getToColor(uv) : getFromColor(uv);
                }
                """
        case .doorway:
            // The outgoing picture opens as two doors; the incoming one comes forward behind them.
            return """
                vec4 transition(vec2 uv) {
                    float shift = 0.5 * progress;
                    bool door = uv.x < 0.5 ? uv.x + shift < 0.5 : uv.x - shift > 0.5;
                    vec2 at = door ? uv + vec2(uv.x < 0.5 ? shift : -shift, 0.0) : 0.5 + (uv - 0.5) * (1.0 - 0.2 * (1.0 - progress));
                    vec4 from = getFromColor(at);
                    vec4 to = getToColor(at);
                    return door ? from : to;
                }
                """
        case .pushUp:
            // The incoming picture comes up from the bottom and pushes the outgoing one off the top.
            return """
                vec4 transition(vec2 uv) {
                    bool outgoing = uv.y >= progress;
                    vec2 at = outgoing ? uv - vec2(0.0, progress) : uv + vec2(0.0, 1.0 - progress);
                    vec4 from = getFromColor(at);
                    vec4 to = getToColor(at);
                    return outgoing ? from : to;
                }
                """
        case .pushDown:
            // The incoming picture comes down from the top and pushes the outgoing one off the bottom.
            return """
                vec4 transition(vec2 uv) {
                    bool outgoing = uv.y < 1.0 - progress;
                    vec2 at = outgoing ? uv + vec2(0.0, progress) : uv - vec2(0.0, 1.0 - progress);
                    vec4 from = getFromColor(at);
                    vec4 to = getToColor(at);
                    return outgoing ? from : to;
                }
                """
        case .cube:
            // The pictures are the front and right faces of a box as deep as it is wide,
            // turning a quarter turn to the left, seen from 2 widths from its axis (a
            // little more halfway, so it stays in frame); each face dims as it turns
            // away, and black shows around the box.
            return """
                vec4 transition(vec2 uv) {
                    float angle = 1.57079633 * progress;
                    float c = cos(angle), s = sin(angle);
                    float camera = 2.0 + 0.3 * sin(3.14159265 * progress);
                    // In the turned box's frame, in widths: x across, z towards the camera.
                    // The ray meets the front face at this pixel when the box is at rest.
                    vec2 origin = camera * vec2(s, c);
                    vec2 ray = vec2((uv.x - 0.5) * c - 1.5 * s, -1.5 * c - (uv.x - 0.5) * s);
                    float rise = uv.y - 0.5;
                    // The face the ray meets first, and where on it.
                    bool front = false, right = false;
                    vec2 at = uv;
                    if (origin.y > 0.5) {
                        float t = (0.5 - origin.y) / ray.y;
                        vec2 p = vec2(origin.x + t * ray.x + 0.5, t * rise + 0.5);
                        front = t > 0.0 && all(greaterThanEqual(p, vec2(0.0))) && all(lessThanEqual(p, vec2(1.0)));
                        if (front) at = p;
                    }
                    if (!front && origin.x > 0.5) {
                        float t = (0.5 - origin.x) / ray.x;
                        vec2 p = vec2(0.5 - origin.y - t * ray.y, t * rise + 0.5);
                        right = t > 0.0 && all(greaterThanEqual(p, vec2(0.0))) && all(lessThanEqual(p, vec2(1.0)));
                        if (right) at = p;
                    }
                    vec4 from = getFromColor(at);
                    vec4 to = getToColor(at);
                    if (front) return vec4(from.rgb * (0.6 + 0.4 * c), 1.0);
                    if (right) return vec4(to.rgb * (0.6 + 0.4 * s), 1.0);
                    return vec4(0.0, 0.0, 0.0, 1.0);
                }
                """
        case .pageCurl:
            // The outgoing picture is a page lifted from its bottom right corner and rolled
            // up towards the top left around a cylinder; the roll's top and the part rolled
            // over show the page's back (the picture through white paper), and the roll
            // shades the incoming picture near it.
            return """
                const float curlRadius = 0.1;
                const float curlShadow = 0.1;
                // The page's point `shift` further towards the corner than `p`, when the page reaches it.
                bool curlPage(vec2 p, vec2 towards, float shift, out vec2 at) {
                    vec2 q = p + shift * towards;
                    at = vec2(q.x / ratio, q.y);
                    return all(greaterThanEqual(at, vec2(0.0))) && all(lessThanEqual(at, vec2(1.0)));
                }
                vec4 transition(vec2 uv) {
                    // In the picture's proportions, along the diagonal to the bottom right corner.
                    vec2 p = vec2(uv.x * ratio, uv.y);
                    vec2 towards = normalize(vec2(ratio, -1.0));
                    float along = dot(p, towards);
                    float fold = mix(ratio * towards.x, towards.y - curlRadius - curlShadow, progress);
                    // Where the page shows: the point it shows, whether through its back,
                    // how lit; elsewhere the incoming picture, shaded near the roll.
                    bool page = true, back = false;
                    float light = 1.0;
                    vec2 at = uv, curled;
                    if (along <= fold) {
                        // Flat, unless the part rolled over lies on top here.
                        back = curlPage(p, towards, 2.0 * (fold - along) + 3.14159265 * curlRadius, curled);
                        if (back) at = curled;
                    } else {
                        float lift = along - fold;
                        page = false;
                        if (lift <= curlRadius) {
                            // The roll's top, seen from the back, over its bottom, seen from the front.
                            float angle = asin(lift / curlRadius);
                            back = curlPage(p, towards, curlRadius * (3.14159265 - angle) - lift, curled);
                            if (back || curlPage(p, towards, curlRadius * angle - lift, curled)) {
                                page = true;
                                at = curled;
                                if (!back) light = 0.6 + 0.4 * cos(angle);
                            }
                        }
                        if (!page) light = 1.0 - 0.4 * (1.0 - smoothstep(0.0, curlShadow, lift - curlRadius));
                    }
                    vec4 from = getFromColor(at);
                    vec4 to = getToColor(at);
                    if (back) return mix(from, vec4(1.0), 0.75);
                    return vec4((page ? from : to).rgb * light, 1.0);
                }
                """
        default:
            // Not a shader kind (lowered as layers), or `shader`, whose file carries the code.
            return "vec4 transition(vec2 uv) { return mix(getFromColor(uv), getToColor(uv), progress); }"
        }
    }
}
