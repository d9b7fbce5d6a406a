#ifndef QUIZKIOSK_CHARFBUZZ_SHIM_H
#define QUIZKIOSK_CHARFBUZZ_SHIM_H
// HarfBuzz core plus its FreeType integration (hb-ft), which shapes with the same FT_Face the
// renderer rasterizes from, so advances and glyph ids agree.
#include <hb.h>
#include <hb-ft.h>
#include <hb-ot.h>

#endif
