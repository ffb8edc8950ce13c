/* test_fogn_flight.c - rule tests for the flight move of Broken units (§8.12)
 * and the friends it makes test.
 *
 * Positions are built by hand (tests/fogn_fixture.h; the state is set up
 * here directly, no turn machine), fogn_flight moves one Broken unit, and the
 * test checks its end pose to 1e-6 MU and the exact lists of friends passed
 * and friends near its path. Side 0's base edge is the south edge (y = 0),
 * side 1's the north edge. A small Tactical unit is 3 MU wide, 2.25 deep;
 * reformed infantry in Tactical moves 6 MU in the open, 2 in difficult ground. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/fogn/rules/outcome.h"
#include "../../engine/fogn/rules/move.h"

/* the opening position as set up, the phase under test open, no step run */
static void mk_state(const fogn_scenario *s, fogn_state *st)
{
    fogn_state_setup(s, st);
    st->turn.phase = FOGN_PH_MOVEMENT;
}

/* unit 0: a Broken small reformed infantry unit in Tactical */
static fogn_scenario *scn_broken(double x, double y, double hdeg)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, x, y, hdeg);
    s->units[0].start_cohesion = FOGN_BROKEN;
    return s;
}

static fogn_retire_result must_flee(const fogn_scenario *s, fogn_state *st, int unit)
{
    fogn_retire_result r;
    gr_error err;
    gr_error_clear(&err);
    if (fogn_flight(s, st, unit, &r, &err)) fail_msg("flight refused: %s", err.msg);
    return r;
}

static void test_s8_12_flees_straight_for_its_base_edge(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_broken(20, 20, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 24, -90);     /* 4 MU in front */
    int near = fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 25, 15, 90); /* 2 MU beside its path */
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 15, 90);           /* 7 MU away */
    s->cmdrs[0].start_leading = 0;
    s->cmdrs[0].x = 20;
    s->cmdrs[0].y = 17;
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_result r = must_flee(s, &st, 0);
    assert_int_equal(r.stop, FOGN_OS_COMPLETE);
    assert_true(r.faces_travel);
    ASSERT_NEAR(r.covered, 6, 1e-9);
    ASSERT_POSE(&st.u[0], 20, 11.75, -90); /* faced about, then a full 6 MU */
    assert_int_equal(r.nnear, 1);
    assert_int_equal(r.near[0], near);
    assert_int_equal(r.npassed, 0);
    assert_true(st.u[0].flags & FOGN_UF_MOVED);
    /* the commander leading it goes with it */
    ASSERT_NEAR(st.c[0].x, 20, 1e-9);
    ASSERT_NEAR(st.c[0].y, 14.75, 1e-9);
    free(s);
}

static void test_s8_12_north_edge_side_flees_north(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 20, -90); /* facing south, y 20-22.25 */
    s->units[0].start_cohesion = FOGN_BROKEN;
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 16, 90);
    fogn_state st;
    mk_state(s, &st);
    must_flee(s, &st, 0);
    ASSERT_POSE(&st.u[0], 20, 28.25, 90);
    free(s);
}

static void test_s8_12_ends_farther_from_every_enemy(void **unused)
{
    (void)unused;
    /* an enemy to the south-west: straight home would bring it nearer, so it
     * flees at the first heading that keeps it going away, 30 degrees east
     * of south, for the whole 6 MU (checked by hand: 0 and 15 degrees fail at
     * every distance) */
    fogn_scenario *s = scn_broken(30, 20, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 12, 90);
    fogn_state st;
    mk_state(s, &st);
    double before = fogn_enemy_dist(s, &st, 0, NULL);
    fogn_retire_result r = must_flee(s, &st, 0);
    assert_true(r.turned);
    ASSERT_NEAR(r.covered, 6, 1e-9);
    /* turned about its centre (30, 18.875) to -60 degrees, then 6 MU: the front
     * edge centre ends 1.125 + 6 MU from the centre along (cos -60, sin -60) */
    ASSERT_POSE(&st.u[0], 30 + 7.125 * 0.5, 18.875 - 7.125 * sqrt(0.75), -60);
    assert_true(fogn_enemy_dist(s, &st, 0, NULL) > before);
    free(s);
}

