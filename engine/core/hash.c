/* hash.c - gr_hash_bytes (hash.h): XXH3 from Debian's libxxhash, inlined
 * (XXH_INLINE_ALL) so the compiler sees the whole loop over a position. */
#include "hash.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

uint64_t gr_hash_bytes(const void *data, size_t n, uint64_t seed)
{
    uint64_t x = XXH3_64bits_withSeed(data, n, seed);
    return x ? x : 1;
}
