/* test_fogn_obstacle_assault.c - rule tests for assaults that touch
 * obstacles, run through the turn machine with scripted dice: the assault
 * range reaching the front of an obstacle the target defends (§6.1 item 3,
 * Glossary "Assault Range", §15.6, §15.8), the melee across it, the
 * forbidden cases (shoulder-high water, cavalry over a defended stream), and
 * March Column assaults across bridges and fords or along a road into
 * buildings (§6.1 item 5, §15.4, §15.7). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/fogn/rules/steps.h"
#include "../../engine/fogn/rules/contact.h"
#include "../../engine/fogn/rules/obstacle.h"
#include "../../engine/fogn/rules/view.h"
#include "../../engine/fogn/rules/footprint.h"
#include "../../engine/fogn/rules/building.h"
#include "../../engine/core/dice.h"
#include "../../engine/fogn/rules/cmt.h"
#include "../../engine/fogn/rules/move.h"

/* assault progress (fogn_unit.astate) as assault.c numbers it */
enum { T_AS_CONTACT = 9 };

static gr_action assault(int i, int j) { return fx_action(FOGN_A_ASSAULT, i, j, 0, 0, 0, 0); }
static gr_action react(int j, int r) { return fx_action(FOGN_A_REACT, j, -1, r, 0, 0, 0); }

/* applies one action with these dice; -1 refused (the reason in err), else the dice consumed */
static int play(const fogn_scenario *s, fogn_state *st, gr_action a, const int *faces, int n, gr_log *log,
                gr_error *err)
{
    gr_dice d;
    gr_dice_init_script(&d, faces, n);
    gr_error_clear(err);
    if (fogn_ruleset.rules->apply(s, st, &a, &d, log, err)) return -1;
    return d.pos;
}

static int offered(const fogn_scenario *s, const fogn_state *st, int type, int actor, int target)
{
    gr_action m[GR_MAX_ACTIONS];
    int n = fogn_ruleset.rules->legal_actions(s, st, m, GR_MAX_ACTIONS);
    for (int k = 0; k < n; k++)
        if (m[k].type == type && m[k].actor == actor && m[k].target == target) return 1;
    return 0;
}

/* four more units a side in the far corners (army morale never ends the game) */
static void pad_armies(fogn_scenario *s)
{
    for (int i = 0; i < 4; i++) fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 42 + 4 * i, 3, 90);
    for (int i = 0; i < 4; i++) fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 42 + 4 * i, 34.5, -90);
}

/* a stream of the given depth, 1 MU wide, along y = 15 (water from y 14.5 to 15.5) */
static int stream(fogn_scenario *s, int depth)
{
    const double xy[] = {0, 15, 60, 15};
    return fx_line(s, GR_T_STREAM, depth, 1.0, 2, xy);
}

/* a crossing (bridge or ford) along x = 20 over the stream, 1.5 MU wide */
static int crossing(fogn_scenario *s, gr_terrain_type type)
{
    const double xy[] = {20, 13.5, 20, 16.5};
    return fx_line(s, type, 0, 1.5, 2, xy);
}

/* Blue u0 (small Reformed infantry, formation f) with its front edge centre
 * at (20, front_y) facing north; Red u1 (small Reformed infantry, Tactical)
 * on the far bank facing the water, its front edge at y = 17.5 (2 MU from the
 * water: it defends the bank). Blue's commander stands behind u0. */
static fogn_scenario *scn_bank(fogn_troop blue, fogn_formation f, double front_y, int depth)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, blue, FOGN_SMALL, f, 20, front_y, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 17.5, -90);
    stream(s, depth);
    pad_armies(s);
    s->cmdrs[0].x = 20;
    s->cmdrs[0].y = front_y - 5;
    return s;
}

static void at_step(const fogn_scenario *s, fogn_state *st, int side, int step)
{
    fogn_ruleset.rules->init(s, st);
    st->active = (uint8_t)side;
    st->turn.decider = (uint8_t)side;
    st->turn.phase = fogn_step_def_of(step)->phase;
    st->turn.step = (uint8_t)step;
    st->turn.cursor = 0;
    st->turn.second = 0;
}

static void open_assault(const fogn_scenario *s, fogn_state *st) { fx_state_at(s, st, 0, FOGN_ST_AS_BEGIN, NULL, NULL); }

