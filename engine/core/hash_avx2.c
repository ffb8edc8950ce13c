/* hash_avx2.c - XXH3 compiled for AVX2 (hash_avx2.h). The target pragma
 * comes before xxhash.h so that its vector code takes the 256-bit path for
 * the functions of this file alone; hash.c calls them only after asking
 * the processor. */
#include "hash_avx2.h"

#if GR_HASH_AVX2
#ifdef __clang__
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#else
#pragma GCC target("avx2")
#endif
#define XXH_INLINE_ALL
#include <xxhash.h>

uint64_t gr_hash_bytes_avx2(const void *data, size_t n, uint64_t seed) { return XXH3_64bits_withSeed(data, n, seed); }

#ifdef __clang__
#pragma clang attribute pop
#endif
#else
/* ISO C wants a translation unit to declare something */
typedef int gr_hash_avx2_none;
#endif
