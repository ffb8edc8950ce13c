/* hash.c - gr_hash_bytes (hash.h): xxHash64's round on four lanes, the tail
 * zero-padded into one last block, the lanes folded and finished by
 * splitmix64's mixer. */
#include "hash.h"

#include <string.h>

#define P1 0x9e3779b185ebca87ULL
#define P2 0xc2b2ae3d27d4eb4fULL

static inline uint64_t rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

static inline uint64_t round64(uint64_t h, uint64_t w) { return rotl(h + w * P2, 31) * P1; }

uint64_t gr_hash_bytes(const void *data, size_t n, uint64_t seed)
{
    const unsigned char *b = data;
    uint64_t h[4] = {seed + P1 + P2, seed + P2, seed, seed - P1};
    uint64_t w[4];
    size_t i = 0;
    for (; i + sizeof w <= n; i += sizeof w) {
        memcpy(w, b + i, sizeof w);
        for (int k = 0; k < 4; k++) h[k] = round64(h[k], w[k]);
    }
    if (i < n) {
        memset(w, 0, sizeof w);
        memcpy(w, b + i, n - i);
        for (int k = 0; k < 4; k++) h[k] = round64(h[k], w[k]);
    }
    uint64_t x = rotl(h[0], 1) + rotl(h[1], 7) + rotl(h[2], 12) + rotl(h[3], 18) + (uint64_t)n;
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x ? x : 1;
}
