#ifndef QUIZKIOSK_CTHAI_SHIM_H
#define QUIZKIOSK_CTHAI_SHIM_H
// libthai's word segmentation (a dictionary from libthai-data): Thai is written without
// spaces between words, and a line may only break between words.
#include <thai/thbrk.h>
#include <thai/thwbrk.h>

#endif
