/* test_fogn_rolls.c - the fogn dice procedures of engine/fogn/rolls.c with
 * scripted dice: hits against a score under every re-roll policy (§7.8
 * firing, §9.8 combat), tests passed by any die with the élan re-rolls of
 * §2.2 / §5.3 / §11.3, the commander casualty roll that needs every die
 * (§10.2), and outcome / pursuit distances with the pursuit re-roll (§9.11,
 * §9.12). Each test checks the result, how many dice were used (so a
 * re-roll that should not happen would show), and that a script running out
 * gives -1. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "../../engine/fogn/rules/tables.h"

/* rolls n dice at `score` with `reroll` against a script; returns hits, *used the dice taken */
static int hits(const int *faces, int nfaces, int n, int score, int reroll, int *used)
{
    gr_dice d;
    gr_dice_init_script(&d, faces, nfaces);
    int h = fogn_roll_hits(0, "2/45e Ligne", n, score, reroll, &d, NULL, "fire at the Rifles");
    *used = d.pos;
    return h;
}

static int test_roll(const int *faces, int nfaces, int ndice, int score, int level, int *used)
{
    gr_dice d;
    gr_dice_init_script(&d, faces, nfaces);
    int r = fogn_roll_test(1, "1/Brunswick", ndice, score, level, &d, NULL, "cohesion test", "stand");
    *used = d.pos;
    return r;
}

/* --- hits (§7.7-§7.8, §9.7-§9.8) ------------------------------------------------------------------ */

static void test_s7_7_hits_without_rerolls(void **state)
{
    (void)state;
    int used;
    static const int f[] = {1, 4, 6, 3};
    assert_int_equal(hits(f, 4, 4, 4, FOGN_REROLL_NONE, &used), 2);
    assert_int_equal(used, 4);
    assert_int_equal(hits(f, 4, 4, 6, FOGN_REROLL_NONE, &used), 1);
    assert_int_equal(hits(f, 4, 4, 2, FOGN_REROLL_NONE, &used), 3);
    /* no dice: no hits, nothing thrown */
    assert_int_equal(hits(f, 4, 0, 4, FOGN_REROLL_NONE, &used), 0);
    assert_int_equal(used, 0);
}

static void test_s7_8_veteran_rerolls_ones(void **state)
{
    (void)state;
    int used;
    /* 1 4 6 1 at 4+: the two 1s come again as 5 and 2 */
    static const int f[] = {1, 4, 6, 1, 5, 2};
    assert_int_equal(hits(f, 6, 4, 4, 1, &used), 3);
    assert_int_equal(used, 6);
    /* no 1s: nothing re-rolled */
    static const int g[] = {2, 4, 6, 3, 6};
    assert_int_equal(hits(g, 5, 4, 4, 1, &used), 2);
    assert_int_equal(used, 4);
}

static void test_s7_8_conscripts_must_reroll_sixes_once(void **state)
{
    (void)state;
    int used;
    /* 6 6 2 at 5+: both 6s re-rolled (6 stays, it is not re-rolled again; 1 misses) */
    static const int f[] = {6, 6, 2, 6, 1};
    assert_int_equal(hits(f, 5, 3, 5, FOGN_REROLL_SIXES, &used), 1);
    assert_int_equal(used, 5);
}

static void test_s9_8_rerolls_take_only_the_misses(void **state)
{
    (void)state;
    int used;
    /* re-roll 1-2 at 2+ (++): the 2 is a hit and stays; the 1 comes again */
    static const int f[] = {2, 1, 3};
    assert_int_equal(hits(f, 3, 2, 2, 2, &used), 2);
    assert_int_equal(used, 3);
    /* led Superior Guard re-rolls 1-3 at 4+: 3 and 2 again as 4 and 1 */
    static const int g[] = {3, 2, 5, 4, 1};
    assert_int_equal(hits(g, 5, 3, 4, fogn_combat_reroll(3, true), &used), 2);
    assert_int_equal(used, 5);
    /* Superior (1s) at 3+: 1 again as 3 */
    static const int h[] = {1, 2, 6, 3};
    assert_int_equal(hits(h, 4, 3, 3, fogn_combat_reroll(2, false), &used), 2);
    assert_int_equal(used, 4);
    /* Poor unled must re-roll 6s; led, nothing */
    static const int p[] = {6, 4, 1};
    assert_int_equal(hits(p, 3, 2, 4, fogn_combat_reroll(0, false), &used), 1);
    assert_int_equal(used, 3);
    assert_int_equal(hits(p, 3, 2, 4, fogn_combat_reroll(0, true), &used), 2);
    assert_int_equal(used, 2);
}