/* --- §6.1 item 3: the front of the obstacle ---------------------------------------------------------- */

static void test_s6_1_assault_ends_on_the_near_bank_of_a_defended_stream(void **unused)
{
    (void)unused;
    /* the defenders stand 6.5 MU away, beyond the 6 MU move; the water's front is 3.5 MU away */
    fogn_scenario *s = scn_bank(FOGN_INF_REFORMED, FOGN_F_TACTICAL, 11, GR_WATER_WAIST);
    fogn_state st;
    open_assault(s, &st);
    fogn_reach r;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(fogn_assault_reach(s, &st, 0, 1, &r, &err), 1);
    assert_int_equal(r.across, 1 + 0);
    assert_int_equal(r.crossing, 0);
    ASSERT_NEAR(r.dist, 3.5, 1e-6);
    assert_int_equal(r.flank_rear, 0);
    assert_true(offered(s, &st, FOGN_A_ASSAULT, 0, 1));
    assert_int_equal(play(s, &st, assault(0, 1), NULL, 0, NULL, &err), 0);
    /* the defenders stand (no test against infantry); the assaulter ends 3 MU off them, against
     * the front of their stream: they still give it close-range defensive fire (§6.10, §6.1 item 3) */
    assert_int_equal(st.turn.decider, 1);
    static const int ones[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    gr_log log;
    gr_log_init(&log);
    assert_true(play(s, &st, react(1, FOGN_RE_STAND), ones, 8, &log, &err) > 0);
    ASSERT_LOGGED(&log, "unit1 scores 0 hits");
    gr_log_free(&log);
    assert_int_equal(st.u[0].astate, T_AS_CONTACT);
    ASSERT_POSE(&st.u[0], 20, 14.5, 90); /* front edge on the near edge of the water */
    ASSERT_POSE(&st.u[1], 20, 17.5, -90); /* not moved, not turned */
    fogn_contact c;
    assert_true(fogn_unit_contact(s, &st, 0, 1, &c));
    assert_int_equal(c.across, 1);
    assert_int_equal(c.holder, 1);
    assert_int_equal(c.face_a, FOGN_FACE_FRONT);
    assert_int_equal(c.face_b, FOGN_FACE_FRONT);
    int front[4];
    assert_int_equal(fogn_front_enemies(s, &st, 1, front, 4), 1);
    assert_int_equal(front[0], 0);
    assert_true(fogn_unit_in_contact(s, &st, 0));
    free(s);
}

/* At the opening of the Assault Phase unit 0 cannot reach unit 1, for the
 * reason given, and no assault on it is offered; frees s. */
static void assert_unit0_cannot_reach_unit1(fogn_scenario *s, const char *why)
{
    fogn_state st;
    open_assault(s, &st);
    fogn_reach r;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(fogn_assault_reach(s, &st, 0, 1, &r, &err), 0);
    ASSERT_HAS(err.msg, why);
    assert_false(offered(s, &st, FOGN_A_ASSAULT, 0, 1));
    free(s);
}

static void test_s6_1_front_of_the_obstacle_beyond_the_move_is_out_of_range(void **unused)
{
    (void)unused;
    /* the water's front 6.5 MU away: beyond the 6 MU move */
    fogn_scenario *s = scn_bank(FOGN_INF_REFORMED, FOGN_F_TACTICAL, 8, GR_WATER_WAIST);
    assert_unit0_cannot_reach_unit1(s, "6.50 MU away along the path: unit0 moves 6 MU");
}

static void test_s15_8_assault_on_wall_defenders_ends_against_the_wall(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 11, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 14.1, -90); /* front on the wall's far side */
    const double xy[] = {10, 14, 30, 14};
    int k = fx_line(s, GR_T_WALL, 0, 0.2, 2, xy);
    pad_armies(s);
    s->cmdrs[0].x = 20;
    s->cmdrs[0].y = 6;
    fogn_state st;
    open_assault(s, &st);
    fogn_reach r;
    assert_int_equal(fogn_assault_reach(s, &st, 0, 1, &r, NULL), 1);
    assert_int_equal(r.across, 1 + k);
    ASSERT_NEAR(r.dist, 2.9, 1e-6); /* to the wall's near face at y = 13.9, not to the defenders */
    gr_error err;
    assert_int_equal(play(s, &st, assault(0, 1), NULL, 0, NULL, &err), 0);
    /* close-range defensive fire at 0.2 MU: 4 dice, all missing */
    const int miss[] = {1, 1, 1, 1};
    assert_int_equal(play(s, &st, react(1, FOGN_RE_STAND), miss, 4, NULL, &err), 4);
    ASSERT_POSE(&st.u[0], 20, 13.9, 90);
    fogn_contact c;
    assert_true(fogn_unit_contact(s, &st, 0, 1, &c));
    assert_int_equal(c.across, 1 + k);
    free(s);
}

