#!/usr/bin/env bash
# What burned-in captions cost: a 1080p 30 fps render of DURATION seconds
# (default 3600, the issue's hour) of a looped 10 s clip, with an SRT of one
# two-line cue every 3.6 s (1,000 cues an hour) drawn over it, against the same
# render without captions. The two are paired in the same run, RUNS times
# (default 1) alternated; one worker, no cache. Prints the median wall and CPU
# (user + sys) seconds of each and the captions' share over the plain render.
#
#   DURATION=60 bench/captions.sh
#
# With PROFILE=FROM..TO (a range where a cue shows, such as 1s..2s), the two are
# rendered over that range under valgrind's callgrind instead, and the script
# prints the instructions per frame of each and where the difference goes:
# the encoder, the decoder, whole-frame copies, blending the cue onto the frame,
# laying out and drawing the cue's text (once per cue), the fonts' set-up and
# the hashing of the sources (once per render), the rest.
#
# Its inputs are made here (no shared media). OUT_DIR and RENDER as bench/run.sh.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT_DIR="${OUT_DIR:-$ROOT/bench/out}"
DURATION="${DURATION:-3600}"
source "$(dirname "${BASH_SOURCE[0]}")/release.sh"
out="$OUT_DIR/captions"
mkdir -p "$out"
[[ -f $out/clip.mp4 ]] || ffmpeg -v error -nostdin -y -f lavfi -i "testsrc2=size=1920x1080:rate=30:duration=10" \
  -c:v libx264 -preset veryfast -pix_fmt yuv420p "$out/clip.mp4"
awk -v duration="$DURATION" 'function stamp(t) {
    return sprintf("%02d:%02d:%02d,%03d", int(t / 3600), int(t / 60) % 60, int(t) % 60, int((t - int(t)) * 1000 + 0.5))
  }
  BEGIN {
    for (n = 1; (n - 1) * 3.6 + 3 <= duration; n++) {
      start = (n - 1) * 3.6
      printf "%d\n%s --> %s\nCue %d of the long talk, with a first line\nand a second line under it\n\n", n, stamp(start), stamp(start + 3), n
    }
  }' >"$out/talk.srt"
for name in captions plain; do
  {
    echo "cutlist: 1"
    echo "output: { size: 1920x1080, fps: 30, duration: ${DURATION}s, video: { preset: veryfast, copy: never }, audio: none }"
    echo "tracks:"
    echo "  - items: [{ source: clip.mp4, loop: true, until: end }]"
    [[ $name == captions ]] && echo "  - items: [{ captions: talk.srt, font_size: 48, stroke: { color: black, width: 3 } }]"
  } >"$out/$name.yaml"
done
if [[ -n ${PROFILE:-} ]]; then
  valgrind_render "$out"
  for name in captions plain; do
    valgrind --tool=callgrind --callgrind-out-file="$out/$name.callgrind" "$out/render" "$out/$name.yaml" \
      -o "$out/$name-profile.mp4" --no-cache --jobs 1 --progress none --quiet --range "$PROFILE" 2>/dev/null
    callgrind_annotate --threshold=100 "$out/$name.callgrind" 2>/dev/null >"$out/$name.txt"
  done
  frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 \
    "$out/captions-profile.mp4")
  echo "$(uptime)"
  awk -v frames="$frames" -v range="$PROFILE" '
    function count(s) { gsub(",", "", s); return s + 0 }
    function part(line) {
      if (line ~ /libx264|libx265|libvpx/) return "encoder"
      if (line ~ /libavcodec/) return "decoder"
      if (line ~ /memcpy|memmove/) return "whole-frame copies"
      if (line ~ /Backend[0-9]+(Compositor|ShiftedRow|Over|PlaneMapping|PlaneMask|ColumnTap|RowTap|FilteredRows|PixelShift)/) return "blending the cue"
      if (line ~ /Backend[0-9]+(Text|CoverageMask|Canvas|Glyph|Font|LineBreaker|Bidi|Paragraph|StyledFonts|YUVAPlanes|RGBAImage)|libfreetype|libharfbuzz|libfribidi|roundf/) return "text layout and drawing (once per cue)"
      if (line ~ /libfontconfig|libexpat|sha256/) return "font set-up and hashing (once per render)"
      return "the rest"
    }
    FNR == 1 { file++ }
    /PROGRAM TOTALS/ { total[file] = count($1); next }
    /^ *[0-9,]+ \([ 0-9.]+%\) / { n = count($1); sign = file == 1 ? 1 : -1; diff[part($0)] += sign * n }
    END {
      c = total[1] / frames; p = total[2] / frames
      printf "callgrind over %s (%d frames), instructions per frame: captions %.1f M, plain %.1f M, %+.1f M (%+.1f%%)\n",
        range, frames, c / 1e6, p / 1e6, (c - p) / 1e6, 100 * (c - p) / p
      n = split("encoder,decoder,whole-frame copies,blending the cue,text layout and drawing (once per cue),font set-up and hashing (once per render),the rest", order, ",")
      for (i = 1; i <= n; i++) {
        name = order[i]
        printf "  %-46s %+8.2f M a frame, %+9.1f M in all\n", name, diff[name] / frames / 1e6, diff[name] / 1e6
      }
    }' "$out/captions.txt" "$out/plain.txt"
  exit 0
fi
declare -A wall cpu
for run in $(seq "${RUNS:-1}"); do
  for name in captions plain; do
    /usr/bin/time -f "%e %U %S" -o "$out/$name.time" \
      "$RENDER" "$out/$name.yaml" -o "$out/$name.mp4" --no-cache --jobs 1 --progress none >/dev/null 2>&1
    read -r elapsed user sys <"$out/$name.time"
    wall[$name]+="$elapsed "
    cpu[$name]+="$(echo "$user + $sys" | bc) "
  done
done
median() { tr ' ' '\n' <<<"$1" | grep . | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
echo "$(grep -c -- '-->' "$out/talk.srt") cues over ${DURATION} s at 1080p30; $(uptime)"
printf '%-9s %8s %8s\n' render wall_s cpu_s
for name in captions plain; do printf '%-9s %8.2f %8.2f\n' "$name" "$(median "${wall[$name]}")" "$(median "${cpu[$name]}")"; done
awk -v cw="$(median "${wall[captions]}")" -v pw="$(median "${wall[plain]}")" \
  -v cc="$(median "${cpu[captions]}")" -v pc="$(median "${cpu[plain]}")" 'BEGIN {
    printf "captions over plain: %+.1f%% wall, %+.1f%% CPU\n", 100 * (cw - pw) / pw, 100 * (cc - pc) / pc
  }'
