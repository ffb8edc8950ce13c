/* test_fogn_fire.c - rule tests for the Firing Phase and defensive fire
 * (§7, §6.10): who may fire (§7.1), range bands (§7.2), the straight-ahead
 * arc and Extended Line halves (§7.3), dice by range, formation and
 * attachments (§7.4), enemy cavalry, the cohesion cut and supporting fire
 * (§7.5), the dice split and the per-unit "fire uN" choice (§7.6), to-hit
 * scores with POA (§7.7), re-rolls (§7.8), and the results table with its
 * movement results, Wavering targets, the Guard's one loss a phase, Spent
 * cavalry and commander casualties (§7.9, §10.1). Dice are scripted; each
 * test checks which dice were thrown (d.pos) and what they did. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/fogn/rules/steps.h"
#include "../../engine/fogn/rules/fire.h"
#include "../../engine/fogn/rules/edit.h"
#include "../../engine/core/dice.h"

/* --- helpers ----------------------------------------------------------------------------------------- */

/* a fresh state with `side` to move, at the opening of its Firing Phase, not yet run */
static void at_fire(const fogn_scenario *s, fogn_state *st, int side)
{
    fogn_ruleset.rules->init(s, st);
    st->active = (uint8_t)side;
    st->turn.decider = (uint8_t)side;
    st->turn.phase = fogn_step_def_of(FOGN_ST_FI_BEGIN)->phase;
    st->turn.step = FOGN_ST_FI_BEGIN;
    st->turn.cursor = 0;
    st->turn.second = 0;
}

/* runs the state on with these dice to the next decision */
static void run(const fogn_scenario *s, fogn_state *st, gr_dice *d, gr_log *log)
{
    fogn_advance_to_decision(s, st, d, log);
    assert_int_equal(d->failed, 0);
}

/* how many log lines contain `text` */
static int nlogged(const gr_log *log, const char *text)
{
    int n = 0;
    for (size_t i = 0; i < log->n; i++) n += strstr(log->ev[i].text, text) != NULL;
    return n;
}

static gr_action done(void) { return fx_action(FOGN_A_DONE, -1, -1, 0, 0, 0, 0); }

/* applies a decision with these dice (the rest of the step may roll) */
static void decide(const fogn_scenario *s, fogn_state *st, gr_action a, gr_dice *d, gr_log *log)
{
    gr_error err;
    gr_error_clear(&err);
    if (fogn_ruleset.rules->apply(s, st, &a, d, log, &err)) fail_msg("refused: %s", err.msg);
    assert_int_equal(d->failed, 0);
}

/* has the machine left the Firing Phase (both sides' fire resolved)? */
static int fire_over(const fogn_state *st) { return st->turn.step >= FOGN_ST_MV_BEGIN || st->active != 0; }

/* side 0's firer u0 at (20, 10) facing north; side 1's u1 1.5 MU ahead of it
 * facing south (front edges 1.5 MU apart: close range). Both Reformed, Drilled, small, Tactical. */
static fogn_scenario *scn_duel(fogn_troop t1, fogn_formation f1)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, t1, FOGN_SMALL, f1, 20, 11.5, -90);
    return s;
}

/* --- §7.4 dice, §7.5 the cohesion cut ------------------------------------------------------------------ */

static void test_s7_4_close_range_small_tactical_four_dice_and_disordered_reply_with_three(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel(FOGN_INF_REFORMED, FOGN_F_TACTICAL);
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    /* side 0: 4 dice at 4+, two hits; side 1, now Disordered: 4 - 4/3 = 3 dice */
    const int faces[] = {4, 4, 1, 1, 1, 1, 1};
    gr_dice_init_script(&d, faces, 7);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_true(fire_over(&st));
    assert_true(logged(&log, "unit0 scores 2 hits with 4 dice at 4+: fire at unit1"));
    assert_true(logged(&log, "unit1 scores 0 hits with 3 dice at 4+: fire at unit0"));
    assert_int_equal(d.pos, 7);
    assert_int_equal(st.u[1].cohesion, FOGN_DISORDERED);
    assert_int_equal(st.u[0].cohesion, FOGN_STEADY);
    /* §7.9: movement results mean nothing to the inactive side */
    assert_int_equal(st.u[1].flags & (FOGN_UF_HALTED | FOGN_UF_NO_ADVANCE), 0);
    ASSERT_POSE(&st.u[1], 20, 11.5, -90);
    gr_log_free(&log);
    free(s);
}

static void test_s7_9_one_hit_halts_the_active_unit_without_loss(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel(FOGN_INF_REFORMED, FOGN_F_TACTICAL);
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    const int faces[] = {1, 1, 1, 1, 4, 1, 1, 1};
    gr_dice_init_script(&d, faces, 8);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 8);
    assert_int_equal(st.u[0].cohesion, FOGN_STEADY); /* ruling: 1 hit, no loss */
    assert_true(st.u[0].flags & FOGN_UF_HALTED);
    assert_false(st.u[0].flags & FOGN_UF_NO_ADVANCE);
    ASSERT_POSE(&st.u[0], 20, 10, 90);
    gr_log_free(&log);
    free(s);
}

static void test_s7_9_three_hits_retire_to_3mu(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel(FOGN_INF_REFORMED, FOGN_F_TACTICAL);
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    const int faces[] = {4, 5, 6, 1};
    gr_dice_init_script(&d, faces, 4);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_int_equal(d.pos, 4);
    assert_int_equal(st.u[1].cohesion, FOGN_DISORDERED);
    /* the least move back that puts it 3 MU from the firer: front edge 10 + 3 */
    ASSERT_POSE(&st.u[1], 20, 13, -90);
    assert_true(logged(&log, "unit1 retires to 3 MU"));
    /* now at medium range, u1 may fire or hold: a decision for side 1 */
    assert_int_equal(st.turn.step, FOGN_ST_FI_ALLOC_N);
    assert_int_equal(st.turn.cursor, 1);
    gr_dice_init_script(&d, NULL, 0);
    decide(s, &st, fx_action(FOGN_A_HOLD, 1, -1, 0, 0, 0, 0), &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 0);
    assert_int_equal(st.u[0].cohesion, FOGN_STEADY);
    gr_log_free(&log);
    free(s);
}

static void test_s7_9_cavalry_one_hit_falls_back_to_3mu(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel(FOGN_CAV_LIGHT, FOGN_F_TACTICAL);
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    /* cavalry not assaulting: 5+ at close range; one hit */
    const int faces[] = {5, 4, 1, 1};
    gr_dice_init_script(&d, faces, 4);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_true(fire_over(&st));
    assert_true(logged(&log, "unit0 scores 1 hit with 4 dice at 5+: fire at unit1"));
    assert_int_equal(d.pos, 4); /* cavalry never fire back */
    assert_int_equal(st.u[1].cohesion, FOGN_STEADY);
    ASSERT_POSE(&st.u[1], 20, 13, -90);
    gr_log_free(&log);
    free(s);
}

