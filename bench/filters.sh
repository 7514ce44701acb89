#!/usr/bin/env bash
# What `fit: contain-blur` costs: a 1080p render of a portrait clip (cut from bench
# clip a.mp4) fitted with `contain`, against the same with `contain-blur` and with a
# `filters: [{ blur: 12 }]` on the clip. One worker, no cache, 3 runs each
# alternated; prints the median wall time of each and the extra milliseconds per
# frame over the plain render.
#
#   bench/filters.sh
#
# Environment: as bench/run.sh (SHARED, MEDIA_DIR, OUT_DIR, RENDER).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
out="$OUT_DIR/filters"
mkdir -p "$out"
[[ -f $out/portrait.mp4 ]] || ffmpeg -v error -nostdin -y -i "$MEDIA_DIR/a.mp4" -t 10 -vf "crop=608:1080" \
  -c:v libx264 -preset veryfast -pix_fmt yuv420p -an "$out/portrait.mp4"
for look in plain contain-blur blur; do
  case $look in
    plain) keys="fit: contain" ;;
    contain-blur) keys="fit: contain-blur" ;;
    blur) keys="fit: contain, filters: [{ blur: 12 }]" ;;
  esac
  cat >"$out/$look.yaml" <<YAML
cutlist: 1
output: { size: 1920x1080, fps: 30, video: { preset: veryfast, copy: never }, audio: none }
tracks:
  - items: [{ source: portrait.mp4, $keys }]
YAML
done
declare -A times
for run in 1 2 3; do
  for look in plain contain-blur blur; do
    start=$(date +%s.%N)
    "$RENDER" "$out/$look.yaml" -o "$out/$look.mp4" --no-cache --jobs 1 --progress none >/dev/null
    times[$look]+="$(echo "$(date +%s.%N) - $start" | bc) "
  done
done
median() { tr ' ' '\n' <<<"$1" | grep . | sort -n | sed -n 2p; }
frames=300
plain=$(median "${times[plain]}")
for look in plain contain-blur blur; do
  m=$(median "${times[$look]}")
  awk -v look="$look" -v m="$m" -v p="$plain" -v f="$frames" \
    'BEGIN { printf "%-13s %6.2f s   %+6.1f ms/frame over plain\n", look, m, 1000 * (m - p) / f }'
done
