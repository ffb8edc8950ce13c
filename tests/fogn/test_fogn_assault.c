/* test_fogn_assault.c - rule tests for the Assault Phase (§6) run through
 * the turn machine with scripted dice: who may assault whom (§6.1), what a
 * declaration costs (§6.2), impetuous hold-backs (§6.4), the Wavering target
 * test and every reaction of §6.6, counter-charges (§6.7), evades and
 * retargeting (§6.8), intercepts (§6.9), defensive fire and pressing on
 * (§6.10), flank and rear contact (§6.11) and the marks the assault leaves. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/fogn/rules/steps.h"
#include "../../engine/fogn/rules/contact.h"
#include "../../engine/core/dice.h"
#include "../../engine/fogn/rules/footprint.h"

/* assault progress (fogn_unit.astate) as assault.c numbers it */
enum {
    T_AS_NONE = 0, T_AS_HELD, T_AS_DECLARED, T_AS_FORCED, T_AS_CANCELLED, T_AS_GOING, T_AS_PRESS, T_AS_HALTED,
    T_AS_RETIRED, T_AS_CONTACT, T_AS_MISSED
};

/* applies one action with these dice; returns the dice consumed (-1 refused) */
static int play(const fogn_scenario *s, fogn_state *st, gr_action a, const int *faces, int n, gr_log *log)
{
    gr_dice d;
    gr_dice_init_script(&d, faces, n);
    gr_error err;
    gr_error_clear(&err);
    if (fogn_ruleset.rules->apply(s, st, &a, &d, log, &err)) return -1;
    return d.pos;
}

/* the same, failing the test when the action is refused */
static int must(const fogn_scenario *s, fogn_state *st, gr_action a, const int *faces, int n, gr_log *log)
{
    gr_dice d;
    gr_dice_init_script(&d, faces, n);
    gr_error err;
    gr_error_clear(&err);
    if (fogn_ruleset.rules->apply(s, st, &a, &d, log, &err)) fail_msg("refused: %s", err.msg);
    return d.pos;
}

static gr_action done(void) { return fx_action(FOGN_A_DONE, -1, -1, 0, 0, 0, 0); }
static gr_action assault(int i, int j) { return fx_action(FOGN_A_ASSAULT, i, j, 0, 0, 0, 0); }
static gr_action hold(int i) { return fx_action(FOGN_A_HOLD, i, -1, 0, 0, 0, 0); }
static gr_action react(int j, int r) { return fx_action(FOGN_A_REACT, j, -1, r, 0, 0, 0); }

/* is this action on the legal menu now? */
static int offered(const fogn_scenario *s, const fogn_state *st, int type, int actor, int target, int arg)
{
    gr_action m[GR_MAX_ACTIONS];
    int n = fogn_ruleset.rules->legal_actions(s, st, m, GR_MAX_ACTIONS);
    for (int k = 0; k < n; k++)
        if (m[k].type == type && m[k].actor == actor && m[k].target == target && (arg < 0 || m[k].arg == arg))
            return 1;
    return 0;
}

/* opens side 0's Assault Phase at the first decision; no dice may be rolled */
static void open_assault(const fogn_scenario *s, fogn_state *st)
{
    fx_state_at(s, st, 0, FOGN_ST_AS_BEGIN, NULL, NULL);
}

static int log_has(const gr_log *log, const char *needle)
{
    for (size_t k = 0; k < log->n; k++)
        if (strstr(log->ev[k].text, needle)) return 1;
    return 0;
}

/* Blue infantry u0 (small Reformed, Tactical: 3 MU wide, 2.25 deep) at (20,
 * 10) facing north; Red infantry u1 at (20, 14) facing south: 4 MU apart,
 * front to front. Blue's division commander stands just behind u0 (in range);
 * Red's far off. */
static fogn_scenario *scn_duel(void)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 14, -90);
    s->cmdrs[0].x = 20;
    s->cmdrs[0].y = 6;
    return s;
}

static const int MISS4[] = {1, 1, 1, 1};

/* --- §6.1 who may assault whom --------------------------------------------------------------------- */

static void test_s6_1_infantry_assault_goes_in_flush_and_marks_no_move(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel();
    fogn_state st;
    open_assault(s, &st);
    assert_int_equal(st.turn.step, FOGN_ST_AS_DECLARE);
    assert_int_equal(st.turn.cursor, 0);
    assert_true(offered(s, &st, FOGN_A_ASSAULT, 0, 1, -1));
    assert_int_equal(must(s, &st, assault(0, 1), NULL, 0, NULL), 0); /* a simple declaration: no dice */
    /* the target (infantry against infantry) may only stand */
    assert_int_equal(st.turn.step, FOGN_ST_AS_REACT);
    assert_int_equal(st.turn.decider, 1);
    assert_true(offered(s, &st, FOGN_A_REACT, 1, -1, FOGN_RE_STAND));
    assert_false(offered(s, &st, FOGN_A_REACT, 1, -1, FOGN_RE_SQUARE));
    gr_log log;
    gr_log_init(&log);
    /* standing needs no test; 4 dice of close defensive fire, all missing */
    assert_int_equal(must(s, &st, react(1, FOGN_RE_STAND), MISS4, 4, &log), 4);
    assert_int_equal(st.u[0].astate, T_AS_CONTACT);
    assert_true(st.u[0].flags & FOGN_UF_NO_MOVE);
    ASSERT_POSE(&st.u[0], 20, 14, 90); /* front edges flush */
    ASSERT_POSE(&st.u[1], 20, 14, -90);
    assert_int_equal(st.u[1].cohesion, FOGN_STEADY);
    fogn_contact c;
    assert_true(fogn_unit_contact(s, &st, 0, 1, &c));
    assert_int_equal(c.face_b, FOGN_FACE_FRONT);
    assert_true(log_has(&log, "goes in against unit1"));
    assert_true(st.turn.phase > FOGN_PH_ASSAULT);
    gr_log_free(&log);
    free(s);
}

