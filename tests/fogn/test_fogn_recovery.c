/* test_fogn_recovery.c - rule tests for the Recovery Phase and the end of
 * the game: commanders' 4 MU moves (§8.11, §12.1), rallying Broken units and
 * recovering levels with scripted dice (§12.2), Broken units nobody rallied
 * and Spent infantry broken again (§12.2, ruling §23.3 #31), abandoned guns
 * re-manned or lost (§12.4), Broken units' flight at the start of their own
 * Movement Phase (§8.12), and army morale and the timed result (§14). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/fogn/rules/steps.h"
#include "../../engine/core/dice.h"
#include "../../engine/fogn/rules/victory.h"

static int apply(const fogn_scenario *s, fogn_state *st, gr_action a, const int *faces, int n, gr_error *err)
{
    gr_dice d;
    gr_dice_init_script(&d, faces, n);
    gr_error_clear(err);
    return fogn_ruleset.rules->apply(s, st, &a, &d, NULL, err);
}

static void must_apply(const fogn_scenario *s, fogn_state *st, gr_action a, const int *faces, int n)
{
    gr_error err;
    if (apply(s, st, a, faces, n, &err)) fail_msg("refused: %s", err.msg);
}

static gr_action done(void) { return fx_action(FOGN_A_DONE, -1, -1, 0, 0, 0, 0); }

/* answers "done" (no dice) until the step is due */
static void to_step(const fogn_scenario *s, fogn_state *st, int step)
{
    for (int guard = 0; guard < 64 && st->turn.step != step && !st->turn.over; guard++) must_apply(s, st, done(), NULL, 0);
    assert_int_equal(st->turn.step, step);
}

/* plays "done" (with these dice) until the other side's move has begun */
static void to_next_move(const fogn_scenario *s, fogn_state *st, const int *faces, int n)
{
    int side = st->active;
    gr_dice d;
    gr_dice_init_script(&d, faces, n);
    for (int guard = 0; guard < 64 && st->active == side && !st->turn.over; guard++) {
        gr_action a = done();
        gr_error err;
        gr_error_clear(&err);
        if (fogn_ruleset.rules->apply(s, st, &a, &d, NULL, &err)) fail_msg("refused: %s", err.msg);
    }
    assert_int_equal(st->active, side ^ 1);
}

/* four more units a side far away in the corners, so that one unit's loss
 * does not break a tiny army (§14) */
static void pad_armies(fogn_scenario *s)
{
    for (int i = 0; i < 4; i++) fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 45 + 3.5 * i, 3, 90);
    for (int i = 0; i < 4; i++) fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 45 + 3.5 * i, 34, -90);
}

/* side 0: u0 at (20, 10) with general0 (Skilled) behind it; u1 at (26, 10);
 * the enemy u2 far off at (20, 35); u3.. the padding */
static fogn_scenario *scn_rally(void)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 26, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 35, -90);
    pad_armies(s);
    s->cmdrs[0].x = 20;
    s->cmdrs[0].y = 7;
    return s;
}

static gr_action recover(const fogn_scenario *s, int c, int unit)
{
    return fx_action(FOGN_A_RECOVER, s->nunits + c, unit, 0, 0, 0, 0);
}

/* --- §12.2 recovery -------------------------------------------------------------------------------- */

static void test_s12_2_commander_recovers_a_level_on_5(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_rally();
    s->units[1].start_cohesion = FOGN_WAVERING;
    fogn_state st;
    fx_state(s, &st, 0);
    to_step(s, &st, FOGN_ST_RE_RALLY);
    assert_int_equal(fogn_cursor_actor(s, &st), s->nunits + 0);
    const int faces[] = {5, 2};
    must_apply(s, &st, recover(s, 0, 1), faces, 2);
    assert_int_equal(st.u[1].cohesion, FOGN_DISORDERED);
    free(s);
}

/* §14 (Victory and Defeat, playing to a time limit): no
 * Recovery Phase is played in the final move of a timed game that ends
 * without a defeat; the move before the last still has one */