/* §6.1 item 3: the assault range is a normal advance, and a normal advance
 * does not cross a wall (§15.8: that is a move of its own, from touching it):
 * a target standing back from a wall it does not defend is out of reach
 * (FOGN_R_ASSAULT_NOT_OVER_OBSTACLE), though it stands within the move */
static void test_s6_1_no_assault_over_a_wall_the_target_does_not_defend(void **unused)
{
    (void)unused;
    /* the Red unit stands 1 MU behind the wall: it does not defend it */
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 12, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 15.1, -90);
    const double xy[] = {10, 14, 30, 14};
    fx_line(s, GR_T_WALL, 0, 0.2, 2, xy);
    pad_armies(s);
    fogn_state st;
    open_assault(s, &st);
    assert_false(fogn_defends_piece(s, &st, 1, 0));
    assert_unit0_cannot_reach_unit1(s, "the path to unit1 goes over wall (t0), which unit1 does not defend: an assault is "
                                       "a normal advance, which crosses an obstacle only by a move of its own (§6.1, §15.8)");
}

/* the same with a hedge, the Blue unit already standing in it: it goes on out
 * of it, as any move may (the hedge is not crossed from outside) */
static void test_s6_1_assault_from_inside_a_hedge_goes_on(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 14.5, 90); /* its front rank in the hedge */
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 17, -90);
    const double xy[] = {10, 14, 30, 14};
    fx_line(s, GR_T_HEDGE, 0, 1.0, 2, xy);
    pad_armies(s);
    fogn_state st;
    open_assault(s, &st);
    fogn_reach r;
    assert_int_equal(fogn_assault_reach(s, &st, 0, 1, &r, NULL), 1);
    ASSERT_NEAR(r.dist, 2.5, 1e-6);
    free(s);
}

/* water is the book's exception: an assault may go through it where its depth
 * permits (§15.7), so a target standing back from a waist-high stream it
 * does not defend is met beyond it */
static void test_s15_7_assault_through_waist_high_water_at_a_target_back_from_it(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 13, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 18, 90); /* facing away: no bank defended */
    stream(s, GR_WATER_WAIST);
    pad_armies(s);
    fogn_state st;
    open_assault(s, &st);
    assert_false(fogn_defends_piece(s, &st, 1, 0));
    fogn_reach r;
    gr_error err;
    gr_error_clear(&err);
    if (fogn_assault_reach(s, &st, 0, 1, &r, &err) != 1) fail_msg("out of reach: %s", err.msg);
    assert_int_equal(r.across, 0);
    free(s);
}

/* --- §6.1, §15.6: forbidden ---------------------------------------------------------------------------- */

static void test_s6_1_no_assault_across_shoulder_high_water(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_bank(FOGN_INF_REFORMED, FOGN_F_TACTICAL, 11, GR_WATER_SHOULDER);
    assert_unit0_cannot_reach_unit1(s, "deep water off a bridge or ford (§6.1)");
}

static void test_s15_6_cavalry_may_not_charge_over_a_defended_stream(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_bank(FOGN_CAV_HEAVY, FOGN_F_TACTICAL, 11, GR_WATER_WAIST);
    fogn_state st;
    open_assault(s, &st);
    fogn_reach r;
    assert_int_equal(fogn_assault_reach(s, &st, 0, 1, &r, NULL), 1); /* in reach ... */
    assert_int_equal(r.across, 1);
    assert_false(offered(s, &st, FOGN_A_ASSAULT, 0, 1)); /* ... but forbidden */
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(fogn_obs_assault_ok(s, &st, 0, 1, &r, &err), -1);
    ASSERT_HAS(err.msg, "cavalry may not charge over stream defended by unit1 (§15.6)");
    free(s);
}

