/* test_fogn_combat.c - rule tests for the Combat Phase (§9) through the turn
 * machine with scripted dice: who fights (§9.1), dice allowance and additions
 * (§9.2-§9.5), splitting dice (§9.6), POA and re-rolls (§9.7-§9.8), hits to
 * losses (§9.9), commander casualties (§10), the resolution order (§9.10),
 * outcome moves (§9.11), pursuits and their contacts (§9.12), pass-through
 * (§9.13), squaring up (§9.14) and cavalry becoming Spent (§9.15).
 *
 * Every position puts the units already in contact (front edges flush on
 * y = 10: side 0 faces north, side 1 south) and opens the state at
 * FOGN_ST_CO_BEGIN. Dice are consumed in unit-index order: each fighter rolls
 * its own dice against each foe, then its flank-support dice. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/core/dice.h"
#include "../../engine/fogn/rules/tables.h"
#include "../../engine/fogn/rules/contact.h"

/* --- helpers ----------------------------------------------------------------------------------------- */

/* four more units a side far away in the corners, so that one unit's loss
 * does not end the game at the army morale check (§14) */
static void pad_armies(fogn_scenario *s)
{
    for (int i = 0; i < 4; i++) fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 42 + 4 * i, 3, 90);
    for (int i = 0; i < 4; i++) fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 42 + 4 * i, 34.5, -90);
}

/* u0 (side 0, facing north) and u1 (side 1, facing south), front edges flush
 * on y = 10 and centred on x = 20; then the padding (u2..u9) */
/* four more for side 1 (tests where it loses two units) */
static void pad_more(fogn_scenario *s)
{
    for (int i = 0; i < 4; i++) fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 42 + 4 * i, 30, -90);
}

static fogn_scenario *scn_melee(fogn_troop t0, fogn_size z0, fogn_formation f0, fogn_troop t1, fogn_size z1,
                                fogn_formation f1)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, t0, z0, f0, 20, 10, 90);
    fx_unit(s, 1, t1, z1, f1, 20, 10, -90);
    pad_armies(s);
    return s;
}

