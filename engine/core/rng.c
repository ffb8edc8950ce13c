/* rng.c - xoshiro256** (Blackman & Vigna) seeded through SplitMix64. */
#include "rng.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

void gr_rng_seed(gr_rng *r, uint64_t seed, uint64_t stream)
{
    uint64_t x = seed ^ rotl(stream * 0xd1342543de82ef95ULL + 0x2545f4914f6cdd1dULL, 17);
    for (int i = 0; i < 4; i++) r->s[i] = splitmix64(&x);
    if (!(r->s[0] | r->s[1] | r->s[2] | r->s[3])) r->s[0] = 1;
}

uint64_t gr_rng_next(gr_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint32_t gr_rng_below(gr_rng *r, uint32_t n)
{
    /* Lemire's multiply-shift with rejection: unbiased */
    uint64_t m = (uint64_t)(uint32_t)(gr_rng_next(r) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)(gr_rng_next(r) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

double gr_rng_unit(gr_rng *r)
{
    return (double)(gr_rng_next(r) >> 11) * 0x1.0p-53;
}
