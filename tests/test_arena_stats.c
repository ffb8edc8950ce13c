/* test_arena_stats.c - checks the arena's statistics (bench/arena/stats.h)
 * against figures worked out separately in Python 3 with only the standard
 * library: statistics.NormalDist().inv_cdf for normal quantiles, the math
 * module for the rest, the formulas written out afresh from their textbook
 * form.  Each expected value carries the Python expression that gave it. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "../bench/arena/stats.h"

/* x within tol of want */
#define NEAR(x, want, tol) assert_true(fabs((x) - (want)) <= (tol))

/* python: from statistics import NormalDist; N = NormalDist(); z = N.inv_cdf(0.975) */
#define Z975 1.9599639845400536

static void test_normal_quantile_values(void **state)
{
    (void)state;
    NEAR(gr_stats_normal_quantile(0.975), Z975, 1e-12);
    NEAR(gr_stats_normal_quantile(0.975), 1.959964, 1e-6);                  /* the usual table value */
    NEAR(gr_stats_normal_quantile(0.5), 0.0, 1e-15);
    NEAR(gr_stats_normal_quantile(0.3), -0.5244005127080407, 1e-12);       /* N.inv_cdf(0.3) */
    NEAR(gr_stats_normal_quantile(0.01), -2.3263478740408408, 1e-12);      /* N.inv_cdf(0.01), tail */
    NEAR(gr_stats_normal_quantile(0.999), 3.090232306167813, 1e-12);       /* N.inv_cdf(0.999), upper tail */
    NEAR(gr_stats_normal_quantile(1e-10), -6.361340902404056, 1e-9);       /* N.inv_cdf(1e-10), far tail */
}

static void test_normal_quantile_outside(void **state)
{
    (void)state;
    assert_true(isinf(gr_stats_normal_quantile(0.0)) && gr_stats_normal_quantile(0.0) < 0);
    assert_true(isinf(gr_stats_normal_quantile(1.0)) && gr_stats_normal_quantile(1.0) > 0);
    assert_true(gr_stats_normal_quantile(-0.5) < 0 && isinf(gr_stats_normal_quantile(-0.5)));
    assert_true(gr_stats_normal_quantile(NAN) < 0);   /* not a probability: treated as below range */
}

static void test_score_values(void **state)
{
    (void)state;
    gr_stats_wdl a = {60, 20, 20}, b = {3, 1, 0}, none = {0, 0, 0};
    assert_int_equal(gr_stats_games(a), 100);
    NEAR(gr_stats_score(a), 0.7, 1e-15);     /* (60 + 10) / 100 */
    NEAR(gr_stats_score(b), 0.875, 1e-15);   /* (3 + 0.5) / 4 */
    NEAR(gr_stats_score(none), 0.5, 1e-15);
}

/* 60/20/20: mean 0.7, per-game variance (60*.3^2 + 20*.2^2 + 20*.7^2)/100 = 0.11;
 * python: 0.7 -+ N.inv_cdf(0.5 + conf/2) * math.sqrt(0.11 / 100) */
static void test_score_ci_trinomial(void **state)
{
    (void)state;
    gr_stats_wdl r = {60, 20, 20};
    double lo = -1, hi = -1;
    assert_int_equal(gr_stats_score_ci(r, 0.95, &lo, &hi), 0);
    NEAR(lo, 0.6216014406183978, 1e-12);
    NEAR(hi, 0.7783985593816021, 1e-12);
    assert_int_equal(gr_stats_score_ci(r, 0.90, &lo, &hi), 0);
    NEAR(lo, 0.6342058549219411, 1e-12);
    NEAR(hi, 0.7657941450780588, 1e-12);
}

/* 1/0/9: mean 0.1, variance 0.09, 0.1 - z*sqrt(0.0009) = -0.086 is clamped to 0;
 * python: 0.1 + Z975 * math.sqrt(0.09 / 10) */
