#ifndef QUIZKIOSK_CTURBOJPEG_SHIM_H
#define QUIZKIOSK_CTURBOJPEG_SHIM_H
// libjpeg-turbo through its TurboJPEG API (Debian libturbojpeg0-dev), not libjpeg's: libjpeg
// reports every error by calling error_exit, which must longjmp out of the decoder, and Swift
// can neither setjmp nor survive a longjmp across its frames. TurboJPEG returns -1 and keeps
// the message. It still decodes with libjpeg-turbo's DCT scaling (tjDecompress2 at a scaled
// size) and its SIMD code.
#include <turbojpeg.h>
#endif
