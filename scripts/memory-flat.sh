#!/usr/bin/env bash
# Shows that peak memory stays flat as a render grows: one 1080p30 edit (clips joined by
# crossfades, one of them looped, a rotating logo, a fading title, looped music under the
# clips) rendered for its first 10 s and for its first 60 s. Prints the peak RSS of each and
# exits 1 when they differ by more than 15% (2 on a usage or render error).
#
#   scripts/memory-flat.sh
#
# Environment:
#   MEDIA_DIR  the bench inputs (made by make_media.sh when missing)   default: bench/media
#   SHARED     the shared bench folder                                 default: ../shared/bench
#   RENDER     the render binary; when set, nothing is built           default: release build
#   LIMIT      allowed difference in percent                           default: 15
#   JOBS       render --jobs (chunk workers)                           default: the core count
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SHARED="${SHARED:-$ROOT/../shared/bench}"
export MEDIA_DIR="${MEDIA_DIR:-$ROOT/bench/media}"
LIMIT="${LIMIT:-15}"
JOBS="${JOBS:-$(nproc)}"
TIME=/usr/bin/time
[[ -x $TIME ]] || { echo "error: $TIME is missing (apt-get install time)" >&2; exit 2; }

if [[ ! -e $MEDIA_DIR/logo.png ]]; then
  [[ -d $SHARED ]] || { echo "error: no media in '$MEDIA_DIR' and no shared bench folder at '$SHARED'" >&2; exit 2; }
  bash "$SHARED/make_media.sh" >/dev/null
fi
if [[ -z ${RENDER:-} ]]; then
  (cd "$ROOT" && { swift build -c release --product render-cli && swift build -c release --product render; } 2>&1 | tail -1)
  RENDER="$ROOT/.build/release/render"
fi

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
# 10 + 10 + 10 + 20 + 16 - 4 × 1 s of crossfades = 62 s of clips.
cat >"$WORK/edit.yaml" <<'EOF'
cutlist: 1
vars: { MEDIA: media }
output:
  size: 1920x1080
  fps: 30
  video: { codec: h264, preset: veryfast, crf: 23, pixel_format: yuv420p }
  audio: { codec: aac, bitrate: 128k, sample_rate: 48000, channels: 2 }
tracks:
  - name: clips
    items:
      - { source: "${MEDIA}/a.mp4", from: 2s, to: 12s }
      - { transition: crossfade, duration: 1s }
      - { source: "${MEDIA}/b.mp4", from: 0s, to: 10s }
      - { transition: crossfade, duration: 1s }
      - { source: "${MEDIA}/c.mp4", from: 5s, to: 15s }
      - { transition: crossfade, duration: 1s }
      - { source: "${MEDIA}/a.mp4" }
      - { transition: crossfade, duration: 1s }
      - { source: "${MEDIA}/b.mp4", from: 0s, to: 4s, duration: 16s, loop: true }
  - name: logo
    items:
      - source: "${MEDIA}/logo.png"
        until: end
        size: [200, 200]
        position: [1780, 140]
        rotation: { keyframes: [{ at: 0, value: 0 }, { at: 2s, value: 360 }], repeat: forever }
  - name: title
    items:
      - text: Cutlist
        duration: 5s
        font: DejaVu Sans
        font_size: 72
        color: white
        opacity: [{ at: 0, value: 0 }, { at: 1s, value: 1 }]
  - name: music
    kind: audio
    items:
      - { source: "${MEDIA}/music.m4a", until: end, loop: true, volume: 0.3, fade_in: 2s, fade_out: 2s }
EOF

# Renders the first $1 of the edit; prints the peak RSS in KiB.
peak() {
  "$TIME" -f '%M' -o "$WORK/rss" "$RENDER" "$WORK/edit.yaml" --set "MEDIA=$MEDIA_DIR" --range "0s..$1" \
    -o "$WORK/out-$1.mp4" --no-cache --jobs "$JOBS" --progress none --quiet || { echo "error: the $1 render failed" >&2; exit 2; }
  local frames
  frames=$(ffprobe -v error -select_streams v:0 -count_packets -show_entries stream=nb_read_packets -of csv=p=0 "$WORK/out-$1.mp4")
  echo "render of $1: $frames frames" >&2
  tail -1 "$WORK/rss"
}
short=$(peak 10s)
long=$(peak 60s)
awk -v s="$short" -v l="$long" -v limit="$LIMIT" 'BEGIN {
  diff = (l - s) / s * 100
  printf "peak RSS: 10 s render %.0f MiB, 60 s render %.0f MiB (%+.1f%%, limit %s%%)\n", s / 1024, l / 1024, diff, limit
  if (diff > limit || -diff > limit) { print "memory grows with the render length"; exit 1 }
  print "memory is flat"
}'