static void test_s9_hits_pool_larger_than_one_throw(void **state)
{
    (void)state;
    int f[24];
    for (int i = 0; i < 24; i++) f[i] = i < 18 ? (i % 2 ? 5 : 1) : 6;
    int used;
    /* 18 dice at 5+ re-rolling 1s, thrown as 16 + 2: each handful re-rolls its own 1s */
    static const int g[] = {5, 1, 5, 1, 5, 1, 5, 1, 5, 1, 5, 1, 5, 1, 5, 1, /* first 16 */
                            6, 6, 6, 6, 6, 6, 6, 6,                         /* their 8 ones again */
                            1, 5,                                           /* last 2 */
                            5};                                             /* the last one again */
    assert_int_equal(hits(g, 27, 18, 5, 1, &used), 18);
    assert_int_equal(used, 27);
    assert_int_equal(hits(f, 24, 18, 5, FOGN_REROLL_NONE, &used), 9);
    assert_int_equal(used, 18);
}

static void test_s7_hits_dice_failure(void **state)
{
    (void)state;
    int used;
    static const int f[] = {3};
    assert_int_equal(hits(f, 1, 2, 4, FOGN_REROLL_NONE, &used), -1);
    /* running out on the re-roll */
    static const int g[] = {1, 1};
    assert_int_equal(hits(g, 2, 2, 4, 1, &used), -1);
}

static void test_s7_hits_logged(void **state)
{
    (void)state;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    static const int f[] = {5, 6, 2};
    gr_dice_init_script(&d, f, 3);
    gr_dice_set_log(&d, &log);
    assert_int_equal(fogn_roll_hits(0, "2/45e Ligne", 3, 5, FOGN_REROLL_NONE, &d, &log, "fire at the Rifles"), 2);
    assert_int_equal(log.n, 2); /* the roll, then the outcome */
    assert_int_equal(log.ev[0].kind, GR_EV_ROLL);
    assert_int_equal(log.ev[0].ndice, 3);
    assert_non_null(strstr(log.ev[1].text, "2 hits"));
    assert_non_null(strstr(log.ev[1].text, "5+"));
    gr_log_free(&log);
}

/* --- tests (§2.2, §5.3, §11.3) ----------------------------------------------------------------------- */

static void test_s11_3_test_passes_on_any_die(void **state)
{
    (void)state;
    int used;
    static const int f[] = {5, 2};
    assert_int_equal(test_roll(f, 2, 2, 5, 1, &used), 1);
    assert_int_equal(used, 2);
    static const int g[] = {1, 2, 6};
    assert_int_equal(test_roll(g, 3, 2, 5, 1, &used), 0); /* Average: no re-roll */
    assert_int_equal(used, 2);
}

static void test_s2_2_failing_test_rerolls_by_level(void **state)
{
    (void)state;
    int used;
    /* level 2: 1s again (the 2 stays) */
    static const int f[] = {1, 2, 5};
    assert_int_equal(test_roll(f, 3, 2, 5, 2, &used), 1);
    assert_int_equal(used, 3);
    static const int f2[] = {1, 2, 4};
    assert_int_equal(test_roll(f2, 3, 2, 5, 2, &used), 0);
    assert_int_equal(used, 3);
    /* level 3: 1s and 2s again */
    static const int g[] = {1, 2, 3, 4, 5};
    assert_int_equal(test_roll(g, 5, 3, 5, 3, &used), 1);
    assert_int_equal(used, 5);
    /* a passing test is not re-rolled at level 2 or 3 */
    static const int h[] = {1, 5};
    assert_int_equal(test_roll(h, 2, 2, 5, 3, &used), 1);
    assert_int_equal(used, 2);
}

