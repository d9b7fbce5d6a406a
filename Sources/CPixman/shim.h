#ifndef QUIZKIOSK_CPIXMAN_SHIM_H
#define QUIZKIOSK_CPIXMAN_SHIM_H
// pixman (Debian libpixman-1-dev): the scaler behind cairo and the X server, used here for its
// separable convolution filter (Lanczos-3). Everything imports directly.
#include <pixman.h>
#endif