static void test_s14_no_recovery_phase_in_the_final_move(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_rally();
    s->units[1].start_cohesion = FOGN_WAVERING;
    s->max_turns = 3;
    fogn_state st;
    fx_state(s, &st, 0);
    st.move = 2 * 3 - 1;
    to_step(s, &st, FOGN_ST_RE_RALLY);
    fx_state(s, &st, 0);
    st.move = 2 * 3;
    for (int guard = 0; guard < 64 && !st.turn.over; guard++) {
        assert_true(st.turn.step < FOGN_ST_RE_CMDR || st.turn.step > FOGN_ST_RE_END);
        must_apply(s, &st, done(), NULL, 0);
    }
    assert_true(st.turn.over);
    assert_int_equal(st.u[1].cohesion, FOGN_WAVERING);
    free(s);
}

static void test_s12_2_failed_recovery_changes_nothing(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_rally();
    s->units[1].start_cohesion = FOGN_DISORDERED;
    fogn_state st;
    fx_state(s, &st, 0);
    to_step(s, &st, FOGN_ST_RE_RALLY);
    const int faces[] = {4, 4};
    must_apply(s, &st, recover(s, 0, 1), faces, 2);
    assert_int_equal(st.u[1].cohesion, FOGN_DISORDERED);
    assert_true(fogn_unit_alive(&st.u[1]));
    free(s);
}

static void test_s12_2_out_of_range_or_other_division_refused(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_rally();
    s->units[1].start_cohesion = FOGN_DISORDERED;
    s->units[1].x = 30; /* 7.5 MU from general0's base */
    s->units[0].start_cohesion = FOGN_DISORDERED;
    s->units[0].division = 1; /* not his division (and of the other side's division) */
    fogn_state st;
    fx_state(s, &st, 0);
    to_next_move(s, &st, NULL, 0); /* no decision, no roll: nobody in reach */
    assert_int_equal(st.u[1].cohesion, FOGN_DISORDERED);
    free(s);
}

/* a Broken unit standing on its own base edge cannot flee (§8.12): u1 at
 * (26, 2.25) in Tactical, general0 beside it (his base 2 MU from its right edge) */
static fogn_scenario *scn_broken_at_edge(void)
{
    fogn_scenario *s = scn_rally();
    s->units[1].start_cohesion = FOGN_BROKEN;
    s->units[1].y = 2.25;
    s->cmdrs[0].x = 30.25;
    s->cmdrs[0].y = 1.5;
    return s;
}

static void test_s12_2_broken_unit_rallies_on_6_wavering_spent_tactical(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_broken_at_edge();
    s->units[1].start_formation = FOGN_F_LINE;
    s->units[1].y = 1.125;
    fogn_state st;
    fx_state(s, &st, 0);
    to_step(s, &st, FOGN_ST_RE_RALLY);
    const int faces[] = {6, 1};
    must_apply(s, &st, recover(s, 0, 1), faces, 2);
    assert_int_equal(st.u[1].cohesion, FOGN_WAVERING);
    assert_int_equal(st.u[1].formation, FOGN_F_TACTICAL);
    assert_true(st.u[1].flags & FOGN_UF_SPENT);
    assert_int_equal(st.u[1].bases_lost, 1);
    free(s);
}

static void test_s12_2_broken_unit_that_fails_its_rally_is_destroyed(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_broken_at_edge();
    fogn_state st;
    fx_state(s, &st, 0);
    to_step(s, &st, FOGN_ST_RE_RALLY);
    const int faces[] = {5, 5}; /* a rally needs 6 */
    must_apply(s, &st, recover(s, 0, 1), faces, 2);
    assert_false(fogn_unit_alive(&st.u[1]));
    free(s);
}

static void test_s23_31_broken_unit_nobody_rallies_is_destroyed(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_broken_at_edge();
    fogn_state st;
    fx_state(s, &st, 0);
    to_step(s, &st, FOGN_ST_RE_RALLY);
    /* the commander declines ("done") */
    must_apply(s, &st, done(), NULL, 0);
    assert_false(fogn_unit_alive(&st.u[1]));
    free(s);
}

