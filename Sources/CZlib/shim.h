// CZlib: the system zlib (Debian zlib1g-dev), for DEFLATE and CRC-32 in the NPZ writer.
#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

#include <zlib.h>

/// `deflateInit2` is a macro Swift cannot import: raw DEFLATE (no zlib header, as ZIP stores it)
/// at `level`, with zlib's default memory level and strategy.
static inline int czlib_deflate_init_raw(z_stream *stream, int level) {
  return deflateInit2(stream, level, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
}

#endif
