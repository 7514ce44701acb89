#!/usr/bin/env bash
# Paired benchmark: Cutlist against the reference ffmpeg command, workload by workload.
#
#   bench/run.sh [W1 W2 W3]        (default: all three)
#
# For each workload, RUNS times (default 2): render the Cutlist project, then run the ffmpeg
# script at once, same inputs, same output contract. Prints per workload the median wall time
# of both, the median of the per-pair ratios, the peak RSS of both, and checks the Cutlist
# output's frame count and duration with ffprobe.
#
# Environment:
#   SHARED     the shared bench folder (scripts, projects)   default: ../shared/bench from the repo
#   MEDIA_DIR  inputs, made once by make_media.sh            default: bench/media (git-ignored)
#   OUT_DIR    outputs                                       default: bench/out (git-ignored)
#   RUNS       pairs per workload                            default: 2
#   RENDER     the render binary; when set, nothing is built  default: release build of this repo
#   JOBS       render --jobs (chunk workers)                  default: the core count
#   COPY       output.video.copy: auto, or never to encode every frame (W1 is cuts only:
#              with auto its untouched groups of pictures are copied)   default: auto
#
# Every Cutlist render here is a full render: --no-cache, so no chunk comes from an earlier run.
set -euo pipefail
RUNS="${RUNS:-2}"
WORKLOADS=("$@")
[[ ${#WORKLOADS[@]} -gt 0 ]] || WORKLOADS=(W1 W2 W3)
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

# Expected frames and duration of each workload's output.
declare -A FRAMES=([W1]=900 [W2]=840 [W3]=765)
declare -A SECONDS_=([W1]=30 [W2]=28 [W3]=25.5)

# Runs a command under /usr/bin/time; prints "wall_seconds peak_kib cpu_seconds".
measure() {
  local stats="$OUT_DIR/.time"
  "$TIME" -f '%e %M %U %S' -o "$stats" "$@" >/dev/null
  awk '{ printf "%s %s %.2f\n", $1, $2, $3 + $4 }' "$stats"
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)   runs per workload: $RUNS   jobs: $JOBS   copy: ${COPY:-auto}"
printf '%-4s %9s %9s %7s %12s %12s  %s\n' workload cutlist_s ffmpeg_s ratio cutlist_MiB ffmpeg_MiB check
status=0
for w in "${WORKLOADS[@]}"; do
  [[ -n ${FRAMES[$w]:-} ]] || { echo "error: unknown workload '$w' (W1, W2 or W3)" >&2; exit 2; }
  out="$OUT_DIR/cutlist-$w.mp4"
  project="$SHARED/cutlist/$w.yaml"
  if [[ ${COPY:-auto} == never ]]; then
    project="$OUT_DIR/$w-copy-never.yaml"
    sed 's/pixel_format: yuv420p }/pixel_format: yuv420p, copy: never }/' "$SHARED/cutlist/$w.yaml" >"$project"
    grep -q 'copy: never' "$project" || { echo "error: cannot set copy: never in $w.yaml" >&2; exit 2; }
  fi
  c_times=(); f_times=(); c_cpu=(); f_cpu=(); ratios=(); c_rss=0; f_rss=0
  for ((run = 1; run <= RUNS; run++)); do
    read -r ct cm cc < <(measure "$RENDER" "$project" --set "MEDIA=$MEDIA_DIR" -o "$out" --no-cache --jobs "$JOBS" --progress none --quiet)
    read -r ft fm fc < <(measure bash "$SHARED/ffmpeg/$w.sh")
    c_times+=("$ct"); f_times+=("$ft"); c_cpu+=("$cc"); f_cpu+=("$fc")
    ratios+=("$(awk -v c="$ct" -v f="$ft" 'BEGIN { printf "%.3f", c / f }')")
    (( cm > c_rss )) && c_rss=$cm
    (( fm > f_rss )) && f_rss=$fm
  done
  frames=$(ffprobe -v error -select_streams v:0 -count_packets -show_entries stream=nb_read_packets -of csv=p=0 "$out")
  duration=$(ffprobe -v error -select_streams v:0 -show_entries stream=duration -of csv=p=0 "$out")
  check="ok ($frames frames, ${duration}s)"
  if [[ $frames != "${FRAMES[$w]}" ]] || ! awk -v d="$duration" -v e="${SECONDS_[$w]}" 'BEGIN { exit !(d - e < 0.05 && e - d < 0.05) }'; then
    check="FAIL: $frames frames, ${duration}s; expected ${FRAMES[$w]} frames, ${SECONDS_[$w]}s"
    status=1
  fi
  printf '%-8s %9s %9s %7s %12d %12d  %s\n' "$w" \
    "$(printf '%s\n' "${c_times[@]}" | median)" "$(printf '%s\n' "${f_times[@]}" | median)" \
    "$(printf '%s\n' "${ratios[@]}" | median)" $((c_rss / 1024)) $((f_rss / 1024)) "$check"
  echo "         wall pairs (cutlist/ffmpeg s): $(paste -d/ <(printf '%s\n' "${c_times[@]}") <(printf '%s\n' "${f_times[@]}") | tr '\n' ' ')"
  echo "         cpu pairs (user+sys s):        $(paste -d/ <(printf '%s\n' "${c_cpu[@]}") <(printf '%s\n' "${f_cpu[@]}") | tr '\n' ' ')"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
