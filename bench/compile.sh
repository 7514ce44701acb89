#!/usr/bin/env bash
# How compiling grows with a project's length: `render plan` of 2,000, 8,000 and 36,000
# items of 0.1 s cut from one 29.97 fps clip (36,000 is an hour: exactly 107,892 frames).
# Prints wall time and peak RSS of each, and fails if a frame count is wrong.
#
#   bench/compile.sh
#
# Environment: OUT_DIR (default bench/out), RENDER (default: the release build, built here).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT_DIR="${OUT_DIR:-$ROOT/bench/out}/compile"
mkdir -p "$OUT_DIR"
source "$(dirname "${BASH_SOURCE[0]}")/release.sh"
[[ -f $OUT_DIR/clip.mp4 ]] || ffmpeg -v error -nostdin -y -f lavfi -i testsrc2=size=320x180:rate=30000/1001:duration=20 \
  -c:v libx264 -preset ultrafast "$OUT_DIR/clip.mp4"
declare -A FRAMES=([2000]=5994 [8000]=23976 [36000]=107892)
printf '%7s %8s %9s %8s\n' items wall_s peak_MiB frames
status=0
for n in 2000 8000 36000; do
  project="$OUT_DIR/cuts-$n.yaml"
  awk -v n="$n" 'BEGIN {
    print "cutlist: 1\noutput: { path: out.mp4 }\ntracks:\n  - items:"
    for (i = 0; i < n; i++) { f = (i * 7) % 190 / 10; printf "      - { source: clip.mp4, from: %.1fs, to: %.1fs }\n", f, f + 0.1 }
  }' >"$project"
  /usr/bin/time -f '%e %M' -o "$OUT_DIR/.time" "$RENDER" plan "$project" --no-cache >"$OUT_DIR/plan-$n.txt"
  read -r wall kib <"$OUT_DIR/.time"
  frames=$(awk '/^output/ { for (i = 1; i <= NF; i++) if ($i == "frames") print $(i + 1) }' "$OUT_DIR/plan-$n.txt")
  [[ $frames == "${FRAMES[$n]}" ]] || { echo "error: $n items gave $frames frames, not ${FRAMES[$n]}" >&2; status=1; }
  printf '%7d %8s %9d %8s\n' "$n" "$wall" $((kib / 1024)) "$frames"
done
exit $status
