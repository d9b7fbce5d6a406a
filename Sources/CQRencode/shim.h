#ifndef QUIZKIOSK_CQRENCODE_SHIM_H
#define QUIZKIOSK_CQRENCODE_SHIM_H
// libqrencode's API is plain functions, enums and one struct: Swift imports it as is, so no
// inline wrappers are needed here.
#include <qrencode.h>

#endif