static void test_s6_1_wavering_unit_may_not_declare(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel();
    s->units[0].start_cohesion = FOGN_WAVERING;
    fogn_state st;
    open_assault(s, &st);
    assert_true(st.turn.phase > FOGN_PH_ASSAULT); /* nothing was due in the Assault Phase */
    assert_int_equal(st.u[0].astate, T_AS_NONE);
    /* the same unit Disordered is asked */
    s->units[0].start_cohesion = FOGN_DISORDERED;
    open_assault(s, &st);
    assert_int_equal(st.turn.step, FOGN_ST_AS_DECLARE);
    free(s);
}

static void test_s6_1_infantry_never_assault_steady_or_disordered_cavalry(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel();
    s->units[1].troop = FOGN_CAV_HEAVY;
    fogn_state st;
    open_assault(s, &st);
    assert_int_equal(st.turn.step == FOGN_ST_AS_DECLARE, 0);
    s->units[1].start_cohesion = FOGN_DISORDERED;
    open_assault(s, &st);
    assert_int_equal(st.turn.step == FOGN_ST_AS_DECLARE, 0);
    /* Wavering cavalry may be assaulted by infantry */
    s->units[1].start_cohesion = FOGN_WAVERING;
    open_assault(s, &st);
    assert_int_equal(st.turn.step, FOGN_ST_AS_DECLARE);
    assert_true(offered(s, &st, FOGN_A_ASSAULT, 0, 1, -1));
    free(s);
}

static void test_s6_1_march_column_and_out_of_reach_cannot_assault(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel();
    s->units[0].start_formation = FOGN_F_COLUMN;
    fogn_state st;
    open_assault(s, &st);
    assert_true(st.turn.step != FOGN_ST_AS_DECLARE);
    /* Tactical again, but 6.5 MU apart: beyond the 6 MU allowance */
    s->units[0].start_formation = FOGN_F_TACTICAL;
    s->units[1].y = 16.5;
    open_assault(s, &st);
    assert_true(st.turn.step != FOGN_ST_AS_DECLARE);
    /* 6 MU exactly is in reach */
    s->units[1].y = 16;
    open_assault(s, &st);
    assert_int_equal(st.turn.step, FOGN_ST_AS_DECLARE);
    free(s);
}

static void test_s6_1_skirmishers_may_not_assault_the_front_of_formed_troops(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel();
    s->units[0].troop = FOGN_INF_LIGHT;
    s->units[0].start_formation = FOGN_F_SKIRMISH;
    fogn_state st;
    open_assault(s, &st);
    assert_true(st.turn.step != FOGN_ST_AS_DECLARE);
    /* against enemy Skirmishers they may */
    s->units[1].troop = FOGN_INF_LIGHT;
    s->units[1].start_formation = FOGN_F_SKIRMISH;
    open_assault(s, &st);
    assert_int_equal(st.turn.step, FOGN_ST_AS_DECLARE);
    assert_true(offered(s, &st, FOGN_A_ASSAULT, 0, 1, -1));
    free(s);
}


/* --- §6.2 what a declaration costs ----------------------------------------------------------------- */

static void test_s6_2_disordered_assault_is_a_cmt_paid_by_the_division(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel();
    s->units[0].start_cohesion = FOGN_DISORDERED;
    fogn_state st;
    open_assault(s, &st);
    assert_int_equal(st.c[0].cp, 2);
    /* Drilled: 2 dice at 5+; passes */
    const int pass[] = {5, 1};
    assert_int_equal(must(s, &st, assault(0, 1), pass, 2, NULL), 2);
    assert_int_equal(st.c[0].cp, 1);
    assert_int_equal(st.u[0].astate, T_AS_GOING);
    assert_int_equal(st.turn.step, FOGN_ST_AS_REACT);
    /* failing: the assault is not made and the unit stays free to move */
    open_assault(s, &st);
    const int fail[] = {4, 4};
    assert_int_equal(must(s, &st, assault(0, 1), fail, 2, NULL), 2);
    assert_int_equal(st.c[0].cp, 1);
    assert_int_equal(st.u[0].astate, T_AS_CANCELLED);
    assert_int_equal(st.u[0].target, -1);
    assert_false(st.u[0].flags & (FOGN_UF_ASSAULTING | FOGN_UF_NO_MOVE));
    ASSERT_POSE(&st.u[0], 20, 10, 90);
    assert_true(st.turn.phase > FOGN_PH_ASSAULT);
    free(s);
}

static void test_s6_2_disordered_against_a_wavering_target_is_simple(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel();
    s->units[0].start_cohesion = FOGN_DISORDERED;
    s->units[1].start_cohesion = FOGN_WAVERING;
    fogn_state st;
    open_assault(s, &st);
    /* no CMT; the only dice are the Wavering target's own test (passed) */
    const int faces[] = {6, 2};
    assert_int_equal(must(s, &st, assault(0, 1), faces, 2, NULL), 2);
    assert_int_equal(st.c[0].cp, 2);
    assert_int_equal(st.u[0].astate, T_AS_GOING);
    assert_int_equal(st.u[1].cohesion, FOGN_WAVERING);
    free(s);
}

static void test_s6_2_out_of_command_range_is_a_cmt_costing_one_or_two(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel();
    s->cmdrs[0].x = 2; /* far away: out of range */
    s->cmdrs[0].y = 1.5;
    fogn_state st;
    open_assault(s, &st);
    const int pass[] = {6, 1};
    assert_int_equal(must(s, &st, assault(0, 1), pass, 2, NULL), 2);
    assert_int_equal(st.c[0].cp, 1); /* ruling §23.2 #22: 1 CP */
    assert_int_equal(st.u[0].astate, T_AS_GOING);
    /* Disordered as well: 2 CP for the one test */
    s->units[0].start_cohesion = FOGN_DISORDERED;
    open_assault(s, &st);
    assert_int_equal(must(s, &st, assault(0, 1), pass, 2, NULL), 2);
    assert_int_equal(st.c[0].cp, 0);
    assert_int_equal(st.u[0].astate, T_AS_GOING);
    free(s);
}

