#ifndef QUIZKIOSK_CWEBP_SHIM_H
#define QUIZKIOSK_CWEBP_SHIM_H
// libwebp's decoder (Debian libwebp-dev). Errors are return codes (VP8StatusCode); its static
// inline helpers (WebPGetFeatures, WebPInitDecoderConfig) import as they are.
#include <webp/decode.h>
#endif
