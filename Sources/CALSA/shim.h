#ifndef QUIZKIOSK_CALSA_SHIM_H
#define QUIZKIOSK_CALSA_SHIM_H
// ALSA's PCM and mixer API (libasound2-dev). The *_alloca helpers are macros (alloca in the
// caller's frame): Swift uses the *_malloc and *_free functions instead.
#include <alsa/asoundlib.h>

// libasound prints its own errors to stderr ("ALSA lib pcm.c:2666: Unknown PCM default"), past
// our log and its escaping; the handler that stops it is a C variadic function, which Swift
// cannot define. The errors still come back as return codes, which we report in one line.
static void qk_alsa_quiet_handler(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}
static inline void qk_alsa_quiet_errors(void) { snd_lib_error_set_handler(qk_alsa_quiet_handler); }
#endif