static void test_s6_2_without_points_the_assault_cannot_be_declared(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel();
    s->units[0].start_cohesion = FOGN_DISORDERED;
    fogn_state st;
    open_assault(s, &st);
    st.c[0].cp = 0;
    assert_false(offered(s, &st, FOGN_A_ASSAULT, 0, 1, -1));
    assert_true(offered(s, &st, FOGN_A_HOLD, 0, -1, -1));
    assert_int_equal(play(s, &st, assault(0, 1), NULL, 0, NULL), -1);
    assert_int_equal(st.u[0].astate, T_AS_NONE);
    free(s);
}

static void test_s6_2_disordered_guard_needs_no_test(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel();
    s->units[0].start_cohesion = FOGN_DISORDERED;
    s->units[0].caps = FOGN_CAP_GUARD;
    fogn_state st;
    open_assault(s, &st);
    assert_int_equal(must(s, &st, assault(0, 1), NULL, 0, NULL), 0);
    assert_int_equal(st.c[0].cp, 2);
    assert_int_equal(st.u[0].astate, T_AS_GOING);
    free(s);
}

static void test_s6_2_corps_commander_leading_pays_a_point_of_his_own(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel();
    s->cmdrs[2].start_leading = 0;
    s->cmdrs[2].x = 20;
    s->cmdrs[2].y = 7;
    fogn_state st;
    open_assault(s, &st);
    assert_int_equal(st.c[2].cp, 1);
    assert_int_equal(must(s, &st, assault(0, 1), NULL, 0, NULL), 0);
    assert_int_equal(st.c[2].cp, 0);
    assert_int_equal(st.c[0].cp, 2);
    assert_int_equal(st.u[0].astate, T_AS_GOING);
    /* with no point left he cannot lead it in */
    open_assault(s, &st);
    st.c[2].cp = 0;
    assert_false(offered(s, &st, FOGN_A_ASSAULT, 0, 1, -1));
    free(s);
}

static void test_s23_19_cavalry_joining_an_infantry_assault_tests(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel();
    /* the target an Extended Line 6 MU wide; cavalry u2 beside the infantry */
    s->units[1].start_formation = FOGN_F_LINE;
    s->units[1].x = 21.5;
    fx_unit(s, 0, FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_TACTICAL, 23.5, 10, 90);
    fogn_state st;
    open_assault(s, &st);
    assert_int_equal(must(s, &st, assault(0, 1), NULL, 0, NULL), 0);
    assert_int_equal(st.turn.cursor, 2);
    const int pass[] = {5, 2};
    assert_int_equal(must(s, &st, assault(2, 1), pass, 2, NULL), 2); /* the cavalry's CMT */
    assert_int_equal(st.c[0].cp, 1);
    assert_int_equal(st.u[0].astate, T_AS_GOING);
    assert_int_equal(st.u[2].astate, T_AS_GOING);
    /* failing it, only the cavalry's assault is off */
    open_assault(s, &st);
    must(s, &st, assault(0, 1), NULL, 0, NULL);
    const int fail[] = {4, 2};
    assert_int_equal(must(s, &st, assault(2, 1), fail, 2, NULL), 2);
    assert_int_equal(st.u[0].astate, T_AS_GOING);
    assert_int_equal(st.u[2].astate, T_AS_CANCELLED);
    free(s);
}

/* --- §6.4 impetuous units -------------------------------------------------------------------------- */

/* impetuous heavy cavalry u0 4 MU from enemy infantry u1 */
static fogn_scenario *scn_impetuous(void)
{
    fogn_scenario *s = scn_duel();
    s->units[0].troop = FOGN_CAV_HEAVY;
    s->units[0].caps = FOGN_CAP_IMPETUOUS;
    return s;
}

static void test_s6_4_impetuous_unit_holds_back_with_a_passed_cmt(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_impetuous();
    fogn_state st;
    open_assault(s, &st);
    const int pass[] = {1, 5};
    assert_int_equal(must(s, &st, hold(0), pass, 2, NULL), 2);
    assert_int_equal(st.c[0].cp, 1);
    assert_int_equal(st.u[0].astate, T_AS_HELD);
    assert_int_equal(st.u[0].target, -1);
    assert_false(st.u[0].flags & FOGN_UF_NO_MOVE);
    ASSERT_POSE(&st.u[0], 20, 10, 90);
    free(s);
}

static void test_s6_4_impetuous_unit_failing_to_hold_back_charges(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_impetuous();
    fogn_state st;
    open_assault(s, &st);
    gr_log log;
    gr_log_init(&log);
    const int fail[] = {4, 3};
    /* "done" leaves it undeclared: it must test all the same */
    assert_int_equal(must(s, &st, done(), fail, 2, &log), 2);
    assert_int_equal(st.c[0].cp, 1);
    assert_int_equal(st.u[0].astate, T_AS_GOING);
    assert_int_equal(st.u[0].target, 1);
    assert_true(log_has(&log, "impetuous"));
    /* the infantry now chooses how to meet cavalry */
    assert_int_equal(st.turn.step, FOGN_ST_AS_REACT);
    assert_true(offered(s, &st, FOGN_A_REACT, 1, -1, FOGN_RE_SQUARE));
    gr_log_free(&log);
    free(s);
}

static void test_s6_4_impetuous_unit_without_points_must_charge(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_impetuous();
    fogn_state st;
    open_assault(s, &st);
    st.c[0].cp = 0;
    assert_int_equal(must(s, &st, hold(0), NULL, 0, NULL), 0);
    assert_int_equal(st.u[0].astate, T_AS_GOING);
    assert_int_equal(st.u[0].target, 1);
    free(s);
}


/* --- §6.6 the Wavering target, §6.11 flank and rear, Broken targets ------------------------------------ */