static void test_score_ci_clamped(void **state)
{
    (void)state;
    gr_stats_wdl r = {1, 0, 9};
    double lo = -1, hi = -1;
    assert_int_equal(gr_stats_score_ci(r, 0.95, &lo, &hi), 0);
    assert_true(lo == 0.0);
    NEAR(hi, 0.2859385096913684, 1e-12);
}

static void test_score_ci_refused(void **state)
{
    (void)state;
    gr_stats_wdl none = {0, 0, 0}, r = {5, 5, 5};
    double lo = 42, hi = 43;
    assert_int_equal(gr_stats_score_ci(none, 0.95, &lo, &hi), -1);
    assert_int_equal(gr_stats_score_ci(r, 0.0, &lo, &hi), -1);
    assert_int_equal(gr_stats_score_ci(r, 1.0, &lo, &hi), -1);
    assert_true(lo == 42 && hi == 43);   /* left alone when refused */
}

/* Every game alike: Wilson's interval for the score as a proportion p of n;
 * python: d = 1 + z*z/n; c = (p + z*z/(2*n))/d; h = z*math.sqrt(p*(1-p)/n + z*z/(4*n*n))/d;
 * (max(0, c - h), min(1, c + h)) with z = Z975 */
static void test_score_ci_no_spread_uses_wilson(void **state)
{
    (void)state;
    gr_stats_wdl wins = {4, 0, 0}, draws = {0, 6, 0}, losses = {0, 0, 5};
    double lo, hi;
    assert_int_equal(gr_stats_score_ci(wins, 0.95, &lo, &hi), 0);    /* p = 1, n = 4 */
    NEAR(lo, 0.5101091635454027, 1e-12);
    NEAR(hi, 1.0, 1e-15);
    assert_int_equal(gr_stats_score_ci(draws, 0.95, &lo, &hi), 0);   /* p = .5, n = 6 */
    NEAR(lo, 0.18761630648265054, 1e-12);
    NEAR(hi, 0.8123836935173494, 1e-12);
    assert_int_equal(gr_stats_score_ci(losses, 0.95, &lo, &hi), 0);  /* p = 0, n = 5 */
    NEAR(lo, 0.0, 1e-12);
    NEAR(hi, 0.43448246478317465, 1e-12);
}

/* same Wilson formula as above: 7 of 10 and 0 of 3 */
static void test_wilson_ci(void **state)
{
    (void)state;
    double lo, hi;
    assert_int_equal(gr_stats_wilson_ci(7, 10, 0.95, &lo, &hi), 0);
    NEAR(lo, 0.39677814746114537, 1e-12);
    NEAR(hi, 0.8922087325936989, 1e-12);
    assert_int_equal(gr_stats_wilson_ci(0, 3, 0.95, &lo, &hi), 0);
    NEAR(lo, 0.0, 1e-15);
    NEAR(hi, 0.5614970317550454, 1e-12);
    assert_int_equal(gr_stats_wilson_ci(0, 0, 0.95, &lo, &hi), -1);
    assert_int_equal(gr_stats_wilson_ci(4, 3, 0.95, &lo, &hi), -1);
    assert_int_equal(gr_stats_wilson_ci(-1, 3, 0.95, &lo, &hi), -1);
    assert_int_equal(gr_stats_wilson_ci(1, 3, 1.5, &lo, &hi), -1);
}

/* python: -400 * math.log10(1/s - 1) */
static void test_elo_values(void **state)
{
    (void)state;
    NEAR(gr_stats_elo(0.7), 147.19071411783776, 1e-9);
    NEAR(gr_stats_elo(0.3), -147.19071411783779, 1e-9);
    NEAR(gr_stats_elo(0.75), 190.848501887865, 1e-9);
    NEAR(gr_stats_elo(0.9), 381.69700377572985, 1e-9);
    NEAR(gr_stats_elo(0.01), -798.2540778390199, 1e-9);
    double e = gr_stats_elo(0.5);
    assert_true(e == 0.0 && !signbit(e));
}