static fogn_scenario *scn_inf(void)
{
    return scn_melee(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
}

/* the whole Combat Phase with these dice, `side` active: every die must be
 * used (no more, no fewer) and the machine must stop at `step` */
typedef struct run {
    fogn_state st;
    gr_dice d;
    gr_log log;
} run;

static void show_log(const run *r);

static void open_combat(const fogn_scenario *s, run *r, int side, const int *faces, int n)
{
    gr_log_init(&r->log);
    gr_dice_init_script(&r->d, faces, n);
    gr_dice_set_log(&r->d, &r->log);
    fx_state_at(s, &r->st, side, FOGN_ST_CO_BEGIN, &r->d, &r->log);
    if (r->d.failed) show_log(r);
    if (r->d.failed) fail_msg("the dice ran out: %s", r->d.fail_msg);
}

/* the same in two halves, for marks the assault phase would have left
 * (flanked_by): prepare, change r->st, then go */
static void prepare(const fogn_scenario *s, run *r, int side)
{
    gr_log_init(&r->log);
    fogn_ruleset.rules->init(s, &r->st);
    r->st.active = (uint8_t)side;
    r->st.turn.decider = (uint8_t)side;
    r->st.turn.phase = FOGN_PH_COMBAT;
    r->st.turn.step = FOGN_ST_CO_BEGIN;
    r->st.turn.cursor = 0;
    r->st.turn.second = 0;
}

static void go(const fogn_scenario *s, run *r, const int *faces, int n)
{
    gr_dice_init_script(&r->d, faces, n);
    gr_dice_set_log(&r->d, &r->log);
    fogn_advance_to_decision(s, &r->st, &r->d, &r->log);
    if (r->d.failed) fail_msg("the dice ran out: %s", r->d.fail_msg);
}

static void expect_step(const run *r, int step, int used)
{
    if (r->st.turn.step != step) fail_msg("stopped at step %d, expected %d", r->st.turn.step, step);
    if (r->d.pos != used) fail_msg("%d dice used, expected %d", r->d.pos, used);
}

/* a decision of the combat phase, with more scripted dice */
static void decide(const fogn_scenario *s, run *r, gr_action a, const int *faces, int n)
{
    gr_dice_init_script(&r->d, faces, n);
    gr_dice_set_log(&r->d, &r->log);
    gr_error err;
    gr_error_clear(&err);
    if (fogn_ruleset.rules->apply(s, &r->st, &a, &r->d, &r->log, &err)) fail_msg("refused: %s", err.msg);
}

static int log_has(const gr_log *log, const char *needle)
{
    for (size_t k = 0; k < log->n; k++)
        if (strstr(log->ev[k].text, needle)) return 1;
    return 0;
}

#define ASSERT_LOG(r, needle)                                                           \
    do {                                                                                \
        if (!log_has(&(r)->log, (needle))) fail_msg("no log line with \"%s\"", (needle)); \
    } while (0)

static void done_run(run *r) { gr_log_free(&r->log); }

/* GROGNARD_TEST_LOG=1 prints the log of a run (to work out a failing case) */
static void show_log(const run *r)
{
    if (!getenv("GROGNARD_TEST_LOG")) return;
    char line[400];
    for (size_t k = 0; k < r->log.n; k++) {
        gr_event_format(&r->log.ev[k], line, sizeof line);
        printf("  | %s\n", line);
    }
}

static gr_action pursue_act(int u) { return fx_action(FOGN_A_PURSUE, u, -1, 0, 0, 0, 0); }
static gr_action hold_act(int u) { return fx_action(FOGN_A_HOLD, u, -1, 0, 0, 0, 0); }
static gr_action done_act(void) { return fx_action(FOGN_A_DONE, -1, -1, 0, 0, 0, 0); }

/* --- §9.1-§9.2 who fights, dice allowance ------------------------------------------------------------ */

static void test_s9_2_small_tactical_pair_roll_six_each_at_4(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_inf();
    /* u0: two 4s = 2 hits on u1 (one level); u1 misses with six 3s */
    static const int f[] = {4, 4, 1, 1, 1, 1, 3, 3, 3, 3, 3, 3, /* u1 retires: */ 2};
    run r;
    open_combat(s, &r, 0, f, 13);
    expect_step(&r, FOGN_ST_RE_CMDR, 13);
    assert_int_equal(r.st.u[0].cohesion, FOGN_STEADY);
    assert_int_equal(r.st.u[1].cohesion, FOGN_DISORDERED);
    /* §9.11: Disordered infantry against infantry retires D6, at least 3 MU,
     * straight away; a short retire ends facing back where it came from */
    ASSERT_POSE(&r.st.u[1], 20, 13, -90);
    ASSERT_POSE(&r.st.u[0], 20, 10, 90); /* §9.10: no pursuit after a Disordered retire */
    ASSERT_LOG(&r, "scores 2 hits with 6 dice at 4+");
    ASSERT_LOG(&r, "scores 0 hits with 6 dice at 4+");
    done_run(&r);
    free(s);
}

static void test_s9_9_large_unit_ignores_one_hit(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_melee(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, FOGN_INF_REFORMED, FOGN_LARGE,
                                 FOGN_F_TACTICAL);
    /* u0 (6 dice) scores 2 hits on the large u1: 2 - 1 = 1, no loss; u1 rolls 8 (§9.2) */
    static const int f[] = {5, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    run r;
    open_combat(s, &r, 0, f, 14);
    expect_step(&r, FOGN_ST_RE_CMDR, 14);
    assert_int_equal(r.st.u[1].cohesion, FOGN_STEADY);
    assert_int_equal(r.st.u[0].cohesion, FOGN_STEADY);
    ASSERT_LOG(&r, "scores 0 hits with 8 dice at 4+");
    ASSERT_POSE(&r.st.u[1], 20, 10, -90);
    done_run(&r);
    free(s);
}

static void test_s9_9_guard_four_hits_one_level(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_inf();
    s->units[1].caps = FOGN_CAP_GUARD;
    /* 4 hits: 2 levels for others, 1 for the Guard; u1 (Average Guard:
     * re-rolls 1s, §9.8) misses with 2s, which it may not re-roll */
    static const int f[] = {4, 5, 6, 4, 1, 1, 2, 2, 2, 2, 2, 2, /* retire */ 3};
    run r;
    open_combat(s, &r, 0, f, 13);
    expect_step(&r, FOGN_ST_RE_CMDR, 13);
    assert_int_equal(r.st.u[1].cohesion, FOGN_DISORDERED);
    ASSERT_POSE(&r.st.u[1], 20, 13, -90);
    done_run(&r);
    free(s);
}

static void test_s9_9_six_hits_break_and_broken_retires_d6_plus_4(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_inf();
    /* 6 hits: 3 levels, Steady to Broken; u1 retires D6+4 = 5 MU north */
    static const int f[] = {6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, /* retire */ 1};
    run r;
    open_combat(s, &r, 0, f, 13);
    /* §9.10: u0 fought it and is not Wavering: it may pursue; Steady infantry
     * with no enemy cavalry near pursues unless a CMT holds it (a decision) */
    expect_step(&r, FOGN_ST_CO_PURSUE, 13);
    assert_int_equal(r.st.turn.cursor, 0);
    assert_int_equal(r.st.turn.decider, 0);
    assert_int_equal(r.st.u[1].cohesion, FOGN_BROKEN);
    assert_true(fogn_unit_alive(&r.st.u[1]));
    /* its centre went 5 MU north (1.125 + 5 = 6.125 beyond y = 10) */
    gr_rect rb = fogn_unit_rect(&s->units[1], &r.st.u[1]);
    gr_vec2 c = gr_rect_centre(&rb);
    ASSERT_NEAR(c.x, 20, POS_TOL);
    ASSERT_NEAR(c.y, 10 + 1.125 + 5, POS_TOL);
    /* u0 chooses to pursue: D6 = 2 MU straight ahead, and may not move again */
    static const int g[] = {2};
    decide(s, &r, pursue_act(0), g, 1);
    expect_step(&r, FOGN_ST_RE_CMDR, 1);
    ASSERT_POSE(&r.st.u[0], 20, 12, 90);
    assert_true(r.st.u[0].flags & FOGN_UF_NO_MOVE);
    done_run(&r);
    free(s);
}

static void test_s9_7_mounted_hit_infantry_on_3(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_melee(FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_TACTICAL, FOGN_INF_REFORMED, FOGN_SMALL,
                                 FOGN_F_TACTICAL);
    /* u0 cavalry: + vs infantry not in Square: 3+, two 3s hit; u1 at 4+: six 3s miss */
    static const int f[] = {3, 3, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, /* retire */ 4};
    run r;
    open_combat(s, &r, 0, f, 13);
    expect_step(&r, FOGN_ST_RE_CMDR, 13);
    ASSERT_LOG(&r, "scores 2 hits with 6 dice at 3+");
    ASSERT_LOG(&r, "scores 0 hits with 6 dice at 4+");
    assert_int_equal(r.st.u[1].cohesion, FOGN_DISORDERED);
    /* §9.11: Disordered infantry in the open against cavalry retires D6 = 4 MU */
    gr_rect rb = fogn_unit_rect(&s->units[1], &r.st.u[1]);
    ASSERT_NEAR(gr_rect_centre(&rb).y, 10 + 1.125 + 4, POS_TOL);
    /* §9.15: no hit on the cavalry, so it is not Spent */
    assert_false(r.st.u[0].flags & FOGN_UF_SPENT);
    done_run(&r);
    free(s);
}

/* --- §9.3-§9.5 dice additions, effective cohesion ---------------------------------------------------- */

static void test_s9_5_disordered_loses_one_die_per_full_three(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_inf();
    s->units[0].start_cohesion = FOGN_DISORDERED;
    /* u0 rolls 6 - 2 = 4 dice; nobody hits; the active side's Disordered
     * u0 is still in contact at step 3 and retires D6 (a 2: 3 MU at least) */
    static const int f[] = {1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2};
    run r;
    open_combat(s, &r, 0, f, 11);
    expect_step(&r, FOGN_ST_RE_CMDR, 11);
    ASSERT_LOG(&r, "unit0 scores 0 hits with 4 dice at 4+");
    ASSERT_POSE(&r.st.u[0], 20, 7, 90);
    ASSERT_POSE(&r.st.u[1], 20, 10, -90);
    done_run(&r);
    free(s);
}

static void test_s9_5_wavering_loses_one_die_per_full_two(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_inf();
    s->units[1].start_cohesion = FOGN_WAVERING;
    /* u1 rolls 6 - 3 = 3 dice; then retires D6+2 (a 1: 3 MU) */
    static const int f[] = {1, 1, 1, 1, 1, 1, 2, 2, 2, 1};
    run r;
    open_combat(s, &r, 0, f, 10);
    ASSERT_LOG(&r, "unit1 scores 0 hits with 3 dice at 4+");
    ASSERT_POSE(&r.st.u[1], 20, 13, -90);
    /* §9.10: after a Wavering retire the Steady enemy may pursue: a decision */
    expect_step(&r, FOGN_ST_CO_PURSUE, 10);
    assert_int_equal(r.st.turn.cursor, 0);
    done_run(&r);
    free(s);
}

static void test_s9_5_steady_spent_cavalry_fights_as_disordered(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_melee(FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_TACTICAL, FOGN_CAV_HEAVY, FOGN_SMALL,
                                 FOGN_F_TACTICAL);
    s->units[0].start_spent = 1;
    /* equal weights: 4+ both ways; u0 6 - 2 = 4 dice, u1 6; all miss, nobody moves */
    static const int f[] = {1, 1, 1, 1, 2, 2, 2, 2, 2, 2};
    run r;
    open_combat(s, &r, 0, f, 10);
    expect_step(&r, FOGN_ST_RE_CMDR, 10);
    ASSERT_LOG(&r, "unit0 scores 0 hits with 4 dice at 4+");
    ASSERT_LOG(&r, "unit1 scores 0 hits with 6 dice at 4+");
    assert_int_equal(r.st.u[0].cohesion, FOGN_STEADY);
    ASSERT_POSE(&r.st.u[0], 20, 10, 90);
    ASSERT_POSE(&r.st.u[1], 20, 10, -90);
    done_run(&r);
    free(s);
}

static void test_s9_3_rear_support_adds_one_and_takes_one_from_the_foe(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_inf();
    /* u10 stands 1 MU behind u0, squarely behind it */
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10 - 2.25 - 1, 90);
    static const int f[] = {1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2};
    run r;
    open_combat(s, &r, 0, f, 12);
    expect_step(&r, FOGN_ST_RE_CMDR, 12);
    ASSERT_LOG(&r, "unit0 scores 0 hits with 7 dice at 4+");
    ASSERT_LOG(&r, "unit1 scores 0 hits with 5 dice at 4+");
    done_run(&r);
    free(s);
}

static void test_s9_3_flank_support_dice_roll_with_the_supporters_elan(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_inf();
    /* u10 on u0's right, 0.5 MU away, front level with it: u1 lies in its
     * support area (ahead of its front, within 1 BW of its side edge) */
    int sup = fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 23.5, 10, 90);
    s->units[sup].elan = FOGN_ELAN_SUPERIOR; /* re-rolls 1s; u0 (Average, not led) none */
    static const int f[] = {4, 2, 2, 2, 2, 2, /* u0's own 6: 1 hit */
                            1, 1, /* the supporter's 2 dice, both 1s ... */ 5, 1, /* ... re-rolled: 1 hit */
                            2, 2, 2, 2, 2, 2, /* u1 misses */
                            4 /* u1, Disordered, retires 4 MU */};
    run r;
    open_combat(s, &r, 0, f, 17);
    expect_step(&r, FOGN_ST_RE_CMDR, 17);
    ASSERT_LOG(&r, "scores 1 hit with 2 dice at 4+: flank support");
    assert_int_equal(r.st.u[1].cohesion, FOGN_DISORDERED);
    ASSERT_POSE(&r.st.u[1], 20, 14, -90);
    done_run(&r);
    free(s);
}

