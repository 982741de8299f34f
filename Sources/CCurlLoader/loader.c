// Forwarders for the libcurl functions http.c calls (see CCurlLoader.h and CLoader.h).
//
// curl's headers are deliberately not included: their prototypes change between releases (a
// const here, a deprecation there) while the ABI does not, so the forwarders are declared with
// plain C types of the same size. Return codes are ints; handles are pointers. The variadic
// setopt/getinfo calls take exactly one argument after the option (a long, a pointer, a
// function pointer or a curl_off_t), all passed in a 64-bit integer register on the platforms
// skyshell builds for, so it is forwarded as such and libcurl reads it back by type.
#include <stdarg.h>
#include <stdint.h>
#include "CCurlLoader.h"
#include "CLoader.h"

_Static_assert(sizeof(long) == 8 && sizeof(void *) == 8 && sizeof(long long) == 8, "forwarding assumes 64-bit integer arguments");

enum { CURLE_FAILED_INIT = 2, CURLM_INTERNAL_ERROR = 4 };

#define CURL_FUNCTIONS(X, V, F) \
    X(int, curl_global_init, CURLE_FAILED_INIT, (long flags), (flags)) \
    X(void *, curl_easy_init, NULL, (void), ()) \
    V(curl_easy_cleanup, (void *h), (h)) \
    X(const char *, curl_easy_strerror, "libcurl is not available", (int code), (code)) \
    X(void *, curl_multi_init, NULL, (void), ()) \
    X(int, curl_multi_cleanup, CURLM_INTERNAL_ERROR, (void *m), (m)) \
    X(int, curl_multi_add_handle, CURLM_INTERNAL_ERROR, (void *m, void *h), (m, h)) \
    X(int, curl_multi_remove_handle, CURLM_INTERNAL_ERROR, (void *m, void *h), (m, h)) \
    X(int, curl_multi_perform, CURLM_INTERNAL_ERROR, (void *m, int *running), (m, running)) \
    X(int, curl_multi_poll, CURLM_INTERNAL_ERROR, (void *m, void *extra, unsigned int count, int timeout, int *ready), \
      (m, extra, count, timeout, ready)) \
    X(void *, curl_multi_info_read, NULL, (void *m, int *left), (m, left)) \
    X(void *, curl_slist_append, NULL, (void *list, const char *text), (list, text)) \
    V(curl_slist_free_all, (void *list), (list)) \
    F(curl_easy_setopt) \
    F(curl_easy_getinfo)

SKY_LIBRARY(curl, "libcurl.so.4", "libcurl.so", CURL_FUNCTIONS)
#define SKY_CURRENT curl
SKY_FORWARDERS(CURL_FUNCTIONS)

int sky_curl_available(void) { return sky_library_open(&curl); }
const char *sky_curl_error(void) { return sky_library_error(&curl); }

typedef int (*variadic_fn)(void *, int, ...);

__attribute__((visibility("hidden"))) int curl_easy_setopt(void *h, int option, ...) {
    if (!sky_library_open(&curl)) return CURLE_FAILED_INIT;
    va_list ap;
    va_start(ap, option);
    intptr_t value = va_arg(ap, intptr_t);
    va_end(ap);
    return ((variadic_fn)SKY_FUNCTION(curl, curl_easy_setopt))(h, option, value);
}

__attribute__((visibility("hidden"))) int curl_easy_getinfo(void *h, int info, ...) {
    if (!sky_library_open(&curl)) return CURLE_FAILED_INIT;
    va_list ap;
    va_start(ap, info);
    void *out = va_arg(ap, void *);
    va_end(ap);
    return ((variadic_fn)SKY_FUNCTION(curl, curl_easy_getinfo))(h, info, out);
}