static void test_elo_capped(void **state)
{
    (void)state;
    assert_true(gr_stats_elo(1.0) == GR_STATS_ELO_CAP);
    assert_true(gr_stats_elo(0.0) == -GR_STATS_ELO_CAP);
    assert_true(gr_stats_elo(1.5) == GR_STATS_ELO_CAP);
    assert_true(gr_stats_elo(-0.1) == -GR_STATS_ELO_CAP);
    /* 0.9999999 would be 2800 by the formula (python: 2799.999982540678) */
    assert_true(gr_stats_elo(0.9999999) == GR_STATS_ELO_CAP);
    assert_true(gr_stats_elo(1e-7) == -GR_STATS_ELO_CAP);
    assert_true(isfinite(GR_STATS_ELO_CAP) && GR_STATS_ELO_CAP > 0);
}

/* python: elo(0.7), elo(lo), elo(hi) with lo, hi from test_score_ci_trinomial;
 * for 4/0/0, elo(0.5101091635454027) and the cap */
static void test_elo_ci(void **state)
{
    (void)state;
    gr_stats_wdl r = {60, 20, 20};
    double e, lo, hi;
    assert_int_equal(gr_stats_elo_ci(r, 0.95, &e, &lo, &hi), 0);
    NEAR(e, 147.19071411783776, 1e-9);
    NEAR(e, 147.2, 0.01);
    NEAR(lo, 86.22501520030423, 1e-9);
    NEAR(hi, 218.2517776410748, 1e-9);
    gr_stats_wdl wins = {4, 0, 0};
    assert_int_equal(gr_stats_elo_ci(wins, 0.95, &e, &lo, &hi), 0);
    assert_true(e == GR_STATS_ELO_CAP && hi == GR_STATS_ELO_CAP);
    NEAR(lo, 7.025523715075911, 1e-9);
    gr_stats_wdl none = {0, 0, 0};
    e = lo = hi = 9;
    assert_int_equal(gr_stats_elo_ci(none, 0.95, &e, &lo, &hi), -1);
    assert_true(e == 9 && lo == 9 && hi == 9);
}

/* 30/40/30: score exactly .5, Elo 0; against H1 = +10 the LLR leans to H0
 * (python: see test_sprt_llr_values), and for the symmetric pair -10/+10
 * it is 0 since s0 + s1 = 1 = 2m */
static void test_even_result(void **state)
{
    (void)state;
    gr_stats_wdl r = {30, 40, 30};
    NEAR(gr_stats_score(r), 0.5, 1e-15);
    double e, lo, hi;
    assert_int_equal(gr_stats_elo_ci(r, 0.95, &e, &lo, &hi), 0);
    assert_true(e == 0.0);
    NEAR(lo, -hi, 1e-9);          /* the interval is symmetric about 0 */
    assert_true(lo < 0 && hi > 0);
    NEAR(gr_stats_los(r), 0.5, 1e-15);
    double llr = gr_stats_sprt_llr(r, 0, 10);
    assert_true(llr < 0);
    NEAR(llr, -0.06899702274212136, 1e-12);
    NEAR(gr_stats_sprt_llr(r, -10, 10), 0.0, 1e-12);
}

/* python: 0.5 * (1 + math.erf((w - l) / math.sqrt(2 * (w + l)))) */
static void test_los_values(void **state)
{
    (void)state;
    gr_stats_wdl a = {60, 20, 20}, b = {12, 5, 8}, c = {3, 0, 7}, draws = {0, 7, 0};
    NEAR(gr_stats_los(a), 0.9999961278917845, 1e-12);
    NEAR(gr_stats_los(b), 0.8144533152386513, 1e-12);
    NEAR(gr_stats_los(c), 0.10295160536603415, 1e-12);
    NEAR(gr_stats_los(draws), 0.5, 1e-15);
}