static void test_s9_3_lancers_add_two_and_s9_13_steady_cavalry_passes_through(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_melee(FOGN_CAV_LIGHT, FOGN_SMALL, FOGN_F_TACTICAL, FOGN_INF_REFORMED, FOGN_SMALL,
                                 FOGN_F_TACTICAL);
    s->units[0].caps = FOGN_CAP_LANCERS;
    /* u0: 6 + 2 lancer dice at 3+ (mounted vs infantry); u1 6 at 4+; no hits */
    static const int f[] = {2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, /* pass through D6+2 */ 1};
    run r;
    open_combat(s, &r, 0, f, 15);
    expect_step(&r, FOGN_ST_RE_CMDR, 15);
    ASSERT_LOG(&r, "unit0 scores 0 hits with 8 dice at 3+");
    /* §9.13: still in contact only with infantry, Steady: rear edge on the
     * infantry's far edge (y = 12.25), then 3 MU straight on */
    ASSERT_POSE(&r.st.u[0], 20, 12.25 + 2.25 + 3, 90);
    ASSERT_POSE(&r.st.u[1], 20, 10, -90);
    assert_true(r.st.u[0].flags & FOGN_UF_NO_MOVE);
    done_run(&r);
    free(s);
}

/* --- §9.6-§9.8 splitting, POA, re-rolls -------------------------------------------------------------- */