static void test_s7_1_march_column_cannot_fire_and_is_hit_on_3(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel(FOGN_INF_REFORMED, FOGN_F_TACTICAL);
    s->units[0].start_formation = FOGN_F_COLUMN;
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    const int faces[] = {3, 2, 2, 2};
    gr_dice_init_script(&d, faces, 4);
    at_fire(s, &st, 0);
    assert_false(fogn_can_fire(s, &st, 0));
    assert_true(fogn_can_fire(s, &st, 1));
    run(s, &st, &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(nlogged(&log, "unit0 scores"), 0);
    /* infantry at close 4+, column POA + : 3+ */
    assert_true(logged(&log, "unit1 scores 1 hit with 4 dice at 3+: fire at unit0"));
    assert_int_equal(d.pos, 4);
    assert_true(st.u[0].flags & FOGN_UF_HALTED);
    gr_log_free(&log);
    free(s);
}

static void test_s7_9_three_hits_beyond_3mu_may_not_advance(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel(FOGN_INF_LIGHT, FOGN_F_TACTICAL);
    s->units[1].y = 14; /* 4 MU: medium range */
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    gr_dice_init_script(&d, NULL, 0);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    /* medium range fire is optional: side 0 decides for u0 */
    assert_int_equal(st.turn.step, FOGN_ST_FI_ALLOC_A);
    assert_int_equal(st.turn.cursor, 0);
    decide(s, &st, fx_action(FOGN_A_HOLD, 0, -1, 0, 0, 0, 0), &d, &log);
    assert_int_equal(st.turn.step, FOGN_ST_FI_ALLOC_N);
    assert_int_equal(st.turn.cursor, 1);
    assert_int_equal(nlogged(&log, "unit0 scores"), 0);
    /* Light infantry: 5 dice at medium, 5+ at formed infantry; three hits */
    const int faces[] = {5, 6, 5, 4, 1};
    gr_dice_init_script(&d, faces, 5);
    decide(s, &st, fx_action(FOGN_A_FIRE, 1, 0, 0, 0, 0, 0), &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 5);
    assert_true(logged(&log, "unit1 scores 3 hits with 5 dice at 5+: fire at unit0"));
    assert_int_equal(st.u[0].cohesion, FOGN_DISORDERED);
    /* already beyond 3 MU: it stays and may not advance */
    ASSERT_POSE(&st.u[0], 20, 10, 90);
    assert_true(st.u[0].flags & FOGN_UF_NO_ADVANCE);
    gr_log_free(&log);
    free(s);
}

static void test_s7_9_four_close_hits_two_levels_and_outcome_move(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel(FOGN_INF_REFORMED, FOGN_F_TACTICAL);
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    /* four hits, then the retire die: Wavering column, D6+2 */
    const int faces[] = {4, 4, 5, 6, 3};
    gr_dice_init_script(&d, faces, 5);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 5);
    assert_int_equal(st.u[1].cohesion, FOGN_WAVERING);
    assert_true(logged(&log, "retire under fire of 5 MU"));
    /* 5 MU is less than its 6 MU move: it ends facing back where it came from */
    ASSERT_POSE(&st.u[1], 20, 16.5, -90);
    gr_log_free(&log);
    free(s);
}

static void test_s7_9_large_steady_target_takes_one_hit_less(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel(FOGN_INF_REFORMED, FOGN_F_TACTICAL);
    s->units[1].size = FOGN_LARGE;
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    /* two hits less one: no loss; the large unit replies with 6 dice */
    const int faces[] = {4, 4, 1, 1, 1, 1, 1, 1, 1, 1};
    gr_dice_init_script(&d, faces, 10);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 10);
    assert_true(logged(&log, "unit1 takes 2 hits (1 after reduction)"));
    assert_true(logged(&log, "unit1 scores 0 hits with 6 dice at 4+: fire at unit0"));
    assert_int_equal(st.u[1].cohesion, FOGN_STEADY);
    gr_log_free(&log);
    free(s);
}

static void test_s7_9_wavering_target_under_close_fire_breaks_and_retires(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel(FOGN_INF_REFORMED, FOGN_F_TACTICAL);
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    /* two hits call for a loss: Wavering with close fire -> Broken, D6+4 at once */
    const int faces[] = {4, 4, 1, 1, 2};
    gr_dice_init_script(&d, faces, 5);
    at_fire(s, &st, 0);
    st.u[1].cohesion = FOGN_WAVERING;
    run(s, &st, &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 5);
    assert_int_equal(st.u[1].cohesion, FOGN_BROKEN);
    assert_true(logged(&log, "retire under fire of 6 MU"));
    /* 6 MU is its full move: it ends facing the way it went (§9.11) */
    ASSERT_POSE(&st.u[1], 20, 19.75, 90);
    gr_log_free(&log);
    free(s);
}

static void test_s7_9_wavering_target_without_close_fire_retires_instead_of_losing(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel(FOGN_INF_REFORMED, FOGN_F_TACTICAL);
    s->units[1].y = 14; /* 4 MU: medium */
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    gr_dice_init_script(&d, NULL, 0);
    at_fire(s, &st, 0);
    st.u[1].cohesion = FOGN_WAVERING;
    run(s, &st, &d, &log);
    assert_int_equal(st.turn.step, FOGN_ST_FI_ALLOC_A);
    /* 3 dice at medium at 5+, two hits: no loss, D6+2 (Wavering column) */
    const int faces[] = {5, 5, 1, 3};
    gr_dice_init_script(&d, faces, 4);
    decide(s, &st, fx_action(FOGN_A_FIRE, 0, 1, 0, 0, 0, 0), &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 4);
    assert_int_equal(st.u[1].cohesion, FOGN_WAVERING);
    assert_true(logged(&log, "retire under fire of 5 MU"));
    ASSERT_POSE(&st.u[1], 20, 19, -90);
    gr_log_free(&log);
    free(s);
}

/* --- §7.5 enemy cavalry, supporting fire; §7.4 attachments; §7.8 re-rolls ----------------------------------- */

static void test_s7_5_enemy_cavalry_within_6mu_costs_two_dice_at_medium_one_with_rifles(void **unused)
{
    (void)unused;
    for (int rifles = 0; rifles < 2; rifles++) {
        fogn_scenario *s = scn_duel(FOGN_CAV_LIGHT, FOGN_F_TACTICAL);
        s->units[1].y = 14; /* 4 MU */
        if (rifles) s->units[0].caps = FOGN_CAP_RIFLES;
        fogn_state st;
        gr_log log;
        gr_log_init(&log);
        gr_dice d;
        gr_dice_init_script(&d, NULL, 0);
        at_fire(s, &st, 0);
        run(s, &st, &d, &log);
        assert_int_equal(st.turn.step, FOGN_ST_FI_ALLOC_A);
        /* Reformed small at medium: 3 dice, less 2 (muskets) or 1 (rifles); 5+ at cavalry */
        const int faces[] = {1, 1};
        gr_dice_init_script(&d, faces, 2);
        decide(s, &st, fx_action(FOGN_A_FIRE, 0, 1, 0, 0, 0, 0), &d, &log);
        assert_true(fire_over(&st));
        assert_int_equal(d.pos, rifles ? 2 : 1);
        assert_true(logged(&log, rifles ? "unit0 scores 0 hits with 2 dice at 5+: fire at unit1"
                                        : "unit0 scores 0 hits with 1 dice at 5+: fire at unit1"));
        gr_log_free(&log);
        free(s);
    }
}

/* u0 fires at u1 (a March Column: it cannot reply) while u2, beside u0 with
 * u1 within 1 BW of its side edge but not ahead of it, supports */
static fogn_scenario *scn_support(void)
{
    fogn_scenario *s = scn_duel(FOGN_INF_REFORMED, FOGN_F_COLUMN);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 23, 10, 90);
    return s;
}

static void test_s7_5_supporting_infantry_adds_one_die_at_the_supported_score(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_support();
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    const int faces[] = {1, 1, 1, 1, 3};
    gr_dice_init_script(&d, faces, 5);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 5);
    assert_true(logged(&log, "unit0 scores 0 hits with 4 dice at 3+: fire at unit1"));
    assert_true(logged(&log, "unit2 scores 1 hit with 1 dice at 3+: supporting fire at unit1"));
    assert_true(logged(&log, "unit1 takes 1 hit (1 after reduction)"));
    gr_log_free(&log);
    free(s);
}