static void test_s2_2_poor_must_reroll_sixes_when_passing(void **state)
{
    (void)state;
    int used;
    static const int f[] = {6, 2, 3};
    assert_int_equal(test_roll(f, 3, 2, 5, 0, &used), 0);
    assert_int_equal(used, 3);
    static const int g[] = {6, 5, 1};
    assert_int_equal(test_roll(g, 3, 2, 5, 0, &used), 1); /* the 5 stands */
    assert_int_equal(used, 3);
    static const int h[] = {1, 2};
    assert_int_equal(test_roll(h, 2, 2, 5, 0, &used), 0); /* failing: no re-roll */
    assert_int_equal(used, 2);
}

static void test_s11_2_no_dice_or_score_above_6_fail_without_rolling(void **state)
{
    (void)state;
    int used;
    static const int f[] = {6, 6};
    assert_int_equal(test_roll(f, 2, 0, 5, 1, &used), 0);
    assert_int_equal(used, 0);
    /* §13: a 6+ test with the LOC occupied needs 7 */
    assert_int_equal(test_roll(f, 2, 2, fogn_ct_score(FOGN_CTT_RALLY, true), 1, &used), 0);
    assert_int_equal(used, 0);
    assert_int_equal(test_roll(f, 2, 2, fogn_ct_score(FOGN_CTT_RALLY, false), 1, &used), 1);
}

static void test_s11_3_test_dice_failure(void **state)
{
    (void)state;
    int used;
    static const int f[] = {4};
    assert_int_equal(test_roll(f, 1, 2, 5, 1, &used), -1);
    static const int g[] = {1, 1};
    assert_int_equal(test_roll(g, 2, 2, 5, 2, &used), -1); /* out on the re-roll */
    static const int h[] = {6, 6};
    assert_int_equal(test_roll(h, 2, 2, 5, 0, &used), -1); /* out on the Poor re-roll */
}

static void test_s11_3_test_logged(void **state)
{
    (void)state;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    static const int f[] = {3, 6};
    gr_dice_init_script(&d, f, 2);
    assert_int_equal(fogn_roll_test(1, "1/Brunswick", 2, 5, 1, &d, &log, "cohesion test", "stand"), 1);
    assert_int_equal(log.n, 1);
    assert_int_equal(log.ev[0].kind, GR_EV_TEST);
    assert_string_equal(log.ev[0].text, "1/Brunswick passes the cohesion test to stand");
    gr_log_free(&log);
}

/* --- §10.2 commander casualty ---------------------------------------------------------------------- */

static int cas(const int *faces, int nfaces, int ndice, int score, int *used)
{
    gr_dice d;
    gr_dice_init_script(&d, faces, nfaces);
    int r = fogn_roll_casualty(0, "General Foy", ndice, score, &d, NULL);
    *used = d.pos;
    return r;
}

static void test_s10_2_casualty_needs_every_die(void **state)
{
    (void)state;
    int used;
    static const int a[] = {6, 6};
    assert_int_equal(cas(a, 2, 2, 6, &used), 1);
    static const int b[] = {6, 5};
    assert_int_equal(cas(b, 2, 2, 6, &used), 0);
    assert_int_equal(cas(b, 2, 2, 5, &used), 1);
    static const int c[] = {5, 6, 4};
    assert_int_equal(cas(c, 3, 3, 5, &used), 0);
    assert_int_equal(used, 3);
    static const int e[] = {5};
    assert_int_equal(cas(e, 1, fogn_cas_dice(FOGN_CAS_BRIGADE), 5, &used), 1);
    /* an Army Commander (0 dice) never falls and rolls nothing */
    assert_int_equal(cas(a, 2, fogn_cas_dice(FOGN_CAS_ARMY), 5, &used), 0);
    assert_int_equal(used, 0);
    /* dice failure */
    assert_int_equal(cas(a, 2, 3, 6, &used), -1);
}

/* --- §9.11-§9.13 distances ---------------------------------------------------------------------------- */