static void test_s9_6_odd_die_goes_to_the_foe_nearest_the_centre(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_inf();
    /* u1 moved left (x 16..19) and u10 (x 19.5..22.5) both touch u0's front
     * (x 18.5..21.5); u10 covers the centre of u0's front edge */
    s->units[1].x = 17.5;
    int c = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 21, 10, -90);
    /* rear support gives u0 7 dice, and each foe 6 - 1 = 5 */
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10 - 2.25 - 1, 90);
    assert_int_equal(c, 10);
    static const int f[] = {1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2};
    run r;
    open_combat(s, &r, 0, f, 17);
    expect_step(&r, FOGN_ST_RE_CMDR, 17);
    ASSERT_LOG(&r, "unit0 scores 0 hits with 4 dice at 4+: melee against unit10");
    ASSERT_LOG(&r, "unit0 scores 0 hits with 3 dice at 4+: melee against unit1");
    ASSERT_LOG(&r, "unit1 scores 0 hits with 5 dice at 4+");
    ASSERT_LOG(&r, "unit10 scores 0 hits with 5 dice at 4+");
    done_run(&r);
    free(s);
}

static void test_s9_7_square_minus_for_mounted_and_s9_15_one_hit_spends_cavalry(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_melee(FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_TACTICAL, FOGN_INF_REFORMED, FOGN_SMALL,
                                 FOGN_F_SQUARE);
    /* §9.2: both on the "all other" row (4 dice); mounted vs Square 5+, the
     * Square 4+; the Square's one hit makes the cavalry Spent (§9.15) */
    static const int f[] = {4, 4, 4, 4, 4, 1, 1, 1, /* pass through: D6+2 = 4 */ 2};
    run r;
    open_combat(s, &r, 0, f, 9);
    expect_step(&r, FOGN_ST_RE_CMDR, 9);
    ASSERT_LOG(&r, "unit0 scores 0 hits with 4 dice at 5+");
    ASSERT_LOG(&r, "unit1 scores 1 hit with 4 dice at 4+");
    assert_true(r.st.u[0].flags & FOGN_UF_SPENT);
    assert_int_equal(r.st.u[0].bases_lost, 1);
    assert_int_equal(r.st.u[0].cohesion, FOGN_STEADY);
    assert_int_equal(r.st.u[1].cohesion, FOGN_STEADY);
    /* §9.13 still Steady and only against infantry: through it and 4 MU on */
    ASSERT_POSE(&r.st.u[0], 20, 12.25 + 2.25 + 4, 90);
    done_run(&r);
    free(s);
}

static void test_s9_7_flank_attacker_plus_defender_minus(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_inf();
    run r;
    prepare(s, &r, 0);
    r.st.u[1].flanked_by = 0; /* u0 struck its flank in the assault; u1 turned to face */
    static const int f[] = {2, 2, 2, 2, 2, 2, 4, 4, 4, 4, 4, 4};
    go(s, &r, f, 12);
    expect_step(&r, FOGN_ST_RE_CMDR, 12);
    ASSERT_LOG(&r, "unit0 scores 0 hits with 6 dice at 3+");
    ASSERT_LOG(&r, "unit1 scores 0 hits with 6 dice at 5+");
    done_run(&r);
    free(s);
}

static void test_s9_7_march_column_minus_and_four_dice(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_melee(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, FOGN_INF_REFORMED, FOGN_SMALL,
                                 FOGN_F_COLUMN);
    static const int f[] = {1, 1, 1, 1, 1, 1, 4, 4, 4, 4};
    run r;
    open_combat(s, &r, 0, f, 10);
    expect_step(&r, FOGN_ST_RE_CMDR, 10);
    ASSERT_LOG(&r, "unit0 scores 0 hits with 6 dice at 4+");
    ASSERT_LOG(&r, "unit1 scores 0 hits with 4 dice at 5+");
    done_run(&r);
    free(s);
}

static void test_s9_7_infantry_facing_shock_cavalry_in_open_minus(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_melee(FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_TACTICAL, FOGN_INF_REFORMED, FOGN_SMALL,
                                 FOGN_F_TACTICAL);
    s->units[0].caps = FOGN_CAP_SHOCK;
    /* shock cavalry: 6 + 1 dice at 3+ (§9.3 R); the infantry at 5+ */
    static const int f[] = {2, 2, 2, 2, 2, 2, 2, 4, 4, 4, 4, 4, 4, /* pass through */ 1};
    run r;
    open_combat(s, &r, 0, f, 14);
    expect_step(&r, FOGN_ST_RE_CMDR, 14);
    ASSERT_LOG(&r, "unit0 scores 0 hits with 7 dice at 3+");
    ASSERT_LOG(&r, "unit1 scores 0 hits with 6 dice at 5+");
    assert_false(r.st.u[0].flags & FOGN_UF_SPENT);
    done_run(&r);
    free(s);
}

static void test_s9_8_led_superior_rerolls_one_and_two_poor_must_reroll_sixes(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_inf();
    s->units[0].elan = FOGN_ELAN_SUPERIOR;
    s->units[1].elan = FOGN_ELAN_POOR;
    s->cmdrs[0].start_leading = 0;
    s->cmdrs[0].x = 20;
    s->cmdrs[0].y = 6.5;
    static const int f[] = {1, 2, 3, 1, 1, 1, /* the 1s and the 2 again: */ 4, 4, 1, 1, 1,
                            6, 6, 1, 1, 1, 1, /* the 6s again: */ 1, 3,
                            /* u1 retires */ 5};
    run r;
    open_combat(s, &r, 0, f, 20);
    expect_step(&r, FOGN_ST_RE_CMDR, 20);
    ASSERT_LOG(&r, "unit0 scores 2 hits with 6 dice at 4+");
    ASSERT_LOG(&r, "unit1 scores 0 hits with 6 dice at 4+");
    assert_int_equal(r.st.u[1].cohesion, FOGN_DISORDERED);
    ASSERT_POSE(&r.st.u[1], 20, 15, -90);
    done_run(&r);
    free(s);
}

