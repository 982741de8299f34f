#ifndef SKYSHELL_CZLIB_SHIM_H
#define SKYSHELL_CZLIB_SHIM_H
#include <zlib.h>

/// inflateInit2 and deflateInit2 as functions: the macros pass the library version and the
/// stream size, which Swift cannot import. `window_bits` 16 + 15 reads and writes gzip.
static inline int sky_inflate_init(z_stream *stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}
static inline int sky_deflate_init(z_stream *stream, int level, int window_bits) {
    return deflateInit2(stream, level, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY);
}
#endif
