#ifndef QUIZKIOSK_CUTF8PROC_SHIM_H
#define QUIZKIOSK_CUTF8PROC_SHIM_H
// utf8proc (Debian libutf8proc-dev): NFC and full case folding for players' names. Swift's
// standard library has no public normalization API on Linux without Foundation. Everything
// imports directly.
#include <utf8proc.h>
#endif