/* --- §10 commander casualties ------------------------------------------------------------------------ */

/* u0 led by general0 (a division commander: 2 dice), standing behind it */
static fogn_scenario *scn_led(void)
{
    fogn_scenario *s = scn_inf();
    s->cmdrs[0].start_leading = 0;
    s->cmdrs[0].x = 20;
    s->cmdrs[0].y = 6.5;
    return s;
}

static void test_s10_2_three_hits_on_a_led_unit_that_retires_roll_at_5(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_led();
    static const int f[] = {1, 1, 1, 1, 1, 1, /* u0 (led: Average re-rolls 1s, §9.8) */ 1, 1, 1, 1, 1, 1,
                            4, 4, 4, 1, 1, 1, /* u1: 3 hits, u0 Disordered */
                            5, 5,             /* casualty: both dice make 5 */
                            2,                /* u0 retires 3 MU */
                            5, 1};            /* its 5+ test for the fallen general: passed */
    run r;
    open_combat(s, &r, 0, f, 23);
    expect_step(&r, FOGN_ST_RE_CMDR, 23);
    assert_true(r.st.c[0].flags & FOGN_CF_CASUALTY);
    assert_int_equal(r.st.u[0].cohesion, FOGN_DISORDERED);
    ASSERT_POSE(&r.st.u[0], 20, 7, 90);
    done_run(&r);
    free(s);
}

static void test_s10_2_led_unit_that_will_not_retire_rolls_at_6(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_led();
    /* both end Disordered: the inactive u1 retires first, u0 stays (§9.10),
     * so the general's unit does not retire: 6+ and the two 5s spare him */
    static const int f[] = {4, 4, 1, 1, 1, 1, /* u0: 2 hits; its 1s re-rolled: */ 2, 2, 2, 2,
                            4, 4, 4, 1, 1, 1, /* u1: 3 hits */
                            5, 5,             /* casualty at 6+: unhurt */
                            3};               /* u1 retires 3 MU */
    run r;
    open_combat(s, &r, 0, f, 19);
    expect_step(&r, FOGN_ST_RE_CMDR, 19);
    assert_false(r.st.c[0].flags & FOGN_CF_CASUALTY);
    assert_int_equal(r.st.c[0].leading, 0);
    assert_int_equal(r.st.u[0].cohesion, FOGN_DISORDERED);
    ASSERT_POSE(&r.st.u[0], 20, 10, 90);
    ASSERT_POSE(&r.st.u[1], 20, 13, -90);
    ASSERT_LOG(&r, "all 2 dice 6+");
    done_run(&r);
    free(s);
}

/* --- §9.10 resolution order ------------------------------------------------------------------------------ */

static void test_s9_10_both_broken_inactive_retires_active_recovers_to_wavering(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_inf();
    static const int f[] = {6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, /* u1 (side 1, inactive) retires D6+4 */ 1};
    run r;
    open_combat(s, &r, 0, f, 13);
    expect_step(&r, FOGN_ST_RE_CMDR, 13);
    assert_int_equal(r.st.u[1].cohesion, FOGN_BROKEN);
    assert_int_equal(r.st.u[0].cohesion, FOGN_WAVERING);
    ASSERT_POSE(&r.st.u[0], 20, 10, 90);
    assert_false(r.st.u[0].flags & FOGN_UF_PURSUER);
    ASSERT_LOG(&r, "recovers to Wavering");
    done_run(&r);
    free(s);
}

static void test_s9_10_both_disordered_only_the_inactive_retires(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_inf();
    static const int f[] = {4, 4, 1, 1, 1, 1, 4, 4, 1, 1, 1, 1, /* u1 retires */ 6};
    run r;
    open_combat(s, &r, 1, f, 13); /* side 1 active: now u0 is the inactive one */
    expect_step(&r, FOGN_ST_RE_CMDR, 13);
    assert_int_equal(r.st.u[0].cohesion, FOGN_DISORDERED);
    assert_int_equal(r.st.u[1].cohesion, FOGN_DISORDERED);
    ASSERT_POSE(&r.st.u[1], 20, 10, -90);
    /* u0 went 6 MU south: its centre is 6 MU further back */
    gr_rect ra = fogn_unit_rect(&s->units[0], &r.st.u[0]);
    ASSERT_NEAR(gr_rect_centre(&ra).y, 10 - 1.125 - 6, POS_TOL);
    ASSERT_NEAR(gr_rect_centre(&ra).x, 20, POS_TOL);
    done_run(&r);
    free(s);
}

/* --- §9.11 outcome moves ----------------------------------------------------------------------------------- */

static void test_s9_11_pinned_front_and_rear_loses_a_level_and_stays(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_inf();
    /* u10 (side 0) touches u1's rear edge (y = 12.25), facing it */
    int b = fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 12.25, -90);
    assert_int_equal(b, 10);
    /* u0 2 hits; u1 fights only its front (u0) and misses; u10 fights u1 and misses */
    static const int f[] = {4, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    run r;
    open_combat(s, &r, 0, f, 18);
    expect_step(&r, FOGN_ST_RE_CMDR, 18);
    ASSERT_LOG(&r, "is pinned");
    assert_int_equal(r.st.u[1].cohesion, FOGN_WAVERING);
    ASSERT_POSE(&r.st.u[1], 20, 10, -90);
    done_run(&r);
    free(s);
}