static void test_s6_6_wavering_target_failing_its_test_breaks_and_is_destroyed(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel();
    s->units[1].start_cohesion = FOGN_WAVERING;
    fogn_state st;
    open_assault(s, &st);
    gr_log log;
    gr_log_init(&log);
    const int fail[] = {4, 4};
    assert_int_equal(must(s, &st, assault(0, 1), fail, 2, &log), 2);
    /* Broken at once: no reaction, no fire; struck while Broken it is destroyed (§9.12 ruling) */
    assert_false(fogn_unit_alive(&st.u[1]));
    assert_int_equal(st.u[0].astate, T_AS_CONTACT);
    assert_true(st.u[0].flags & FOGN_UF_NO_MOVE);
    ASSERT_POSE(&st.u[0], 20, 14, 90);
    assert_true(log_has(&log, "caught while Broken"));
    assert_true(st.turn.phase > FOGN_PH_ASSAULT);
    gr_log_free(&log);
    free(s);
}

/* Red u1 faces east with its right flank (the edge y = 14) towards Blue u0 */
static fogn_scenario *scn_flank(void)
{
    fogn_scenario *s = scn_duel();
    s->units[1].x = 21.125;
    s->units[1].y = 15.5;
    s->units[1].heading = 0;
    return s;
}

static void test_s6_6_wavering_target_struck_in_flank_fails_without_rolling(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_flank();
    s->units[1].start_cohesion = FOGN_WAVERING;
    fogn_state st;
    open_assault(s, &st);
    assert_int_equal(must(s, &st, assault(0, 1), NULL, 0, NULL), 0);
    assert_false(fogn_unit_alive(&st.u[1]));
    assert_int_equal(st.u[0].astate, T_AS_CONTACT);
    free(s);
}

static void test_s6_11_flank_assault_costs_a_level_and_turns_the_target(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_flank();
    fogn_state st;
    open_assault(s, &st);
    gr_log log;
    gr_log_init(&log);
    assert_int_equal(must(s, &st, assault(0, 1), NULL, 0, &log), 0);
    /* ruling §23.3 #39: the flanked target may only stand */
    assert_int_equal(st.turn.step, FOGN_ST_AS_REACT);
    assert_true(offered(s, &st, FOGN_A_REACT, 1, -1, FOGN_RE_STAND));
    /* and it does not fire at its flank assaulter: no dice */
    assert_int_equal(must(s, &st, done(), NULL, 0, &log), 0);
    assert_int_equal(st.u[1].cohesion, FOGN_DISORDERED);
    assert_int_equal(st.u[1].flanked_by, 0);
    assert_int_equal(st.u[0].astate, T_AS_CONTACT);
    /* it turned about its centre (20, 15.5) to face the assaulter */
    ASSERT_POSE(&st.u[1], 20, 14.375, -90);
    ASSERT_POSE(&st.u[0], 20, 14.375, 90);
    assert_true(log_has(&log, "in flank or rear"));
    gr_log_free(&log);
    free(s);
}

/* --- §6.6 reactions -------------------------------------------------------------------------------------- */

/* Blue heavy cavalry u0 4 MU from Red infantry u1 (no commander near u1) */
static fogn_scenario *scn_cav_on_inf(void)
{
    fogn_scenario *s = scn_duel();
    s->units[0].troop = FOGN_CAV_HEAVY;
    return s;
}

static void test_s6_6_infantry_standing_against_cavalry_tests_at_5(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_cav_on_inf();
    fogn_state st;
    open_assault(s, &st);
    assert_int_equal(must(s, &st, assault(0, 1), NULL, 0, NULL), 0);
    assert_true(offered(s, &st, FOGN_A_REACT, 1, -1, FOGN_RE_STAND));
    assert_true(offered(s, &st, FOGN_A_REACT, 1, -1, FOGN_RE_SQUARE));
    gr_log log;
    gr_log_init(&log);
    /* the test fails (4, 4): Disordered; then its close fire, every die a 1 */
    const int faces[] = {4, 4, 1, 1, 1, 1};
    int used = must(s, &st, react(1, FOGN_RE_STAND), faces, 6, &log);
    assert_int_equal(used, 5);
    assert_int_equal(st.u[1].cohesion, FOGN_DISORDERED);
    assert_int_equal(st.u[1].formation, FOGN_F_TACTICAL);
    assert_int_equal(st.u[0].astate, T_AS_CONTACT);
    gr_log_free(&log);
    free(s);
}

static void test_s6_6_cavalry_from_within_2mu_costs_a_level_even_to_a_square(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_cav_on_inf();
    s->units[1].y = 11.5; /* 1.5 MU gap */
    fogn_state st;
    open_assault(s, &st);
    must(s, &st, assault(0, 1), NULL, 0, NULL);
    /* passes the square test from Tactical (5+) but loses a level all the same (ruling §23.3 #35) */
    const int faces[] = {5, 1};
    assert_int_equal(must(s, &st, react(1, FOGN_RE_SQUARE), faces, 2, NULL), 2);
    assert_int_equal(st.u[1].cohesion, FOGN_DISORDERED);
    assert_int_equal(st.u[1].formation, FOGN_F_SQUARE);
    assert_true(st.u[1].flags & FOGN_UF_REACTED);
    assert_int_equal(st.u[0].astate, T_AS_CONTACT);
    free(s);
}

static void test_s6_6_forming_square_from_line_needs_6(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_cav_on_inf();
    s->units[1].start_formation = FOGN_F_LINE;
    fogn_state st;
    open_assault(s, &st);
    must(s, &st, assault(0, 1), NULL, 0, NULL);
    /* a 5 fails from Extended Line (one die: §11.2 Extended Line -1); it ends
     * in Square anyway (and so may not fire: no more dice) */
    const int faces[] = {5, 5};
    double fx = st.u[1].x, fy = st.u[1].y;
    assert_int_equal(must(s, &st, react(1, FOGN_RE_SQUARE), faces, 2, NULL), 1);
    assert_int_equal(st.u[1].cohesion, FOGN_DISORDERED);
    assert_int_equal(st.u[1].formation, FOGN_F_SQUARE);
    /* §8.5: Tactical first on its two centre front bases, which stay where they are: the front edge does not
     * move (an even front: its centre is theirs) */
    assert_float_equal(st.u[1].x, fx, 1e-9);
    assert_float_equal(st.u[1].y, fy, 1e-9);
    /* the same from Tactical passes on a 5 */
    s->units[1].start_formation = FOGN_F_TACTICAL;
    open_assault(s, &st);
    must(s, &st, assault(0, 1), NULL, 0, NULL);
    assert_int_equal(must(s, &st, react(1, FOGN_RE_SQUARE), faces, 2, NULL), 2);
    assert_int_equal(st.u[1].cohesion, FOGN_STEADY);
    assert_int_equal(st.u[1].formation, FOGN_F_SQUARE);
    free(s);
}

