#ifndef QUIZKIOSK_CFRIBIDI_SHIM_H
#define QUIZKIOSK_CFRIBIDI_SHIM_H
// GNU FriBidi: the Unicode Bidirectional Algorithm (UAX #9), as Pango and GTK use it. Only
// the algorithm is used (bidi types, bracket pairs, embedding levels, line reordering); the
// Arabic shaping it also offers is HarfBuzz's job here.
#include <fribidi.h>

#endif
