// SHA-256's block function on the processor's SHA instructions (x86-64 SHA extensions), for
// SongStatistics' SHA256 when the processor has them; elsewhere SHA256 compresses in Swift.
#ifndef CSHA256_H
#define CSHA256_H

#include <stddef.h>
#include <stdint.h>

/// SHA-256's 64 round constants, in order (the Swift compression reads them too).
const uint32_t *csha256_round_constants(void);

/// 1 when this processor has the SHA extensions (and SSSE3 and SSE4.1, which the code also
/// uses), else 0 (always 0 on processors other than x86-64).
int csha256_accelerated(void);

/// Compresses `blocks` 64-byte blocks from `data` into `state`, the 8 words of the hash in
/// FIPS 180-4's order (H0 first). Only when `csha256_accelerated()` is 1.
void csha256_compress(uint32_t state[8], const uint8_t *data, size_t blocks);

#endif
