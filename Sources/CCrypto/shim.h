#ifndef QUIZKIOSK_CCRYPTO_SHIM_H
#define QUIZKIOSK_CCRYPTO_SHIM_H
// OpenSSL's libcrypto (Debian libssl-dev), for SHA-256 only: a picture is shown only when its
// bytes hash to what the controller named. Everything imports directly.
#include <openssl/evp.h>
#endif
