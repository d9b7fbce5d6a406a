#ifndef QUIZKIOSK_CPNG_SHIM_H
#define QUIZKIOSK_CPNG_SHIM_H
// Reading, and writing images with transparency, use libpng's "simplified API" (png_image_*):
// it reports errors through return values and image.message instead of longjmp, which Swift
// cannot survive. Frames are written by `quizkiosk_png_write_xrgb` below, row by row through
// the full API, with libpng's longjmp caught here in C and never crossing a Swift frame.
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <wchar.h>

/// Sets `count` 32-bit pixels to `value` through glibc's wmemset (wchar_t is 32 bits on Linux),
/// which picks the widest stores the CPU has at run time. (Here because this is the C module
/// Pixels already has; Glibc's Swift module does not bring wchar.h.)
static inline void quizkiosk_fill32(uint32_t *pixels, uint32_t value, size_t count) {
    wmemset((wchar_t *)pixels, (wchar_t)value, count);
}

/// Receives the PNG file's bytes as libpng produces them (a few KiB at a time).
typedef void (*quizkiosk_png_sink)(void *user, const unsigned char *bytes, size_t count);

struct quizkiosk_png_writer {
    jmp_buf jump;
    quizkiosk_png_sink sink;
    void *user;
    char message[128];
};

static void quizkiosk_png_error(png_structp png, png_const_charp message) {
    struct quizkiosk_png_writer *w = (struct quizkiosk_png_writer *)png_get_error_ptr(png);
    strncpy(w->message, message ? message : "libpng error", sizeof w->message - 1);
    w->message[sizeof w->message - 1] = 0;
    longjmp(w->jump, 1);
}

static void quizkiosk_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void quizkiosk_png_write(png_structp png, png_bytep data, size_t count) {
    struct quizkiosk_png_writer *w = (struct quizkiosk_png_writer *)png_get_io_ptr(png);
    w->sink(w->user, data, count);
}

static void quizkiosk_png_flush(png_structp png) { (void)png; }

/// Writes `height` rows of `width` XRGB8888 pixels (the canvas's 0xXXRRGGBB, little-endian in
/// memory: B, G, R, X), `stride` pixels apart, as an 8-bit RGB PNG — the file libpng's
/// simplified API writes for PNG_FORMAT_RGB (an sRGB chunk; with `fast`, no filters and zlib
/// level 3, its PNG_IMAGE_FLAG_FAST), byte for byte, but straight from the pixels: libpng
/// swaps B and R and drops the fourth byte of each row as it goes, so there is no copy of the
/// image, only libpng's and zlib's few rows of state. Returns 0, or -1 with libpng's message
/// in `message` (at least 128 bytes).
static inline int quizkiosk_png_write_xrgb(const uint32_t *pixels, uint32_t width, uint32_t height, size_t stride, int fast,
                                           quizkiosk_png_sink sink, void *user, char *message) {
    struct quizkiosk_png_writer writer;
    memset(&writer, 0, sizeof writer);
    writer.sink = sink;
    writer.user = user;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &writer, quizkiosk_png_error, quizkiosk_png_warning);
    if (png == NULL) {
        strcpy(message, "out of memory");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        strcpy(message, "out of memory");
        return -1;
    }
    if (setjmp(writer.jump) != 0) {
        memcpy(message, writer.message, sizeof writer.message);
        png_destroy_write_struct(&png, &info);
        return -1;
    }
    png_set_write_fn(png, &writer, quizkiosk_png_write, quizkiosk_png_flush);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE,
                 PNG_FILTER_TYPE_BASE);
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_write_info(png, info);
    png_set_bgr(png);
    png_set_filler(png, 0, PNG_FILLER_AFTER);
    if (fast) {
        png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_NO_FILTERS);
        png_set_compression_level(png, 3);
    }
    for (uint32_t y = 0; y < height; y++) {
        png_write_row(png, (png_const_bytep)(pixels + (size_t)y * stride));
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return 0;
}
#endif
