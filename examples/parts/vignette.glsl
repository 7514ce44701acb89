#version 300 es
// An effect over the clip beneath: dark, translucent corners that close in.
precision highp float;
uniform vec2 resolution;
uniform float strength;
out vec4 color;
void main() {
    vec2 p = gl_FragCoord.xy / resolution - 0.5;
    float edge = smoothstep(0.25, 0.75, length(p * vec2(resolution.x / resolution.y, 1.0)));
    color = vec4(0.0, 0.0, 0.0, edge * strength);
}
