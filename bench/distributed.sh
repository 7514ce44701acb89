#!/usr/bin/env bash
# Rendering as array tasks (SPEC 19) on this machine: a project (default W2, 28 s of
# 1080p composite) split into 1 task and into N tasks (default: the core count) run at
# once with one worker each, then joined, and the ffmpeg command doing the same edit in
# the same run (the shared bench's ffmpeg/W2.sh, or REFERENCE). Prints the wall time of
# each, the speed-up, the join's time and its share of the one-task render, the ratios
# to ffmpeg, and checks both joins give the same bytes.
#
#   bench/distributed.sh [N]
#   PROJECT=bench/projects/W2-60s.yaml REFERENCE=bench/projects/W2-60s.ffmpeg.sh bench/distributed.sh
#
# Environment: as bench/run.sh (SHARED, MEDIA_DIR, OUT_DIR, RENDER).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
n="${1:-$(nproc)}"
project="${PROJECT:-$SHARED/cutlist/W2.yaml}"
reference="${REFERENCE:-$SHARED/ffmpeg/W2.sh}"
export SHARED
out="$OUT_DIR/distributed"
rm -rf "$out" && mkdir -p "$out"
seconds() { local start=$1; echo "$(date +%s.%N) - $start" | bc; }
for tasks in 1 "$n"; do
  "$RENDER" split "$project" --set "MEDIA=$MEDIA_DIR" -o "$out/job$tasks" --tasks "$tasks" >/dev/null
done
start=$(date +%s.%N)
"$RENDER" chunk "$out/job1" --index 0 --jobs 1 2>/dev/null
one=$(seconds "$start")
start=$(date +%s.%N)
for ((k = 0; k < n; k++)); do "$RENDER" chunk "$out/job$n" --index "$k" --jobs 1 2>/dev/null & done
wait
many=$(seconds "$start")
start=$(date +%s.%N)
"$RENDER" join "$out/job$n" -o "$out/joined.mp4" 2>/dev/null
join=$(seconds "$start")
"$RENDER" join "$out/job1" -o "$out/joined-1.mp4" 2>/dev/null
cmp -s "$out/joined.mp4" "$out/joined-1.mp4" || { echo "error: the joins differ" >&2; exit 1; }
start=$(date +%s.%N)
bash "$reference"
ffmpeg=$(seconds "$start")
awk -v one="$one" -v many="$many" -v join="$join" -v n="$n" -v ff="$ffmpeg" 'BEGIN {
  printf "1 task: %.2f s   %d tasks at once: %.2f s   speed-up %.2f\n", one, n, many, one / many
  printf "join: %.2f s, %.1f%% of the one-task render; both joins byte-identical\n", join, 100 * join / one
  printf "ffmpeg command: %.2f s; 1 task + join / ffmpeg %.2f, %d tasks + join / ffmpeg %.2f\n", ff, (one + join) / ff, n, (many + join) / ff }'