static void test_s7_5_wavering_unit_gives_no_support_artillery_gives_two(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_support();
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    const int faces[] = {1, 1, 1, 1, 3, 3};
    gr_dice_init_script(&d, faces, 6);
    at_fire(s, &st, 0);
    st.u[2].cohesion = FOGN_WAVERING;
    run(s, &st, &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 4);
    assert_int_equal(nlogged(&log, "unit2 scores"), 0);
    gr_log_free(&log);
    /* an infantry supporter with an artillery attachment adds 2 */
    s->units[2].attach[0] = FOGN_ATT_ARTILLERY;
    gr_log_init(&log);
    gr_dice_init_script(&d, faces, 6);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_int_equal(d.pos, 6);
    assert_true(logged(&log, "unit2 scores 2 hits with 2 dice at 3+: supporting fire at unit1"));
    gr_log_free(&log);
    free(s);
}

static void test_s7_4_artillery_attachment_adds_two_dice_rolled_apart_without_reroll(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel(FOGN_INF_REFORMED, FOGN_F_COLUMN);
    s->units[0].training = FOGN_TR_VETERAN;
    s->units[0].attach[0] = FOGN_ATT_ARTILLERY;
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    /* own 4 dice at 3+: the Veteran re-rolls its 1 (a 3: a hit); the guns' 1 stays */
    const int faces[] = {1, 2, 2, 2, 3, 1, 2};
    gr_dice_init_script(&d, faces, 7);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 7);
    assert_true(logged(&log, "unit0 scores 1 hit with 4 dice at 3+: fire at unit1"));
    assert_true(logged(&log, "unit0 scores 0 hits with 2 dice at 3+: fire at unit1"));
    assert_true(logged(&log, "unit1 takes 1 hit"));
    gr_log_free(&log);
    free(s);
}

static void test_s7_8_conscripts_must_reroll_sixes(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel(FOGN_INF_REFORMED, FOGN_F_COLUMN);
    s->units[0].training = FOGN_TR_CONSCRIPT;
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    const int faces[] = {6, 6, 1, 1, 2, 6};
    gr_dice_init_script(&d, faces, 6);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 6); /* each die once: the second 6 stands */
    assert_true(logged(&log, "unit0 scores 1 hit with 4 dice at 3+: fire at unit1"));
    gr_log_free(&log);
    free(s);
}

/* --- §7.6 sharing dice, the "fire uN" choice ---------------------------------------------------------------- */

/* u0 a large Tactical (4.5 MU wide) facing north at (20, 10); two March
 * Columns of side 1 at close range: u1 most central (x 19), u2 off centre (x 21.8) */
static fogn_scenario *scn_split(void)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, 19, 11.5, -90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, 21.8, 11.5, -90);
    return s;
}

static int has_action(const fogn_scenario *s, const fogn_state *st, int type, int target, int arg)
{
    gr_action a[GR_MAX_ACTIONS];
    int n = fogn_ruleset.rules->legal_actions(s, st, a, GR_MAX_ACTIONS);
    for (int k = 0; k < n; k++)
        if (a[k].type == type && a[k].target == target && a[k].arg == arg) return 1;
    return 0;
}

/* the views a firing step keeps (fogn_unit.fview_band, .fview; fire.c):
 * worked out when the cursor reaches a firer, checked against a fresh look
 * by check_invariants, and dropped by a correction of the position, so the
 * menu never offers a target that is no longer there */
static void test_s7_6_views_kept_for_the_step_follow_the_position(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_split();
    s->units[1].y = s->units[2].y = 14; /* front edges 4 MU apart: medium range */
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    gr_dice_init_script(&d, NULL, 0);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_int_equal(st.turn.step, FOGN_ST_FI_ALLOC_A);
    assert_int_equal(st.turn.cursor, 0);
    assert_int_equal(st.u[0].fview_band, 1 + FOGN_RANGE_MEDIUM);
    assert_true(st.u[0].fview == ((UINT64_C(1) << 1) | (UINT64_C(1) << 2)));
    assert_int_equal(st.u[1].fview_band, 0); /* side 1 does not fire in this step */
    assert_true(has_action(s, &st, FOGN_A_FIRE, 1, 0) && has_action(s, &st, FOGN_A_FIRE, 2, 0));
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(fogn_ruleset.present->check_invariants(s, &st, &err), 0);
    /* a kept view that the position does not bear out is caught */
    fogn_state bad = st;
    bad.u[0].fview = UINT64_C(1) << 1;
    assert_int_equal(fogn_ruleset.present->check_invariants(s, &bad, &err), -1);
    assert_non_null(strstr(err.msg, "afresh band 2 targets 0x6"));
    /* u2 is carried out of range by a correction: u0 still decides (u1 is
     * at medium range), and only u1 is on its menu */
    gr_error_clear(&err);
    if (fogn_edit(s, &st, "u2 at 40 30 facing -90", &log, &err)) fail_msg("correction refused: %s", err.msg);
    assert_int_equal(st.turn.cursor, 0);
    assert_int_equal(st.u[0].fview_band, 0);
    assert_true(has_action(s, &st, FOGN_A_FIRE, 1, 0));
    assert_false(has_action(s, &st, FOGN_A_FIRE, 2, 0));
    assert_int_equal(fogn_ruleset.present->check_invariants(s, &st, &err), 0);
    /* the fire goes at u1 alone (every die a miss) */
    const int faces[] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    gr_dice_init_script(&d, faces, 12);
    decide(s, &st, fx_action(FOGN_A_FIRE, 0, 1, 0, 0, 0, 0), &d, &log);
    assert_int_equal(nlogged(&log, "fire at unit2"), 0);
    assert_true(nlogged(&log, "fire at unit1") > 0);
    gr_log_free(&log);
    free(s);
}

static void test_s7_6_two_close_targets_the_most_central_gets_most_by_default(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_split();
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    gr_dice_init_script(&d, NULL, 0);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_int_equal(st.turn.step, FOGN_ST_FI_ALLOC_A);
    assert_int_equal(st.turn.cursor, 0);
    /* close targets must be fired at: no hold, one choice per target */
    assert_true(has_action(s, &st, FOGN_A_FIRE, 1, 0));
    assert_true(has_action(s, &st, FOGN_A_FIRE, 2, 0));
    assert_false(has_action(s, &st, FOGN_A_HOLD, -1, 0));
    gr_error err;
    gr_error_clear(&err);
    gr_action hold = fx_action(FOGN_A_HOLD, 0, -1, 0, 0, 0, 0);
    assert_int_not_equal(fogn_ruleset.rules->apply(s, &st, &hold, &d, &log, &err), 0);
    /* 6 dice: at least 2 each, the rest on the most central */
    const int faces[] = {1, 1, 1, 1, 1, 1};
    gr_dice_init_script(&d, faces, 6);
    decide(s, &st, done(), &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 6);
    assert_true(logged(&log, "unit0 scores 0 hits with 4 dice at 3+: fire at unit1"));
    assert_true(logged(&log, "unit0 scores 0 hits with 2 dice at 3+: fire at unit2"));
    gr_log_free(&log);
    free(s);
}