static void test_s8_12_passes_through_artillery_only(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_broken(20, 20, 90);
    int art = fx_unit(s, 0, FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED, 20, 16.5, 90); /* y 15-16.5 */
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_result r = must_flee(s, &st, 0);
    ASSERT_POSE(&st.u[0], 20, 11.75, -90);
    assert_int_equal(r.npassed, 1);
    assert_int_equal(r.passed[0], art);
    assert_int_equal(r.nnear, 1);
    assert_int_equal(r.near[0], art);
    free(s);
}

static void test_s8_12_blocked_by_friends_goes_as_far_as_it_can(void **unused)
{
    (void)unused;
    /* a line of friends in Extended Line across the table, front edge
     * y = 16, 1.75 MU behind it: it may not pass through them and halts
     * against them (ruling); straight home gets nearest (every slanting run
     * meets the line sooner and ends with its centre higher) */
    fogn_scenario *s = scn_broken(28, 20, 90);
    int row[6];
    for (int i = 0; i < 6; i++)
        row[i] = fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_LINE, 7.5 + 9 * i, 16, 90);
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_result r = must_flee(s, &st, 0);
    assert_int_equal(r.stop, FOGN_OS_FRIEND);
    assert_int_equal(r.blocker, row[2]);
    ASSERT_NEAR(r.covered, 1.75, 1e-9);
    ASSERT_POSE(&st.u[0], 28, 16, -90);
    assert_int_equal(r.npassed, 0);
    assert_int_equal(r.nnear, 2);
    assert_int_equal(r.near[0], row[2]);
    assert_int_equal(r.near[1], row[3]);
    free(s);
}

static void test_s8_12_allowance_over_difficult_ground(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_broken(20, 20, 90);
    fx_area(s, GR_T_DENSE_WOOD, 0, 0, 0, 60, 17); /* starts 0.75 MU behind it */
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_result r = must_flee(s, &st, 0);
    ASSERT_NEAR(r.allowance, 2, 1e-12);
    ASSERT_POSE(&st.u[0], 20, 15.75, -90);
    free(s);
}

static void test_s8_12_unlimbered_guns_flee_limbered(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED, 20, 20, 90);
    s->units[0].start_cohesion = FOGN_BROKEN;
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_result r = must_flee(s, &st, 0);
    assert_int_equal(st.u[0].formation, FOGN_F_LIMBERED);
    ASSERT_NEAR(r.allowance, 6, 1e-12);
    /* limbered facing back, rear edge on the gun line: front at 16.625; then 6 MU */
    ASSERT_POSE(&st.u[0], 20, 10.625, -90);
    free(s);
}

static void test_s8_12_stops_at_its_base_edge_and_stays_there(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_broken(20, 5, 90); /* y 2.75-5 */
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 30, -90);
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_result r = must_flee(s, &st, 0);
    assert_int_equal(r.stop, FOGN_OS_EDGE);
    ASSERT_POSE(&st.u[0], 20, 0, -90);
    assert_true(fogn_unit_alive(&st.u[0])); /* never removed by its flight (ruling) */
    /* next time it has nowhere nearer home to go: it stays */
    st.u[0].flags = FOGN_UF_ON_TABLE;
    r = must_flee(s, &st, 0);
    assert_int_equal(r.stop, FOGN_OS_STAY);
    ASSERT_NEAR(r.covered, 0, 1e-12);
    ASSERT_POSE(&st.u[0], 20, 0, -90);
    assert_true(st.u[0].flags & FOGN_UF_MOVED);
    free(s);
}

static void test_s8_12_bad_input_refused(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_broken(20, 20, 90);
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_result r;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(fogn_flight_plan(s, &st, 3, &r, &err), -1);
    st.u[0].flags = 0;
    gr_error_clear(&err);
    assert_int_equal(fogn_flight_plan(s, &st, 0, &r, &err), -1);
    assert_non_null(strstr(err.msg, "not on the table"));
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s8_12_flees_straight_for_its_base_edge),
        cmocka_unit_test(test_s8_12_north_edge_side_flees_north),
        cmocka_unit_test(test_s8_12_ends_farther_from_every_enemy),
        cmocka_unit_test(test_s8_12_passes_through_artillery_only),
        cmocka_unit_test(test_s8_12_blocked_by_friends_goes_as_far_as_it_can),
        cmocka_unit_test(test_s8_12_allowance_over_difficult_ground),
        cmocka_unit_test(test_s8_12_unlimbered_guns_flee_limbered),
        cmocka_unit_test(test_s8_12_stops_at_its_base_edge_and_stays_there),
        cmocka_unit_test(test_s8_12_bad_input_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
