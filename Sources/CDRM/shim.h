#ifndef QUIZKIOSK_CDRM_SHIM_H
#define QUIZKIOSK_CDRM_SHIM_H
#include <stdint.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>

// DRM_FORMAT_XRGB8888 is built by the function-like macro fourcc_code(), which Swift does not
// import.
static inline uint32_t qk_drm_format_xrgb8888(void) { return DRM_FORMAT_XRGB8888; }
#endif