static void test_s7_6_fire_choice_puts_most_dice_on_the_named_target_never_above_the_central(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_split();
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    gr_dice_init_script(&d, NULL, 0);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    const int faces[] = {1, 1, 1, 1, 1, 1};
    gr_dice_init_script(&d, faces, 6);
    decide(s, &st, fx_action(FOGN_A_FIRE, 0, 2, 0, 0, 0, 0), &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 6);
    /* the most central target must get at least as many: 3 and 3 (u2 alone
     * is before one end base only, but u1 is not: the unit fires as large) */
    assert_true(logged(&log, "unit0 scores 0 hits with 3 dice at 3+: fire at unit1"));
    assert_true(logged(&log, "unit0 scores 0 hits with 3 dice at 3+: fire at unit2"));
    gr_log_free(&log);
    free(s);
}

static void test_s7_6_fewer_dice_than_targets_one_die_each_to_the_chosen(void **unused)
{
    (void)unused;
    /* a Wavering small unit (4 dice, 2 after the cut) with three columns ahead */
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, 18.5, 11.5, -90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, 20.25, 11.5, -90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, 22, 11.5, -90);
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    gr_dice_init_script(&d, NULL, 0);
    at_fire(s, &st, 0);
    st.u[0].cohesion = FOGN_WAVERING;
    run(s, &st, &d, &log);
    assert_int_equal(st.turn.step, FOGN_ST_FI_ALLOC_A);
    const int faces[] = {1, 1};
    gr_dice_init_script(&d, faces, 2);
    decide(s, &st, fx_action(FOGN_A_FIRE, 0, 3, 0, 0, 0, 0), &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 2);
    /* one die at the chosen u3 and one at the most central u2; none at u1 */
    assert_true(logged(&log, "unit0 scores 0 hits with 1 dice at 3+: fire at unit3"));
    assert_true(logged(&log, "unit0 scores 0 hits with 1 dice at 3+: fire at unit2"));
    assert_int_equal(nlogged(&log, "fire at unit1"), 0);
    gr_log_free(&log);
    free(s);
}

static void test_s7_6_artillery_may_ignore_skirmishers_in_its_band(void **unused)
{
    (void)unused;
    /* small foot battery (6 dice at medium) at (20, 10); 4 MU ahead a Light
     * unit in Skirmish order (u1) and a March Column (u2) */
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_LIGHT, FOGN_SMALL, FOGN_F_SKIRMISH, 19, 14, -90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, 21.3, 14, -90);
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    gr_dice_init_script(&d, NULL, 0);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_int_equal(st.turn.step, FOGN_ST_FI_ALLOC_A);
    assert_true(has_action(s, &st, FOGN_A_FIRE, 2, 1));
    assert_false(has_action(s, &st, FOGN_A_FIRE, 1, 1)); /* cannot ignore everything but Skirmishers */
    assert_true(has_action(s, &st, FOGN_A_HOLD, -1, 0));
    const int faces[] = {4, 4, 1, 1, 1, 1};
    gr_dice_init_script(&d, faces, 6);
    decide(s, &st, fx_action(FOGN_A_FIRE, 0, 2, 1, 0, 0, 0), &d, &log);
    /* all 6 at the column: 5+ at medium, + for March Column: 4+ */
    assert_true(logged(&log, "unit0 scores 2 hits with 6 dice at 4+: fire at unit2"));
    assert_int_equal(nlogged(&log, "fire at unit1"), 0);
    assert_int_equal(st.u[2].cohesion, FOGN_DISORDERED);
    gr_log_free(&log);
    free(s);
}

static void test_s7_2_unreformed_infantry_has_no_medium_dice_without_skirmishers(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel(FOGN_INF_REFORMED, FOGN_F_COLUMN);
    s->units[0].troop = FOGN_INF_UNREFORMED;
    s->units[1].y = 14;
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    gr_dice_init_script(&d, NULL, 0);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_true(fire_over(&st)); /* nothing to decide, nothing rolled */
    assert_int_equal(nlogged(&log, "scores"), 0);
    gr_log_free(&log);
    /* with a skirmisher attachment: 3 dice at medium (4+ at a March Column) */
    s->units[0].attach[0] = FOGN_ATT_SKIRMISHERS;
    gr_log_init(&log);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_int_equal(st.turn.step, FOGN_ST_FI_ALLOC_A);
    const int faces[] = {1, 1, 1};
    gr_dice_init_script(&d, faces, 3);
    decide(s, &st, fx_action(FOGN_A_FIRE, 0, 1, 0, 0, 0, 0), &d, &log);
    assert_int_equal(d.pos, 3);
    assert_true(logged(&log, "unit0 scores 0 hits with 3 dice at 4+: fire at unit1"));
    gr_log_free(&log);
    free(s);
}

/* --- §7.2 bands, §7.3 arc and sight, §7.1 contact --------------------------------------------------------- */

static void test_s7_3_large_unit_whose_only_target_is_before_one_end_base_fires_as_small(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_split();
    s->units[1].y = 30; /* u1 out of range: only u2, before the right end base */
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    const int faces[] = {3, 1, 1, 1};
    gr_dice_init_script(&d, faces, 4);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 4);
    assert_true(logged(&log, "unit0 scores 1 hit with 4 dice at 3+: fire at unit2"));
    gr_log_free(&log);
    free(s);
}

static void test_s7_2_artillery_at_long_range_needs_6_at_a_single_rank(void **unused)
{
    (void)unused;
    /* small medium foot battery; a Reformed Extended Line 10 MU ahead */
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_LINE, 20, 20, -90);
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    gr_dice_init_script(&d, NULL, 0);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_int_equal(st.turn.step, FOGN_ST_FI_ALLOC_A); /* long range: may hold */
    assert_true(has_action(s, &st, FOGN_A_HOLD, -1, 0));
    const int faces[] = {6, 6, 5};
    gr_dice_init_script(&d, faces, 3);
    decide(s, &st, fx_action(FOGN_A_FIRE, 0, 1, 0, 0, 0, 0), &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 3);
    assert_true(logged(&log, "unit0 scores 2 hits with 3 dice at 6+: fire at unit1"));
    assert_int_equal(st.u[1].cohesion, FOGN_DISORDERED);
    ASSERT_POSE(&st.u[1], 20, 20, -90);
    gr_log_free(&log);
    /* heavy guns: 4 dice at long range */
    s->units[0].weight = FOGN_HEAVY;
    gr_log_init(&log);
    gr_dice_init_script(&d, NULL, 0);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    const int faces4[] = {1, 1, 1, 1};
    gr_dice_init_script(&d, faces4, 4);
    decide(s, &st, fx_action(FOGN_A_FIRE, 0, 1, 0, 0, 0, 0), &d, &log);
    assert_int_equal(d.pos, 4);
    assert_true(logged(&log, "unit0 scores 0 hits with 4 dice at 6+: fire at unit1"));
    gr_log_free(&log);
    free(s);
}

static void test_s7_3_target_not_straight_ahead_is_not_fired_at(void **unused)
{
    (void)unused;
    /* u1 within 2 MU of u0's front corner but off to its right, neither ahead of the other */
    fogn_scenario *s = scn_duel(FOGN_INF_REFORMED, FOGN_F_TACTICAL);
    s->units[1].x = 23.5;
    s->units[1].y = 11;
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    gr_dice_init_script(&d, NULL, 0);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(nlogged(&log, "scores"), 0);
    assert_int_equal(st.u[1].cohesion, FOGN_STEADY);
    gr_log_free(&log);
    free(s);
}

