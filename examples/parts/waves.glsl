#version 300 es
// A background of soft moving bands, tinted.
precision highp float;
uniform float time;
uniform vec2 resolution;
uniform float speed;
uniform vec4 tint;
out vec4 color;
void main() {
    vec2 uv = gl_FragCoord.xy / resolution;
    float bands = 0.5 + 0.5 * sin(uv.x * 9.0 + uv.y * 4.0 + time * speed);
    float glow = 0.5 + 0.5 * sin(uv.y * 7.0 - time * speed * 0.7);
    color = vec4(tint.rgb * (0.35 + 0.45 * bands) + vec3(0.15) * glow, 1.0);
}