static void test_s12_2_spent_infantry_broken_again_cannot_rally(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_broken_at_edge();
    s->units[1].start_spent = 1;
    fogn_state st;
    fx_state(s, &st, 0);
    /* removed at the start of the Recovery Phase: no rally decision arises */
    to_next_move(s, &st, NULL, 0);
    assert_false(fogn_unit_alive(&st.u[1]));
    free(s);
}

static void test_s12_2_officer_tries_for_his_own_unit(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_rally();
    s->units[1].start_cohesion = FOGN_DISORDERED;
    s->units[1].attach[0] = FOGN_ATT_OFFICER;
    s->units[1].x = 40; /* beyond general0's 4 MU */
    fogn_state st;
    fx_state(s, &st, 0);
    /* general0 has nothing in reach: the officer's attempt comes at the end of the phase */
    const int faces[] = {6, 3};
    to_next_move(s, &st, faces, 2);
    assert_int_equal(st.u[1].cohesion, FOGN_STEADY);
    free(s);
}

/* --- §12.4 abandoned guns -------------------------------------------------------------------------- */

static fogn_scenario *scn_guns(double inf_x)
{
    fogn_scenario *s = scn_rally();
    fx_unit(s, 0, FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED, 34, 10, 90); /* the guns, after the padding */
    s->units[0].x = inf_x;
    s->cmdrs[0].x = 2;
    s->cmdrs[0].y = 2;
    return s;
}

static void test_s12_4_guns_remanned_wavering(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_guns(29);
    int g = s->nunits - 1;
    s->units[1].x = 12;
    fogn_state st;
    fx_state(s, &st, 0);
    st.u[g].flags |= FOGN_UF_ABANDONED;
    st.u[g].gun_losses = 2;
    const int faces[] = {5, 1}; /* Drilled: 2 dice, 5+ */
    to_next_move(s, &st, faces, 2);
    assert_false(st.u[g].flags & FOGN_UF_ABANDONED);
    assert_int_equal(st.u[g].cohesion, FOGN_WAVERING);
    assert_int_equal(st.u[g].gun_losses, 0);
    free(s);
}

static void test_s12_4_guns_lost_on_a_failed_recovery(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_guns(29);
    int g = s->nunits - 1;
    s->units[1].x = 12;
    fogn_state st;
    fx_state(s, &st, 0);
    st.u[g].flags |= FOGN_UF_ABANDONED;
    st.u[g].gun_losses = 3; /* needs a 6 */
    const int faces[] = {5, 5};
    to_next_move(s, &st, faces, 2);
    assert_false(fogn_unit_alive(&st.u[g]));
    free(s);
}

static void test_s12_4_no_recovery_without_infantry_within_6mu(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_guns(20); /* u0 is 10.5 MU away */
    int g = s->nunits - 1;
    s->units[1].x = 12;
    fogn_state st;
    fx_state(s, &st, 0);
    st.u[g].flags |= FOGN_UF_ABANDONED;
    st.u[g].gun_losses = 1;
    to_next_move(s, &st, NULL, 0);
    assert_true(st.u[g].flags & FOGN_UF_ABANDONED);
    assert_true(fogn_unit_alive(&st.u[g]));
    free(s);
}

/* --- §8.12 flight ------------------------------------------------------------------------------------ */

