// The least a shader transition can do: the crossfade, drawn by the shading path.
// What it costs over `crossfade` is the floor under every shader transition.
vec4 transition(vec2 uv) {
    return mix(getFromColor(uv), getToColor(uv), progress);
}
