#!/usr/bin/env bash
# Where a one-worker render's memory goes: a RANGE of a bench workload rendered
# with one worker and no cache, every frame encoded, under valgrind's massif. Prints
# the heap at its peak by owner (x264, libav's decoders and frames, Cutlist's own
# Swift objects, the rest) and, from a run of the same range without valgrind, the
# peak RSS and how much of it is mapped files (the binary and shared libraries).
#
#   bench/memory.sh W2              # 8.5s..10s of W2: the first crossfade, two sources decoding
#   RANGE=2s..3s bench/memory.sh W3
#
# Environment: as bench/run.sh (SHARED, MEDIA_DIR, OUT_DIR, RENDER).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
workload=${1:-W2}
range=${RANGE:-8.5s..10s}
out="$OUT_DIR/memory"
valgrind_inputs "$out" "$workload"
args=("$out/$workload.yaml" --set "MEDIA=$MEDIA_DIR" -o "$out/$workload.mp4" --no-cache --jobs 1 --progress none
  --quiet --range "$range")

# Peak RSS and its file-backed part, sampled every 50 ms.
"$out/render" "${args[@]}" &
pid=$!
rss=0 files=0
while kill -0 "$pid" 2>/dev/null; do
  read -r now mapped < <(awk '/^Rss:/ { r = $2 } /^Pss_File:/ { f = $2 } END { print r + 0, f + 0 }' \
    "/proc/$pid/smaps_rollup" 2>/dev/null || echo "0 0")
  if ((now > rss)); then rss=$now files=$mapped; fi
  sleep 0.05
done
wait "$pid"

valgrind --tool=massif --massif-out-file="$out/$workload.massif" --depth=30 --threshold=0.5 \
  "$out/render" "${args[@]}" 2>/dev/null
ms_print "$out/$workload.massif" >"$out/$workload.txt"
awk -v name="$workload $range" -v rss="$rss" -v files="$files" '
  function mib(b) { return b / 1048576 }
  function size(line) { sub(/^[^(]*\(/, "", line); sub(/B\).*/, "", line); gsub(",", "", line); return line + 0 }
  /Detailed snapshots:/ { match($0, /[0-9]+ \(peak\)/); peak = substr($0, RSTART, RLENGTH); sub(/ .*/, "", peak) }
  # The peak snapshot: its row in the table, then its allocation tree.
  peak != "" && $1 == peak && $2 ~ /^[0-9,]+$/ {
    inside = 1; useful = $4; gsub(",", "", useful); next
  }
  inside && /^ *[0-9]+ +[0-9,]+ +[0-9,]+/ { inside = 0 }
  !inside { next }
  /^->/ {
    if ($0 ~ /x264_malloc/) x264 += size($0)
    else if ($0 ~ /libavutil|libavcodec|libswscale|libswresample|libavformat/) libav += size($0)
    else if ($0 ~ /swift_slowAlloc|libswiftCore|\/memory\/render\]/) own += size($0)
    else rest += size($0)
  }
  # x264 allocates once when opened, then frames as its pipeline fills (look-ahead,
  # references, frame threads): the first node of each path that says which.
  /x264_encoder_encode/ { encoding += size($0) }
  /x264_encoder_open/ { opening += size($0) }
  END {
    printf "%s: %.0f MiB on the heap at its peak (massif, blocks as asked for)\n", name, mib(useful)
    printf "  x264                         %4.0f MiB: %.0f when opened, %.0f of frames while encoding\n", mib(x264), mib(opening), mib(encoding)
    printf "  libav: decoders, frames      %4.0f MiB\n", mib(libav)
    printf "  Cutlist (Swift objects)      %4.0f MiB\n", mib(own)
    printf "  the rest (fonts, libc, ...)  %4.0f MiB\n", mib(rest)
    printf "peak RSS without valgrind: %.0f MiB, of which mapped files (binary, libraries) %.0f MiB\n", rss / 1024, files / 1024
  }' "$out/$workload.txt"
echo "the whole tree at the peak: ms_print $out/$workload.massif"
