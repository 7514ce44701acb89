#!/usr/bin/env bash
# What shaders cost: a 1080p 30 fps edit of eleven 3.2 s clips joined by ten
# 0.5 s transitions (30.2 s), rendered with ten built-in shader transitions, with
# ten `crossfade`s, and by ffmpeg's `xfade` with the nearest built-in kinds; and a
# 30 s shader background against a 30 s colour card. Each is paired in the same
# run; one worker, no cache, RUNS runs (default 3) alternated; prints the median wall
# and CPU (user + sys) seconds and the extra milliseconds per frame a shader costs
# over the plain draw (per transition frame, per background frame), and what
# ffmpeg's xfade kinds cost over its own `fade`. Shaders run on whatever EGL gives:
# Mesa's llvmpipe on a machine without a GPU.
#
#   bench/shaders.sh
#   KIND=radial bench/shaders.sh   # all ten joins one built-in kind, against crossfade only
#   KIND=bench/mix.glsl bench/shaders.sh   # all ten joins one transition file, against crossfade only
#
# Its inputs are made here (no shared media). OUT_DIR and RENDER as bench/run.sh.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT_DIR="${OUT_DIR:-$ROOT/bench/out}"
source "$(dirname "${BASH_SOURCE[0]}")/release.sh"
out="$OUT_DIR/shaders"
mkdir -p "$out"
clips=11
for i in $(seq 0 $((clips - 1))); do
  [[ -f $out/clip$i.mp4 ]] || ffmpeg -v error -nostdin -y -f lavfi -i "testsrc2=size=1920x1080:rate=30:duration=3.2" \
    -vf "hue=h=$((i * 33))" -c:v libx264 -preset veryfast -pix_fmt yuv420p "$out/clip$i.mp4"
done
shader_kinds=(crosszoom dreamy-zoom directional-warp linear-blur color-phase simple-zoom fade-grayscale pixelize radial doorway)
if [[ -n ${KIND:-} ]]; then
  kind=$KIND
  [[ $KIND == *.glsl ]] && kind="{ shader: $(realpath "$KIND") }"
  shader_kinds=()
  for _ in $(seq 10); do shader_kinds+=("$kind"); done
fi
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
xfade() {  # sets `command` to ffmpeg's edit: $1 output name, then one xfade kind per join
  local name=$1 chain="" last="0:v" offset=0
  shift
  command=(ffmpeg -v error -nostdin -y)
  for i in $(seq 0 $((clips - 1))); do command+=(-i "$out/clip$i.mp4"); done
  for i in $(seq 1 $((clips - 1))); do
    offset=$(echo "$offset + 3.2 - 0.5" | bc)
    chain+="[$last][$i:v]xfade=transition=$1:duration=0.5:offset=$offset[x$i];"
    last="x$i"
    shift
  done
  command+=(-filter_complex "${chain%;}" -map "[$last]" -c:v libx264 -preset veryfast -crf 20 -pix_fmt yuv420p -an
    "$out/$name.mp4")
}
declare -A walls cpus
runs=(shader crossfade xfade xfade-fade shader-background color-background)
[[ -n ${KIND:-} ]] && runs=(shader crossfade)
for run in $(seq "${RUNS:-3}"); do
  for name in "${runs[@]}"; do
    case $name in
      xfade) xfade xfade "${xfade_kinds[@]}" ;;
      xfade-fade) xfade xfade-fade $(printf 'fade %.0s' $(seq 10)) ;;
      *) command=("$RENDER" "$out/$name.yaml" -o "$out/$name.mp4" --no-cache --jobs 1 --progress none) ;;
    esac
    # Wall seconds, and CPU seconds (user + sys) of the process and its threads.
    /usr/bin/time -f "%e %U %S" -o "$out/time" "${command[@]}" >/dev/null 2>&1
    read -r wall user sys <"$out/time"
    walls[$name]+="$wall "
    cpus[$name]+="$(echo "$user + $sys" | bc) "
  done
done
median() { tr ' ' '\n' <<<"$1" | grep . | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
printf '%-18s %9s %9s\n' edit wall_s cpu_s
for name in "${runs[@]}"; do printf '%-18s %9.2f %9.2f\n' "$name" "$(median "${walls[$name]}")" "$(median "${cpus[$name]}")"; done
over() {  # $1: label, $2: run, $3: plain run, $4: frames
  awk -v label="$1" -v w="$(median "${walls[$2]}")" -v pw="$(median "${walls[$3]}")" -v c="$(median "${cpus[$2]}")" \
    -v pc="$(median "${cpus[$3]}")" -v frames="$4" \
    'BEGIN { printf "%-36s %+7.1f ms wall, %+7.1f ms CPU per frame (%d frames)\n", label, 1000 * (w - pw) / frames, 1000 * (c - pc) / frames, frames }'
}
over "shader transition over crossfade:" shader crossfade 150
[[ -n ${KIND:-} ]] && exit 0
over "ffmpeg xfade kinds over its fade:" xfade xfade-fade 150
over "shader background over colour:" shader-background color-background 900