static void test_s15_7_cavalry_may_charge_across_a_ford(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_bank(FOGN_CAV_HEAVY, FOGN_F_TACTICAL, 11, GR_WATER_WAIST);
    crossing(s, GR_T_FORD);
    fogn_state st;
    open_assault(s, &st);
    fogn_reach r;
    assert_int_equal(fogn_assault_reach(s, &st, 0, 1, &r, NULL), 1);
    assert_int_equal(r.across, 1);
    assert_int_equal(r.crossing, 1);
    assert_true(offered(s, &st, FOGN_A_ASSAULT, 0, 1));
    free(s);
}

/* --- §6.1 item 5, §15.7: March Column and bridges ------------------------------------------------------ */

static void test_s6_1_march_column_may_not_assault_in_the_open(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, 20, 12, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 14, -90);
    pad_armies(s);
    fogn_state st;
    open_assault(s, &st);
    fogn_reach r;
    assert_int_equal(fogn_assault_reach(s, &st, 0, 1, &r, NULL), 1);
    assert_false(offered(s, &st, FOGN_A_ASSAULT, 0, 1));
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(fogn_obs_assault_ok(s, &st, 0, 1, &r, &err), -1);
    ASSERT_HAS(err.msg, "March Column: it assaults only across a bridge or ford, or along a road into buildings");
    free(s);
}

