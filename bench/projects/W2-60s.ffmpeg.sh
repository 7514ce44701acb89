#!/usr/bin/env bash
# bench/projects/W2-60s.yaml with the ffmpeg CLI: W2's ffmpeg command (shared bench
# ffmpeg/W2.sh) over 60 s: a[0,20) b[0,20) c[0,20) a[10,13) joined by 1 s linear
# dissolves and audio crossfades, the rotating logo, the fading title, and music.m4a
# (45 s) at 0.3 with 2 s fades, ending where the music does. Writes OUT/ffmpeg-W2-60s.mp4.
set -euo pipefail
source "${SHARED:?the shared bench folder}/common.sh"
"$FFMPEG" -hide_banner -loglevel error -nostdin -y \
  -ss 0 -t 20 -i "$MEDIA/a.mp4" \
  -ss 0 -t 20 -i "$MEDIA/b.mp4" \
  -ss 0 -t 20 -i "$MEDIA/c.mp4" \
  -ss 10 -t 3 -i "$MEDIA/a.mp4" \
  -i "$MEDIA/logo.png" \
  -i "$MEDIA/music.m4a" \
  -filter_complex "
[0:v][1:v]xfade=transition=fade:duration=1:offset=19[v01];
[v01][2:v]xfade=transition=fade:duration=1:offset=38[v02];
[v02][3:v]xfade=transition=fade:duration=1:offset=57[vx];
[4:v]scale=200:200,format=rgba,loop=loop=-1:size=1,setpts=N/(30*TB),
     rotate=a=PI*t:c=none:ow=200:oh=200,
     scale=out_color_matrix=bt709:out_range=tv,format=yuva420p[logo];
[vx][logo]overlay=x=1680:y=40:shortest=1:format=yuv420,
  drawtext=fontfile=$FONT:text=Cutlist:fontsize=72:fontcolor=white:x=(w-text_w)/2:y=(h-text_h)/2:enable='lt(t,5)':alpha='min(t,1)'[v];
[0:a][1:a]acrossfade=d=1:c1=tri:c2=tri[a01];
[a01][2:a]acrossfade=d=1:c1=tri:c2=tri[a02];
[a02][3:a]acrossfade=d=1:c1=tri:c2=tri[ax];
[5:a]volume=0.3,afade=t=in:st=0:d=2,afade=t=out:st=43:d=2[m];
[ax][m]amix=inputs=2:duration=first:normalize=0[a]" \
  -map "[v]" -map "[a]" "${ENC[@]}" "$OUT/ffmpeg-W2-60s.mp4"
