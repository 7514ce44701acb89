#!/usr/bin/env bash
# Stream copy (SPEC 18) against the ffmpeg command's full re-encode of W1 (cuts only).
#
#   bench/copy.sh
#
# Two cut lists of W1's three 1080p H.264 sources (an IDR every 30 frames):
#   aligned   W1 itself: a[2,12) b[0,10) c[5,15), every cut on a keyframe
#   between   the same cuts 0.5 s later: a[2.5,12.5) b[0.5,10.5) c[5.5,15.5),
#             every cut between keyframes, so the frames up to the next keyframe are encoded
# For each, RUNS times (default 3): render with Cutlist (--no-cache, output.video.copy: auto,
# the default), then run bench's ffmpeg W1 command (a full re-encode of W1) at once.
# Prints median wall times and the median ratio, then checks the last output against the
# sources: every frame compared with the source frame ffmpeg decodes at that place
# (bit-identical count, and the lowest PSNR, which falls far below 30 dB on a wrong frame).
#
# Environment: as bench/run.sh (SHARED, MEDIA_DIR, OUT_DIR, RUNS, RENDER, JOBS).
set -euo pipefail
RUNS="${RUNS:-3}"
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

measure() {
  local stats="$OUT_DIR/.time"
  "$TIME" -f '%e' -o "$stats" "$@" >/dev/null
  cat "$stats"
}
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Writes the W1 project with its cuts `shift` seconds later.
project() {
  local shift=$1 file="$OUT_DIR/copy-$2.yaml"
  awk -v s="$shift" '{
    if (match($0, /from: [0-9.]+s, to: [0-9.]+s/)) {
      split(substr($0, RSTART, RLENGTH), p, /[: s,]+/)
      $0 = substr($0, 1, RSTART - 1) sprintf("from: %gs, to: %gs", p[2] + s, p[4] + s) substr($0, RSTART + RLENGTH)
    }
    print }' "$SHARED/cutlist/W1.yaml" >"$file"
  echo "$file"
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)   runs: $RUNS   jobs: $JOBS"
printf '%-8s %9s %9s %7s  %s\n' cuts cutlist_s ffmpeg_W1_s ratio check
for variant in aligned:0 between:0.5; do
  name=${variant%%:*} shift=${variant##*:}
  yaml=$(project "$shift" "$name")
  out="$OUT_DIR/copy-$name.mp4"
  c_times=(); f_times=(); ratios=()
  for ((run = 1; run <= RUNS; run++)); do
    ct=$(measure "$RENDER" "$yaml" --set "MEDIA=$MEDIA_DIR" -o "$out" --no-cache --jobs "$JOBS" --progress none --quiet)
    ft=$(measure bash "$SHARED/ffmpeg/W1.sh")
    c_times+=("$ct"); f_times+=("$ft")
    ratios+=("$(awk -v c="$ct" -v f="$ft" 'BEGIN { printf "%.3f", c / f }')")
  done
  # The source frames at the output's places, decoded by ffmpeg, against the output's.
  ranges=$(grep -oE 'source: "[^"]+", from: [0-9.]+s, to: [0-9.]+s' "$yaml" |
    sed -E 's/.*\/([a-c]\.mp4)", from: ([0-9.]+)s, to: ([0-9.]+)s/\1 \2 \3/')
  inputs=(); n=0
  while read -r file from to; do
    inputs+=(-ss "$from" -t "$(echo "$to - $from" | bc)" -i "$MEDIA_DIR/$file"); n=$((n + 1))
  done <<<"$ranges"
  ffmpeg -y -v error -nostdin "${inputs[@]}" -filter_complex "$(for ((i = 0; i < n; i++)); do printf '[%d:v]' $i; done)concat=n=$n:v=1[v]" \
    -map '[v]' -f framemd5 "$OUT_DIR/copy-ref.md5"
  ffmpeg -y -v error -nostdin -i "$out" -map 0:v -f framemd5 "$OUT_DIR/copy-out.md5"
  same=$(paste -d' ' <(grep -v '^#' "$OUT_DIR/copy-ref.md5" | awk -F, '{print $6}') \
    <(grep -v '^#' "$OUT_DIR/copy-out.md5" | awk -F, '{print $6}') | awk '$1 == $2' | wc -l)
  frames=$(grep -vc '^#' "$OUT_DIR/copy-out.md5")
  psnr=$(ffmpeg -y -v error -nostdin -i "$out" "${inputs[@]}" -filter_complex \
    "$(for ((i = 0; i < n; i++)); do printf '[%d:v]' $((i + 1)); done)concat=n=$n:v=1[ref];[0:v][ref]psnr=stats_file=-" \
    -f null - | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^psnr_avg:/) { split($i, p, ":"); v = p[2] == "inf" ? 999 : p[2]; if (min == "" || v < min) min = v } } END { print min }')
  printf '%-8s %9s %9s %7s  %s\n' "$name" \
    "$(printf '%s\n' "${c_times[@]}" | median)" "$(printf '%s\n' "${f_times[@]}" | median)" \
    "$(printf '%s\n' "${ratios[@]}" | median)" "$frames frames, $same bit-identical to the source's, lowest PSNR $psnr dB"
  echo "         wall pairs (cutlist/ffmpeg s): $(paste -d/ <(printf '%s\n' "${c_times[@]}") <(printf '%s\n' "${f_times[@]}") | tr '\n' ' ')"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