static void test_s15_7_march_column_assaults_across_a_bridge(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_bank(FOGN_INF_REFORMED, FOGN_F_COLUMN, 11, GR_WATER_WAIST);
    crossing(s, GR_T_BRIDGE);
    fogn_state st;
    open_assault(s, &st);
    assert_true(offered(s, &st, FOGN_A_ASSAULT, 0, 1));
    gr_error err;
    assert_int_equal(play(s, &st, assault(0, 1), NULL, 0, NULL, &err), 0);
    /* the defenders' close-range fire at it (no hits) */
    static const int misses[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    assert_true(play(s, &st, react(1, FOGN_RE_STAND), misses, 8, NULL, &err) > 0);
    assert_int_equal(st.u[0].astate, T_AS_CONTACT);
    assert_int_equal(st.u[0].formation, FOGN_F_COLUMN);
    ASSERT_POSE(&st.u[0], 20, 14.5, 90);
    fogn_contact c;
    assert_true(fogn_unit_contact(s, &st, 0, 1, &c));
    assert_int_equal(c.across, 1);
    /* the column takes its column penalties only, no water levels */
    int foe = 1;
    assert_int_equal(fogn_obs_water_levels(s, &st, 0, &foe, 1), 0);
    free(s);
}

static void test_s15_7_extended_line_may_not_use_a_bridge_over_shoulder_high_water(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_bank(FOGN_INF_REFORMED, FOGN_F_LINE, 12, GR_WATER_SHOULDER); /* it moves 3 MU */
    crossing(s, GR_T_BRIDGE);
    fogn_state st;
    open_assault(s, &st);
    assert_false(offered(s, &st, FOGN_A_ASSAULT, 0, 1));
    fogn_reach r;
    assert_int_equal(fogn_assault_reach(s, &st, 0, 1, &r, NULL), 1);
    assert_int_equal(r.crossing, 1);
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(fogn_obs_assault_ok(s, &st, 0, 1, &r, &err), -1);
    ASSERT_HAS(err.msg, "no assault across shoulder-high water but by a bridge or ford, in March Column or Tactical");
    free(s);
}

static void test_s15_7_tactical_across_a_bridge_over_shoulder_high_water_fights_one_level_lower(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_bank(FOGN_INF_REFORMED, FOGN_F_TACTICAL, 11, GR_WATER_SHOULDER);
    crossing(s, GR_T_BRIDGE);
    fogn_state st;
    open_assault(s, &st);
    assert_true(offered(s, &st, FOGN_A_ASSAULT, 0, 1));
    gr_error err;
    assert_int_equal(play(s, &st, assault(0, 1), NULL, 0, NULL, &err), 0);
    /* the defenders' close-range fire at it (no hits) */
    static const int misses[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    assert_true(play(s, &st, react(1, FOGN_RE_STAND), misses, 8, NULL, &err) > 0);
    ASSERT_POSE(&st.u[0], 20, 14.5, 90);
    int foe = 1, att = 0;
    assert_int_equal(fogn_obs_water_levels(s, &st, 0, &foe, 1), 1);
    assert_int_equal(fogn_obs_water_levels(s, &st, 1, &att, 1), 0); /* the defenders lose nothing */
    free(s);
}

/* --- the melee across the obstacle ---------------------------------------------------------------------- */

static void test_s15_6_melee_across_waist_high_stream(void **unused)
{
    (void)unused;
    /* Blue already stands against the water's front */
    fogn_scenario *s = scn_bank(FOGN_INF_REFORMED, FOGN_F_TACTICAL, 14.5, GR_WATER_WAIST);
    fogn_state st;
    at_step(s, &st, 0, FOGN_ST_CO_BEGIN);
    int foe = 1;
    assert_int_equal(fogn_obs_water_levels(s, &st, 0, &foe, 1), 1);
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    int faces[16];
    for (int i = 0; i < 16; i++) faces[i] = 1;
    gr_dice_init_script(&d, faces, 16);
    fogn_advance_to_decision(s, &st, &d, &log);
    /* both fight across the obstacle (- POA each: 5+); Blue one level lower: 3 dice, not 4 */
    ASSERT_LOGGED(&log, "unit0 scores 0 hits with 3 dice at 5+: melee against unit1");
    ASSERT_LOGGED(&log, "unit1 scores 0 hits with 4 dice at 5+: melee against unit0");
    assert_int_equal(d.pos, 7);
    /* units across an obstacle are not squared up (§9.14) */
    ASSERT_POSE(&st.u[0], 20, 14.5, 90);
    ASSERT_POSE(&st.u[1], 20, 17.5, -90);
    gr_log_free(&log);
    free(s);
}

static void test_s9_14_units_across_an_obstacle_are_not_squared_up(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_bank(FOGN_INF_REFORMED, FOGN_F_TACTICAL, 14.5, GR_WATER_WAIST);
    s->units[1].heading = -100 * FX_DEG; /* the defenders a little askew, still facing the water */
    fogn_state st;
    at_step(s, &st, 0, FOGN_ST_CO_BEGIN);
    fogn_contact c;
    if (!fogn_unit_contact(s, &st, 0, 1, &c)) fail_msg("no contact across the stream");
    assert_int_equal(c.across, 1);
    fogn_squared sq;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(fogn_square_up(s, &st, 0, 1, 0, &sq, &err), -1);
    ASSERT_HAS(err.msg, "across an obstacle");
    free(s);
}

/* §9.12 (Pursuit): attackers that drive the defenders from an obstacle may
 * occupy the defenders' old place but go no farther. Blue infantry at the
 * water's front (y 14.5) beats Red, which held the far bank (front at y 17.5,
 * its place y 17.5 .. 19.75); Blue's pursuit ends with its front edge on the
 * far side of that place, y 19.75, whatever it rolled. */
static void test_s9_12_pursuit_stops_at_the_obstacle_defenders_old_place(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_bank(FOGN_INF_REFORMED, FOGN_F_TACTICAL, 14.5, GR_WATER_WAIST);
    s->units[1].start_cohesion = FOGN_DISORDERED;
    fogn_state st;
    at_step(s, &st, 0, FOGN_ST_CO_BEGIN);
    assert_true(fogn_obs_holds(s, &st, 1));
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    int faces[64];
    for (int i = 0; i < 64; i++) faces[i] = i < 3 ? 6 : 1;
    gr_dice_init_script(&d, faces, 64);
    fogn_advance_to_decision(s, &st, &d, &log);
    ASSERT_LOGGED(&log, "unit1 retires from the melee: 3.0 MU"); /* its front now at y 20.5 */
    ASSERT_POSE(&st.u[1], 20, 20.5, -90);
    /* Blue, which came up to the water, did not hold it: it may pursue (D6), and does; it rolls a 6 */
    assert_true(offered(s, &st, FOGN_A_PURSUE, 0, -1));
    gr_error err;
    const int six[] = {6, 1, 1, 1, 1, 1, 1, 1};
    assert_true(play(s, &st, fx_action(FOGN_A_PURSUE, 0, -1, 0, 0, 0, 0), six, 8, &log, &err) >= 1);
    ASSERT_LOGGED(&log, "unit0 goes no farther than the place the obstacle's defenders held (9.12)");
    ASSERT_LOGGED(&log, "unit0 pursues 5.2 MU");
    ASSERT_POSE(&st.u[0], 20, 19.75, 90); /* not 20.5, against Red */
    assert_false(fogn_unit_contact(s, &st, 0, 1, &(fogn_contact){0}));
    gr_log_free(&log);
    free(s);
}

/* §15.8 (Defended Obstacle): the bank is not defended while an enemy could
 * assault its defenders in flank or rear in its next Assault Phase
 * (FOGN_R_OBS_FLANK_THREAT). Red holds the far bank facing south, its front
 * at y 17.5, x 18.5 .. 21.5; Blue cavalry comes up on its left flank. */
static void test_s15_8_no_defended_obstacle_with_an_enemy_on_the_flank(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_bank(FOGN_INF_REFORMED, FOGN_F_TACTICAL, 10, GR_WATER_WAIST);
    int cav = fx_unit(s, 0, FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_TACTICAL, 30, 19, 180); /* facing west, 8.5 MU off */
    fogn_state st;
    at_step(s, &st, 0, FOGN_ST_MV_UNITS);
    ASSERT_NEAR(fogn_units_apart(s, &st, 1, cav), 8.5, 1e-6);
    /* beyond its 8 MU move: the bank is defended */
    assert_true(fogn_defends_obstacle(s, &st, 1));
    /* 1 MU nearer it could reach the flank: not defended, though Red still stands at the water */
    st.u[cav].x = 29;
    assert_false(fogn_defends_obstacle(s, &st, 1));
    assert_true(fogn_touches_obstacle_piece(s, &st, 1, 0));
    /* the same cavalry in March Column, or Wavering, could not assault: defended again */
    st.u[cav].formation = FOGN_F_COLUMN;
    assert_true(fogn_defends_obstacle(s, &st, 1));
    st.u[cav].formation = FOGN_F_TACTICAL;
    st.u[cav].cohesion = FOGN_WAVERING;
    assert_true(fogn_defends_obstacle(s, &st, 1));
    /* and an enemy in front of the defenders is no flank threat: Blue's infantry across the water */
    st.u[cav].flags |= FOGN_UF_DESTROYED;
    assert_true(fogn_defends_obstacle(s, &st, 1));
    free(s);
}

/* §15.8: the attacker standing at the water's front faces the water too, but
 * it is no defender of the obstacle: it retires and pursues like anyone */
static void test_s15_8_attacker_at_the_water_does_not_hold_it(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_bank(FOGN_INF_REFORMED, FOGN_F_TACTICAL, 14.5, GR_WATER_WAIST);
    fogn_state st;
    at_step(s, &st, 0, FOGN_ST_CO_BEGIN);
    assert_true(fogn_defends_obstacle(s, &st, 0)); /* its front is within 2 MU of the water, facing it */
    assert_false(fogn_obs_holds(s, &st, 0));        /* but it came up to the defenders' obstacle */
    assert_true(fogn_obs_holds(s, &st, 1));
    free(s);
}

/* --- §8: no contact across an obstacle by an ordinary move --------------------------------------------- */

static void test_s8_no_move_up_to_an_obstacle_opposite_its_defenders(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_bank(FOGN_INF_REFORMED, FOGN_F_TACTICAL, 12, GR_WATER_WAIST);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, fx_normal(0, -1, 0, 2.5, 0), &plan, &err), -1);
    ASSERT_HAS(err.msg, "would meet unit1 across stream");
    assert_int_equal(fx_check(s, &st, fx_normal(0, -1, 0, 2.0, 0), &plan, &err), 0);
    free(s);
}