/* §8.5: forming Square in the Assault Phase may not take the unit out of
 * the reach of the enemy that assaulted it: the Square slides toward the
 * assaulter by the least that puts it back in reach. A large Extended Line
 * (9 MU wide, x 15.5 .. 24.5) is charged by heavy cavalry (8 MU) aimed at its
 * right end from 7.9 MU; the Square forms on the centre bases, x 17.75 ..
 * 22.25, out of the cavalry's reach. */
static void test_s8_5_square_formed_out_of_reach_slides_back_into_it(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_cav_on_inf();
    s->units[1].start_formation = FOGN_F_LINE;
    s->units[1].size = FOGN_LARGE;
    s->units[0].x = 24;
    s->units[0].y = 14 - 7.9;
    fogn_state st;
    open_assault(s, &st);
    must(s, &st, assault(0, 1), NULL, 0, NULL);
    gr_log log;
    gr_log_init(&log);
    const int faces[] = {6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    must(s, &st, react(1, FOGN_RE_SQUARE), faces, 12, &log);
    assert_int_equal(st.u[1].formation, FOGN_F_SQUARE);
    assert_true(log_has(&log, "unit1's Square slides"));
    assert_true(log_has(&log, "toward unit0, which could reach it no more (8.5)"));
    /* the cavalry got home */
    assert_int_equal(st.u[0].astate, T_AS_CONTACT);
    assert_true(fogn_unit_contact(s, &st, 0, 1, &(fogn_contact){0}));
    gr_log_free(&log);
    free(s);
}

static void test_s6_6_square_assaulted_by_infantry_tests_to_stay_or_change(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel();
    s->units[1].start_formation = FOGN_F_SQUARE;
    fogn_state st;
    open_assault(s, &st);
    must(s, &st, assault(0, 1), NULL, 0, NULL);
    assert_true(offered(s, &st, FOGN_A_REACT, 1, -1, FOGN_RE_STAND));
    assert_true(offered(s, &st, FOGN_A_REACT, 1, -1, FOGN_RE_TACTICAL));
    /* changing to Tactical: fails (4, 4), ends in Tactical Disordered, and may not fire */
    const int fail[] = {4, 4};
    assert_int_equal(must(s, &st, react(1, FOGN_RE_TACTICAL), fail, 2, NULL), 2);
    assert_int_equal(st.u[1].cohesion, FOGN_DISORDERED);
    assert_int_equal(st.u[1].formation, FOGN_F_TACTICAL);
    /* staying in Square is tested too (book: both choices test); it fails, then fires 3 dice */
    open_assault(s, &st);
    must(s, &st, assault(0, 1), NULL, 0, NULL);
    const int faces[] = {4, 4, 1, 1, 1, 1};
    assert_int_equal(must(s, &st, react(1, FOGN_RE_STAND), faces, 6, NULL), 4);
    assert_int_equal(st.u[1].cohesion, FOGN_DISORDERED);
    assert_int_equal(st.u[1].formation, FOGN_F_SQUARE);
    free(s);
}


/* --- §6.6 artillery, §6.8 evades ---------------------------------------------------------------------- */

static void test_s6_6_guns_failing_to_stand_are_abandoned_with_two_losses(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel();
    s->units[1].troop = FOGN_ART_FOOT;
    s->units[1].start_formation = FOGN_F_UNLIMBERED;
    fogn_state st;
    open_assault(s, &st);
    must(s, &st, assault(0, 1), NULL, 0, NULL);
    /* no friendly infantry near: standing is the default, fire-and-leave is not offered (began within 4 MU) */
    assert_false(offered(s, &st, FOGN_A_REACT, 1, -1, FOGN_RE_ABANDON));
    assert_false(offered(s, &st, FOGN_A_REACT, 1, -1, FOGN_RE_FIRE_LEAVE));
    const int fail[] = {3, 3};
    assert_int_equal(must(s, &st, done(), fail, 2, NULL), 2); /* 4+ needed */
    assert_true(st.u[1].flags & FOGN_UF_ABANDONED);
    assert_int_equal(st.u[1].gun_losses, 2);
    free(s);
}

static void test_s6_6_guns_with_infantry_near_abandon_by_default_for_one_loss(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel();
    s->units[1].troop = FOGN_ART_FOOT;
    s->units[1].start_formation = FOGN_F_UNLIMBERED;
    /* Red infantry 1 MU to the guns' side */
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 24, 16, -90);
    fogn_state st;
    open_assault(s, &st);
    must(s, &st, assault(0, 1), NULL, 0, NULL);
    assert_true(offered(s, &st, FOGN_A_REACT, 1, -1, FOGN_RE_ABANDON));
    assert_true(offered(s, &st, FOGN_A_REACT, 1, -1, FOGN_RE_STAND_FIRE));
    assert_int_equal(must(s, &st, done(), NULL, 0, NULL), 0);
    assert_true(st.u[1].flags & FOGN_UF_ABANDONED);
    assert_int_equal(st.u[1].gun_losses, 1);
    free(s);
}

