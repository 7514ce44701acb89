#version 300 es
// An effect on the clip it reads as input0: old film, its colours turned to
// sepia by `amount` and its corners darkened.
precision highp float;
uniform vec2 resolution;
uniform float amount;
uniform sampler2D input0;
out vec4 color;
void main() {
    vec2 uv = gl_FragCoord.xy / resolution;
    vec4 clip = texture(input0, uv);
    float luma = dot(clip.rgb, vec3(0.2126, 0.7152, 0.0722));
    vec3 sepia = luma * vec3(1.07, 0.74, 0.43);
    float corners = smoothstep(0.3, 0.8, length((uv - 0.5) * vec2(resolution.x / resolution.y, 1.0)));
    color = vec4(mix(clip.rgb, sepia, amount) * (1.0 - 0.7 * amount * corners), clip.a);
}