/* --- §6.1 item 5, §15.4: along a road into buildings ------------------------------------------------- */

/* a building 6 x 4 MU (x 27..33, y 14..18) held by Red u1 on its south face;
 * a road runs north along x = 30 into it; Blue u0 in March Column on the road */
static fogn_scenario *scn_road_village(fogn_troop blue, double x)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, blue, FOGN_SMALL, FOGN_F_COLUMN, x, 12, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 30, -90);
    fx_area(s, GR_T_BUILDING, 0, 27, 14, 33, 18);
    const double xy[] = {30, 2, 30, 20};
    fx_line(s, GR_T_ROAD, 0, 1.0, 2, xy);
    pad_armies(s);
    s->cmdrs[0].x = 30;
    s->cmdrs[0].y = 6;
    return s;
}

static void test_s15_4_march_column_assaults_along_a_road_into_a_building(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_road_village(FOGN_INF_REFORMED, 30);
    fogn_state st;
    at_step(s, &st, 0, FOGN_ST_AS_BEGIN);
    fogn_bld_place(s, &st, 1, 0, FOGN_BLD_DEFEND, FOGN_BLD_FACE_REAR);
    fogn_advance_to_decision(s, &st, NULL, NULL);
    fogn_reach r;
    assert_int_equal(fogn_assault_reach(s, &st, 0, 1, &r, NULL), 1);
    assert_true(fogn_obs_reach_on_road(s, &r));
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(fogn_obs_assault_ok(s, &st, 0, 1, &r, &err), 0);
    assert_true(offered(s, &st, FOGN_A_ASSAULT, 0, 1));
    free(s);
}

