#!/usr/bin/env bash
# What shaders cost: a 1080p 30 fps edit of eleven 3.2 s clips joined by ten
# 0.5 s transitions (30.2 s), rendered with ten built-in shader transitions, with
# ten `crossfade`s, and by ffmpeg's `xfade` with the nearest built-in kinds; and a
# 30 s shader background against a 30 s colour card. Each is paired in the same
# run; one worker, no cache, RUNS runs (default 3) alternated; prints the median wall times and
# the extra milliseconds per frame a shader costs over the plain draw (per
# transition frame, per background frame). Shaders run on whatever EGL gives:
# Mesa's llvmpipe on a machine without a GPU.
#
#   bench/shaders.sh
#
# Its inputs are made here (no shared media). OUT_DIR and RENDER as bench/run.sh.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT_DIR="${OUT_DIR:-$ROOT/bench/out}"
if [[ -z ${RENDER:-} ]]; then
  (cd "$ROOT" && { swift build -c release --product render-cli && swift build -c release --product render; } 2>&1 | tail -1)
  RENDER="$ROOT/.build/release/render"
fi
out="$OUT_DIR/shaders"
mkdir -p "$out"
clips=11
for i in $(seq 0 $((clips - 1))); do
  [[ -f $out/clip$i.mp4 ]] || ffmpeg -v error -nostdin -y -f lavfi -i "testsrc2=size=1920x1080:rate=30:duration=3.2" \
    -vf "hue=h=$((i * 33))" -c:v libx264 -preset veryfast -pix_fmt yuv420p "$out/clip$i.mp4"
done
shader_kinds=(crosszoom dreamy-zoom directional-warp linear-blur color-phase simple-zoom fade-grayscale pixelize radial doorway)
# ffmpeg's xfade kinds nearest to each (its own definitions, not the same pictures).
xfade_kinds=(zoomin zoomin diagtl hblur fade fadeslow fadegrays pixelize radial horzopen)
edit() {  # $1: name, then one transition kind per join
  local name=$1
  shift
  {
    echo "cutlist: 1"
    echo "output: { size: 1920x1080, fps: 30, video: { preset: veryfast, copy: never }, audio: none }"
    echo "tracks:"
    echo "  - items:"
    for i in $(seq 0 $((clips - 1))); do
      echo "      - { source: clip$i.mp4 }"
      ((i < clips - 1)) && echo "      - { transition: ${1:-crossfade}, duration: 0.5s }"
      shift || true
    done
  } >"$out/$name.yaml"
}
edit shader "${shader_kinds[@]}"
edit crossfade $(printf 'crossfade %.0s' $(seq 10))
cat >"$out/waves.glsl" <<'GLSL'
#version 300 es
precision highp float;
uniform float time;
uniform vec2 resolution;
out vec4 color;
void main() {
    vec2 uv = gl_FragCoord.xy / resolution;
    float v = 0.5 + 0.5 * sin(uv.x * 9.0 + uv.y * 4.0 + time * 3.0);
    color = vec4(0.2 + 0.6 * v, 0.3, 0.8 - 0.5 * v, 1.0);
}
GLSL
for background in shader-background color-background; do
  item="{ color: teal, duration: 30s }"
  [[ $background == shader-background ]] && item="{ shader: waves.glsl, duration: 30s }"
  cat >"$out/$background.yaml" <<YAML
cutlist: 1
output: { size: 1920x1080, fps: 30, video: { preset: veryfast, copy: never }, audio: none }
tracks:
  - items: [$item]
YAML
done
xfade() {
  local inputs=() chain="" last="0:v" offset=0
  for i in $(seq 0 $((clips - 1))); do inputs+=(-i "$out/clip$i.mp4"); done
  for i in $(seq 1 $((clips - 1))); do
    offset=$(echo "$offset + 3.2 - 0.5" | bc)
    chain+="[$last][$i:v]xfade=transition=${xfade_kinds[$((i - 1))]}:duration=0.5:offset=$offset[x$i];"
    last="x$i"
  done
  ffmpeg -v error -nostdin -y "${inputs[@]}" -filter_complex "${chain%;}" -map "[$last]" \
    -c:v libx264 -preset veryfast -crf 20 -pix_fmt yuv420p -an "$out/xfade.mp4"
}
declare -A times
seconds() { echo "$(date +%s.%N) - $1" | bc; }
runs=(shader crossfade xfade shader-background color-background)
for run in $(seq "${RUNS:-3}"); do
  for name in "${runs[@]}"; do
    start=$(date +%s.%N)
    if [[ $name == xfade ]]; then
      xfade
    else
      "$RENDER" "$out/$name.yaml" -o "$out/$name.mp4" --no-cache --jobs 1 --progress none 2>/dev/null
    fi
    times[$name]+="$(seconds "$start") "
  done
done
median() { tr ' ' '\n' <<<"$1" | grep . | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
printf '%-18s %9s\n' edit median_s
for name in "${runs[@]}"; do printf '%-18s %9.2f\n' "$name" "$(median "${times[$name]}")"; done
awk -v s="$(median "${times[shader]}")" -v c="$(median "${times[crossfade]}")" \
  -v b="$(median "${times[shader-background]}")" -v p="$(median "${times[color-background]}")" 'BEGIN {
    printf "shader transition over crossfade: %+.1f ms per transition frame (150 frames)\n", 1000 * (s - c) / 150
    printf "shader background over colour:    %+.1f ms per frame (900 frames)\n", 1000 * (b - p) / 900
  }'
