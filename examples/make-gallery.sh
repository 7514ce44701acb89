#!/usr/bin/env bash
# Renders every example and makes the README gallery's contact sheets with
# `render thumbnails --contact-sheet`: docs/gallery/NAME.png, a few frames of
# each output side by side. Also an example of taking thumbnails of a clip
# at chosen times. Run `make media` first; RENDER picks the binary.
set -euo pipefail
cd "$(dirname "$0")/.."
RENDER=${RENDER:-.build/release/render}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p docs/gallery

# The times to show, where a better choice than four evenly spaced frames exists.
times_for() {
  case "$1" in
    ass-captions) echo 0.3,1.2,2.2,3.4,4.6 ;;
    captions) echo 0.5,1.3,2.5,4.5,5.5 ;;
    compositions) echo 1,2.3,3.2,4.5 ;;
    crossfade) echo 1,1.75,2.5,3.25 ;;
    ducking) echo 0.5,1.5,3,4.5 ;;
    fast-motion) echo 0,0.3,0.6,0.9 ;;
    # Karaoke filling in word by word, then the second line.
    karaoke) echo 0.6,1.0,1.9,3.5,4.7 ;;
    picture-in-picture) echo 0.1,0.3,1,3.5 ;;
    # Frame 35 forwards, frame 50 forwards, frame 50 and 35 backwards, the held frame.
    reverse) echo 0.17,0.67,1.3,1.8,2.5 ;;
    looks) echo 0.5,1.4,2,3.2 ;;
    # Fast, then slow motion, the ramp out; backwards; moving into the freeze, frozen.
    time) echo 0.2,1,2.3,3,4,4.6 ;;
    # The background, the effect on clip A, then the middle of three shader transitions.
    # The card sliding in, then in place with the ring grown and the triangle turning.
    shapes) echo 0.3,1,2.5 ;;
    shaders) echo 0.8,2.6,3.1,4.5,5.4 ;;
    # The middle of each of the 17 built-in shader transitions.
    shader-transitions) echo 0.6,1,1.4,1.8,2.2,2.6,3,3.4,3.8,4.2,4.6,5,5.4,5.8,6.2,6.6,7 ;;
    slideshow) echo 1,2.75,4.5,7 ;;
    styles) echo 0.5,1.75,2.5,3.5 ;;
    titles) echo 0.1,0.3,1,2 ;;
    # The middle of each of the 14 transitions.
    transitions) echo 0.65,1.15,1.65,2.15,2.65,3.15,3.65,4.15,4.65,5.15,5.65,6.15,6.65,7.15 ;;
    watermark) echo 0,0.5,4,8 ;;
    *) echo "" ;;
  esac
}

# Smaller thumbnails where a sheet of many would pass the README's 100 KB a picture.
size_for() {
  case "$1" in
    shader-transitions) echo 112x112 ;;
    *) echo 160x160 ;;
  esac
}

for project in examples/*.yaml; do
  name=$(basename "$project" .yaml)
  if grep -qE '^output:.*path: *[^ ,}]+\.(m4a|wav)' "$project"; then
    echo "$name: audio only, no contact sheet"
    continue
  fi
  "$RENDER" "$project" -o "$work/$name.mp4" --quiet
  times=$(times_for "$name")
  if [ -z "$times" ]; then
    duration=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$work/$name.mp4")
    times=$(awk -v d="$duration" 'BEGIN { printf "%.3f,%.3f,%.3f,%.3f", d/8, 3*d/8, 5*d/8, 7*d/8 }')
  fi
  "$RENDER" thumbnails "$work/$name.mp4" --at "$times" --max-size "$(size_for "$name")" --contact-sheet "docs/gallery/$name.png" >/dev/null
  echo "$name: docs/gallery/$name.png ($times)"
done
