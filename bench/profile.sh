#!/usr/bin/env bash
# Instruction counts of a short render, repeatable on a noisy machine (valgrind's
# callgrind): a RANGE of a bench workload rendered with one worker and no cache,
# every frame encoded. Prints the instructions per output frame in all, in
# Cutlist's own code (the render binary, hashing aside) and in the libraries, and
# the functions that run the most instructions. With --no-cache every render hashes
# its sources' bytes once (for chunk fingerprints): counted apart, as it is not per frame.
#
#   bench/profile.sh W2             # 5s..5.5s of W2
#   RANGE=0s..1s bench/profile.sh W3
#
# Environment: as bench/run.sh (SHARED, MEDIA_DIR, OUT_DIR, RENDER); TOP (default 15).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
workload=${1:-W2}
range=${RANGE:-5s..5.5s}
out="$OUT_DIR/profile"
valgrind_inputs "$out" "$workload"
valgrind --tool=callgrind --callgrind-out-file="$out/$workload.callgrind" "$out/render" "$out/$workload.yaml" \
  --set "MEDIA=$MEDIA_DIR" -o "$out/$workload.mp4" --no-cache --jobs 1 --progress none --quiet --range "$range" 2>/dev/null
frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$out/$workload.mp4")
callgrind_annotate --threshold=100 "$out/$workload.callgrind" 2>/dev/null >"$out/$workload.txt"
awk -v frames="$frames" -v top="${TOP:-15}" -v name="$workload $range" '
  function count(s) { gsub(",", "", s); return s + 0 }
  /PROGRAM TOTALS/ { total = count($1) }
  /^ *[0-9,]+ \([ 0-9.]+%\) / && !/PROGRAM TOTALS/ {
    n = count($1)
    if ($0 ~ /\/profile\/render\]/ && $0 !~ /sha256/) own += n
    else if ($0 ~ /sha256/) hashing += n
    if (shown < top) { lines[shown++] = $0 }
  }
  END {
    printf "%s: %d frames, %.0f M instructions per frame\n", name, frames, total / frames / 1e6
    printf "  per frame: Cutlist code %.1f M, libraries and the rest %.0f M (hashing aside)\n",
      own / frames / 1e6, (total - own - hashing) / frames / 1e6
    printf "  hashing the sources for fingerprints (once a render, with --no-cache): %.2f G\n", hashing / 1e9
    print "  top functions:"
    for (i = 0; i < shown; i++) print "  " substr(lines[i], 1, 150)
  }' "$out/$workload.txt"