static void test_s8_12_broken_unit_flees_at_the_start_of_its_movement(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_rally();
    s->units[1].start_cohesion = FOGN_BROKEN;
    s->units[1].y = 20;
    fogn_state st;
    fogn_ruleset.rules->init(s, &st);
    /* "done" to the command phase: the movement phase opens with the flight;
     * it passes within 4 MU of u0 (3 MU off its path), which tests: 5, 2 passes */
    const int faces[] = {5, 2};
    gr_error err;
    assert_int_equal(apply(s, &st, done(), faces, 2, &err), 0);
    assert_int_equal(st.turn.phase, FOGN_PH_MOVEMENT);
    /* it fled a full 6 MU toward its own (south) edge, facing it */
    assert_true(fabs(st.u[1].y - (20 - 6 - 2.25)) < 1e-6);
    assert_true(fabs(gr_angle_diff(st.u[1].heading, -GR_PI / 2)) < 1e-9);
    assert_true(st.u[1].flags & FOGN_UF_MOVED);
    assert_int_equal(st.u[0].cohesion, FOGN_STEADY);
    /* and is not offered a move of its own */
    assert_true(fogn_cursor_actor(s, &st) != 1);
    free(s);
}

/* --- §14 army morale and the timed result ------------------------------------------------------------ */

/* side 0: four small units (ACV 8); side 1: four small units (ACV 8) */
static fogn_scenario *scn_armies(void)
{
    fogn_scenario *s = fx_scenario();
    for (int i = 0; i < 4; i++) fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 10 + 8 * i, 8, 90);
    for (int i = 0; i < 4; i++) fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 10 + 8 * i, 30, -90);
    return s;
}

static void test_s14_attrition_and_acv(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_armies();
    s->units[1].size = FOGN_LARGE;
    fogn_state st;
    fx_state(s, &st, 0);
    assert_int_equal(fogn_acv(s, 0), 9);
    /* §17.1: a scenario's adjustment (the defender's +2 after bonus units) */
    s->acv_adjust[1] = FOGN_BONUS_DEFENDER_ACV;
    assert_int_equal(fogn_acv(s, 1), 10);
    s->acv_adjust[1] = 0;
    st.u[0].cohesion = FOGN_BROKEN;         /* small: 2 */
    st.u[1].flags |= FOGN_UF_SPENT;         /* large Spent: its 1 base */
    st.u[1].bases_lost = 1;
    assert_int_equal(fogn_attrition(s, &st, 0), 3);
    /* `show` states it: the attrition, where the army breaks, and the units to rally */
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    assert_non_null(m);
    fogn_ruleset.present->summary(s, &st, m);
    fclose(m);
    ASSERT_HAS(text, "army combat value 9, attrition 3.0; it breaks at 4.5 (50%), or at 3.6 (40%) while the enemy's "
                     "attrition is under 20% of its own value, 2.7 (30%) while under 10% (14)");
    ASSERT_HAS(text, "to rally: u0 unit0 (broken)");
    free(text);
    free(s);
}

static void test_s14_army_breaks_at_half_its_acv(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_armies();
    fogn_state st;
    fx_state(s, &st, 0);
    st.u[0].flags |= FOGN_UF_DESTROYED; /* 2 of 8: 25%, the enemy 0%: not yet (30% rule) */
    st.u[0].flags &= ~(uint32_t)FOGN_UF_ON_TABLE;
    assert_int_equal(fogn_check_defeat(s, &st, NULL), 0);
    st.u[1].flags |= FOGN_UF_DESTROYED; /* 4 of 8: 50% */
    st.u[1].flags &= ~(uint32_t)FOGN_UF_ON_TABLE;
    st.u[4].flags |= FOGN_UF_DESTROYED; /* the enemy 25% */
    st.u[4].flags &= ~(uint32_t)FOGN_UF_ON_TABLE;
    assert_int_equal(fogn_check_defeat(s, &st, NULL), 1);
    assert_int_equal(st.winner, 1);
    assert_int_equal(st.margin, FOGN_RESULT_MODERATE);
    free(s);
}

static void test_s14_thirty_percent_while_the_enemy_is_under_ten(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    /* side 0: five small (ACV 10); side 1: ten small (ACV 20) */
    for (int i = 0; i < 5; i++) fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 6 + 6 * i, 8, 90);
    for (int i = 0; i < 10; i++) fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 3.5 + 5.5 * i, 30, -90);
    fogn_state st;
    fx_state(s, &st, 0);
    st.u[0].cohesion = FOGN_BROKEN; /* 2 of 10: 20% */
    assert_int_equal(fogn_check_defeat(s, &st, NULL), 0);
    st.u[1].cohesion = FOGN_BROKEN; /* 4 of 10: 40%, the enemy 0% (< 20%) */
    assert_int_equal(fogn_check_defeat(s, &st, NULL), 1);
    assert_int_equal(st.winner, 1);
    free(s);
}