/* python: s = lambda e: 1/(1 + 10**(-e/400)); m, v the mean and the variance
 * (divided by n) of the per-game scores; n*(s(e1)-s(e0))*(2*m-s(e0)-s(e1))/(2*v) */
static void test_sprt_llr_values(void **state)
{
    (void)state;
    gr_stats_wdl a = {60, 20, 20}, c = {20, 20, 60}, d = {55, 90, 45}, e = {1, 0, 1};
    NEAR(gr_stats_sprt_llr(a, 0, 10), 1.7337133119290997, 1e-12);
    NEAR(gr_stats_sprt_llr(a, 0, 50), 7.33695931675889, 1e-12);
    NEAR(gr_stats_sprt_llr(c, 0, 10), -1.8630827295705779, 1e-12);
    NEAR(gr_stats_sprt_llr(c, 0, 50), -10.528820035336459, 1e-12);
    NEAR(gr_stats_sprt_llr(d, 0, 5), 0.23728460832601597, 1e-12);
    NEAR(gr_stats_sprt_llr(e, 0, 10), -0.0008279642729054562, 1e-15);
    /* swapping the hypotheses turns the ratio round */
    NEAR(gr_stats_sprt_llr(a, 50, 0), -7.33695931675889, 1e-12);
}

/* no games, or no spread: 0 by decision (see stats.c) */
static void test_sprt_llr_degenerate(void **state)
{
    (void)state;
    gr_stats_wdl none = {0, 0, 0}, wins = {5, 0, 0}, draws = {0, 8, 0}, losses = {0, 0, 3};
    assert_true(gr_stats_sprt_llr(none, 0, 10) == 0.0);
    assert_true(gr_stats_sprt_llr(wins, 0, 10) == 0.0);
    assert_true(gr_stats_sprt_llr(draws, 0, 10) == 0.0);
    assert_true(gr_stats_sprt_llr(losses, 0, 10) == 0.0);
    double llr = 1;
    assert_int_equal(gr_stats_sprt_status(wins, 0, 10, 0.05, 0.05, &llr), 0);
    assert_true(llr == 0.0);
}

/* python: math.log(beta/(1-alpha)), math.log((1-beta)/alpha) */
static void test_sprt_bounds(void **state)
{
    (void)state;
    double lo, hi;
    gr_stats_sprt_bounds(0.05, 0.05, &lo, &hi);
    NEAR(lo, -2.9444389791664403, 1e-12);
    NEAR(hi, 2.9444389791664403, 1e-12);
    NEAR(hi, 2.944, 1e-3);
    gr_stats_sprt_bounds(0.05, 0.10, &lo, &hi);
    NEAR(lo, -2.251291798606495, 1e-12);
    NEAR(hi, 2.8903717578961645, 1e-12);
}

/* LLR values by the python expression of test_sprt_llr_values; 20/40/24
 * against (0, 50) gives -2.7412504403718665, between the two lower bounds */
static void test_sprt_status_decisions(void **state)
{
    (void)state;
    gr_stats_wdl strong = {60, 20, 20}, weak = {20, 20, 60}, even = {30, 40, 30}, close = {20, 40, 24};
    double llr = 0;
    assert_int_equal(gr_stats_sprt_status(strong, 0, 50, 0.05, 0.05, &llr), 1);   /* 7.34 >= 2.94 */
    NEAR(llr, 7.33695931675889, 1e-12);
    assert_int_equal(gr_stats_sprt_status(weak, 0, 50, 0.05, 0.05, &llr), -1);    /* -10.53 <= -2.94 */
    NEAR(llr, -10.528820035336459, 1e-12);
    assert_int_equal(gr_stats_sprt_status(even, 0, 50, 0.05, 0.05, &llr), 0);     /* -1.70 inside */
    NEAR(llr, -1.7023257165747017, 1e-12);
    assert_int_equal(gr_stats_sprt_status(close, 0, 50, 0.05, 0.05, &llr), 0);    /* -2.74 > -2.94 */
    NEAR(llr, -2.7412504403718665, 1e-12);
    assert_int_equal(gr_stats_sprt_status(close, 0, 50, 0.05, 0.10, NULL), -1);   /* -2.74 <= -2.25 */
    assert_int_equal(gr_stats_sprt_status(strong, 0, 10, 0.05, 0.05, NULL), 0);   /* 1.73 inside */
}

