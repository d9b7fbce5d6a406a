#ifndef QUIZKIOSK_CCRYPTO_SHIM_H
#define QUIZKIOSK_CCRYPTO_SHIM_H
// OpenSSL's libcrypto (Debian libssl-dev), for digests only: SHA-256 (a picture is shown only
// when its bytes hash to what the controller named) and SHA-1 (the WebSocket handshake's
// Sec-WebSocket-Accept). Everything imports directly.
#include <openssl/evp.h>
#endif
