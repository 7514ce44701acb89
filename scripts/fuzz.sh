#!/usr/bin/env bash
# Fuzzes the readers of outside data (Fuzz/) with libFuzzer, coverage-guided.
#
#   scripts/fuzz.sh [TARGET] [RUNS]   (default: compile, 1000000 inputs; libFuzzer's own flags may follow)
#
# TARGET is what each input is read as: compile (a project file), otio (an
# OpenTimelineIO file to import), manifest (a job's manifest.json), diff (two
# project files, old and new, split at the first NUL byte) or lsp (a byte giving
# the size of the pieces the rest arrives in, then what an editor sends `render lsp`) or captions (a
# subtitle file, read as SRT, as WebVTT and as an ASS and SSA script).
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
  lsp)
    # Editing sessions on the examples: open, ask everything, edit, shut down.
    for f in examples/*.yaml; do
      python3 - "$f" >"$corpus/seed-$(basename "$f")" <<'PYTHON'
import json, sys
path = sys.argv[1]
uri = "file:///fuzz/" + path.split("/")[-1]
text = open(path, encoding="utf-8").read()[:3000]
def message(id, method, params):
    body = {"jsonrpc": "2.0", "method": method, "params": params}
    if id is not None:
        body["id"] = id
    data = json.dumps(body, ensure_ascii=False).encode()
    return b"Content-Length: %d\r\n\r\n" % len(data) + data
document = {"uri": uri}
at = {"textDocument": document, "position": {"line": 5, "character": 12}}
whole = {"start": {"line": 0, "character": 0}, "end": {"line": 60, "character": 0}}
session = [
    message(1, "initialize", {"capabilities": {}}), message(None, "initialized", {}),
    message(None, "textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}),
    message(2, "textDocument/hover", at), message(3, "textDocument/definition", at),
    message(4, "textDocument/completion", at), message(5, "textDocument/documentSymbol", {"textDocument": document}),
    message(6, "textDocument/codeAction", {"textDocument": document, "range": whole, "context": {"diagnostics": []}}),
    message(7, "textDocument/inlayHint", {"textDocument": document, "range": whole}),
    message(None, "textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
        {"range": {"start": {"line": 3, "character": 2}, "end": {"line": 3, "character": 4}}, "text": "字🎬"}]}),
    message(8, "textDocument/hover", at), message(None, "$/cancelRequest", {"id": 8}),
    message(9, "shutdown", None), message(None, "exit", None),
]
sys.stdout.buffer.write(bytes([97]) + b"".join(session))
PYTHON
    done
    max_len=8192 ;;
  captions)
    for f in examples/parts/*.srt examples/parts/*.ass; do seed "$f" "$(basename "$f")"; done
    max_len=4096 ;;
  *) echo "TARGET must be compile, otio, manifest, diff, lsp or captions" >&2; exit 2 ;;
esac
# The manifest target writes each input to a job folder: in memory where there is /dev/shm.
[[ -d /dev/shm ]] && export TMPDIR=/dev/shm
CUTLIST_FUZZ=$TARGET .build-fuzz/release/fuzz "$corpus" -runs="$RUNS" -timeout=10 -max_len=$max_len \
  -artifact_prefix=.build-fuzz/"$TARGET"- -print_final_stats=1 "$@"
