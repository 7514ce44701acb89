#!/usr/bin/env bash
# The edit loop: how much a one-item edit costs after a full render (SPEC 18).
#
#   bench/edit-loop.sh          # 60 s, against ffmpeg
#   bench/edit-loop.sh long     # 30 minutes, with a music bed
#
# Writes a 60 s 1080p project of 30 items cut from the bench sources (a.mp4, b.mp4,
# c.mp4), then in one run:
#   1. renders it with an empty cache                       (the first render)
#   2. changes the 'from' of item 16 and renders again      (the edit)
#   3. renders the edited project with an empty cache       (must be byte-identical to 2)
#   4. inserts a 1.5 s item at the start and renders again  (a ripple edit: chunks reused)
#   5. runs the ffmpeg command doing the first edit: the 30 input-side trims concatenated,
#      encoded with the shared bench's output contract
# and prints wall times, peak RSS, the chunks reused, and the ratios edit / first and
# each Cutlist render / the ffmpeg command.
#
# With 'long': 900 items made the same way (30 minutes of 1080p30, each with its own
# sound), over music.m4a looped to the end at 0.3; renders it with an empty
# cache, changes the 'from' of item 451 (at 15 minutes) and renders again, then renders
# the edited project again unchanged into the same file (the no-op re-render, which must
# leave that file as it is: same inode, same bytes).
# Prints the wall and CPU (user + sys) seconds and peak RSS of each, render's summary
# lines, edit / first, and the issue's targets (edit / first at most 0.02, the no-op at
# most 5 s).
#
# Environment: SHARED, MEDIA_DIR, OUT_DIR and RENDER as for bench/run.sh; JOBS (default:
# the core count) is passed as --jobs.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

long=$([[ ${1:-} == long ]] && echo 1 || echo 0)
work="$OUT_DIR/edit-loop$([[ $long == 1 ]] && echo -long)"
rm -rf "$work" && mkdir -p "$work"

# project FROM PREFIX [COUNT EDITED]: 30 items (or COUNT) of 2, 2.5 and 1.5 s from the
# three sources; item 16 (or EDITED) starts FROM seconds into its source; PREFIX is an
# extra first item or nothing. With COUNT, the music bed plays under them to the end.
project() {
  cat <<YAML
cutlist: 1
output:
  size: 1920x1080
  fps: 30
  video: { codec: h264, preset: veryfast, crf: 23 }
  audio: { codec: aac, bitrate: 128k }
tracks:
  - items:
$2
YAML
  clip_list "$1" "${3:-30}" "${4:-16}" | awk '{ printf "      - { source: \"%s\", from: %ss, to: %ss }\n", $1, $2, $2 + $3 }'
  if [[ -n ${3:-} ]]; then
    printf '  - kind: audio\n    items:\n      - { source: "%s", loop: true, until: end, volume: 0.3 }\n' "$MEDIA_DIR/music.m4a"
  fi
}

# timed NAME PROJECT CACHE [OUTPUT]: renders into NAME.mp4 (or OUTPUT.mp4), keeping render's
# summary line; prints "wall_s cpu_s peak_MiB".
timed() {
  "$TIME" -f '%e %U %S %M' -o "$work/$1.time" "$RENDER" "$2" -o "$work/${4:-$1}.mp4" --cache "$3" --jobs "$JOBS" \
    --progress none 2>"$work/$1.log"
  awk '{ printf "%s %.2f %d\n", $1, $2 + $3, $4 / 1024 }' "$work/$1.time"
}

if [[ $long == 1 ]]; then
  project 3.5 "" 900 451 >"$work/first.yaml"
  project 4.0 "" 900 451 >"$work/edited.yaml"
  echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)   jobs: $JOBS"
  read -r first_s first_cpu first_mib < <(timed first "$work/first.yaml" "$work/cache")
  echo "first render done, load $(cut -d' ' -f1-3 /proc/loadavg)"
  read -r edit_s edit_cpu edit_mib < <(timed edit "$work/edited.yaml" "$work/cache")
  before=$(stat -c '%i %s %Y' "$work/edit.mp4") && sum=$(md5sum <"$work/edit.mp4")
  read -r noop_s noop_cpu noop_mib < <(timed noop "$work/edited.yaml" "$work/cache" edit)
  printf '%-26s %8s %8s %8s  %s\n' render wall_s cpu_s peak_MiB summary
  printf '%-26s %8s %8s %8s  %s\n' "first (empty cache)" "$first_s" "$first_cpu" "$first_mib" "$(tail -1 "$work/first.log")"
  printf '%-26s %8s %8s %8s  %s\n' "item 451's from changed" "$edit_s" "$edit_cpu" "$edit_mib" "$(tail -1 "$work/edit.log")"
  printf '%-26s %8s %8s %8s  %s\n' "no-op re-render" "$noop_s" "$noop_cpu" "$noop_mib" "$(tail -1 "$work/noop.log")"
  awk -v e="$edit_s" -v f="$first_s" -v ec="$edit_cpu" -v fc="$first_cpu" -v n="$noop_s" 'BEGIN {
    printf "edit / first: %.4f wall, %.4f CPU (target <= 0.02)   no-op: %.2f s (target <= 5 s)\n", e / f, ec / fc, n }'
  [[ $(stat -c '%i %s %Y' "$work/edit.mp4") == "$before" && $(md5sum <"$work/edit.mp4") == "$sum" ]] ||
    { echo "FAIL: the no-op re-render changed the edit's output"; exit 1; }
  echo "no-op re-render left the edit's output as it was (same inode, size, date and bytes)"
  echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
  exit 0