static void test_s9_11_broken_infantry_in_open_vs_cavalry_destroyed_s9_12_cavalry_must_pursue(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_melee(FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_TACTICAL, FOGN_INF_REFORMED, FOGN_SMALL,
                                 FOGN_F_TACTICAL);
    static const int f[] = {3, 3, 3, 3, 3, 3, 1, 1, 1, 1, 1, 1, /* pursuit D6+2, no choice */ 2};
    run r;
    open_combat(s, &r, 0, f, 13);
    expect_step(&r, FOGN_ST_RE_CMDR, 13);
    assert_false(fogn_unit_alive(&r.st.u[1]));
    ASSERT_POSE(&r.st.u[0], 20, 14, 90);
    assert_true(r.st.u[0].flags & FOGN_UF_NO_MOVE);
    done_run(&r);
    free(s);
}

static void test_s9_11_unlimbered_guns_disordered_by_cavalry_are_abandoned(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_melee(FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_TACTICAL, FOGN_ART_FOOT, FOGN_SMALL,
                                 FOGN_F_UNLIMBERED);
    /* cavalry 6 dice at 3+ (mounted vs guns); guns 4 dice (§9.2 R) at 5+ (artillery -) */
    static const int f[] = {3, 3, 2, 2, 2, 2, 4, 4, 4, 4};
    run r;
    open_combat(s, &r, 0, f, 10);
    expect_step(&r, FOGN_ST_RE_CMDR, 10);
    ASSERT_LOG(&r, "unit1 scores 0 hits with 4 dice at 5+");
    assert_true(r.st.u[1].flags & FOGN_UF_ABANDONED);
    /* §12.4: the level lost plus 1 for a combat abandonment */
    assert_int_equal(r.st.u[1].gun_losses, 2);
    assert_true(fogn_unit_alive(&r.st.u[1]));
    ASSERT_POSE(&r.st.u[0], 20, 10, 90);
    done_run(&r);
    free(s);
}

/* --- §9.12 pursuit choices and CMTs ------------------------------------------------------------------------ */

/* u1 broken by six hits retires 5 MU; u0 is then asked whether to pursue;
 * general0 (not leading) stands within command range of u0 */
static void open_broken_retire(fogn_scenario *s, run *r)
{
    s->cmdrs[0].x = 20;
    s->cmdrs[0].y = 5;
    static const int f[] = {6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1};
    open_combat(s, r, 0, f, 13);
    expect_step(r, FOGN_ST_CO_PURSUE, 13);
    assert_int_equal(r->st.u[1].cohesion, FOGN_BROKEN);
}

static void test_s23_40_steady_infantry_holds_back_with_a_passed_cmt_for_1cp(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_inf();
    run r;
    open_broken_retire(s, &r);
    static const int g[] = {5, 1};
    decide(s, &r, hold_act(0), g, 2);
    expect_step(&r, FOGN_ST_RE_CMDR, 2);
    ASSERT_POSE(&r.st.u[0], 20, 10, 90);
    assert_int_equal(r.st.c[0].cp, 1);
    assert_true(r.st.u[0].flags & FOGN_UF_TOOK_CMT);
    done_run(&r);
    free(s);
}

static void test_s23_40_steady_infantry_failing_to_hold_back_pursues(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_inf();
    run r;
    open_broken_retire(s, &r);
    static const int g[] = {4, 1, /* pursuit D6 */ 3};
    decide(s, &r, hold_act(0), g, 3);
    expect_step(&r, FOGN_ST_RE_CMDR, 3);
    ASSERT_POSE(&r.st.u[0], 20, 13, 90);
    assert_int_equal(r.st.c[0].cp, 1);
    done_run(&r);
    free(s);
}

static void test_s23_40_without_command_points_the_default_pursuit_stands(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_inf();
    s->cmdrs[0].level = 1; /* 1 CP, and u0 out of his range: a CMT would cost 2 */
    run r;
    s->cmdrs[0].x = 2;
    s->cmdrs[0].y = 1.5;
    static const int f[] = {6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1};
    open_combat(s, &r, 0, f, 13);
    expect_step(&r, FOGN_ST_CO_PURSUE, 13);
    static const int g[] = {2};
    decide(s, &r, hold_act(0), g, 1); /* no test can be paid for: it pursues 2 MU */
    expect_step(&r, FOGN_ST_RE_CMDR, 1);
    ASSERT_POSE(&r.st.u[0], 20, 12, 90);
    assert_int_equal(r.st.c[0].cp, 1);
    done_run(&r);
    free(s);
}

static void test_s9_12_disordered_infantry_pursues_only_after_a_passed_cmt(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_inf();
    s->units[0].start_cohesion = FOGN_DISORDERED;
    s->units[1].start_cohesion = FOGN_DISORDERED;
    s->cmdrs[0].x = 20;
    s->cmdrs[0].y = 5;
    /* u0 4 dice, 4 hits: u1 Disordered to Broken; u1 4 dice miss; u1 retires 5 MU */
    static const int f[] = {4, 4, 4, 4, 1, 1, 1, 1, 1};
    run r;
    open_combat(s, &r, 0, f, 9);
    expect_step(&r, FOGN_ST_CO_PURSUE, 9);
    /* "done" leaves the Disordered infantry where it is: no roll at all */
    fogn_state keep = r.st;
    decide(s, &r, done_act(), NULL, 0);
    expect_step(&r, FOGN_ST_RE_CMDR, 0);
    ASSERT_POSE(&r.st.u[0], 20, 10, 90);
    /* asking for it: a CMT (passed), then D6 */
    r.st = keep;
    static const int g[] = {5, 2, 3};
    decide(s, &r, pursue_act(0), g, 3);
    expect_step(&r, FOGN_ST_RE_CMDR, 3);
    ASSERT_POSE(&r.st.u[0], 20, 13, 90);
    done_run(&r);
    free(s);
}