static void test_s14_timed_result_levels(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_armies();
    fogn_state st;
    fx_state(s, &st, 0);
    /* side 1 lost 6 (three small Broken... counted as losses), side 0 none:
     * difference 6 >= 4: a Marginal Victory for side 0 */
    for (int i = 4; i < 7; i++) st.u[i].cohesion = FOGN_BROKEN;
    fogn_timed_result(s, &st, NULL);
    assert_true(st.turn.over);
    assert_int_equal(st.winner, 0);
    assert_int_equal(st.margin, FOGN_RESULT_MARGINAL);
    /* equal losses: a draw */
    fx_state(s, &st, 0);
    st.u[0].cohesion = FOGN_BROKEN;
    st.u[4].cohesion = FOGN_BROKEN;
    fogn_timed_result(s, &st, NULL);
    assert_int_equal(st.winner, -1);
    assert_int_equal(st.margin, FOGN_RESULT_DRAW);
    free(s);
}

static void test_s14_fresh_cavalry_bonus_raises_the_result(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_armies();
    fx_unit(s, 0, FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_TACTICAL, 8, 2.5, 90);
    fx_unit(s, 0, FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_TACTICAL, 16, 2.5, 90);
    fogn_state st;
    fx_state(s, &st, 0);
    for (int i = 4; i < 7; i++) st.u[i].cohesion = FOGN_BROKEN;
    fogn_timed_result(s, &st, NULL);
    assert_int_equal(st.winner, 0);
    assert_int_equal(st.margin, FOGN_RESULT_MODERATE); /* Marginal raised by two fresh cavalry */
    free(s);
}

/* --- scenario objectives (FOGN_OBJ_HOLD_WORST_COHESION, our ruling on §14's "scenario conditions") --- */

/* scn_armies with objective 0 (3 points) under side 0's first unit and
 * objective 1 (1 point) in the open between the armies, nobody's at start */
static fogn_scenario *scn_objectives(void)
{
    fogn_scenario *s = scn_armies();
    s->nobj = 2;
    snprintf(s->obj[0].name, sizeof s->obj[0].name, "Mill");
    s->obj[0].x = 10;
    s->obj[0].y = 7;
    s->obj[0].radius = 2;
    s->obj[0].points = 3;
    s->obj[0].owner = -1;
    snprintf(s->obj[1].name, sizeof s->obj[1].name, "Crossroads");
    s->obj[1].x = 50;
    s->obj[1].y = 19;
    s->obj[1].radius = 2;
    s->obj[1].points = 1;
    s->obj[1].owner = -1;
    return s;
}

static void test_s14_objective_taken_by_a_side_alone_in_good_order(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_objectives();
    fogn_state st;
    fx_state(s, &st, 0);
    assert_int_equal(st.obj_owner[0], -1);
    gr_log log;
    gr_log_init(&log);
    fogn_update_objectives(s, &st, &log);
    assert_int_equal(st.obj_owner[0], 0);  /* u0 stands on the Mill, no enemy there */
    assert_int_equal(st.obj_owner[1], -1); /* nobody at the crossroads */
    assert_int_equal(log.n, 1);
    assert_string_equal(log.ev[0].text, "Blue takes Mill (3 points)");
    assert_int_equal(fogn_objective_points(s, &st, 0), 3);
    assert_int_equal(fogn_objective_points(s, &st, 1), 0);
    /* an enemy in good order arrives beside it: contested, the owner keeps it */
    st.u[4].x = 12;
    st.u[4].y = 6.5;
    fogn_unit_set_heading(&st.u[4], GR_PI / 2);
    fogn_update_objectives(s, &st, &log);
    assert_int_equal(st.obj_owner[0], 0);
    /* the owner's unit is Wavering: it no longer holds, the enemy takes it */
    st.u[0].cohesion = FOGN_WAVERING;
    fogn_update_objectives(s, &st, &log);
    assert_int_equal(st.obj_owner[0], 1);
    assert_int_equal(log.n, 2);
    /* a Wavering unit alone does not take it back */
    st.u[4].cohesion = FOGN_BROKEN;
    fogn_update_objectives(s, &st, &log);
    assert_int_equal(st.obj_owner[0], 1);
    gr_log_free(&log);
    free(s);
}