static void test_s15_4_march_column_off_the_road_may_not_assault_a_building(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_road_village(FOGN_INF_REFORMED, 28);
    fogn_state st;
    at_step(s, &st, 0, FOGN_ST_AS_BEGIN);
    fogn_bld_place(s, &st, 1, 0, FOGN_BLD_DEFEND, FOGN_BLD_FACE_REAR);
    fogn_advance_to_decision(s, &st, NULL, NULL);
    fogn_reach r;
    assert_int_equal(fogn_assault_reach(s, &st, 0, 1, &r, NULL), 1);
    assert_false(fogn_obs_reach_on_road(s, &r));
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(fogn_obs_assault_ok(s, &st, 0, 1, &r, &err), -1);
    ASSERT_HAS(err.msg, "March Column");
    assert_false(offered(s, &st, FOGN_A_ASSAULT, 0, 1));
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s6_1_assault_ends_on_the_near_bank_of_a_defended_stream),
        cmocka_unit_test(test_s6_1_front_of_the_obstacle_beyond_the_move_is_out_of_range),
        cmocka_unit_test(test_s15_8_assault_on_wall_defenders_ends_against_the_wall),
        cmocka_unit_test(test_s6_1_no_assault_over_a_wall_the_target_does_not_defend),
        cmocka_unit_test(test_s6_1_assault_from_inside_a_hedge_goes_on),
        cmocka_unit_test(test_s15_7_assault_through_waist_high_water_at_a_target_back_from_it),
        cmocka_unit_test(test_s6_1_no_assault_across_shoulder_high_water),
        cmocka_unit_test(test_s15_6_cavalry_may_not_charge_over_a_defended_stream),
        cmocka_unit_test(test_s15_7_cavalry_may_charge_across_a_ford),
        cmocka_unit_test(test_s6_1_march_column_may_not_assault_in_the_open),
        cmocka_unit_test(test_s15_7_march_column_assaults_across_a_bridge),
        cmocka_unit_test(test_s15_7_extended_line_may_not_use_a_bridge_over_shoulder_high_water),
        cmocka_unit_test(test_s15_7_tactical_across_a_bridge_over_shoulder_high_water_fights_one_level_lower),
        cmocka_unit_test(test_s15_6_melee_across_waist_high_stream),
        cmocka_unit_test(test_s15_8_attacker_at_the_water_does_not_hold_it),
        cmocka_unit_test(test_s9_14_units_across_an_obstacle_are_not_squared_up),
        cmocka_unit_test(test_s9_12_pursuit_stops_at_the_obstacle_defenders_old_place),
        cmocka_unit_test(test_s15_8_no_defended_obstacle_with_an_enemy_on_the_flank),
        cmocka_unit_test(test_s8_no_move_up_to_an_obstacle_opposite_its_defenders),
        cmocka_unit_test(test_s15_4_march_column_assaults_along_a_road_into_a_building),
        cmocka_unit_test(test_s15_4_march_column_off_the_road_may_not_assault_a_building),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
