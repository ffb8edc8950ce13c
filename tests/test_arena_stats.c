/* test_arena_stats.c - the arena's statistics against values worked out
 * independently (Python 3's statistics.NormalDist and math module; the
 * expressions are in the comments): the normal quantile, score intervals,
 * Elo and its interval, likelihood of superiority, the SPRT ratio, bounds
 * and decisions, and the median and spread of benchmark runs. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "../bench/arena/stats.h"

#define NEAR(x, want, tol) assert_true(fabs((x) - (want)) < (tol))

static void test_normal_quantile(void **unused)
{
    (void)unused;
    NEAR(gr_stats_normal_quantile(0.975), 1.9599639845400536, 1e-9); /* NormalDist().inv_cdf(0.975) */
    NEAR(gr_stats_normal_quantile(0.5), 0.0, 1e-12);
    NEAR(gr_stats_normal_quantile(0.01), -2.3263478740408408, 1e-9); /* inv_cdf(0.01), the tail branch */
    NEAR(gr_stats_normal_quantile(0.999), 3.090232306167813, 1e-9);
}

/* 60 wins, 20 draws, 20 losses: m = 0.7, per-game variance
 * (60*.3^2 + 20*.2^2 + 20*.7^2)/100 = 0.11, interval m +- z*sqrt(.11/100) */
static void test_score_and_interval(void **unused)
{
    (void)unused;
    gr_stats_wdl r = {60, 20, 20};
    NEAR(gr_stats_score(r), 0.7, 1e-12);
    double lo, hi;
    assert_int_equal(gr_stats_score_ci(r, 0.95, &lo, &hi), 0);
    NEAR(lo, 0.6216014406183978, 1e-9);
    NEAR(hi, 0.7783985593816021, 1e-9);
    gr_stats_wdl none = {0, 0, 0};
    assert_int_equal(gr_stats_score_ci(none, 0.95, &lo, &hi), -1);
    NEAR(gr_stats_score(none), 0.5, 1e-12);
}

/* 4 wins of 4: no spread, so Wilson's interval: (p + z^2/2n)/(1 + z^2/n) -+ ... = [0.5101, 1] */
static void test_all_wins_uses_wilson(void **unused)
{
    (void)unused;
    gr_stats_wdl r = {4, 0, 0};
    double lo, hi;
    assert_int_equal(gr_stats_score_ci(r, 0.95, &lo, &hi), 0);
    NEAR(lo, 0.5101091635454027, 1e-9);
    NEAR(hi, 1.0, 1e-12);
    gr_stats_wdl draws = {0, 6, 0};
    assert_int_equal(gr_stats_score_ci(draws, 0.95, &lo, &hi), 0);
    assert_true(lo < 0.5 && hi > 0.5);
}

/* Elo: -400 log10(1/s - 1): 0.7 -> 147.1907; interval ends 86.2250 and 218.2518 */
static void test_elo_and_interval(void **unused)
{
    (void)unused;
    NEAR(gr_stats_elo(0.5), 0.0, 1e-12);
    NEAR(gr_stats_elo(0.7), 147.19071411783776, 1e-9);
    NEAR(gr_stats_elo(0.3), -147.19071411783776, 1e-9);
    NEAR(gr_stats_elo(1.0), GR_STATS_ELO_CAP, 1e-12);
    NEAR(gr_stats_elo(0.0), -GR_STATS_ELO_CAP, 1e-12);
    gr_stats_wdl r = {60, 20, 20};
    double e, lo, hi;
    assert_int_equal(gr_stats_elo_ci(r, 0.95, &e, &lo, &hi), 0);
    NEAR(e, 147.19071411783776, 1e-9);
    NEAR(lo, 86.22501520030423, 1e-6);
    NEAR(hi, 218.2517776410748, 1e-6);
}

