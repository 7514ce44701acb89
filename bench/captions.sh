#!/usr/bin/env bash
# What burned-in captions cost: a 1080p 30 fps render of DURATION seconds
# (default 3600, the issue's hour) of a looped 10 s clip, with an SRT of one
# two-line cue every 3.6 s (1,000 cues an hour) drawn over it, against the same
# render without captions. The two are paired in the same run, RUNS times
# (default 1) alternated; one worker, no cache. Prints the median wall and CPU
# (user + sys) seconds of each and the captions' share over the plain render.
#
#   DURATION=60 bench/captions.sh
#
# Its inputs are made here (no shared media). OUT_DIR and RENDER as bench/run.sh.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT_DIR="${OUT_DIR:-$ROOT/bench/out}"
DURATION="${DURATION:-3600}"
source "$(dirname "${BASH_SOURCE[0]}")/release.sh"
out="$OUT_DIR/captions"
mkdir -p "$out"
[[ -f $out/clip.mp4 ]] || ffmpeg -v error -nostdin -y -f lavfi -i "testsrc2=size=1920x1080:rate=30:duration=10" \
  -c:v libx264 -preset veryfast -pix_fmt yuv420p "$out/clip.mp4"
awk -v duration="$DURATION" 'function stamp(t) {
    return sprintf("%02d:%02d:%02d,%03d", int(t / 3600), int(t / 60) % 60, int(t) % 60, int((t - int(t)) * 1000 + 0.5))
  }
  BEGIN {
    for (n = 1; (n - 1) * 3.6 + 3 <= duration; n++) {
      start = (n - 1) * 3.6
      printf "%d\n%s --> %s\nCue %d of the long talk, with a first line\nand a second line under it\n\n", n, stamp(start), stamp(start + 3), n
    }
  }' >"$out/talk.srt"
for name in captions plain; do
  {
    echo "cutlist: 1"
    echo "output: { size: 1920x1080, fps: 30, duration: ${DURATION}s, video: { preset: veryfast, copy: never }, audio: none }"
    echo "tracks:"
    echo "  - items: [{ source: clip.mp4, loop: true, until: end }]"
    [[ $name == captions ]] && echo "  - items: [{ captions: talk.srt, font_size: 48, stroke: { color: black, width: 3 } }]"
  } >"$out/$name.yaml"
done
declare -A wall cpu
for run in $(seq "${RUNS:-1}"); do
  for name in captions plain; do
    /usr/bin/time -f "%e %U %S" -o "$out/$name.time" \
      "$RENDER" "$out/$name.yaml" -o "$out/$name.mp4" --no-cache --jobs 1 --progress none >/dev/null 2>&1
    read -r elapsed user sys <"$out/$name.time"
    wall[$name]+="$elapsed "
    cpu[$name]+="$(echo "$user + $sys" | bc) "
  done
done
median() { tr ' ' '\n' <<<"$1" | grep . | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
echo "$(grep -c -- '-->' "$out/talk.srt") cues over ${DURATION} s at 1080p30; $(uptime)"
printf '%-9s %8s %8s\n' render wall_s cpu_s
for name in captions plain; do printf '%-9s %8.2f %8.2f\n' "$name" "$(median "${wall[$name]}")" "$(median "${cpu[$name]}")"; done
awk -v cw="$(median "${wall[captions]}")" -v pw="$(median "${wall[plain]}")" \
  -v cc="$(median "${cpu[captions]}")" -v pc="$(median "${cpu[plain]}")" 'BEGIN {
    printf "captions over plain: %+.1f%% wall, %+.1f%% CPU\n", 100 * (cw - pw) / pw, 100 * (cc - pc) / pc
  }'