static void test_s6_8_skirmishers_assaulted_by_formed_infantry_must_evade(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel();
    s->units[1].troop = FOGN_INF_LIGHT;
    s->units[1].start_formation = FOGN_F_SKIRMISH;
    fogn_state st;
    open_assault(s, &st);
    double x0 = st.u[0].x, y0 = st.u[0].y, h0 = st.u[0].heading;
    must(s, &st, assault(0, 1), NULL, 0, NULL);
    assert_true(offered(s, &st, FOGN_A_REACT, 1, -1, FOGN_RE_EVADE));
    assert_false(offered(s, &st, FOGN_A_REACT, 1, -1, FOGN_RE_STAND));
    assert_false(offered(s, &st, FOGN_A_REACT, 1, -1, FOGN_RE_SQUARE));
    gr_log log;
    gr_log_init(&log);
    const int d3[] = {3};
    assert_int_equal(must(s, &st, done(), d3, 1, &log), 1);
    assert_true(log_has(&log, "evades 5.0 MU"));
    assert_true(st.u[1].flags & FOGN_UF_EVADED);
    /* 9 MU away now: the infantry (6 MU) cannot reach it, nor anyone else */
    assert_int_equal(st.u[0].astate, T_AS_MISSED);
    assert_true(st.u[0].flags & FOGN_UF_NO_MOVE);
    assert_false(fogn_in_enemy_contact(s, &st, 0));
    /* and it completes its full move in the direction of its assault: 6 MU straight on (§6.8) */
    assert_true(log_has(&log, "completes its assault move, 6.0 MU on (6.8)"));
    assert_float_equal(hypot(st.u[0].x - x0, st.u[0].y - y0), 6.0, 1e-6);
    assert_float_equal(st.u[0].heading, h0, 1e-12);
    gr_log_free(&log);
    free(s);
}

/* §6.8 with ruling FOGN_MISSED_RUN_GAP: the run ends 0.1 MU short of the
 * enemy it would strike, and where that would leave it on friendly guns it
 * has run through (passed freely, §8.7), it stops short of the guns instead.
 * Blue infantry (front y 10, 2.25 deep, 6 MU) runs at Red cavalry whose
 * front is at y 16; Blue guns stand in the way, y 12.2 .. 13.7. */
static void test_s6_8_missed_run_does_not_end_on_friendly_guns(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel();
    s->units[1].troop = FOGN_CAV_HEAVY;
    s->units[1].y = 16;
    int g = fx_unit(s, 0, FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED, 20, 13.7, 90);
    fogn_state st;
    open_assault(s, &st);
    gr_log log;
    gr_log_init(&log);
    /* without the guns: 5.9 MU, 0.1 short of the cavalry's front */
    fogn_state clear = st;
    clear.u[g].flags |= FOGN_UF_DESTROYED;
    fogn_as_missed_run(s, &clear, 0, &log);
    ASSERT_POSE(&clear.u[0], 20, 15.9, 90);
    /* with them: at 5.9 MU its rear (y 13.65) would stand on the guns (front y 13.7); it stops short of them */
    fogn_as_missed_run(s, &st, 0, &log);
    assert_true(log_has(&log, "completes its assault move, 2.2 MU on (6.8)"));
    ASSERT_POSE(&st.u[0], 20, 12.2, 90);
    gr_log_free(&log);
    free(s);
}

static void test_s6_8_evader_caught_loses_a_level_and_goes_4_more(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel();
    s->units[0].troop = FOGN_CAV_HEAVY; /* 8 MU */
    s->units[1].troop = FOGN_INF_LIGHT;
    s->units[1].start_formation = FOGN_F_SKIRMISH;
    fogn_state st;
    open_assault(s, &st);
    must(s, &st, assault(0, 1), NULL, 0, NULL);
    const int d1[] = {1};
    assert_int_equal(must(s, &st, done(), d1, 1, NULL), 1); /* evades 3 MU: 7 MU off */
    assert_int_equal(st.u[0].astate, T_AS_CONTACT);
    assert_int_equal(st.u[1].cohesion, FOGN_DISORDERED);
    /* pushed 4 MU on, no longer in contact */
    assert_false(fogn_unit_contact(s, &st, 0, 1, &(fogn_contact){0}));
    ASSERT_NEAR(fogn_units_apart(s, &st, 0, 1), 4.0, 1e-6);
    free(s);
}

/* --- §6.7 counter-charges ------------------------------------------------------------------------------ */

static void test_s6_7_cavalry_charged_frontally_by_cavalry_must_countercharge(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel();
    s->units[0].troop = FOGN_CAV_HEAVY;
    s->units[1].troop = FOGN_CAV_HEAVY;
    fogn_state st;
    open_assault(s, &st);
    must(s, &st, assault(0, 1), NULL, 0, NULL);
    assert_true(offered(s, &st, FOGN_A_REACT, 1, -1, FOGN_RE_COUNTER));
    assert_false(offered(s, &st, FOGN_A_REACT, 1, -1, FOGN_RE_STAND));
    assert_int_equal(must(s, &st, done(), NULL, 0, NULL), 0);
    /* min(4, gap 4 / 2) = 2 MU; then the assaulter meets it */
    ASSERT_POSE(&st.u[1], 20, 12, -90);
    ASSERT_POSE(&st.u[0], 20, 12, 90);
    assert_int_equal(st.u[0].astate, T_AS_CONTACT);
    assert_int_equal(st.u[1].reaction, FOGN_RE_COUNTER);
    free(s);
}

/* --- §6.10 defensive fire and pressing on ------------------------------------------------------------- */

static void test_s6_10_two_hits_disorder_and_a_passed_cmt_presses_on(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel();
    fogn_state st;
    open_assault(s, &st);
    must(s, &st, assault(0, 1), NULL, 0, NULL);
    /* infantry that began straight ahead of the firers' front is hit on 4+
     * however far off (§7.7, FOGN_R_ASSAULT_FRONT_WIDEN): a 3 misses */
    const int fire[] = {5, 6, 3, 1};
    assert_int_equal(must(s, &st, react(1, FOGN_RE_STAND), fire, 4, NULL), 4);
    assert_int_equal(st.turn.step, FOGN_ST_AS_PRESS);
    assert_int_equal(st.turn.decider, 0);
    assert_int_equal(st.u[0].astate, T_AS_PRESS);
    assert_int_equal(st.u[0].cohesion, FOGN_DISORDERED); /* 2 hits: -1 (§23.1 #7) */
    ASSERT_POSE(&st.u[0], 20, 12, 90);                   /* paused 2 MU off */
    assert_true(offered(s, &st, FOGN_A_PRESS, 0, -1, -1));
    const int pass[] = {5, 1};
    assert_int_equal(must(s, &st, fx_action(FOGN_A_PRESS, 0, -1, 0, 0, 0, 0), pass, 2, NULL), 2);
    assert_int_equal(st.c[0].cp, 1);
    assert_int_equal(st.u[0].astate, T_AS_CONTACT);
    ASSERT_POSE(&st.u[0], 20, 14, 90);
    free(s);
}

