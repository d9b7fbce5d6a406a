#ifndef QUIZKIOSK_CHYPHEN_SHIM_H
#define QUIZKIOSK_CHYPHEN_SHIM_H
// libhyphen (Hunspell's hyphenator, TeX patterns in LibreOffice's .dic form): where a word may
// be hyphenated, with the hyphen-* dictionaries Debian ships under /usr/share/hyphen.
// libhyphen-dev has no pkg-config file: the module map links -lhyphen itself.
#include <hyphen.h>

#endif