/* LOS = 0.5 (1 + erf((w - l) / sqrt(2 (w + l)))) */
static void test_likelihood_of_superiority(void **unused)
{
    (void)unused;
    gr_stats_wdl r = {60, 20, 20};
    NEAR(gr_stats_los(r), 0.9999961278917845, 1e-12);
    gr_stats_wdl even = {10, 5, 10};
    NEAR(gr_stats_los(even), 0.5, 1e-12);
    gr_stats_wdl draws = {0, 7, 0};
    NEAR(gr_stats_los(draws), 0.5, 1e-12);
}

/* LLR = n (s1 - s0)(2m - s0 - s1) / (2 v), s = 1/(1 + 10^(-elo/400)) */
static void test_sprt_llr_values(void **unused)
{
    (void)unused;
    gr_stats_wdl a = {60, 20, 20}, b = {30, 40, 30}, c = {20, 20, 60};
    NEAR(gr_stats_sprt_llr(a, 0, 10), 1.7337133119290997, 1e-9);
    NEAR(gr_stats_sprt_llr(b, 0, 10), -0.06899702274212136, 1e-9);
    NEAR(gr_stats_sprt_llr(c, 0, 10), -1.8630827295705779, 1e-9);
    NEAR(gr_stats_sprt_llr(a, 0, 50), 7.33695931675889, 1e-9);
    gr_stats_wdl none = {0, 0, 0}, same = {5, 0, 0};
    NEAR(gr_stats_sprt_llr(none, 0, 10), 0.0, 1e-12);
    NEAR(gr_stats_sprt_llr(same, 0, 10), 0.0, 1e-12);
}

/* bounds log(beta/(1-alpha)), log((1-beta)/alpha): +-2.9444 at 5%/5% */
static void test_sprt_bounds_and_decisions(void **unused)
{
    (void)unused;
    double lo, hi;
    gr_stats_sprt_bounds(0.05, 0.05, &lo, &hi);
    NEAR(lo, -2.9444389791664403, 1e-12);
    NEAR(hi, 2.9444389791664403, 1e-12);
    double llr;
    gr_stats_wdl strong = {60, 20, 20}, weak = {20, 20, 60}, even = {30, 40, 30};
    assert_int_equal(gr_stats_sprt_status(strong, 0, 50, 0.05, 0.05, &llr), 1);  /* 7.34 >= 2.94 */
    NEAR(llr, 7.33695931675889, 1e-9);
    assert_int_equal(gr_stats_sprt_status(weak, 0, 50, 0.05, 0.05, &llr), -1);   /* -10.53 <= -2.94 */
    NEAR(llr, -10.528820035336459, 1e-9);
    assert_int_equal(gr_stats_sprt_status(even, 0, 50, 0.05, 0.05, &llr), 0);    /* -1.70 inside */
    NEAR(llr, -1.7023257165747017, 1e-9);
}

static void test_median_mean_spread(void **unused)
{
    (void)unused;
    double odd[] = {5, 1, 3}, even[] = {4, 1, 3, 2};
    NEAR(gr_stats_median(odd, 3), 3.0, 1e-12);
    NEAR(gr_stats_median(even, 4), 2.5, 1e-12);
    double x[] = {2, 4, 4, 4, 5, 5, 7, 9};
    NEAR(gr_stats_mean(x, 8), 5.0, 1e-12);
    NEAR(gr_stats_stddev(x, 8), 2.138089935299395, 1e-12); /* statistics.stdev */
    NEAR(gr_stats_stddev(x, 1), 0.0, 1e-12);
    NEAR(gr_stats_median(x, 0), 0.0, 1e-12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_normal_quantile),
        cmocka_unit_test(test_score_and_interval),
        cmocka_unit_test(test_all_wins_uses_wilson),
        cmocka_unit_test(test_elo_and_interval),
        cmocka_unit_test(test_likelihood_of_superiority),
        cmocka_unit_test(test_sprt_llr_values),
        cmocka_unit_test(test_sprt_bounds_and_decisions),
        cmocka_unit_test(test_median_mean_spread),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