fi

# The first project as one ffmpeg command (as bench W1 does it for three cuts), written to
# ffmpeg.sh: input-side trims, the concat filter, the shared output contract (common.sh).
reference() {
  local n=0 streams=""
  echo "source '$SHARED/common.sh'"
  printf '"$FFMPEG" -hide_banner -loglevel error -nostdin -y'
  while read -r source from length; do
    printf ' -ss %s -t %s -i %q' "$from" "$length" "$source"
    streams+="[$n:v][$n:a]"
    n=$((n + 1))
  done < <(clip_list 3.5)
  printf ' -filter_complex %q -map "[v]" -map "[a]" "${ENC[@]}" %q\n' "${streams}concat=n=$n:v=1:a=1[v][a]" "$work/ffmpeg.mp4"
}

project 3.5 "" >"$work/first.yaml"
project 4.0 "" >"$work/edited.yaml"
project 4.0 '      - { source: "'"$MEDIA_DIR"'/b.mp4", from: 1s, to: 2.5s }' >"$work/ripple.yaml"
reference >"$work/ffmpeg.sh"

# render NAME PROJECT CACHE: prints "wall_seconds peak_MiB" and keeps render's summary line.
render() { timed "$@" | awk '{ print $1, $3 }'; }

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)   jobs: $JOBS"
read -r first_s first_mib < <(render first "$work/first.yaml" "$work/cache")
read -r edit_s edit_mib < <(render edit "$work/edited.yaml" "$work/cache")
read -r fresh_s fresh_mib < <(render fresh "$work/edited.yaml" "$work/empty-cache")
read -r ripple_s ripple_mib < <(render ripple "$work/ripple.yaml" "$work/cache")
"$TIME" -f '%e %M' -o "$work/ffmpeg.time" bash "$work/ffmpeg.sh"
read -r ffmpeg_s ffmpeg_mib < <(awk '{ printf "%s %d\n", $1, $2 / 1024 }' "$work/ffmpeg.time")
same=$(cmp -s "$work/edit.mp4" "$work/fresh.mp4" && echo "byte-identical" || echo "DIFFERENT")
printf '%-28s %8s %8s  %s\n' render wall_s peak_MiB summary
printf '%-28s %8s %8s  %s\n' "first (empty cache)" "$first_s" "$first_mib" "$(tail -1 "$work/first.log")"
printf '%-28s %8s %8s  %s\n' "one item's from changed" "$edit_s" "$edit_mib" "$(tail -1 "$work/edit.log")"
printf '%-28s %8s %8s  %s\n' "same, empty cache" "$fresh_s" "$fresh_mib" "$(tail -1 "$work/fresh.log")"
printf '%-28s %8s %8s  %s\n' "1.5 s inserted at the start" "$ripple_s" "$ripple_mib" "$(tail -1 "$work/ripple.log")"
printf '%-28s %8s %8s  %s\n' "ffmpeg command, first edit" "$ffmpeg_s" "$ffmpeg_mib" "bash $work/ffmpeg.sh"
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
echo "edit / first: $(ratio "$edit_s" "$first_s")   first / ffmpeg: $(ratio "$first_s" "$ffmpeg_s")   edit / ffmpeg: $(ratio "$edit_s" "$ffmpeg_s")"
echo "edit vs empty-cache render of the edit: $same"
for f in first edit ripple; do
  errors=$(ffmpeg -v error -i "$work/$f.mp4" -f null - 2>&1 | head -3)
  [[ -z $errors ]] || { echo "FAIL: $f.mp4 does not decode cleanly: $errors"; exit 1; }
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
[[ $same == byte-identical ]]
