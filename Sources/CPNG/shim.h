#ifndef QUIZKIOSK_CPNG_SHIM_H
#define QUIZKIOSK_CPNG_SHIM_H
// Only libpng's "simplified API" (png_image_*) is used: it reports errors through return
// values and image.message instead of longjmp, which Swift cannot survive.
#include <png.h>
#endif