static void test_median_odd_even(void **state)
{
    (void)state;
    double odd[] = {5, 1, 3}, even[] = {4, 1, 3, 2}, one[] = {7.5};
    NEAR(gr_stats_median(odd, 3), 3.0, 1e-15);
    NEAR(gr_stats_median(even, 4), 2.5, 1e-15);     /* (2 + 3) / 2 */
    NEAR(gr_stats_median(one, 1), 7.5, 1e-15);
    /* sorted in place */
    assert_true(odd[0] == 1 && odd[1] == 3 && odd[2] == 5);
    assert_true(even[0] == 1 && even[1] == 2 && even[2] == 3 && even[3] == 4);
    double x[] = {9, 2, 5, 4, 4, 7, 4, 5};
    NEAR(gr_stats_median(x, 8), 4.5, 1e-15);        /* python: statistics.median(x) */
    NEAR(gr_stats_median(x, 0), 0.0, 1e-15);
}

/* python: statistics.mean(x), statistics.stdev(x) */
static void test_mean_stddev(void **state)
{
    (void)state;
    double x[] = {2, 4, 4, 4, 5, 5, 7, 9}, y[] = {1.5, 2.5, 10};
    NEAR(gr_stats_mean(x, 8), 5.0, 1e-15);
    NEAR(gr_stats_stddev(x, 8), 2.138089935299395, 1e-12);
    NEAR(gr_stats_mean(y, 3), 14.0 / 3.0, 1e-12);
    NEAR(gr_stats_stddev(y, 3), 4.645786621588785, 1e-12);
    NEAR(gr_stats_stddev(x, 1), 0.0, 1e-15);
    NEAR(gr_stats_mean(x, 0), 0.0, 1e-15);
}

/* a game's score counts as a win, a draw or a loss */
static void test_wdl_add(void **unused)
{
    (void)unused;
    gr_stats_wdl r = {0, 0, 0};
    gr_stats_wdl_add(&r, 1.0);
    gr_stats_wdl_add(&r, 0.5);
    gr_stats_wdl_add(&r, 0.5);
    gr_stats_wdl_add(&r, 0.0);
    assert_int_equal(r.w, 1);
    assert_int_equal(r.d, 2);
    assert_int_equal(r.l, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_normal_quantile_values),
        cmocka_unit_test(test_normal_quantile_outside),
        cmocka_unit_test(test_score_values),
        cmocka_unit_test(test_score_ci_trinomial),
        cmocka_unit_test(test_score_ci_clamped),
        cmocka_unit_test(test_score_ci_refused),
        cmocka_unit_test(test_score_ci_no_spread_uses_wilson),
        cmocka_unit_test(test_wilson_ci),
        cmocka_unit_test(test_elo_values),
        cmocka_unit_test(test_elo_capped),
        cmocka_unit_test(test_elo_ci),
        cmocka_unit_test(test_even_result),
        cmocka_unit_test(test_los_values),
        cmocka_unit_test(test_sprt_llr_values),
        cmocka_unit_test(test_sprt_llr_degenerate),
        cmocka_unit_test(test_sprt_bounds),
        cmocka_unit_test(test_sprt_status_decisions),
        cmocka_unit_test(test_median_odd_even),
        cmocka_unit_test(test_mean_stddev),
        cmocka_unit_test(test_wdl_add),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
