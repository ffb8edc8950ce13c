/* hash.c - gr_hash_bytes (hash.h): XXH3 from Debian's libxxhash, inlined
 * (XXH_INLINE_ALL) so the compiler sees the whole loop over a position.
 * A block past XXH3's short forms (240 bytes) is hashed by the AVX2 build
 * (hash_avx2.c) when the processor has AVX2: the same value, in about half
 * the instructions. */
#include "hash.h"
#include "hash_avx2.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

/* XXH3's longest input hashed without its vector loop */
#define GR_HASH_SHORT 240

uint64_t gr_hash_bytes(const void *data, size_t n, uint64_t seed)
{
    uint64_t x;
#if GR_HASH_AVX2
    if (n > GR_HASH_SHORT && __builtin_cpu_supports("avx2")) x = gr_hash_bytes_avx2(data, n, seed);
    else
#endif
        x = XXH3_64bits_withSeed(data, n, seed);
    return x ? x : 1;
}
