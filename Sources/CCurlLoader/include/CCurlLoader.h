#ifndef SKYSHELL_CCURLLOADER_H
#define SKYSHELL_CCURLLOADER_H
// libcurl, loaded on first use. Foundation's URLSession (FoundationNetworking) calls libcurl;
// linking libcurl directly would load it and some thirty libraries it needs at every start-up
// (about 10 ms). This target defines the curl functions FoundationNetworking uses as small
// forwarders that open libcurl.so.4 with dlopen the first time one is called.

/// 1 when libcurl can be loaded (loading it if needed), 0 otherwise.
int sky_curl_available(void);

/// Why libcurl could not be loaded (dlerror text), or an empty string.
const char *sky_curl_error(void);

#endif
