// Forwarders for the libcurl functions http.c calls (see CCurlLoader.h). The
// library is opened once under pthread_once; each forwarder resolves its target on first use.
//
// curl's headers are deliberately not included: their prototypes change between releases (a
// const here, a deprecation there) while the ABI does not, so the forwarders are declared with
// plain C types of the same size. Return codes are ints; handles are pointers. The variadic
// setopt/getinfo calls take exactly one argument after the option (a long, a pointer, a
// function pointer or a curl_off_t), all passed in a 64-bit integer register on the platforms
// skyshell builds for, so it is forwarded as such and libcurl reads it back by type.
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include "CCurlLoader.h"

_Static_assert(sizeof(long) == 8 && sizeof(void *) == 8 && sizeof(long long) == 8, "forwarding assumes 64-bit integer arguments");

enum { CURLE_FAILED_INIT = 2, CURLM_INTERNAL_ERROR = 4 };

static pthread_once_t once = PTHREAD_ONCE_INIT;
static void *library;
static char failure[256];

static void open_library(void) {
    library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen("libcurl.so", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *e = dlerror();
        strncpy(failure, e ? e : "libcurl.so.4 not found", sizeof failure - 1);
    }
}

static void *resolve(const char *name) {
    pthread_once(&once, open_library);
    return library ? dlsym(library, name) : NULL;
}

int sky_curl_available(void) { return resolve("curl_easy_init") != NULL; }
const char *sky_curl_error(void) { pthread_once(&once, open_library); return failure; }

// FORWARD(return type, name, failure value, (parameters), (arguments))
#define FORWARD(R, name, fail, params, args) \
    R name params { \
        static R (*target) params; \
        R (*f) params = __atomic_load_n(&target, __ATOMIC_ACQUIRE); \
        if (!f) { f = (R (*) params)resolve(#name); __atomic_store_n(&target, f, __ATOMIC_RELEASE); } \
        return f ? f args : (fail); \
    }
#define FORWARD_VOID(name, params, args) \
    void name params { \
        static void (*target) params; \
        void (*f) params = __atomic_load_n(&target, __ATOMIC_ACQUIRE); \
        if (!f) { f = (void (*) params)resolve(#name); __atomic_store_n(&target, f, __ATOMIC_RELEASE); } \
        if (f) f args; \
    }

FORWARD(int, curl_global_init, CURLE_FAILED_INIT, (long flags), (flags))
FORWARD(void *, curl_easy_init, NULL, (void), ())
FORWARD_VOID(curl_easy_cleanup, (void *h), (h))
FORWARD(const char *, curl_easy_strerror, "libcurl is not available", (int code), (code))
FORWARD(void *, curl_multi_init, NULL, (void), ())
FORWARD(int, curl_multi_cleanup, CURLM_INTERNAL_ERROR, (void *m), (m))
FORWARD(int, curl_multi_add_handle, CURLM_INTERNAL_ERROR, (void *m, void *h), (m, h))
FORWARD(int, curl_multi_remove_handle, CURLM_INTERNAL_ERROR, (void *m, void *h), (m, h))
FORWARD(int, curl_multi_perform, CURLM_INTERNAL_ERROR, (void *m, int *running), (m, running))
FORWARD(int, curl_multi_poll, CURLM_INTERNAL_ERROR, (void *m, void *extra, unsigned int count, int timeout, int *ready), (m, extra, count, timeout, ready))
FORWARD(void *, curl_multi_info_read, NULL, (void *m, int *left), (m, left))
FORWARD(void *, curl_slist_append, NULL, (void *list, const char *text), (list, text))
FORWARD_VOID(curl_slist_free_all, (void *list), (list))

static void *easy_setopt, *easy_getinfo;

/// The target of a variadic forwarder, resolved once.
static void *variadic(void **slot, const char *name) {
    void *f = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    if (!f) { f = resolve(name); __atomic_store_n(slot, f, __ATOMIC_RELEASE); }
    return f;
}

int curl_easy_setopt(void *h, int option, ...) {
    int (*target)(void *, int, ...) = (int (*)(void *, int, ...))variadic(&easy_setopt, "curl_easy_setopt");
    va_list ap;
    va_start(ap, option);
    intptr_t value = va_arg(ap, intptr_t);
    va_end(ap);
    return target ? target(h, option, value) : CURLE_FAILED_INIT;
}

int curl_easy_getinfo(void *h, int info, ...) {
    int (*target)(void *, int, ...) = (int (*)(void *, int, ...))variadic(&easy_getinfo, "curl_easy_getinfo");
    va_list ap;
    va_start(ap, info);
    void *out = va_arg(ap, void *);
    va_end(ap);
    return target ? target(h, info, out) : CURLE_FAILED_INIT;
}
