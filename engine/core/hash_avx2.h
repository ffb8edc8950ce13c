/* hash_avx2.h - the AVX2 build of gr_hash_bytes's XXH3 (hash_avx2.c), for
 * hash.c to call on a processor that has AVX2. XXH3 is defined by its
 * arithmetic, not by the vector width that carries it out: both builds
 * give the same value for the same bytes and seed. */
#ifndef GR_HASH_AVX2_H
#define GR_HASH_AVX2_H

#include <stddef.h>
#include <stdint.h>

/* 1 where the AVX2 build exists (x86 with GCC or Clang), else 0 */
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define GR_HASH_AVX2 1
/* XXH3_64bits_withSeed with AVX2 instructions: only on a processor that has them */
uint64_t gr_hash_bytes_avx2(const void *data, size_t n, uint64_t seed);
#else
#define GR_HASH_AVX2 0
#endif

#endif