static void test_s9_12_superior_pursuer_must_reroll_a_one(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_melee(FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_TACTICAL, FOGN_INF_REFORMED, FOGN_SMALL,
                                 FOGN_F_TACTICAL);
    s->units[0].elan = FOGN_ELAN_SUPERIOR;
    static const int f[] = {3, 3, 3, 3, 3, 3, 1, 1, 1, 1, 1, 1, /* pursuit: 1, re-rolled 4: 4 + 2 */ 1, 4};
    run r;
    open_combat(s, &r, 0, f, 14);
    expect_step(&r, FOGN_ST_RE_CMDR, 14);
    assert_false(fogn_unit_alive(&r.st.u[1]));
    ASSERT_POSE(&r.st.u[0], 20, 16, 90);
    done_run(&r);
    free(s);
}

/* --- §9.12 pursuit contacts ------------------------------------------------------------------------------- */

static void test_s9_12_pursuit_meeting_a_wavering_front_tests_and_breaks_it(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_melee(FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_TACTICAL, FOGN_INF_REFORMED, FOGN_SMALL,
                                 FOGN_F_TACTICAL);
    /* u10, Wavering, faces south 3 MU ahead of u0 (0.75 MU behind u1) */
    int w = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 13, -90);
    s->units[w].start_cohesion = FOGN_WAVERING;
    pad_more(s);
    /* u1 broken and cut down; the cavalry pursues D6+2 = 3 MU into u10's
     * front (in the second half: no second round); u10 tests at 5+ and fails */
    static const int f[] = {3, 3, 3, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, /* test */ 4, 4};
    run r;
    open_combat(s, &r, 0, f, 15);
    expect_step(&r, FOGN_ST_RE_CMDR, 15);
    assert_false(fogn_unit_alive(&r.st.u[1]));
    assert_false(fogn_unit_alive(&r.st.u[w]));
    ASSERT_POSE(&r.st.u[0], 20, 13, 90);
    assert_false(r.st.u[0].flags & FOGN_UF_ROUND2);
    done_run(&r);
    free(s);
}

static void test_s9_12_pursuit_meeting_a_broken_enemy_destroys_it(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_melee(FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_TACTICAL, FOGN_INF_REFORMED, FOGN_SMALL,
                                 FOGN_F_TACTICAL);
    int w = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 13, -90);
    s->units[w].start_cohesion = FOGN_BROKEN;
    pad_more(s);
    static const int f[] = {3, 3, 3, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1};
    run r;
    open_combat(s, &r, 0, f, 13);
    expect_step(&r, FOGN_ST_RE_CMDR, 13);
    assert_false(fogn_unit_alive(&r.st.u[w]));
    ASSERT_LOG(&r, "caught by the pursuit while Broken");
    done_run(&r);
    free(s);
}

/* --- §23 rain, §9.14 squaring up ---------------------------------------------------------------------------- */

static void test_s23_23_in_rain_infantry_fights_cavalry_a_level_lower(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_melee(FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_TACTICAL, FOGN_INF_REFORMED, FOGN_SMALL,
                                 FOGN_F_TACTICAL);
    s->weather = FOGN_WEATHER_RAIN;
    /* the cavalry keeps its 6 dice; the infantry fights as Disordered: 4 */
    static const int f[] = {2, 2, 2, 2, 2, 2, 1, 1, 1, 1, /* pass through */ 1};
    run r;
    open_combat(s, &r, 0, f, 11);
    expect_step(&r, FOGN_ST_RE_CMDR, 11);
    ASSERT_LOG(&r, "unit0 scores 0 hits with 6 dice at 3+");
    ASSERT_LOG(&r, "unit1 scores 0 hits with 4 dice at 4+");
    done_run(&r);
    free(s);
}

static void test_s9_14_units_left_in_contact_square_up(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_inf();
    /* u1 turned 10 degrees clockwise about its front-left corner (21.5, 10):
     * only that corner touches u0's front edge */
    double th = 10 * FX_DEG;
    s->units[1].x = 21.5 - 1.5 * cos(th);
    s->units[1].y = 10 + 1.5 * sin(th);
    s->units[1].heading = -GR_PI / 2 - th;
    static const int f[] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    run r;
    open_combat(s, &r, 0, f, 12);
    expect_step(&r, FOGN_ST_RE_CMDR, 12);
    /* §9.14 (FOGN_SQUARE_BISECT): both turn to the bisector, 5 degrees each,
     * and end front to front, flush along their whole width */
    ASSERT_NEAR(gr_angle_diff(r.st.u[0].heading, 85 * FX_DEG), 0, POS_TOL);
    ASSERT_NEAR(gr_angle_diff(r.st.u[1].heading, -95 * FX_DEG), 0, POS_TOL);
    fogn_contact c;
    assert_true(fogn_unit_contact(s, &r.st, 0, 1, &c));
    ASSERT_NEAR(c.len, 3, 1e-3);
    done_run(&r);
    free(s);
}

static void test_s9_12_first_half_pursuit_into_a_flank_costs_a_level_and_fights_again(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_melee(FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_TACTICAL, FOGN_INF_REFORMED, FOGN_SMALL,
                                 FOGN_F_TACTICAL);
    /* u10 faces east (x 20.5..22.75, y 13..16): its right flank lies 3 MU
     * ahead of the cavalry, 0.75 MU behind u1 (and gives it no rear support:
     * u1 is not ahead of u10's front line) */
    int e = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 22.75, 14.5, 0);
    pad_more(s);
    static const int f[] = {3, 3, 3, 3, 3, 3, 1, 1, 1, 1, 1, 1, /* u1 broken and cut down */
                            6,                                  /* pursuit 6 + 2: contact after 3 MU */
                            5, 1,                               /* u10's test for u1 breaking near it: passed */
                            1, 1, 1, 1, 1, 1,                   /* round 2: u0 at 2+ (mounted +, flank +) */
                            1, 1, 1, 1,                         /* u10 Disordered: 4 dice at 5+ */
                            2};                                 /* u10 retires D6 (3 MU) */
    run r;
    open_combat(s, &r, 0, f, 26);
    show_log(&r);
    expect_step(&r, FOGN_ST_RE_CMDR, 26);
    assert_false(fogn_unit_alive(&r.st.u[1]));
    ASSERT_LOG(&r, "second round of combat");
    ASSERT_LOG(&r, "unit0 scores 0 hits with 6 dice at 2+");
    ASSERT_LOG(&r, "unit10 scores 0 hits with 4 dice at 5+");
    assert_int_equal(r.st.u[e].cohesion, FOGN_DISORDERED);
    /* the cavalry met u10's flank after 3 MU; u10 turned about its centre
     * (21.625, 14.5) to face it and the cavalry was snapped to its new front
     * edge (y = 14.5 - 1.125), centred; u10 has since retired from it */
    ASSERT_POSE(&r.st.u[0], 21.625, 13.375, 90);
    fogn_contact c;
    assert_false(fogn_unit_contact(s, &r.st, 0, e, &c));
    done_run(&r);
    free(s);
}

