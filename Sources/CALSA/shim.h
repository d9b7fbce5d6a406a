#ifndef QUIZKIOSK_CALSA_SHIM_H
#define QUIZKIOSK_CALSA_SHIM_H
// ALSA's PCM and mixer API (libasound2-dev). Every function Swift calls is a real function;
// the *_alloca helpers are macros (alloca in the caller's frame), so Swift uses the *_malloc
// and *_free functions instead, and nothing else needs wrapping.
#include <alsa/asoundlib.h>
#endif
