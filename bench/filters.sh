#!/usr/bin/env bash
# What `fit: contain-blur` and a blur cost: a 1080p render of a portrait clip (cut
# from bench clip a.mp4) fitted with `contain`, with `contain-blur`, and with
# `filters: [{ blur: 12 }]` on the clip; and the 1080p clip itself plain and with
# `blur: 12` (a blur of a whole 1080p picture). Each is paired in the same run with
# the ffmpeg command doing the same edit (pad; split, scale, crop, gblur, overlay;
# gblur, pad; a re-encode; gblur). One worker, no cache, 3 runs each alternated;
# prints the median wall times, the ratio to ffmpeg and the extra milliseconds per
# frame over the plain render of the same clip.
#
#   bench/filters.sh
#
# Environment: as bench/run.sh (SHARED, MEDIA_DIR, OUT_DIR, RENDER).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
out="$OUT_DIR/filters"
mkdir -p "$out"
[[ -f $out/wide.mp4 ]] || ffmpeg -v error -nostdin -y -i "$MEDIA_DIR/a.mp4" -t 10 \
  -c:v libx264 -preset veryfast -pix_fmt yuv420p -an "$out/wide.mp4"
[[ -f $out/portrait.mp4 ]] || ffmpeg -v error -nostdin -y -i "$MEDIA_DIR/a.mp4" -t 10 -vf "crop=608:1080" \
  -c:v libx264 -preset veryfast -pix_fmt yuv420p -an "$out/portrait.mp4"
looks=(plain contain-blur blur plain-1080p blur-1080p)
for look in "${looks[@]}"; do
  clip=portrait.mp4
  case $look in
    plain) keys="fit: contain" ;;
    contain-blur) keys="fit: contain-blur" ;;
    blur) keys="fit: contain, filters: [{ blur: 12 }]" ;;
    plain-1080p) clip=wide.mp4 keys="fit: contain" ;;
    blur-1080p) clip=wide.mp4 keys="filters: [{ blur: 12 }]" ;;
  esac
  cat >"$out/$look.yaml" <<YAML
cutlist: 1
output: { size: 1920x1080, fps: 30, video: { preset: veryfast, copy: never }, audio: none }
tracks:
  - items: [{ source: $clip, $keys }]
YAML
done
declare -A times reference
ffmpeg_look() {
  local clip=portrait.mp4
  [[ $1 == *-1080p ]] && clip=wide.mp4
  local common=(-v error -nostdin -y -i "$out/$clip" -r 30 -c:v libx264 -preset veryfast -crf 20 -pix_fmt yuv420p -an)
  case $1 in
    plain-1080p) ffmpeg "${common[@]}" "$out/ffmpeg-$1.mp4" ;;
    blur-1080p) ffmpeg "${common[@]}" -vf "gblur=sigma=12" "$out/ffmpeg-$1.mp4" ;;
    plain) ffmpeg "${common[@]}" -vf "pad=1920:1080:656:0" "$out/ffmpeg-$1.mp4" ;;
    contain-blur) ffmpeg "${common[@]}" -filter_complex \
      "[0]split[a][b];[b]scale=1920:-2,crop=1920:1080,gblur=sigma=21.6[bg];[bg][a]overlay=(W-w)/2:0" "$out/ffmpeg-$1.mp4" ;;
    blur) ffmpeg "${common[@]}" -vf "gblur=sigma=12,pad=1920:1080:656:0" "$out/ffmpeg-$1.mp4" ;;
  esac
}
seconds() { echo "$(date +%s.%N) - $1" | bc; }
for run in 1 2 3; do
  for look in "${looks[@]}"; do
    start=$(date +%s.%N)
    "$RENDER" "$out/$look.yaml" -o "$out/$look.mp4" --no-cache --jobs 1 --progress none 2>/dev/null
    times[$look]+="$(seconds "$start") "
    start=$(date +%s.%N)
    ffmpeg_look "$look"
    reference[$look]+="$(seconds "$start") "
  done
done
median() { tr ' ' '\n' <<<"$1" | grep . | sort -n | sed -n 2p; }
frames=300
printf '%-13s %9s %9s %7s %22s\n' look cutlist_s ffmpeg_s ratio "ms/frame over plain"
for look in "${looks[@]}"; do
  plain=$(median "${times[plain]}")
  [[ $look == *-1080p ]] && plain=$(median "${times[plain-1080p]}")
  m=$(median "${times[$look]}")
  f=$(median "${reference[$look]}")
  awk -v look="$look" -v m="$m" -v f="$f" -v p="$plain" -v n="$frames" \
    'BEGIN { printf "%-13s %9.2f %9.2f %7.2f %+22.1f\n", look, m, f, m / f, 1000 * (m - p) / n }'
done
