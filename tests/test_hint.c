/* test_hint.c - what a hint says beyond its choice (cli/repl.h): two
 * orders whose expected scores the search cannot tell apart are told as
 * equal, and the expected score is put in words. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "../cli/repl.h"

static gr_analysis *two(long va, double a, long vb, double b)
{
    static gr_analysis an;
    memset(&an, 0, sizeof an);
    an.n = 2;
    an.alt[0].visits = va;
    an.alt[0].value = a;
    an.alt[1].visits = vb;
    an.alt[1].value = b;
    return &an;
}

static void test_a_tie_within_the_noise(void **unused)
{
    (void)unused;
    double gap = -1;
    /* 40 and 30 visits: each mean is uncertain by up to 0.08 and 0.09; 0.05 apart is no choice */
    assert_int_equal(gr_repl_hint_clear(two(40, 0.62, 30, 0.57), &gap), 0);
    assert_float_equal(gap, 0.05, 1e-12);
    /* 4000 and 3000 visits: 0.05 apart is clear (twice the joint uncertainty is 0.024) */
    assert_int_equal(gr_repl_hint_clear(two(4000, 0.62, 3000, 0.57), &gap), 1);
    /* never clear below GR_REPL_HINT_EVEN, however many visits */
    assert_int_equal(gr_repl_hint_clear(two(1000000, 0.605, 1000000, 0.6), &gap), 0);
    /* one alternative: nothing to compare */
    gr_analysis *one = two(10, 0.5, 0, 0);
    one->n = 1;
    assert_int_equal(gr_repl_hint_clear(one, &gap), 1);
}

static void test_score_in_words(void **unused)
{
    (void)unused;
    assert_string_equal(gr_repl_score_words(0.95), "winning");
    assert_string_equal(gr_repl_score_words(0.7), "well ahead");
    assert_string_equal(gr_repl_score_words(0.6), "a little ahead");
    assert_string_equal(gr_repl_score_words(0.5), "level");
    assert_string_equal(gr_repl_score_words(0.4), "a little behind");
    assert_string_equal(gr_repl_score_words(0.2), "well behind");
    assert_string_equal(gr_repl_score_words(0.05), "losing");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_tie_within_the_noise),
        cmocka_unit_test(test_score_in_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
