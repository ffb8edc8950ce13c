/* rng.h - xoshiro256** pseudo-random numbers with independent streams.
 * A generator is a value (32 bytes): copy it, keep one per thread. Seeding
 * with (seed, stream) runs SplitMix64 over both, so streams never overlap in
 * practice and the same pair always gives the same sequence on every machine. */
#ifndef GR_RNG_H
#define GR_RNG_H

#include <stdint.h>

typedef struct gr_rng {
    uint64_t s[4];
} gr_rng;

void gr_rng_seed(gr_rng *r, uint64_t seed, uint64_t stream);
uint64_t gr_rng_next(gr_rng *r);
/* uniform in [0, n), unbiased; n > 0 */
uint32_t gr_rng_below(gr_rng *r, uint32_t n);
/* uniform in [0, 1) */
double gr_rng_unit(gr_rng *r);

#endif
