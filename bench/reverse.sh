#!/usr/bin/env bash
# `reverse: true` against `ffmpeg -vf reverse -af areverse` on 60 s of 1080p H.264 with
# B-frames and sound: a 2-second group of pictures (as cameras and streaming encoders
# write) and x264's default 250 frames. Each pair runs in the same loop; per source it
# prints the median wall time and the peak RSS (/usr/bin/time -f %M) of Cutlist's
# reverse, ffmpeg's reverse, Cutlist's forward render of the same clip (the same encode
# without reversing: what reversing adds), and ffmpeg decoding the clip forward alone.
# One worker, no cache, so the memory is one reader's.
#
#   bench/reverse.sh
#   RUNS=1 bench/reverse.sh
#
# Environment: as bench/run.sh (SHARED, MEDIA_DIR, OUT_DIR, RENDER).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
out="$OUT_DIR/reverse"
runs=${RUNS:-2}
mkdir -p "$out"
for gop in 60 250; do
  [[ -f $out/gop$gop.mp4 ]] || ffmpeg -v error -nostdin -y -f lavfi -i "testsrc2=size=1920x1080:rate=30:duration=60" \
    -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=60" -c:v libx264 -preset veryfast -crf 20 \
    -bf 3 -g "$gop" -keyint_min "$gop" -sc_threshold 0 -pix_fmt yuv420p -c:a aac -b:a 128k "$out/gop$gop.mp4"
  for way in reverse forward; do
    cat >"$out/$way-$gop.yaml" <<YAML
cutlist: 1
output: { size: 1920x1080, fps: 30, video: { preset: veryfast, crf: 20, copy: never } }
tracks:
  - items: [{ source: gop$gop.mp4$([[ $way == reverse ]] && echo ", reverse: true") }]
YAML
  done
done
# "SECONDS KIB" of a command.
measure() {
  local log="$out/time.log"
  $TIME -f "%e %M" -o "$log" "$@" >/dev/null 2>&1 || { echo "error: $* failed" >&2; exit 1; }
  cat "$log"
}
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
for gop in 60 250; do
  declare -A wall=() rss=()
  for ((run = 1; run <= runs; run++)); do
    for job in cutlist-reverse ffmpeg-reverse cutlist-forward ffmpeg-decode; do
      case $job in
        cutlist-reverse) result=$(measure "$RENDER" "$out/reverse-$gop.yaml" -o "$out/cutlist-$gop.mp4" --no-cache --jobs 1 --progress none) ;;
        cutlist-forward) result=$(measure "$RENDER" "$out/forward-$gop.yaml" -o "$out/forward-$gop.mp4" --no-cache --jobs 1 --progress none) ;;
        ffmpeg-reverse) result=$(measure ffmpeg -v error -nostdin -y -i "$out/gop$gop.mp4" -vf reverse -af areverse \
          -c:v libx264 -preset veryfast -crf 20 -pix_fmt yuv420p -c:a aac -b:a 128k "$out/ffmpeg-$gop.mp4") ;;
        ffmpeg-decode) result=$(measure ffmpeg -v error -nostdin -i "$out/gop$gop.mp4" -map 0:v -f null -) ;;
      esac
      wall[$job]+="${result% *} "
      rss[$job]+="${result#* } "
    done
  done
  echo "60 s of 1080p30, a group of $gop pictures with B-frames ($runs runs, medians):"
  for job in cutlist-reverse ffmpeg-reverse cutlist-forward ffmpeg-decode; do
    # shellcheck disable=SC2086
    printf '  %-16s %7.1f s  %6.0f MiB\n' "$job" "$(median ${wall[$job]})" "$(echo "$(median ${rss[$job]}) / 1024" | bc -l)"
  done
  # shellcheck disable=SC2086
  echo "  reverse: Cutlist/ffmpeg wall $(echo "scale=2; $(median ${wall[cutlist-reverse]}) / $(median ${wall[ffmpeg-reverse]})" | bc)," \
    "peak RSS $(echo "scale=3; $(median ${rss[cutlist-reverse]}) / $(median ${rss[ffmpeg-reverse]})" | bc);" \
    "Cutlist reverse/forward wall $(echo "scale=2; $(median ${wall[cutlist-reverse]}) / $(median ${wall[cutlist-forward]})" | bc)"
  frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$out/cutlist-$gop.mp4")
  [[ $frames == 1800 ]] || echo "  warning: Cutlist's reverse has $frames frames, not 1800"
  unset wall rss
done