static void test_s7_3_extended_line_fires_at_close_as_two_halves(void **unused)
{
    (void)unused;
    /* a small Extended Line (6 MU wide, x 17..23); a column before each half */
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_LINE, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, 18, 11.5, -90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, 22, 11.5, -90);
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    const int faces[] = {3, 1, 1, 1, 3, 3, 1, 1};
    gr_dice_init_script(&d, faces, 8);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    /* two targets in the band: the machine asks (each half has one only) */
    assert_int_equal(st.turn.step, FOGN_ST_FI_ALLOC_A);
    decide(s, &st, done(), &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 8);
    /* each half counts its dice as a whole small unit: 4 each */
    assert_true(logged(&log, "unit0 scores 1 hit with 4 dice at 3+: fire at unit1"));
    assert_true(logged(&log, "unit0 scores 2 hits with 4 dice at 3+: fire at unit2"));
    assert_int_equal(st.u[1].cohesion, FOGN_STEADY);
    assert_int_equal(st.u[2].cohesion, FOGN_DISORDERED);
    gr_log_free(&log);
    free(s);
}

static void test_s7_1_units_in_contact_neither_fire_nor_are_fired_at(void **unused)
{
    (void)unused;
    /* u0 and u1 in contact front to front at y 10; u2 of side 0 faces u1's
     * rear 1.75 MU away, straight ahead of it */
    fogn_scenario *s = scn_duel(FOGN_INF_REFORMED, FOGN_F_TACTICAL);
    s->units[1].y = 10;
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 14, -90);
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    gr_dice_init_script(&d, NULL, 0);
    at_fire(s, &st, 0);
    assert_false(fogn_can_fire(s, &st, 0));
    assert_false(fogn_can_fire(s, &st, 1));
    assert_true(fogn_can_fire(s, &st, 2));
    run(s, &st, &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(nlogged(&log, "scores"), 0);
    gr_log_free(&log);
    free(s);
}

/* --- §7.9 the Guard, §10.1 commanders -------------------------------------------------------------------- */

static void test_s7_9_guard_loses_at_most_one_level_a_phase_to_fire(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel(FOGN_INF_REFORMED, FOGN_F_TACTICAL);
    s->units[1].caps = FOGN_CAP_GUARD;
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    /* four close hits: one level only, but the outcome move stands (Disordered column: D6, at least 3) */
    const int faces[] = {4, 4, 5, 6, 1, 1, 1, 1};
    gr_dice_init_script(&d, faces, 8);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_int_equal(st.u[1].cohesion, FOGN_DISORDERED);
    assert_true(logged(&log, "retire under fire of 3 MU"));
    ASSERT_POSE(&st.u[1], 20, 14.5, -90);
    assert_int_equal(d.pos, 5);
    /* 4.5 MU off now: its reply at medium range is optional */
    assert_int_equal(st.turn.step, FOGN_ST_FI_ALLOC_N);
    decide(s, &st, fx_action(FOGN_A_HOLD, 1, -1, 0, 0, 0, 0), &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 5);
    gr_log_free(&log);
    free(s);
}

static void test_s7_9_guard_level_lost_in_the_assault_phase_does_not_count(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel(FOGN_INF_REFORMED, FOGN_F_COLUMN);
    s->units[1].caps = FOGN_CAP_GUARD;
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    const int faces[] = {3, 3, 1, 1};
    gr_dice_init_script(&d, faces, 4);
    at_fire(s, &st, 0);
    st.u[1].cohesion = FOGN_DISORDERED;
    st.u[1].flags |= FOGN_UF_FIRE_LOSS; /* lost a level to defensive fire this move */
    run(s, &st, &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 4);
    assert_int_equal(st.u[1].cohesion, FOGN_WAVERING);
    gr_log_free(&log);
    free(s);
}

static void test_s10_1_three_hits_roll_for_the_commander_with_the_unit(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel(FOGN_INF_REFORMED, FOGN_F_COLUMN);
    s->cmdrs[1].start_leading = 1;
    s->cmdrs[1].x = 20;
    s->cmdrs[1].y = 16.5;
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    /* 3 hits at 3+; the division commander rolls 2 dice, both must make 6 (no rifles) */
    const int faces[] = {3, 4, 5, 1, 6, 6, 6, 6};
    gr_dice_init_script(&d, faces, 8);
    at_fire(s, &st, 0);
    assert_int_equal(st.c[1].leading, 1);
    run(s, &st, &d, &log);
    assert_true(fire_over(&st));
    assert_true(logged(&log, "general1 with unit1 becomes a casualty"));
    assert_true(st.c[1].flags & FOGN_CF_CASUALTY);
    assert_int_equal(st.u[1].cohesion, FOGN_DISORDERED);
    /* the unit then tests for losing its commander (§10.3): the last two dice */
    assert_true(logged(&log, "unit1 passes the cohesion test"));
    assert_int_equal(d.pos, 8);
    gr_log_free(&log);
    /* two hits: no roll for him */
    const int faces2[] = {3, 4, 1, 1};
    gr_log_init(&log);
    gr_dice_init_script(&d, faces2, 4);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_int_equal(d.pos, 4);
    assert_false(st.c[1].flags & FOGN_CF_CASUALTY);
    gr_log_free(&log);
    free(s);
}

/* --- §6.10 defensive fire through the volley ------------------------------------------------------------ */

/* u0 (side 0, the assaulter) paused 2 MU short of u1 (side 1), both facing each other */
static void defensive_setup(fogn_scenario *s, fogn_state *st)
{
    fogn_ruleset.rules->init(s, st);
    st->active = 0;
    st->turn.phase = fogn_step_def_of(FOGN_ST_AS_FIRE)->phase;
    st->turn.step = FOGN_ST_AS_FIRE;
    st->u[0].flags |= FOGN_UF_ASSAULTING;
    st->u[0].target = 1;
}

static fogn_scenario *scn_assault(fogn_troop t0)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, t0, FOGN_SMALL, FOGN_F_TACTICAL, 20, 18, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 20, -90);
    return s;
}

static int defensive_volley(const fogn_scenario *s, fogn_state *st, const gr_rect *start, fogn_fire_report *rep,
                            gr_dice *d, gr_log *log)
{
    fogn_volley v;
    fogn_volley_init(&v, 1, 1);
    if (start) {
        v.has_start[0] = 1;
        v.start[0] = *start;
    } else {
        fogn_volley_assaulter_start(&v, s, st, 0);
    }
    assert_int_equal(fogn_volley_add(s, st, &v, 1, 0, FOGN_RANGE_CLOSE), 0);
    return fogn_volley_resolve(s, st, &v, rep, d, log);
}

static void test_s6_10_assaulting_cavalry_taking_four_close_hits_is_spent(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_assault(FOGN_CAV_LIGHT);
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    /* 4 dice at 4+ (it began in front); the retire die: the assault's Wavering column, cavalry D6+4 */
    const int faces[] = {4, 4, 4, 4, 2};
    gr_dice_init_script(&d, faces, 5);
    defensive_setup(s, &st);
    fogn_fire_report rep[FOGN_MAX_UNITS];
    assert_int_equal(defensive_volley(s, &st, NULL, rep, &d, &log), 0);
    assert_int_equal(d.pos, 5);
    assert_true(logged(&log, "unit1 scores 4 hits with 4 dice at 4+: fire at unit0"));
    assert_true(st.u[0].flags & FOGN_UF_SPENT);
    assert_int_equal(st.u[0].bases_lost, 1);
    assert_int_equal(st.u[0].cohesion, FOGN_WAVERING);
    assert_int_equal(rep[0].outcome, 1);
    assert_true(logged(&log, "retire under fire of 6 MU"));
    /* 6 MU, less than its 8 MU move: it backs away still facing the enemy */
    ASSERT_POSE(&st.u[0], 20, 12, 90);
    gr_log_free(&log);
    /* three hits: a level and back to 3 MU, not Spent */
    const int faces3[] = {4, 4, 4, 1};
    gr_log_init(&log);
    gr_dice_init_script(&d, faces3, 4);
    defensive_setup(s, &st);
    assert_int_equal(defensive_volley(s, &st, NULL, rep, &d, &log), 0);
    assert_int_equal(d.pos, 4);
    assert_false(st.u[0].flags & FOGN_UF_SPENT);
    assert_int_equal(st.u[0].cohesion, FOGN_DISORDERED);
    assert_int_equal(rep[0].move, FOGN_FM_RETIRE_3);
    ASSERT_POSE(&st.u[0], 20, 17, 90);
    gr_log_free(&log);
    free(s);
}

