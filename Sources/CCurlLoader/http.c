// One HTTP request through libcurl's easy and multi interfaces (see CCurlLoader.h). The calls
// go to the forwarders of loader.c, which open libcurl on first use; curl's own header gives
// the option numbers and types.
#include <curl/curl.h>
#include <string.h>
#include "CCurlLoader.h"

struct transfer {
    const sky_http_callbacks *callbacks;
    int refused;  // a callback said stop: 1 the body, 2 the caller
};

static size_t on_body(char *data, size_t size, size_t count, void *context) {
    struct transfer *t = context;
    size_t length = size * count;
    if (!t->callbacks->body(t->callbacks->context, data, length)) {
        t->refused = 1;
        return 0;  // CURLE_WRITE_ERROR
    }
    return length;
}

static size_t on_header(char *data, size_t size, size_t count, void *context) {
    struct transfer *t = context;
    size_t length = size * count;
    t->callbacks->header(t->callbacks->context, data, length);
    return length;
}

static void copy(char *target, size_t size, const char *text) {
    if (!target || size == 0) return;
    strncpy(target, text ? text : "", size - 1);
    target[size - 1] = 0;
}

int sky_http_perform(const sky_http_request *request, const sky_http_callbacks *callbacks, sky_http_result *result) {
    memset(result, 0, sizeof *result);
    if (!sky_curl_available()) {
        copy(result->error, sizeof result->error, sky_curl_error());
        return SKY_HTTP_UNAVAILABLE;
    }
    static int initialised;
    if (!__atomic_exchange_n(&initialised, 1, __ATOMIC_ACQ_REL)) curl_global_init(CURL_GLOBAL_DEFAULT);
    CURL *easy = curl_easy_init();
    CURLM *multi = curl_multi_init();
    struct curl_slist *headers = NULL;
    if (!easy || !multi) {
        if (easy) curl_easy_cleanup(easy);
        if (multi) curl_multi_cleanup(multi);
        copy(result->error, sizeof result->error, "libcurl could not start a request");
        return SKY_HTTP_UNAVAILABLE;
    }
    for (int i = 0; i < request->header_count; i++) headers = curl_slist_append(headers, request->headers[i]);
    // No "Expect: 100-continue" wait before a body.
    headers = curl_slist_append(headers, "Expect:");
    struct transfer t = {callbacks, 0};
    char error[CURL_ERROR_SIZE] = {0};
    curl_easy_setopt(easy, CURLOPT_URL, request->url);
    curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(easy, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(easy, CURLOPT_TIMEOUT_MS, request->timeout_ms);
    curl_easy_setopt(easy, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(easy, CURLOPT_USERAGENT, "skyshell");
    curl_easy_setopt(easy, CURLOPT_ERRORBUFFER, error);
    curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(easy, CURLOPT_WRITEDATA, &t);
    curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(easy, CURLOPT_HEADERDATA, &t);
    if (request->body) {
        curl_easy_setopt(easy, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)request->body_length);
        curl_easy_setopt(easy, CURLOPT_POSTFIELDS, request->body);
    }
    if (request->method && strcmp(request->method, "GET") != 0 && strcmp(request->method, "POST") != 0) {
        curl_easy_setopt(easy, CURLOPT_CUSTOMREQUEST, request->method);
    }
    curl_multi_add_handle(multi, easy);
    int running = 1;
    CURLcode code = CURLE_OK;
    while (running) {
        if (curl_multi_perform(multi, &running) != CURLM_OK) {
            code = CURLE_FAILED_INIT;
            break;
        }
        if (!running) break;
        // The caller is asked every tenth of a second whether to stop (Ctrl-C).
        if (callbacks->stop(callbacks->context)) {
            t.refused = 2;
            break;
        }
        curl_multi_poll(multi, NULL, 0, 100, NULL);
    }
    if (!t.refused || t.refused == 1) {
        int left = 0;
        CURLMsg *message;
        while ((message = curl_multi_info_read(multi, &left))) {
            if (message->msg == CURLMSG_DONE) code = message->data.result;
        }
    }
    long status = 0;
    curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
    result->status = status;
    char *location = NULL;
    if (curl_easy_getinfo(easy, CURLINFO_REDIRECT_URL, &location) == CURLE_OK && location) copy(result->redirect, sizeof result->redirect, location);
    copy(result->error, sizeof result->error, error[0] ? error : curl_easy_strerror(code));
    curl_multi_remove_handle(multi, easy);
    curl_easy_cleanup(easy);
    curl_multi_cleanup(multi);
    curl_slist_free_all(headers);
    if (t.refused == 2) return SKY_HTTP_STOPPED;
    if (t.refused == 1) return SKY_HTTP_REFUSED_BODY;
    return (int)code;
}