static void test_s6_10_infantry_not_pressing_on_stays_at_2mu(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel();
    fogn_state st;
    open_assault(s, &st);
    must(s, &st, assault(0, 1), NULL, 0, NULL);
    const int fire[] = {5, 5, 1, 1};
    must(s, &st, react(1, FOGN_RE_STAND), fire, 4, NULL);
    assert_int_equal(st.u[0].astate, T_AS_PRESS);
    /* after holding, the machine runs on into the Firing Phase: give it misses */
    static const int ones[24] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    assert_true(must(s, &st, hold(0), ones, 24, NULL) >= 0);
    assert_int_equal(st.u[0].astate, T_AS_HALTED);
    assert_true(st.u[0].flags & FOGN_UF_NO_MOVE);
    ASSERT_POSE(&st.u[0], 20, 12, 90);
    assert_int_equal(st.c[0].cp, 2);
    free(s);
}

static void test_s6_10_cavalry_failing_to_press_on_falls_back_to_3mu(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_cav_on_inf();
    fogn_state st;
    open_assault(s, &st);
    must(s, &st, assault(0, 1), NULL, 0, NULL);
    /* the infantry stands (passes 5+), fires 4 dice: 2 hits */
    const int faces[] = {5, 1, 4, 4, 1, 1};
    assert_int_equal(must(s, &st, react(1, FOGN_RE_STAND), faces, 6, NULL), 6);
    assert_int_equal(st.u[0].astate, T_AS_PRESS);
    const int fail[] = {4, 4};
    assert_int_equal(must(s, &st, fx_action(FOGN_A_PRESS, 0, -1, 0, 0, 0, 0), fail, 2, NULL), 2);
    assert_int_equal(st.u[0].astate, T_AS_HALTED);
    ASSERT_NEAR(fogn_units_apart(s, &st, 0, 1), 3.0, 1e-6);
    ASSERT_POSE(&st.u[0], 20, 11, 90);
    free(s);
}

static void test_s6_10_three_hits_stop_the_assault(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel();
    fogn_state st;
    open_assault(s, &st);
    must(s, &st, assault(0, 1), NULL, 0, NULL);
    const int fire[] = {5, 5, 6, 1};
    assert_int_equal(must(s, &st, react(1, FOGN_RE_STAND), fire, 4, NULL), 4);
    assert_int_equal(st.u[0].astate, T_AS_HALTED);
    assert_true(st.u[0].flags & FOGN_UF_NO_MOVE);
    assert_false(fogn_in_enemy_contact(s, &st, 0));
    /* §7.9: 3 hits, -1 and back to 3 MU from the firers */
    assert_int_equal(st.u[0].cohesion, FOGN_DISORDERED);
    ASSERT_POSE(&st.u[0], 20, 11, 90);
    free(s);
}


static void test_s6_8_retarget_an_enemy_within_2mu_of_the_evaders_old_place(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel();
    s->units[0].troop = FOGN_CAV_HEAVY; /* 8 MU */
    s->units[1].troop = FOGN_INF_LIGHT;
    s->units[1].start_formation = FOGN_F_SKIRMISH;
    /* Red infantry u2 1 MU to the right of the skirmishers */
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 24, 14, -90);
    fogn_state st;
    open_assault(s, &st);
    must(s, &st, assault(0, 1), NULL, 0, NULL);
    gr_log log;
    gr_log_init(&log);
    /* the skirmishers evade 8 MU (12 MU off: out of reach, and far from u2);
     * u2 was within 2 MU of where they stood: the cavalry turns on it, and
     * u2 reacts as a target would (stands: passes 5+) */
    const int faces[] = {6, 5, 1, /* u2 then fires at the cavalry: 4 dice at 5+, misses */ 1, 1, 1, 1};
    assert_int_equal(must(s, &st, done(), faces, 7, &log), 7);
    assert_true(log_has(&log, "turns on unit2 instead"));
    assert_true(log_has(&log, "goes in against unit2"));
    assert_int_equal(st.u[0].astate, T_AS_CONTACT);
    assert_true(fogn_unit_contact(s, &st, 0, 2, &(fogn_contact){0}));
    assert_int_equal(st.u[2].reaction, FOGN_RE_STAND);
    gr_log_free(&log);
    free(s);
}

/* --- §6.9 intercepts ------------------------------------------------------------------------------------ */

static void test_s6_9_cavalry_intercepts_an_assaulter_on_its_way(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel();
    s->units[1].y = 16; /* 6 MU gap */
    /* Red cavalry u2 to the right of the assault's path, facing west */
    fx_unit(s, 1, FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_TACTICAL, 24.5, 13, 180);
    fogn_state st;
    open_assault(s, &st);
    must(s, &st, assault(0, 1), NULL, 0, NULL);
    assert_int_equal(must(s, &st, react(1, FOGN_RE_STAND), NULL, 0, NULL), 0);
    assert_int_equal(st.turn.step, FOGN_ST_AS_INTERCEPT);
    assert_int_equal(st.turn.cursor, 2);
    assert_true(offered(s, &st, FOGN_A_INTERCEPT, 2, 0, -1));
    gr_log log;
    gr_log_init(&log);
    /* a Steady interceptor: simple, no dice; the intercepted unit is not fired on by u1 */
    assert_int_equal(must(s, &st, fx_action(FOGN_A_INTERCEPT, 2, 0, 0, 0, 0, 0), NULL, 0, &log), 0);
    assert_true(log_has(&log, "intercepts unit0"));
    /* (fogn_unit.target is the firing choice once the Firing Phase opens: not checked) */
    assert_int_equal(st.u[0].astate, T_AS_CONTACT);
    assert_true(st.u[0].flags & FOGN_UF_NO_MOVE);
    assert_true(fogn_unit_contact(s, &st, 0, 2, &(fogn_contact){0}));
    assert_false(fogn_unit_contact(s, &st, 0, 1, &(fogn_contact){0}));
    assert_int_equal(st.u[1].cohesion, FOGN_STEADY);
    assert_int_equal(st.u[0].cohesion, FOGN_STEADY);
    gr_log_free(&log);
    free(s);
}

