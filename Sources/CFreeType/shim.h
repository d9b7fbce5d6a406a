#ifndef QUIZKIOSK_CFREETYPE_SHIM_H
#define QUIZKIOSK_CFREETYPE_SHIM_H
// FreeType's public headers are named through macros (FT_FREETYPE_H), which a module map
// cannot follow; this header spells them out.
#include <ft2build.h>
#include <freetype/freetype.h>
#include <freetype/ftglyph.h>
#include <freetype/ftbitmap.h>
#include <freetype/ftsizes.h>
#include <freetype/tttables.h>

// FT_HAS_KERNING and FT_HAS_COLOR test face_flags through function-like macros.
static inline int qk_ft_has_kerning(FT_Face face) { return FT_HAS_KERNING(face) ? 1 : 0; }
static inline int qk_ft_has_color(FT_Face face) { return FT_HAS_COLOR(face) ? 1 : 0; }
static inline int qk_ft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }

#endif
