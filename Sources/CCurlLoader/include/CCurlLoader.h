#ifndef SKYSHELL_CCURLLOADER_H
#define SKYSHELL_CCURLLOADER_H
// libcurl, loaded on first use: linking it would load it and some thirty libraries it needs at
// every start-up (about 10 ms). This target defines the curl functions skyshell calls as small
// forwarders that open libcurl.so.4 with dlopen the first time one is called, and makes one
// HTTP request with them (`sky_http_perform`).
#include <stddef.h>

/// 1 when libcurl can be loaded (loading it if needed), 0 otherwise.
int sky_curl_available(void);

/// Why libcurl could not be loaded (dlerror text), or an empty string.
const char *sky_curl_error(void);

/// One request: the URL, the method (GET when NULL, POST with a body), extra header lines
/// ("Name: value"), the body, and the most milliseconds the whole request may take.
typedef struct {
    const char *url;
    const char *method;
    const char *const *headers;
    int header_count;
    const void *body;
    size_t body_length;
    long timeout_ms;
} sky_http_request;

/// Where the response goes: each header line as it arrives, each piece of the body (return 0
/// to stop reading: the body is too large), and whether to stop (asked ten times a second).
typedef struct {
    void (*header)(void *context, const char *line, size_t length);
    int (*body)(void *context, const void *data, size_t length);
    int (*stop)(void *context);
    void *context;
} sky_http_callbacks;

/// What came back: the status (0 when none), the Location of a redirect, and libcurl's words
/// for a failure.
typedef struct {
    long status;
    char redirect[4096];
    char error[512];
} sky_http_result;

/// Besides libcurl's own codes (0 when the request was answered).
#define SKY_HTTP_UNAVAILABLE (-1)
#define SKY_HTTP_STOPPED (-2)
#define SKY_HTTP_REFUSED_BODY (-3)

/// Makes the request (no redirect followed: the caller decides) and returns 0, a CURLcode, or
/// one of the SKY_HTTP codes.
int sky_http_perform(const sky_http_request *request, const sky_http_callbacks *callbacks, sky_http_result *result);

#endif
