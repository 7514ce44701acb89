#!/usr/bin/env bash
# Rendering as array tasks (SPEC 19) on this machine: a project (default W2, 28 s of
# 1080p composite) split into 1 task and into N tasks (default: the core count) run at
# once with one worker each, then joined, and the ffmpeg command doing the same edit in
# the same run (the shared bench's ffmpeg/W2.sh, or REFERENCE; REFERENCE=none skips it).
# Prints the wall time of each, the speed-up, the join's time and its share of the
# one-task render (wall, and CPU: user + sys, which a loaded machine disturbs less), the
# ratios to ffmpeg, and checks both joins give the same bytes. N = 1 runs the one task
# and its join only.
#
#   bench/distributed.sh [N]
#   PROJECT=bench/projects/W2-60s.yaml REFERENCE=bench/projects/W2-60s.ffmpeg.sh bench/distributed.sh
#   PROJECT=bench/projects/W2-10min.yaml REFERENCE=none bench/distributed.sh 1   # the join's share over 10 min
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
# Runs a command under /usr/bin/time; prints its user + sys seconds.
cpu() { "$TIME" -f "%U %S" -o "$out/time" "$@" 2>/dev/null; awk '{ print $1 + $2 }' "$out/time"; }
for tasks in 1 "$n"; do
  "$RENDER" split "$project" --set "MEDIA=$MEDIA_DIR" -o "$out/job$tasks" --tasks "$tasks" >/dev/null
done
start=$(date +%s.%N)
one_cpu=$(cpu "$RENDER" chunk "$out/job1" --index 0 --jobs 1)
one=$(seconds "$start")
start=$(date +%s.%N)
join_cpu=$(cpu "$RENDER" join "$out/job1" -o "$out/joined-1.mp4")
join=$(seconds "$start")
awk -v one="$one" -v join="$join" -v one_cpu="$one_cpu" -v join_cpu="$join_cpu" 'BEGIN {
  printf "1 task: %.2f s (CPU %.2f s)   join: %.2f s (CPU %.2f s)\n", one, one_cpu, join, join_cpu
  printf "join / one-task render: %.2f%% of the wall time, %.2f%% of the CPU time\n", 100 * join / one, 100 * join_cpu / one_cpu }'
[[ $n -gt 1 ]] || exit 0
start=$(date +%s.%N)
for ((k = 0; k < n; k++)); do "$RENDER" chunk "$out/job$n" --index "$k" --jobs 1 2>/dev/null & done
wait
many=$(seconds "$start")
"$RENDER" join "$out/job$n" -o "$out/joined.mp4" 2>/dev/null
cmp -s "$out/joined.mp4" "$out/joined-1.mp4" || { echo "error: the joins differ" >&2; exit 1; }
awk -v one="$one" -v many="$many" -v n="$n" 'BEGIN {
  printf "%d tasks at once: %.2f s   speed-up %.2f; both joins byte-identical\n", n, many, one / many }'
[[ $reference != none ]] || exit 0
start=$(date +%s.%N)
bash "$reference"
ffmpeg=$(seconds "$start")
awk -v one="$one" -v many="$many" -v join="$join" -v n="$n" -v ff="$ffmpeg" 'BEGIN {
  printf "ffmpeg command: %.2f s; 1 task + join / ffmpeg %.2f, %d tasks + join / ffmpeg %.2f\n", ff, (one + join) / ff, n, (many + join) / ff }'
