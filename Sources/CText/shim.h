#ifndef CUTLIST_CTEXT_SHIM_H
#define CUTLIST_CTEXT_SHIM_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_SYNTHESIS_H
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ft.h>
#include <fontconfig/fontconfig.h>

// Macros Swift cannot import as typed constants.

/// Load flags for outline glyphs rendered to 8-bit coverage (colour bitmaps allowed).
static inline FT_Int32 ctext_load_flags(void) { return FT_LOAD_DEFAULT | FT_LOAD_COLOR; }

/// Whether the face has scalable outlines.
static inline int ctext_face_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }

/// Whether the face carries the bold style flag.
static inline int ctext_face_is_bold(FT_Face face) { return (face->style_flags & FT_STYLE_FLAG_BOLD) ? 1 : 0; }

/// Whether the face carries the italic style flag.
static inline int ctext_face_is_italic(FT_Face face) { return (face->style_flags & FT_STYLE_FLAG_ITALIC) ? 1 : 0; }

static const char *const ctext_fc_family = FC_FAMILY;
static const char *const ctext_fc_weight = FC_WEIGHT;
static const char *const ctext_fc_slant = FC_SLANT;
static const char *const ctext_fc_file = FC_FILE;
static const char *const ctext_fc_index = FC_INDEX;
static const char *const ctext_fc_charset = FC_CHARSET;
static const char *const ctext_fc_scalable = FC_SCALABLE;
static const int ctext_fc_weight_regular = FC_WEIGHT_REGULAR;
static const int ctext_fc_weight_bold = FC_WEIGHT_BOLD;
static const int ctext_fc_slant_roman = FC_SLANT_ROMAN;
static const int ctext_fc_slant_italic = FC_SLANT_ITALIC;

#endif