static int dist(const int *faces, int nfaces, int bonus, int must, int min, int *used)
{
    gr_dice d;
    gr_dice_init_script(&d, faces, nfaces);
    int r = fogn_roll_distance(0, "3e Hussards", bonus, must, min, &d, NULL, "pursuit");
    *used = d.pos;
    return r;
}

static void test_s9_11_outcome_distance_minimum(void **state)
{
    (void)state;
    int used;
    static const int a[] = {3};
    assert_int_equal(dist(a, 1, 2, 0, FOGN_RETIRE_MIN, &used), 5);
    static const int b[] = {1};
    assert_int_equal(dist(b, 1, 0, 0, FOGN_RETIRE_MIN, &used), 3);
    assert_int_equal(dist(b, 1, 0, 0, 0, &used), 1); /* a pursuit has no minimum */
    static const int c[] = {6};
    assert_int_equal(dist(c, 1, 6, 0, FOGN_RETIRE_MIN, &used), 12);
    assert_int_equal(used, 1);
}

static void test_s9_12_pursuit_rerolls(void **state)
{
    (void)state;
    int used;
    /* Superior must re-roll a 1 (once) */
    int sup = fogn_pursuit_reroll_face(FOGN_ELAN_SUPERIOR, false);
    static const int a[] = {1, 4};
    assert_int_equal(dist(a, 2, FOGN_PURSUIT_CAV_BONUS, sup, 0, &used), 6);
    assert_int_equal(used, 2);
    static const int b[] = {1, 1};
    assert_int_equal(dist(b, 2, FOGN_PURSUIT_CAV_BONUS, sup, 0, &used), 3);
    assert_int_equal(used, 2);
    static const int c[] = {6};
    assert_int_equal(dist(c, 1, FOGN_PURSUIT_INF_BONUS, sup, 0, &used), 6);
    assert_int_equal(used, 1);
    /* Poor must re-roll a 6 */
    int poor = fogn_pursuit_reroll_face(FOGN_ELAN_POOR, false);
    static const int d[] = {6, 2};
    assert_int_equal(dist(d, 2, FOGN_PURSUIT_INF_BONUS, poor, 0, &used), 2);
    assert_int_equal(used, 2);
    static const int e[] = {1};
    assert_int_equal(dist(e, 1, FOGN_PURSUIT_INF_BONUS, poor, 0, &used), 1);
    /* Average: no re-roll; §9.13 pass through D6+2 */
    static const int g[] = {1};
    assert_int_equal(dist(g, 1, FOGN_PASS_THROUGH_BONUS, 0, 0, &used), 3);
    assert_int_equal(used, 1);
}

static void test_s9_12_distance_dice_failure(void **state)
{
    (void)state;
    int used;
    assert_int_equal(dist(NULL, 0, 2, 0, 3, &used), -1);
    static const int a[] = {1};
    assert_int_equal(dist(a, 1, 2, 1, 0, &used), -1); /* out on the forced re-roll */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s7_7_hits_without_rerolls),
        cmocka_unit_test(test_s7_8_veteran_rerolls_ones),
        cmocka_unit_test(test_s7_8_conscripts_must_reroll_sixes_once),
        cmocka_unit_test(test_s9_8_rerolls_take_only_the_misses),
        cmocka_unit_test(test_s9_hits_pool_larger_than_one_throw),
        cmocka_unit_test(test_s7_hits_dice_failure),
        cmocka_unit_test(test_s7_hits_logged),
        cmocka_unit_test(test_s11_3_test_passes_on_any_die),
        cmocka_unit_test(test_s2_2_failing_test_rerolls_by_level),
        cmocka_unit_test(test_s2_2_poor_must_reroll_sixes_when_passing),
        cmocka_unit_test(test_s11_2_no_dice_or_score_above_6_fail_without_rolling),
        cmocka_unit_test(test_s11_3_test_dice_failure),
        cmocka_unit_test(test_s11_3_test_logged),
        cmocka_unit_test(test_s10_2_casualty_needs_every_die),
        cmocka_unit_test(test_s9_11_outcome_distance_minimum),
        cmocka_unit_test(test_s9_12_pursuit_rerolls),
        cmocka_unit_test(test_s9_12_distance_dice_failure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
