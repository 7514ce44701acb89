// libwebp's animation decoder: animated WebP, which FFmpeg 5.1 cannot decode.
#include <webp/decode.h>
#include <webp/demux.h>
