#ifndef QUIZKIOSK_CCURL_SHIM_H
#define QUIZKIOSK_CCURL_SHIM_H
// libcurl (Debian libcurl4-openssl-dev: curl built on OpenSSL), for fetching a picture's
// `url` over HTTPS when its bytes did not come over MQTT.
//
// Not linked: opened with dlopen the first time a URL is fetched (`quizkiosk_curl_load`).
// Linked, libcurl brings 24 more libraries into every process (GnuTLS, Kerberos, LDAP, SSH,
// RTMP, nghttp2, ...: 3.6 MiB resident, their relocations at every start) that a screen fed
// over MQTT, the usual case, never uses. Only its types and constants come from the header;
// every call goes through the pointers below.
#include <curl/curl.h>
#include <dlfcn.h>
#include <stddef.h>

struct quizkiosk_curl_api {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *curl);
    CURLcode (*easy_setopt)(CURL *curl, CURLoption option, ...);
    CURLcode (*easy_perform)(CURL *curl);
    CURLcode (*easy_getinfo)(CURL *curl, CURLINFO info, ...);
    const char *(*easy_strerror)(CURLcode code);
};

// The one table (function-local, so that the Swift module importing this emits it).
static inline struct quizkiosk_curl_api *quizkiosk_curl_table(void) {
    static struct quizkiosk_curl_api table;
    return &table;
}
#define quizkiosk_curl (*quizkiosk_curl_table())

/// Opens libcurl and finds its functions, once (the caller serialises the first call).
/// Returns NULL, or why it could not (dlerror's message, or the name of a missing function).
static inline const char *quizkiosk_curl_load(void) {
    static const char *failure = NULL;
    static int done = 0;
    if (done) return failure;
    done = 1;
    void *lib = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL) {
        failure = dlerror();
        if (failure == NULL) failure = "cannot open libcurl.so.4";
        return failure;
    }
#define QUIZKIOSK_CURL_FIND(field, name)                                         \
    *(void **)(&quizkiosk_curl.field) = dlsym(lib, name);                        \
    if (quizkiosk_curl.field == NULL) {                                          \
        failure = "libcurl.so.4 has no " name;                                   \
        return failure;                                                          \
    }
    QUIZKIOSK_CURL_FIND(global_init, "curl_global_init")
    QUIZKIOSK_CURL_FIND(easy_init, "curl_easy_init")
    QUIZKIOSK_CURL_FIND(easy_cleanup, "curl_easy_cleanup")
    QUIZKIOSK_CURL_FIND(easy_setopt, "curl_easy_setopt")
    QUIZKIOSK_CURL_FIND(easy_perform, "curl_easy_perform")
    QUIZKIOSK_CURL_FIND(easy_getinfo, "curl_easy_getinfo")
    QUIZKIOSK_CURL_FIND(easy_strerror, "curl_easy_strerror")
#undef QUIZKIOSK_CURL_FIND
    return NULL;
}

/// Whether libcurl is open (and every function found).
static inline int quizkiosk_curl_loaded(void) { return quizkiosk_curl.easy_strerror != NULL; }

static inline CURLcode quizkiosk_curl_global_init(long flags) { return quizkiosk_curl.global_init(flags); }
static inline CURL *quizkiosk_curl_easy_init(void) { return quizkiosk_curl.easy_init(); }
static inline void quizkiosk_curl_easy_cleanup(CURL *curl) { quizkiosk_curl.easy_cleanup(curl); }
static inline CURLcode quizkiosk_curl_easy_perform(CURL *curl) { return quizkiosk_curl.easy_perform(curl); }
static inline const char *quizkiosk_curl_easy_strerror(CURLcode code) {
    return quizkiosk_curl.easy_strerror ? quizkiosk_curl.easy_strerror(code) : "libcurl is not loaded";
}

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: these take
// each argument type the program uses.
static inline CURLcode quizkiosk_curl_set_long(CURL *curl, CURLoption option, long value) {
    return quizkiosk_curl.easy_setopt(curl, option, value);
}
static inline CURLcode quizkiosk_curl_set_off(CURL *curl, CURLoption option, curl_off_t value) {
    return quizkiosk_curl.easy_setopt(curl, option, value);
}
static inline CURLcode quizkiosk_curl_set_string(CURL *curl, CURLoption option, const char *value) {
    return quizkiosk_curl.easy_setopt(curl, option, value);
}
static inline CURLcode quizkiosk_curl_set_pointer(CURL *curl, CURLoption option, void *value) {
    return quizkiosk_curl.easy_setopt(curl, option, value);
}
typedef size_t (*quizkiosk_curl_write_callback)(char *data, size_t size, size_t count, void *user);
static inline CURLcode quizkiosk_curl_set_write_function(CURL *curl, quizkiosk_curl_write_callback f) {
    return quizkiosk_curl.easy_setopt(curl, CURLOPT_WRITEFUNCTION, f);
}
static inline CURLcode quizkiosk_curl_get_long(CURL *curl, CURLINFO info, long *value) {
    return quizkiosk_curl.easy_getinfo(curl, info, value);
}
static inline CURLcode quizkiosk_curl_get_string(CURL *curl, CURLINFO info, char **value) {
    return quizkiosk_curl.easy_getinfo(curl, info, value);
}
#endif