static void test_s9_12_late_pursuit_contact_waits_for_next_move_no_pass_through(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_melee(FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_TACTICAL, FOGN_INF_REFORMED, FOGN_SMALL,
                                 FOGN_F_TACTICAL);
    /* light infantry in Skirmish order (which gives u1 no rear support), its
     * front 5 MU ahead of the cavalry */
    int w = fx_unit(s, 1, FOGN_INF_LIGHT, FOGN_SMALL, FOGN_F_SKIRMISH, 20, 15, -90);
    pad_more(s);
    /* the pursuit (6 + 2 MU) meets u10's front after 5 MU: the second half,
     * so combat next move (§9.12): no second round, and the cavalry does not
     * pass through it (§9.13 follows a melee) nor does anyone retire */
    static const int f[] = {3, 3, 3, 3, 3, 3, 1, 1, 1, 1, 1, 1, /* pursuit */ 6, /* u10's test for u1 */ 6, 2};
    run r;
    open_combat(s, &r, 0, f, 15);
    show_log(&r);
    expect_step(&r, FOGN_ST_RE_CMDR, 15);
    assert_int_equal(r.st.u[w].cohesion, FOGN_STEADY);
    ASSERT_POSE(&r.st.u[0], 20, 15, 90);
    ASSERT_POSE(&r.st.u[w], 20, 15, -90);
    fogn_contact c;
    assert_true(fogn_unit_contact(s, &r.st, 0, w, &c));
    assert_int_equal(r.st.round, 1);
    done_run(&r);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s9_2_small_tactical_pair_roll_six_each_at_4),
        cmocka_unit_test(test_s9_9_large_unit_ignores_one_hit),
        cmocka_unit_test(test_s9_9_guard_four_hits_one_level),
        cmocka_unit_test(test_s9_9_six_hits_break_and_broken_retires_d6_plus_4),
        cmocka_unit_test(test_s9_7_mounted_hit_infantry_on_3),
        cmocka_unit_test(test_s9_5_disordered_loses_one_die_per_full_three),
        cmocka_unit_test(test_s9_5_wavering_loses_one_die_per_full_two),
        cmocka_unit_test(test_s9_5_steady_spent_cavalry_fights_as_disordered),
        cmocka_unit_test(test_s9_3_rear_support_adds_one_and_takes_one_from_the_foe),
        cmocka_unit_test(test_s9_3_flank_support_dice_roll_with_the_supporters_elan),
        cmocka_unit_test(test_s9_3_lancers_add_two_and_s9_13_steady_cavalry_passes_through),
        cmocka_unit_test(test_s9_6_odd_die_goes_to_the_foe_nearest_the_centre),
        cmocka_unit_test(test_s9_7_square_minus_for_mounted_and_s9_15_one_hit_spends_cavalry),
        cmocka_unit_test(test_s9_7_flank_attacker_plus_defender_minus),
        cmocka_unit_test(test_s9_7_march_column_minus_and_four_dice),
        cmocka_unit_test(test_s9_7_infantry_facing_shock_cavalry_in_open_minus),
        cmocka_unit_test(test_s9_8_led_superior_rerolls_one_and_two_poor_must_reroll_sixes),
        cmocka_unit_test(test_s10_2_three_hits_on_a_led_unit_that_retires_roll_at_5),
        cmocka_unit_test(test_s10_2_led_unit_that_will_not_retire_rolls_at_6),
        cmocka_unit_test(test_s9_10_both_broken_inactive_retires_active_recovers_to_wavering),
        cmocka_unit_test(test_s9_10_both_disordered_only_the_inactive_retires),
        cmocka_unit_test(test_s9_11_pinned_front_and_rear_loses_a_level_and_stays),
        cmocka_unit_test(test_s9_11_broken_infantry_in_open_vs_cavalry_destroyed_s9_12_cavalry_must_pursue),
        cmocka_unit_test(test_s9_11_unlimbered_guns_disordered_by_cavalry_are_abandoned),
        cmocka_unit_test(test_s23_40_steady_infantry_holds_back_with_a_passed_cmt_for_1cp),
        cmocka_unit_test(test_s23_40_steady_infantry_failing_to_hold_back_pursues),
        cmocka_unit_test(test_s23_40_without_command_points_the_default_pursuit_stands),
        cmocka_unit_test(test_s9_12_disordered_infantry_pursues_only_after_a_passed_cmt),
        cmocka_unit_test(test_s9_12_superior_pursuer_must_reroll_a_one),
        cmocka_unit_test(test_s9_12_pursuit_meeting_a_wavering_front_tests_and_breaks_it),
        cmocka_unit_test(test_s9_12_pursuit_meeting_a_broken_enemy_destroys_it),
        cmocka_unit_test(test_s23_23_in_rain_infantry_fights_cavalry_a_level_lower),
        cmocka_unit_test(test_s9_14_units_left_in_contact_square_up),
        cmocka_unit_test(test_s9_12_first_half_pursuit_into_a_flank_costs_a_level_and_fights_again),
        cmocka_unit_test(test_s9_12_late_pursuit_contact_waits_for_next_move_no_pass_through),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
