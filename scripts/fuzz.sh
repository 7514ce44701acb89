#!/usr/bin/env bash
# Fuzzes parsing and compiling (Fuzz/main.swift) with libFuzzer, coverage-guided.
#
#   scripts/fuzz.sh [RUNS]            (default 1000000 inputs; libFuzzer's own flags may follow)
#
# Builds the target with -sanitize=fuzzer into .build-fuzz/ (linked with lld: gold fails on it), seeds a working corpus in
# .build-fuzz/corpus from every project in examples/ and the parser tests' fixtures,
# and runs RUNS inputs on one job. A crash, a hang over 10 s or a sanitizer report stops
# it and leaves the input as .build-fuzz/crash-* (or timeout-*): replay it with
# `.build/debug/fuzz-compile FILE`, then keep it in Tests/EDLParserTests/Fixtures/fuzz/,
# where a test parses and compiles every file.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-1000000}"
shift || true
swift build -c release --product fuzz-compile --scratch-path .build-fuzz \
  -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld 2>&1 | tail -1
corpus=.build-fuzz/corpus
mkdir -p "$corpus"
for f in examples/*.yaml Tests/EDLParserTests/Fixtures/*.yaml Tests/EDLParserTests/Fixtures/fuzz/*; do
  [[ -f $f ]] && cp "$f" "$corpus/seed-$(basename "$f")"
done
.build-fuzz/release/fuzz-compile "$corpus" -runs="$RUNS" -timeout=10 -max_len=4096 \
  -artifact_prefix=.build-fuzz/ -print_final_stats=1 "$@"
