#ifndef QUIZKIOSK_CZIMG_SHIM_H
#define QUIZKIOSK_CZIMG_SHIM_H
// zimg (Debian libzimg-dev): the image scaling library of VapourSynth and FFmpeg's zscale, with
// SSE2/AVX2 kernels. Errors are return codes (zimg_get_last_error). The API version is built
// from its two numbers in Swift (ZIMG_MAKE_API_VERSION is a function-like macro).
#include <zimg.h>

// The buffers' planes are an array of an anonymous struct (`struct {…} plane[4]`), which Swift
// does not import as a member: these set plane 0, the only one a grey image has.
static inline void quizkiosk_zimg_set_source_plane(zimg_image_buffer_const *buf, const void *data, ptrdiff_t stride) {
    buf->plane[0].data = data;
    buf->plane[0].stride = stride;
    buf->plane[0].mask = ZIMG_BUFFER_MAX;
}
static inline void quizkiosk_zimg_set_destination_plane(zimg_image_buffer *buf, void *data, ptrdiff_t stride) {
    buf->plane[0].data = data;
    buf->plane[0].stride = stride;
    buf->plane[0].mask = ZIMG_BUFFER_MAX;
}
#endif