static void test_s6_10_one_hit_on_assaulting_cavalry_waits_for_the_press_on_cmt(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_assault(FOGN_CAV_LIGHT);
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    const int faces[] = {4, 1, 1, 1};
    gr_dice_init_script(&d, faces, 4);
    defensive_setup(s, &st);
    fogn_fire_report rep[FOGN_MAX_UNITS];
    assert_int_equal(defensive_volley(s, &st, NULL, rep, &d, &log), 0);
    assert_int_equal(d.pos, 4);
    assert_int_equal(rep[0].move, FOGN_FM_CMT_TO_ADVANCE);
    assert_int_equal(rep[0].outcome, 0);
    /* the active player may still take the CMT to contact: no falling back yet */
    ASSERT_POSE(&st.u[0], 20, 18, 90);
    gr_log_free(&log);
    free(s);
}

static void test_s7_9_superior_assaulter_takes_one_hit_less(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_assault(FOGN_INF_REFORMED);
    s->units[0].elan = FOGN_ELAN_SUPERIOR;
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    /* infantry that began 2 MU off (its pause): hit on 5+ */
    const int faces[] = {5, 5, 1, 1};
    gr_dice_init_script(&d, faces, 4);
    defensive_setup(s, &st);
    fogn_fire_report rep[FOGN_MAX_UNITS];
    assert_int_equal(defensive_volley(s, &st, NULL, rep, &d, &log), 0);
    assert_int_equal(rep[0].raw, 2);
    assert_int_equal(rep[0].net, 1);
    assert_int_equal(st.u[0].cohesion, FOGN_STEADY);
    gr_log_free(&log);
    free(s);
}

/* §7.7 footnote: infantry assaulters are hit on 4+ when they began within 1
 * base width of the firers' front, read as a place along that front (the
 * frontage widened by 1 BW each side), however far ahead */
static void test_s7_7_defensive_fire_at_infantry_that_began_beside_the_front_needs_5(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_assault(FOGN_INF_REFORMED);
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    const int faces[] = {4, 4, 1, 1, 4, 4, 1, 1};
    gr_dice_init_script(&d, faces, 8);
    defensive_setup(s, &st);
    fogn_fire_report rep[FOGN_MAX_UNITS];
    /* the firers' front runs x 18.5..21.5; widened by 1 BW, 17..23. Began
     * 5 MU off, wholly beside it (x 24.5..27.5): 5+ */
    gr_rect beside = gr_rect_make(gr_v2(26, 15), 90 * FX_DEG, 3, 2.25);
    assert_int_equal(defensive_volley(s, &st, &beside, rep, &d, &log), 0);
    assert_true(logged(&log, "unit1 scores 0 hits with 4 dice at 5+: fire at unit0"));
    gr_log_free(&log);
    /* began 5 MU off, straight ahead of it: 4+ */
    gr_log_init(&log);
    defensive_setup(s, &st);
    gr_rect ahead = gr_rect_make(gr_v2(20, 15), 90 * FX_DEG, 3, 2.25);
    assert_int_equal(defensive_volley(s, &st, &ahead, rep, &d, &log), 0);
    assert_true(logged(&log, "unit1 scores 2 hits with 4 dice at 4+: fire at unit0"));
    assert_int_equal(d.pos, 8);
    gr_log_free(&log);
    /* began partly within the widened front (x 22.5..25.5): 4+ */
    gr_log_init(&log);
    defensive_setup(s, &st);
    const int faces2[] = {4, 1, 1, 1};
    gr_dice_init_script(&d, faces2, 4);
    gr_rect edge = gr_rect_make(gr_v2(24, 15), 90 * FX_DEG, 3, 2.25);
    assert_int_equal(defensive_volley(s, &st, &edge, rep, &d, &log), 0);
    assert_true(logged(&log, "unit1 scores 1 hit with 4 dice at 4+: fire at unit0"));
    gr_log_free(&log);
    free(s);
}

static void test_s7_9_wavering_square_forms_tactical_before_retiring(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel(FOGN_INF_REFORMED, FOGN_F_SQUARE);
    s->units[1].y = 14; /* medium range */
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    gr_dice_init_script(&d, NULL, 0);
    at_fire(s, &st, 0);
    st.u[1].cohesion = FOGN_WAVERING;
    run(s, &st, &d, &log);
    assert_int_equal(st.turn.step, FOGN_ST_FI_ALLOC_A);
    /* 3 dice at 5+, + for a Square: 4+; two hits; D6+2 with a 1: the minimum 3 MU */
    const int faces[] = {4, 4, 1, 1};
    gr_dice_init_script(&d, faces, 4);
    decide(s, &st, fx_action(FOGN_A_FIRE, 0, 1, 0, 0, 0, 0), &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 4);
    assert_true(logged(&log, "unit0 scores 2 hits with 3 dice at 4+: fire at unit1"));
    assert_int_equal(st.u[1].cohesion, FOGN_WAVERING);
    assert_int_equal(st.u[1].formation, FOGN_F_TACTICAL);
    ASSERT_POSE(&st.u[1], 20, 17, -90);
    gr_log_free(&log);
    free(s);
}

/* --- more of §7.3, §7.5, §7.7, §7.9 and the rulings of §23 ---------------------------------------------- */

static void test_s7_3_no_fire_over_a_friendly_unit(void **unused)
{
    (void)unused;
    /* a battery at (20, 4); a friend u2 in front of it (front edge y 7); the
     * enemy column u1 at y 9: 5 MU from the guns, 2 MU from the friend */
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED, 20, 4, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, 20, 9, -90);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 7, 90);
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    const int faces[] = {1, 1, 1, 1};
    gr_dice_init_script(&d, faces, 4);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 4);
    assert_true(logged(&log, "unit2 scores 0 hits with 4 dice at 3+: fire at unit1"));
    assert_int_equal(nlogged(&log, "unit0 scores"), 0);
    gr_log_free(&log);
    free(s);
}

static void test_s7_5_rain_costs_a_level_and_a_wavering_unit_in_rain_cannot_fire(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel(FOGN_INF_REFORMED, FOGN_F_COLUMN);
    s->weather = FOGN_WEATHER_RAIN;
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    /* Steady in rain fires as Disordered: 4 - 1 = 3 dice */
    const int faces[] = {1, 1, 1};
    gr_dice_init_script(&d, faces, 3);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 3);
    assert_true(logged(&log, "unit0 scores 0 hits with 3 dice at 3+: fire at unit1"));
    gr_log_free(&log);
    /* Disordered in rain: as Wavering, 4 - 2 = 2 dice */
    gr_log_init(&log);
    gr_dice_init_script(&d, faces, 3);
    at_fire(s, &st, 0);
    st.u[0].cohesion = FOGN_DISORDERED;
    run(s, &st, &d, &log);
    assert_int_equal(d.pos, 2);
    assert_true(logged(&log, "unit0 scores 0 hits with 2 dice at 3+: fire at unit1"));
    gr_log_free(&log);
    /* Wavering in rain: effective 3, no fire */
    gr_log_init(&log);
    gr_dice_init_script(&d, faces, 3);
    at_fire(s, &st, 0);
    st.u[0].cohesion = FOGN_WAVERING;
    run(s, &st, &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 0);
    assert_int_equal(nlogged(&log, "scores"), 0);
    gr_log_free(&log);
    free(s);
}

