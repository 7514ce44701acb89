#!/usr/bin/env bash
# Fuzzes the readers of outside data (Fuzz/) with libFuzzer, coverage-guided.
#
#   scripts/fuzz.sh [TARGET] [RUNS]   (default: compile, 1000000 inputs; libFuzzer's own flags may follow)
#
# TARGET is what each input is read as: compile (a project file), otio (an
# OpenTimelineIO file to import), manifest (a job's manifest.json) or diff (two
# project files, old and new, split at the first NUL byte).
#
# Builds the target with -sanitize=fuzzer into .build-fuzz/ (linked with lld: gold fails on it), seeds a working corpus in
# .build-fuzz/corpus-TARGET from the examples, the tests' fixtures and job folders `render split` makes of
# the examples, and runs RUNS inputs on one job. A crash, a hang over 10 s or a sanitizer report stops
# it and leaves the input as .build-fuzz/TARGET-crash-* (or TARGET-timeout-*): replay it with
# `CUTLIST_FUZZ=TARGET .build/debug/fuzz FILE`, then fix it with a test that reads that input.
set -euo pipefail
cd "$(dirname "$0")/.."
TARGET="${1:-compile}"
RUNS="${2:-1000000}"
shift $(($# < 2 ? $# : 2))
swift build -c release --product fuzz --scratch-path .build-fuzz \
  -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld 2>&1 | tail -1
corpus=.build-fuzz/corpus-$TARGET
mkdir -p "$corpus"
seed() { [[ -f $1 ]] && cp "$1" "$corpus/seed-$2"; }
case "$TARGET" in
  compile)
    for f in examples/*.yaml Tests/EDLParserTests/Fixtures/*.yaml; do
      seed "$f" "$(basename "$f")"
    done
    max_len=4096 ;;
  otio)
    for f in Tests/RenderCLITests/Fixtures/otio/*; do seed "$f" "$(basename "$f")"; done
    max_len=16384 ;;
  manifest)
    { swift build --product render-cli && swift build --product render; } 2>&1 | tail -1
    for example in hello titles animation; do
      job=.build-fuzz/job-$example
      rm -rf "$job"
      .build/debug/render split "examples/$example.yaml" -o "$job" >/dev/null
      seed "$job/manifest.json" "$example.json"
    done
    max_len=16384 ;;
  diff)
    examples=(examples/*.yaml)
    for i in "${!examples[@]}"; do
      old=${examples[$i]}
      new=${examples[$(((i + 1) % ${#examples[@]}))]}
      { cat "$old"; printf '\0'; cat "$new"; } >"$corpus/seed-$(basename "$old" .yaml)-$(basename "$new")"
      { cat "$old"; printf '\0'; sed 's/duration: \([0-9]\)/duration: 1\1/' "$old"; } >"$corpus/seed-$(basename "$old")"
    done
    max_len=8192 ;;
  *) echo "TARGET must be compile, otio, manifest or diff" >&2; exit 2 ;;
esac
# The manifest target writes each input to a job folder: in memory where there is /dev/shm.
[[ -d /dev/shm ]] && export TMPDIR=/dev/shm
CUTLIST_FUZZ=$TARGET .build-fuzz/release/fuzz "$corpus" -runs="$RUNS" -timeout=10 -max_len=$max_len \
  -artifact_prefix=.build-fuzz/"$TARGET"- -print_final_stats=1 "$@"
