// A transition in the gl-transitions convention: the incoming picture shows
// through diagonal stripes that widen until they meet.
uniform float count; // = 8.0
vec4 transition(vec2 uv) {
    float stripe = fract((uv.x + uv.y * ratio) * count * 0.5);
    return stripe < progress ? getToColor(uv) : getFromColor(uv);
}
