#ifndef QUIZKIOSK_CCURL_SHIM_H
#define QUIZKIOSK_CCURL_SHIM_H
// libcurl (Debian libcurl4-openssl-dev: curl built on OpenSSL), for fetching a picture's
// `url` over HTTPS when its bytes did not come over MQTT.
#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic (and with GCC, type-checking macros),
// which Swift cannot call: these take each argument type the program uses.
static inline CURLcode quizkiosk_curl_set_long(CURL *curl, CURLoption option, long value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode quizkiosk_curl_set_off(CURL *curl, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode quizkiosk_curl_set_string(CURL *curl, CURLoption option, const char *value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode quizkiosk_curl_set_pointer(CURL *curl, CURLoption option, void *value) {
    return curl_easy_setopt(curl, option, value);
}
typedef size_t (*quizkiosk_curl_write_callback)(char *data, size_t size, size_t count, void *user);
static inline CURLcode quizkiosk_curl_set_write_function(CURL *curl, quizkiosk_curl_write_callback f) {
    return curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, f);
}
static inline CURLcode quizkiosk_curl_get_long(CURL *curl, CURLINFO info, long *value) {
    return curl_easy_getinfo(curl, info, value);
}
static inline CURLcode quizkiosk_curl_get_string(CURL *curl, CURLINFO info, char **value) {
    return curl_easy_getinfo(curl, info, value);
}
#endif
