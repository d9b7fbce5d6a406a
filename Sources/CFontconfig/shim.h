#ifndef QUIZKIOSK_CFONTCONFIG_SHIM_H
#define QUIZKIOSK_CFONTCONFIG_SHIM_H
// The machine's font configuration, to find a face for a character the bundled fonts lack.
#include <fontconfig/fontconfig.h>

#endif