static void test_s6_9_infantry_may_not_intercept_cavalry(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel();
    s->units[0].troop = FOGN_CAV_HEAVY;
    s->units[1].troop = FOGN_CAV_HEAVY;
    s->units[1].y = 16;
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 24.5, 13, 180);
    fogn_state st;
    open_assault(s, &st);
    must(s, &st, assault(0, 1), NULL, 0, NULL);
    must(s, &st, done(), NULL, 0, NULL); /* the counter-charge */
    assert_true(st.turn.step != FOGN_ST_AS_INTERCEPT);
    assert_int_equal(st.u[2].reaction, FOGN_RE_NONE);
    free(s);
}

static void test_s6_8_limbered_foot_guns_evade_d6_plus_2(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_duel();
    s->units[1].troop = FOGN_ART_FOOT;
    s->units[1].start_formation = FOGN_F_LIMBERED;
    fogn_state st;
    open_assault(s, &st);
    must(s, &st, assault(0, 1), NULL, 0, NULL);
    assert_true(offered(s, &st, FOGN_A_REACT, 1, -1, FOGN_RE_EVADE));
    gr_log log;
    gr_log_init(&log);
    /* evades 4 MU (8 MU off); the infantry completes its 6 MU on (§6.8) and, 2 MU from the guns, fires
     * at them in the Firing Phase with four dice: all miss */
    const int d2[] = {2, 1, 1, 1, 1};
    assert_int_equal(must(s, &st, done(), d2, 5, &log), 5);
    assert_true(log_has(&log, "evades 4.0 MU"));
    assert_true(st.u[1].flags & FOGN_UF_EVADED);
    assert_true(log_has(&log, "completes its assault move, 6.0 MU on (6.8)"));
    assert_true(log_has(&log, "fire at unit1"));
    gr_log_free(&log);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s6_1_infantry_assault_goes_in_flush_and_marks_no_move),
        cmocka_unit_test(test_s6_1_wavering_unit_may_not_declare),
        cmocka_unit_test(test_s6_1_infantry_never_assault_steady_or_disordered_cavalry),
        cmocka_unit_test(test_s6_1_march_column_and_out_of_reach_cannot_assault),
        cmocka_unit_test(test_s6_1_skirmishers_may_not_assault_the_front_of_formed_troops),
        cmocka_unit_test(test_s6_2_disordered_assault_is_a_cmt_paid_by_the_division),
        cmocka_unit_test(test_s6_2_disordered_against_a_wavering_target_is_simple),
        cmocka_unit_test(test_s6_2_out_of_command_range_is_a_cmt_costing_one_or_two),
        cmocka_unit_test(test_s6_2_without_points_the_assault_cannot_be_declared),
        cmocka_unit_test(test_s6_2_disordered_guard_needs_no_test),
        cmocka_unit_test(test_s6_2_corps_commander_leading_pays_a_point_of_his_own),
        cmocka_unit_test(test_s23_19_cavalry_joining_an_infantry_assault_tests),
        cmocka_unit_test(test_s6_4_impetuous_unit_holds_back_with_a_passed_cmt),
        cmocka_unit_test(test_s6_4_impetuous_unit_failing_to_hold_back_charges),
        cmocka_unit_test(test_s6_4_impetuous_unit_without_points_must_charge),
        cmocka_unit_test(test_s6_6_wavering_target_failing_its_test_breaks_and_is_destroyed),
        cmocka_unit_test(test_s6_6_wavering_target_struck_in_flank_fails_without_rolling),
        cmocka_unit_test(test_s6_11_flank_assault_costs_a_level_and_turns_the_target),
        cmocka_unit_test(test_s6_6_infantry_standing_against_cavalry_tests_at_5),
        cmocka_unit_test(test_s6_6_cavalry_from_within_2mu_costs_a_level_even_to_a_square),
        cmocka_unit_test(test_s6_6_forming_square_from_line_needs_6),
        cmocka_unit_test(test_s6_6_square_assaulted_by_infantry_tests_to_stay_or_change),
        cmocka_unit_test(test_s8_5_square_formed_out_of_reach_slides_back_into_it),
        cmocka_unit_test(test_s6_6_guns_failing_to_stand_are_abandoned_with_two_losses),
        cmocka_unit_test(test_s6_6_guns_with_infantry_near_abandon_by_default_for_one_loss),
        cmocka_unit_test(test_s6_8_skirmishers_assaulted_by_formed_infantry_must_evade),
        cmocka_unit_test(test_s6_8_evader_caught_loses_a_level_and_goes_4_more),
        cmocka_unit_test(test_s6_7_cavalry_charged_frontally_by_cavalry_must_countercharge),
        cmocka_unit_test(test_s6_10_two_hits_disorder_and_a_passed_cmt_presses_on),
        cmocka_unit_test(test_s6_10_infantry_not_pressing_on_stays_at_2mu),
        cmocka_unit_test(test_s6_10_cavalry_failing_to_press_on_falls_back_to_3mu),
        cmocka_unit_test(test_s6_10_three_hits_stop_the_assault),
        cmocka_unit_test(test_s6_8_retarget_an_enemy_within_2mu_of_the_evaders_old_place),
        cmocka_unit_test(test_s6_9_cavalry_intercepts_an_assaulter_on_its_way),
        cmocka_unit_test(test_s6_9_infantry_may_not_intercept_cavalry),
        cmocka_unit_test(test_s6_8_limbered_foot_guns_evade_d6_plus_2),
        cmocka_unit_test(test_s6_8_missed_run_does_not_end_on_friendly_guns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
