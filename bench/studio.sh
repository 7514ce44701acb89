#!/usr/bin/env bash
# The studio as a person meets it (issue: a live preview page): a 60 s 1080p project of 30
# clips with a title, from an empty cache, at --quality preview, in headless Chromium:
#   - the time from opening the page to the first frame playing (the play button pressed as
#     soon as the page has its state);
#   - the stalls (`waiting` events) while playing at 1x from the start to the end;
#   - the time from saving a one-item edit (item 16's `from`) to its picture on screen, paused
#     on that item (the still), and to its re-encoded chunk being in the player.
#
#   bench/studio.sh
#
# Environment: SHARED, MEDIA_DIR, OUT_DIR and RENDER as for bench/run.sh.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

work="$OUT_DIR/studio"
rm -rf "$work" && mkdir -p "$work"

# The 30 items of bench/edit-loop.sh (clip_list in setup.sh), a title
# over the first 5 s; item 16 (30 s to 32 s on the timeline, from a.mp4) starts FROM16 s into its source.
project() {
  cat <<YAML
cutlist: 1
output:
  size: 1920x1080
  fps: 30
tracks:
  - name: clips
    items:
YAML
  clip_list "$1" | while read -r source from length; do
    echo "      - { source: \"$source\", from: ${from}s, to: $(awk -v f="$from" -v l="$length" 'BEGIN { print f + l }')s }"
  done
  cat <<YAML
  - name: title
    items:
      - { text: "Studio bench", duration: 5s, font_size: 96, color: white, position: [50%, 20%] }
YAML
}
project 3.0 >"$work/project.yaml"

"$RENDER" studio "$work/project.yaml" --port 0 --cache "$work/cache" --quality preview >"$work/stdout" 2>"$work/stderr" &
studio=$!
trap 'kill -INT $studio 2>/dev/null; wait $studio 2>/dev/null || true' EXIT
for _ in $(seq 100); do grep -q '^studio: http' "$work/stdout" && break; sleep 0.1; done
url=$(sed -n 's/^studio: \(http[^ ]*\).*/\1/p' "$work/stdout")
[[ -n $url ]] || { echo "error: the studio printed no address" >&2; cat "$work/stderr" >&2; exit 1; }

# Frame 930 (31 s) is in item 16.
result=$(timeout 400 python3 "$ROOT/Tests/RenderCLITests/Fixtures/studio/driver.py" "$url" bench --timeout 240 \
  --project "$work/project.yaml" --old "a.mp4\", from: 3.0s, to: 5s" --new "a.mp4\", from: 9.0s, to: 11s" --frame 930)
echo "$result" >"$work/result.json"
python3 - "$result" <<'PY'
import json, sys
r = json.loads(sys.argv[1])
if "failure" in r:
    print("failed:", r); sys.exit(1)
late = [t for t in r["waits"] if t > 1.0]
print(f"first frame playing after the page opened: {r['firstFrame']:.2f} s")
print(f"stalls (waiting events) at 1x from the start: {len(r['waits'])} in all, {len(late)} after the first second"
      + (f" (at {', '.join(f'{t:.1f}' for t in late)} s)" if late else ""))
print(f"frames decoded {r['frames']}, dropped {r['dropped']}, page errors {r['errors']}")
print(f"save -> edited picture on screen (paused, the still): {r['editStill']:.2f} s")
print(f"save -> edited chunk re-encoded and in the player: {r['editPlayable']:.2f} s")
print(f"chunks encoded by the edit (positions): {r['encoded']}")
PY