static void test_s14_objectives_count_as_attrition_at_the_timed_end(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_objectives();
    s->obj[0].points = 4;
    fogn_state st;
    /* no losses at all: side 0's 4 points are a difference of 4, a Marginal Victory */
    fx_state(s, &st, 0);
    st.obj_owner[0] = 0;
    fogn_timed_result(s, &st, NULL);
    assert_int_equal(st.winner, 0);
    assert_int_equal(st.margin, FOGN_RESULT_MARGINAL);
    gr_result r;
    fogn_ruleset.rules->result(s, &st, &r);
    assert_string_equal(r.reason, "turn limit: marginal victory for Blue (attrition: Blue 0, Red 0; objectives: Blue 4, Red 0)");
    /* side 1 lost 6 (three small Broken), but holds the Mill (4) and the
     * crossroads (1): 6 against 5, a draw */
    fx_state(s, &st, 0);
    for (int i = 4; i < 7; i++) st.u[i].cohesion = FOGN_BROKEN;
    st.obj_owner[0] = 1;
    st.obj_owner[1] = 1;
    fogn_timed_result(s, &st, NULL);
    assert_int_equal(st.winner, -1);
    assert_int_equal(st.margin, FOGN_RESULT_DRAW);
    /* the same losses with no objectives held: a Marginal Victory for side 0 */
    fx_state(s, &st, 0);
    for (int i = 4; i < 7; i++) st.u[i].cohesion = FOGN_BROKEN;
    fogn_timed_result(s, &st, NULL);
    assert_int_equal(st.winner, 0);
    assert_int_equal(st.margin, FOGN_RESULT_MARGINAL);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s12_2_commander_recovers_a_level_on_5),
        cmocka_unit_test(test_s12_2_failed_recovery_changes_nothing),
        cmocka_unit_test(test_s12_2_out_of_range_or_other_division_refused),
        cmocka_unit_test(test_s12_2_broken_unit_rallies_on_6_wavering_spent_tactical),
        cmocka_unit_test(test_s12_2_broken_unit_that_fails_its_rally_is_destroyed),
        cmocka_unit_test(test_s23_31_broken_unit_nobody_rallies_is_destroyed),
        cmocka_unit_test(test_s12_2_spent_infantry_broken_again_cannot_rally),
        cmocka_unit_test(test_s12_2_officer_tries_for_his_own_unit),
        cmocka_unit_test(test_s12_4_guns_remanned_wavering),
        cmocka_unit_test(test_s12_4_guns_lost_on_a_failed_recovery),
        cmocka_unit_test(test_s12_4_no_recovery_without_infantry_within_6mu),
        cmocka_unit_test(test_s8_12_broken_unit_flees_at_the_start_of_its_movement),
        cmocka_unit_test(test_s14_attrition_and_acv),
        cmocka_unit_test(test_s14_army_breaks_at_half_its_acv),
        cmocka_unit_test(test_s14_thirty_percent_while_the_enemy_is_under_ten),
        cmocka_unit_test(test_s14_timed_result_levels),
        cmocka_unit_test(test_s14_no_recovery_phase_in_the_final_move),
        cmocka_unit_test(test_s14_fresh_cavalry_bonus_raises_the_result),
        cmocka_unit_test(test_s14_objective_taken_by_a_side_alone_in_good_order),
        cmocka_unit_test(test_s14_objectives_count_as_attrition_at_the_timed_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