static void test_s7_7_fire_into_a_units_rear_gets_a_poa(void **unused)
{
    (void)unused;
    /* u1 faces away from u0: its rear edge 1.5 MU ahead of u0's front */
    fogn_scenario *s = scn_duel(FOGN_INF_REFORMED, FOGN_F_TACTICAL);
    s->units[1].y = 13.75;
    s->units[1].heading = 90 * FX_DEG;
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    const int faces[] = {3, 1, 1, 1};
    gr_dice_init_script(&d, faces, 4);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 4); /* u1 cannot shoot behind it */
    assert_true(logged(&log, "unit0 scores 1 hit with 4 dice at 3+: fire at unit1"));
    gr_log_free(&log);
    free(s);
}

static void test_s7_7_skirmishers_are_hit_on_5_and_fire_on_5_at_close(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel(FOGN_INF_LIGHT, FOGN_F_SKIRMISH);
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    /* u0: 4 dice at 4+ less the Skirmish POA: 5+; u1 in Skirmish order: 3 dice, 5+ (firing Skirmishers -) */
    const int faces[] = {4, 4, 4, 1, 5, 4, 1};
    gr_dice_init_script(&d, faces, 7);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 7);
    assert_true(logged(&log, "unit0 scores 0 hits with 4 dice at 5+: fire at unit1"));
    assert_true(logged(&log, "unit1 scores 1 hit with 3 dice at 5+: fire at unit0"));
    assert_true(st.u[0].flags & FOGN_UF_HALTED);
    gr_log_free(&log);
    free(s);
}

static void test_s7_9_cavalry_beyond_3mu_hit_once_may_not_advance(void **unused)
{
    (void)unused;
    /* the active side's cavalry u0 4 MU from Light infantry u1 */
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_LIGHT, FOGN_SMALL, FOGN_F_TACTICAL, 20, 14, -90);
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    gr_dice_init_script(&d, NULL, 0);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_int_equal(st.turn.step, FOGN_ST_FI_ALLOC_N);
    /* 5 dice less 2 for enemy cavalry within 6 MU: 3 at 5+; one hit */
    const int faces[] = {5, 1, 1};
    gr_dice_init_script(&d, faces, 3);
    decide(s, &st, fx_action(FOGN_A_FIRE, 1, 0, 0, 0, 0, 0), &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 3);
    assert_true(logged(&log, "unit1 scores 1 hit with 3 dice at 5+: fire at unit0"));
    ASSERT_POSE(&st.u[0], 20, 10, 90);
    assert_true(st.u[0].flags & FOGN_UF_NO_ADVANCE);
    gr_log_free(&log);
    free(s);
}

static void test_s7_9_cavalry_with_horse_guns_may_stay_within_2mu(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel(FOGN_CAV_LIGHT, FOGN_F_TACTICAL);
    s->units[1].attach[0] = FOGN_ATT_ARTILLERY;
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    /* u0: one hit at 5+; the guns reply alone with 2 dice at 4+ */
    const int faces[] = {5, 1, 1, 1, 1, 1};
    gr_dice_init_script(&d, faces, 6);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 6);
    assert_true(logged(&log, "unit1 scores 0 hits with 2 dice at 4+: fire at unit0"));
    ASSERT_POSE(&st.u[1], 20, 11.5, -90);
    gr_log_free(&log);
    free(s);
}

static void test_s23_37_extended_line_at_medium_fires_as_one_unit(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel(FOGN_INF_REFORMED, FOGN_F_COLUMN);
    s->units[0].start_formation = FOGN_F_LINE;
    s->units[1].y = 14;
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    gr_dice_init_script(&d, NULL, 0);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_int_equal(st.turn.step, FOGN_ST_FI_ALLOC_A);
    const int faces[] = {1, 1, 1};
    gr_dice_init_script(&d, faces, 3);
    decide(s, &st, fx_action(FOGN_A_FIRE, 0, 1, 0, 0, 0, 0), &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 3);
    assert_int_equal(nlogged(&log, "unit0 scores"), 1);
    assert_true(logged(&log, "unit0 scores 0 hits with 3 dice at 4+: fire at unit1"));
    gr_log_free(&log);
    free(s);
}

static void test_s23_43_retire_caused_by_an_assault_uses_the_wavering_column(void **unused)
{
    (void)unused;
    /* a Guard assaulter: four hits cost it one level only (Disordered), yet
     * it retires D6+2 as the assault's Wavering column says, not D6 */
    fogn_scenario *s = scn_assault(FOGN_INF_REFORMED);
    s->units[0].caps = FOGN_CAP_GUARD;
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    const int faces[] = {4, 4, 4, 4, 3};
    gr_dice_init_script(&d, faces, 5);
    defensive_setup(s, &st);
    fogn_fire_report rep[FOGN_MAX_UNITS];
    gr_rect near = gr_rect_make(gr_v2(20, 18.5), 90 * FX_DEG, 3, 2.25);
    assert_int_equal(defensive_volley(s, &st, &near, rep, &d, &log), 0);
    assert_int_equal(d.pos, 5);
    assert_int_equal(st.u[0].cohesion, FOGN_DISORDERED);
    assert_true(logged(&log, "retire under fire of 5 MU"));
    ASSERT_POSE(&st.u[0], 20, 13, 90);
    gr_log_free(&log);
    free(s);
}

static void test_s7_9_two_levels_only_with_some_close_fire(void **unused)
{
    (void)unused;
    /* a battery at medium range: four hits on a Steady column cost one level; D6 retire (Disordered column) */
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, 20, 14, -90);
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    gr_dice_init_script(&d, NULL, 0);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_int_equal(st.turn.step, FOGN_ST_FI_ALLOC_A);
    const int faces[] = {4, 4, 4, 4, 1, 1, 4};
    gr_dice_init_script(&d, faces, 7);
    decide(s, &st, fx_action(FOGN_A_FIRE, 0, 1, 0, 0, 0, 0), &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 7);
    assert_true(logged(&log, "unit0 scores 4 hits with 6 dice at 4+: fire at unit1"));
    assert_int_equal(st.u[1].cohesion, FOGN_DISORDERED);
    assert_true(logged(&log, "retire under fire of 4 MU"));
    /* 4 MU, less than a column's 6: it backs off facing the guns */
    ASSERT_POSE(&st.u[1], 20, 18, -90);
    gr_log_free(&log);
    free(s);
}

static void test_s7_9_wavering_target_with_one_hit_neither_loses_nor_moves(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel(FOGN_INF_REFORMED, FOGN_F_COLUMN);
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    const int faces[] = {3, 1, 1, 1};
    gr_dice_init_script(&d, faces, 4);
    at_fire(s, &st, 0);
    st.u[1].cohesion = FOGN_WAVERING;
    run(s, &st, &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 4);
    assert_int_equal(st.u[1].cohesion, FOGN_WAVERING);
    ASSERT_POSE(&st.u[1], 20, 11.5, -90);
    gr_log_free(&log);
    free(s);
}

