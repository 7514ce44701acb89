#ifndef CUTLIST_CFFMPEG_SHIM_H
#define CUTLIST_CFFMPEG_SHIM_H

// The parts of FFmpeg (5.1) that Cutlist's backend uses, plus static inline
// helpers for what Swift cannot import: function-like macros, compound
// literals, and values defined through macros with casts.

#include <errno.h>
#include <limits.h>
#include <malloc.h>
#include <stdint.h>
#include <stddef.h>
#include <stdio.h>

#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/audio_fifo.h>
#include <libavutil/channel_layout.h>
#include <libavutil/display.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libavutil/samplefmt.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>

/// Fixes glibc's mmap threshold (else it rises to the largest block freed so far).
static inline void cutlist_fix_mmap_threshold(int bytes) { mallopt(M_MMAP_THRESHOLD, bytes); }

/// Serves every block from glibc's heap (none mapped apart) and never returns its freed top to the system.
static inline void cutlist_keep_freed_memory(void) {
    mallopt(M_MMAP_MAX, 0);
    mallopt(M_TRIM_THRESHOLD, INT_MAX);
}

/// AVERROR(EAGAIN): "output not available in this state, send more input".
static inline int cutlist_averror_eagain(void) { return AVERROR(EAGAIN); }

/// AVERROR_EOF: end of file or fully flushed codec.
static inline int cutlist_averror_eof(void) { return AVERROR_EOF; }

/// AVERROR(ENOMEM), for allocations that return NULL.
static inline int cutlist_averror_enomem(void) { return AVERROR(ENOMEM); }

/// AVERROR(EINVAL).
static inline int cutlist_averror_einval(void) { return AVERROR(EINVAL); }

/// AVERROR(e) for any POSIX error number.
static inline int cutlist_averror(int posix_error) { return AVERROR(posix_error); }

/// AV_NOPTS_VALUE: "no timestamp".
static inline int64_t cutlist_nopts_value(void) { return AV_NOPTS_VALUE; }

/// AV_TIME_BASE: the unit of AVFormatContext.duration and start_time.
static inline int cutlist_time_base(void) { return AV_TIME_BASE; }

/// Writes av_strerror's text for `code` into `buffer` (the av_err2str macro
/// uses a compound literal Swift cannot import).
static inline void cutlist_error_string(int code, char *buffer, size_t size) {
    if (av_strerror(code, buffer, size) < 0) {
        snprintf(buffer, size, "libav error %d", code);
    }
}

/// The default channel layout for `channels` channels (mono, stereo, ...),
/// written into `layout`.
static inline void cutlist_default_channel_layout(AVChannelLayout *layout, int channels) {
    av_channel_layout_default(layout, channels);
}

/// AV_CHANNEL_LAYOUT_MONO / _STEREO are compound-literal macros; this copies
/// the stereo layout.
static inline void cutlist_stereo_channel_layout(AVChannelLayout *layout) {
    AVChannelLayout stereo = AV_CHANNEL_LAYOUT_STEREO;
    *layout = stereo;
}

/// AV_PKT_FLAG_KEY.
static inline int cutlist_packet_flag_key(void) { return AV_PKT_FLAG_KEY; }

/// AVSEEK_FLAG_BACKWARD.
static inline int cutlist_seek_flag_backward(void) { return AVSEEK_FLAG_BACKWARD; }

/// AVFMT_NOFILE / AVFMT_GLOBALHEADER of an output format.
static inline int cutlist_format_flag_nofile(void) { return AVFMT_NOFILE; }
static inline int cutlist_format_flag_globalheader(void) { return AVFMT_GLOBALHEADER; }
static inline int cutlist_format_flag_bitexact(void) { return AVFMT_FLAG_BITEXACT; }

/// AV_CODEC_FLAG_GLOBAL_HEADER.
static inline int cutlist_codec_flag_global_header(void) { return AV_CODEC_FLAG_GLOBAL_HEADER; }

/// AVIO_FLAG_WRITE.
static inline int cutlist_avio_flag_write(void) { return AVIO_FLAG_WRITE; }

/// AV_LOG_* levels.
static inline int cutlist_log_quiet(void) { return AV_LOG_QUIET; }
static inline int cutlist_log_error(void) { return AV_LOG_ERROR; }

/// SWS_BICUBIC / SWS_BILINEAR / SWS_POINT and the accurate-rounding flags.
static inline int cutlist_sws_bicubic(void) { return SWS_BICUBIC; }
static inline int cutlist_sws_bilinear(void) { return SWS_BILINEAR; }
static inline int cutlist_sws_point(void) { return SWS_POINT; }
static inline int cutlist_sws_accurate(void) { return SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT; }

/// The BT.709 Y'CbCr coefficients for sws_setColorspaceDetails.
static inline const int *cutlist_sws_bt709(void) { return sws_getCoefficients(SWS_CS_ITU709); }

/// AV_CODEC_CAP_VARIABLE_FRAME_SIZE of an encoder.
static inline int cutlist_codec_cap_variable_frame_size(void) { return AV_CODEC_CAP_VARIABLE_FRAME_SIZE; }

/// AV_INPUT_BUFFER_PADDING_SIZE: zeroed bytes libav may read past extradata.
static inline int cutlist_input_buffer_padding_size(void) { return AV_INPUT_BUFFER_PADDING_SIZE; }

/// AVFMT_FLAG_* and AV_DISPOSITION_ATTACHED_PIC.
static inline int cutlist_disposition_attached_pic(void) { return AV_DISPOSITION_ATTACHED_PIC; }

/// Whether a codec's subtitles are text (SubRip, mov_text, WebVTT, ASS), not pictures.
static inline int cutlist_codec_is_text_subtitle(enum AVCodecID id) {
    const AVCodecDescriptor *descriptor = avcodec_descriptor_get(id);
    return descriptor && (descriptor->props & AV_CODEC_PROP_TEXT_SUB) ? 1 : 0;
}

#endif
