# Sourced by the benchmark scripts: the shared bench folder, the inputs (made once),
# the output folder, /usr/bin/time and the release `render` (built unless RENDER is set).
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SHARED="${SHARED:-$ROOT/../shared/bench}"
export MEDIA_DIR="${MEDIA_DIR:-$ROOT/bench/media}"
export OUT_DIR="${OUT_DIR:-$ROOT/bench/out}"
JOBS="${JOBS:-$(nproc)}"
TIME=/usr/bin/time

[[ -d $SHARED ]] || { echo "error: no shared bench folder at '$SHARED' (set SHARED)" >&2; exit 2; }
[[ -x $TIME ]] || { echo "error: $TIME is missing (apt-get install time)" >&2; exit 2; }
mkdir -p "$OUT_DIR"

bash "$SHARED/make_media.sh" | grep -v '^skip ' || true

source "$(dirname "${BASH_SOURCE[0]}")/release.sh"

# For the valgrind scripts: `valgrind_render` in folder $1 and workload $2's
# project with every frame encoded (no stream copy).
valgrind_inputs() {
  valgrind_render "$1"
  sed 's/video: { codec: h264/video: { copy: never, codec: h264/' "$SHARED/cutlist/$2.yaml" >"$1/$2.yaml"
}

# The 60 s edit of bench/edit-loop.sh and bench/studio.sh, one "SOURCE FROM LENGTH" line an
# item: 30 items (or $2) of 2, 2.5 and 1.5 s from the three bench sources; item 16 (or
# number $3) starts $1 s into its source.
clip_list() {
  local count=${2:-30} edited=${3:-16}
  awk -v count="$count" -v edited="$edited" -v from="$1" -v media="$MEDIA_DIR" 'BEGIN {
    split("2 2.5 1.5", lengths, " "); split("a b c", sources, " ")
    for (k = 0; k < count; k++)
      printf "%s/%s.mp4 %s %s\n", media, sources[k % 3 + 1], k + 1 == edited ? from : sprintf("%.1f", (k * 1.3) % 16), lengths[k % 3 + 1]
  }'
}
