/* test_hash.c - gr_hash_bytes (engine/core/hash.h): XXH3's value for every
 * length, short and long, with and without a seed, whichever build the
 * processor runs (the AVX2 one for long blocks where it can); 0 never
 * given. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "../engine/core/hash.h"
#include "../engine/core/hash_avx2.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

static const size_t LENGTHS[] = {0, 1, 3, 8, 16, 17, 128, 129, 240, 241, 256, 1000, 2777, 3936, 4099};
static const uint64_t SEEDS[] = {0, 12345, 0x9e3779b97f4a7c15ULL};

/* XXH3 as this file's own build computes it (the baseline vector code),
 * with gr_hash_bytes's 0 -> 1 */
static uint64_t reference(const void *data, size_t n, uint64_t seed)
{
    uint64_t x = XXH3_64bits_withSeed(data, n, seed);
    return x ? x : 1;
}

/* bytes that are not all alike, so every stripe of the loop counts */
static void fill(unsigned char *buf, size_t n)
{
    uint32_t x = 2463534242u;
    for (size_t i = 0; i < n; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        buf[i] = (unsigned char)x;
    }
}

/* the published value of the empty input with seed 0 pins the library */
static void test_hash_known_value(void **unused)
{
    (void)unused;
    assert_true(gr_hash_bytes("", 0, 0) == 0x2D06800538D394C2ULL);
}

static void test_hash_every_length_as_xxh3(void **unused)
{
    (void)unused;
    static unsigned char buf[4099];
    fill(buf, sizeof buf);
    for (size_t k = 0; k < sizeof LENGTHS / sizeof *LENGTHS; k++)
        for (size_t j = 0; j < sizeof SEEDS / sizeof *SEEDS; j++)
            assert_true(gr_hash_bytes(buf, LENGTHS[k], SEEDS[j]) == reference(buf, LENGTHS[k], SEEDS[j]));
    /* one byte changed, at the start, in a middle stripe and at the end: another value */
    uint64_t h = gr_hash_bytes(buf, 3936, 7);
    size_t at[] = {0, 1999, 3935};
    for (size_t k = 0; k < 3; k++) {
        buf[at[k]] ^= 1;
        assert_true(gr_hash_bytes(buf, 3936, 7) != h);
        buf[at[k]] ^= 1;
    }
    assert_true(gr_hash_bytes(buf, 3936, 7) == h);
}

/* the AVX2 build itself against the baseline, where the processor has AVX2 */
static void test_hash_avx2_build_as_baseline(void **unused)
{
    (void)unused;
#if GR_HASH_AVX2
    if (!__builtin_cpu_supports("avx2")) {
        print_message("no AVX2 on this processor: gr_hash_bytes_avx2 is never called here\n");
        return;
    }
    static unsigned char buf[4099];
    fill(buf, sizeof buf);
    for (size_t k = 0; k < sizeof LENGTHS / sizeof *LENGTHS; k++)
        for (size_t j = 0; j < sizeof SEEDS / sizeof *SEEDS; j++)
            assert_true(gr_hash_bytes_avx2(buf, LENGTHS[k], SEEDS[j]) ==
                        XXH3_64bits_withSeed(buf, LENGTHS[k], SEEDS[j]));
#else
    print_message("no AVX2 build on this architecture\n");
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hash_known_value),
        cmocka_unit_test(test_hash_every_length_as_xxh3),
        cmocka_unit_test(test_hash_avx2_build_as_baseline),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