static void test_s23_36_large_unit_in_contact_fires_from_a_free_file_as_small(void **unused)
{
    (void)unused;
    /* u0 large Tactical: files x 17.75-19.25, 19.25-20.75, 20.75-22.25. An
     * enemy column u1 touches the left file's front; u2, another column, stands
     * 1.5 MU before the right file. The middle file touches the barred left
     * one; the right file is wholly free and fires as a small unit. */
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, 18.5, 10, -90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, 22.5, 11.5, -90);
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    const int faces[] = {3, 3, 1, 1};
    gr_dice_init_script(&d, faces, 4);
    at_fire(s, &st, 0);
    assert_true(fogn_can_fire(s, &st, 0));
    run(s, &st, &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 4);
    assert_true(logged(&log, "unit0 scores 2 hits with 4 dice at 3+: fire at unit2"));
    assert_int_equal(nlogged(&log, "fire at unit1"), 0); /* a unit in contact is never a target */
    assert_int_equal(st.u[2].cohesion, FOGN_DISORDERED);
    gr_log_free(&log);
    /* contact on the middle file bars every file: no fire */
    s->units[1].x = 20;
    gr_log_init(&log);
    gr_dice_init_script(&d, faces, 4);
    at_fire(s, &st, 0);
    assert_false(fogn_can_fire(s, &st, 0));
    run(s, &st, &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 0);
    gr_log_free(&log);
    free(s);
}

static void test_s23_36_extended_line_in_contact_fires_from_its_free_half(void **unused)
{
    (void)unused;
    /* a small Extended Line x 17..23; an enemy column touches its left end
     * base; the right half (x 20..23) is free and fires at u2 as a half */
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_LINE, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, 17.75, 10, -90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, 22, 11.5, -90);
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    const int faces[] = {3, 1, 1, 1};
    gr_dice_init_script(&d, faces, 4);
    at_fire(s, &st, 0);
    assert_true(fogn_can_fire(s, &st, 0));
    run(s, &st, &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 4);
    assert_true(logged(&log, "unit0 scores 1 hit with 4 dice at 3+: fire at unit2"));
    gr_log_free(&log);
    free(s);
}

static void test_s7_6_all_dice_go_to_the_closest_band(void **unused)
{
    (void)unused;
    /* u1 at close range, u2 at medium range, both ahead and in sight: no choice, all 4 dice at u1 */
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, 19, 11.5, -90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, 21.3, 14, -90);
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    const int faces[] = {1, 1, 1, 1};
    gr_dice_init_script(&d, faces, 4);
    at_fire(s, &st, 0);
    run(s, &st, &d, &log);
    assert_true(fire_over(&st));
    assert_int_equal(d.pos, 4);
    assert_true(logged(&log, "unit0 scores 0 hits with 4 dice at 3+: fire at unit1"));
    assert_int_equal(nlogged(&log, "fire at unit2"), 0);
    gr_log_free(&log);
    free(s);
}

int main(void)
{
    (void)dump;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s7_4_close_range_small_tactical_four_dice_and_disordered_reply_with_three),
        cmocka_unit_test(test_s7_9_one_hit_halts_the_active_unit_without_loss),
        cmocka_unit_test(test_s7_9_three_hits_retire_to_3mu),
        cmocka_unit_test(test_s7_9_cavalry_one_hit_falls_back_to_3mu),
        cmocka_unit_test(test_s7_1_march_column_cannot_fire_and_is_hit_on_3),
        cmocka_unit_test(test_s7_9_three_hits_beyond_3mu_may_not_advance),
        cmocka_unit_test(test_s7_9_four_close_hits_two_levels_and_outcome_move),
        cmocka_unit_test(test_s7_9_large_steady_target_takes_one_hit_less),
        cmocka_unit_test(test_s7_9_wavering_target_under_close_fire_breaks_and_retires),
        cmocka_unit_test(test_s7_9_wavering_target_without_close_fire_retires_instead_of_losing),
        cmocka_unit_test(test_s7_5_enemy_cavalry_within_6mu_costs_two_dice_at_medium_one_with_rifles),
        cmocka_unit_test(test_s7_5_supporting_infantry_adds_one_die_at_the_supported_score),
        cmocka_unit_test(test_s7_5_wavering_unit_gives_no_support_artillery_gives_two),
        cmocka_unit_test(test_s7_4_artillery_attachment_adds_two_dice_rolled_apart_without_reroll),
        cmocka_unit_test(test_s7_8_conscripts_must_reroll_sixes),
        cmocka_unit_test(test_s7_6_two_close_targets_the_most_central_gets_most_by_default),
        cmocka_unit_test(test_s7_6_fire_choice_puts_most_dice_on_the_named_target_never_above_the_central),
        cmocka_unit_test(test_s7_6_fewer_dice_than_targets_one_die_each_to_the_chosen),
        cmocka_unit_test(test_s7_6_artillery_may_ignore_skirmishers_in_its_band),
        cmocka_unit_test(test_s7_2_unreformed_infantry_has_no_medium_dice_without_skirmishers),
        cmocka_unit_test(test_s7_3_large_unit_whose_only_target_is_before_one_end_base_fires_as_small),
        cmocka_unit_test(test_s7_2_artillery_at_long_range_needs_6_at_a_single_rank),
        cmocka_unit_test(test_s7_3_target_not_straight_ahead_is_not_fired_at),
        cmocka_unit_test(test_s7_3_extended_line_fires_at_close_as_two_halves),
        cmocka_unit_test(test_s7_1_units_in_contact_neither_fire_nor_are_fired_at),
        cmocka_unit_test(test_s7_9_guard_loses_at_most_one_level_a_phase_to_fire),
        cmocka_unit_test(test_s7_9_guard_level_lost_in_the_assault_phase_does_not_count),
        cmocka_unit_test(test_s10_1_three_hits_roll_for_the_commander_with_the_unit),
        cmocka_unit_test(test_s6_10_assaulting_cavalry_taking_four_close_hits_is_spent),
        cmocka_unit_test(test_s6_10_one_hit_on_assaulting_cavalry_waits_for_the_press_on_cmt),
        cmocka_unit_test(test_s7_9_superior_assaulter_takes_one_hit_less),
        cmocka_unit_test(test_s7_7_defensive_fire_at_infantry_that_began_beside_the_front_needs_5),
        cmocka_unit_test(test_s7_9_wavering_square_forms_tactical_before_retiring),
        cmocka_unit_test(test_s7_3_no_fire_over_a_friendly_unit),
        cmocka_unit_test(test_s7_5_rain_costs_a_level_and_a_wavering_unit_in_rain_cannot_fire),
        cmocka_unit_test(test_s7_7_fire_into_a_units_rear_gets_a_poa),
        cmocka_unit_test(test_s7_7_skirmishers_are_hit_on_5_and_fire_on_5_at_close),
        cmocka_unit_test(test_s7_9_cavalry_beyond_3mu_hit_once_may_not_advance),
        cmocka_unit_test(test_s7_9_cavalry_with_horse_guns_may_stay_within_2mu),
        cmocka_unit_test(test_s23_37_extended_line_at_medium_fires_as_one_unit),
        cmocka_unit_test(test_s23_43_retire_caused_by_an_assault_uses_the_wavering_column),
        cmocka_unit_test(test_s7_9_two_levels_only_with_some_close_fire),
        cmocka_unit_test(test_s7_9_wavering_target_with_one_hit_neither_loses_nor_moves),
        cmocka_unit_test(test_s23_36_large_unit_in_contact_fires_from_a_free_file_as_small),
        cmocka_unit_test(test_s23_36_extended_line_in_contact_fires_from_its_free_half),
        cmocka_unit_test(test_s7_6_all_dice_go_to_the_closest_band),
        cmocka_unit_test(test_s7_6_views_kept_for_the_step_follow_the_position),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
