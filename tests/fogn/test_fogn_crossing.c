/* test_fogn_crossing.c - rule tests for crossing a linear obstacle (§15.8,
 * §15.6): a unit crosses a wall, a hedge or water deeper than ankle only
 * from a start with its front edge touching the obstacle and parallel to it,
 * and is then placed the least distance beyond, parallel, its rear edge
 * touching it; no other move carries it into or over the obstacle.
 *
 * Geometry: a small Tactical unit is 3 MU wide and 2.25 MU deep; its pose is
 * its front-edge centre. The wall runs along y = 14 from x 20 to 40, 0.2 MU
 * thick (y 13.9-14.1); the river along y = 20, 3 MU wide (y 18.5-21.5). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/core/dice.h"
#include "../../engine/fogn/rules/crossing.h"
#include "../../engine/fogn/rules/move.h"

#define DEPTH 2.25
#define WALL_NEAR 13.9
#define WALL_FAR 14.1

/* unit 0 (Blue, small reformed infantry in Tactical) at (30, y) facing
 * `hdg`; a Red unit far off; the wall as t0 */
static fogn_scenario *scn_wall(double y, double hdg)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, y, hdg);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 50, 35, -90);
    const double xy[4] = {20, 14, 40, 14};
    fx_line(s, GR_T_WALL, 0, 0.2, 2, xy);
    return s;
}

/* the river (t0) instead, of the given depth */
static fogn_scenario *scn_river(double y, int depth)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, y, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 50, 35, -90);
    const double xy[4] = {0, 20, 60, 20};
    fx_line(s, GR_T_RIVER, depth, 3.0, 2, xy);
    return s;
}

static int apply_text(const fogn_scenario *s, fogn_state *st, const char *text, const int *faces, int n, gr_error *err)
{
    gr_action a = fx_parse(s, st, text);
    gr_dice d;
    gr_dice_init_script(&d, faces, n);
    gr_error_clear(err);
    return fogn_ruleset.rules->apply(s, st, &a, &d, NULL, err);
}

static fogn_move cross_move(int unit, int piece)
{
    fogn_move m;
    memset(&m, 0, sizeof m);
    m.kind = FOGN_MK_CROSS;
    m.unit = unit;
    m.pivot = -1;
    m.flag = piece;
    return m;
}

/* is the order with this text in the menu of the decision due? */
static int offered(const fogn_scenario *s, const fogn_state *st, const char *text)
{
    gr_action acts[GR_MAX_ACTIONS];
    int n = fogn_ruleset.rules->legal_actions(s, st, acts, GR_MAX_ACTIONS);
    for (int i = 0; i < n; i++) {
        char buf[128];
        fogn_ruleset.present->format_action(s, st, &acts[i], buf, sizeof buf);
        if (!strcmp(buf, text)) return 1;
    }
    return 0;
}

/* §15.8: no normal move goes into or over the wall; one that ends touching it is a simple move */
static void test_s15_8_no_move_into_or_over_a_wall(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_wall(11, 90);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, fx_normal(0, -1, 0, 4.0, 0), &plan, &err), -1); /* over it */
    ASSERT_HAS(err.msg, "§15.8");
    ASSERT_HAS(err.msg, "cross t0");
    assert_int_equal(fx_check(s, &st, fx_normal(0, -1, 0, 2.95, 0), &plan, &err), -1); /* halfway into it */
    ASSERT_HAS(err.msg, "would go into or over wall");
    assert_int_equal(fx_check(s, &st, fx_normal(0, -1, 0, WALL_NEAR - 11, 0), &plan, &err), 0); /* up to it */
    assert_int_equal(plan.complex, 0);
    ASSERT_NEAR(plan.after.y, WALL_NEAR, POS_TOL);
    free(s);
}

/* §15.8: `up to` wheels the unit square to the wall and brings its front edge against it, as a simple move */
static void test_s15_8_up_to_wheels_square_and_touches(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_wall(10, 100);
    fogn_state st;
    fx_state(s, &st, 0);
    assert_true(offered(s, &st, "u0 up to t0"));
    assert_false(offered(s, &st, "u0 cross t0"));
    gr_error err;
    if (apply_text(s, &st, "u0 up to t0", NULL, 0, &err)) fail_msg("refused: %s", err.msg);
    ASSERT_NEAR(gr_angle_diff(st.u[0].heading, 90 * FX_DEG), 0, POS_TOL);
    ASSERT_NEAR(st.u[0].y, WALL_NEAR, 1e-4);
    assert_false(st.u[0].flags & FOGN_UF_CMT_FAILED);
    free(s);
}

/* §15.8: from touching it, square to it, the crossing places the unit with its rear edge on the far side */
static void test_s15_8_cross_places_the_rear_edge_on_the_far_side(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_wall(WALL_NEAR, 90);
    fogn_state st;
    fx_state(s, &st, 0);
    assert_true(offered(s, &st, "u0 cross t0"));
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, cross_move(0, 0), &plan, &err), 0);
    assert_int_equal(plan.complex, 1); /* a CMT for all but Skirmishers (§5.3) */
    ASSERT_HAS(plan.why_complex, "obstacle");
    const int six[] = {6, 6, 6, 6, 6, 6};
    if (apply_text(s, &st, "u0 cross t0", six, 6, &err)) fail_msg("refused: %s", err.msg);
    /* touching: within the terrain's own tolerance of a millionth of a MU or so */
    ASSERT_NEAR(st.u[0].x, 30, POS_TOL);
    ASSERT_NEAR(st.u[0].y, WALL_FAR + DEPTH, 1e-5);
    ASSERT_NEAR(gr_angle_diff(st.u[0].heading, 90 * FX_DEG), 0, POS_TOL);
    free(s);
}

/* §15.8: a failed test leaves the unit where it stood */
static void test_s15_8_cross_failed_test_stays(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_wall(WALL_NEAR, 90);
    fogn_state st;
    fx_state(s, &st, 0);
    const int ones[] = {1, 1, 1, 1, 1, 1};
    gr_error err;
    if (apply_text(s, &st, "u0 cross t0", ones, 6, &err)) fail_msg("refused: %s", err.msg);
    ASSERT_POSE(&st.u[0], 30, WALL_NEAR, 90);
    assert_true(st.u[0].flags & FOGN_UF_CMT_FAILED);
    free(s);
}

/* §15.8: not from a distance, and not at an angle */
static void test_s15_8_cross_needs_touching_and_parallel(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_wall(12, 90);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, cross_move(0, 0), &plan, &err), -1);
    ASSERT_HAS(err.msg, "does not touch");
    free(s);
    /* 20 degrees off, its left front corner on the wall */
    s = scn_wall(0, 110);
    fogn_unit probe = {.x = 30, .y = 0, .formation = FOGN_F_TACTICAL};
    fogn_unit_set_heading(&probe, 110 * FX_DEG);
    gr_rect r = fogn_unit_rect(&s->units[0], &probe);
    double top = gr_rect_corner(&r, GR_FL).y > gr_rect_corner(&r, GR_FR).y ? gr_rect_corner(&r, GR_FL).y
                                                                           : gr_rect_corner(&r, GR_FR).y;
    s->units[0].y = WALL_NEAR - top;
    fx_state(s, &st, 0);
    assert_int_equal(fx_check(s, &st, cross_move(0, 0), &plan, &err), -1);
    ASSERT_HAS(err.msg, "20 degrees off parallel");
    free(s);
}

/* §15.8, §15.6: a river is crossed in one placement, its whole width and the unit's depth, whatever the allowance */
static void test_s15_6_river_crossed_to_the_far_bank(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_river(18.5, GR_WATER_WAIST);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, cross_move(0, 0), &plan, &err), 0);
    ASSERT_NEAR(plan.after.y, 21.5 + DEPTH, 1e-4);
    assert_int_equal(plan.complex, 1);
    free(s);
    /* shoulder-high water only with a commander leading (§15.6) */
    s = scn_river(18.5, GR_WATER_SHOULDER);
    fx_state(s, &st, 0);
    assert_int_equal(fx_check(s, &st, cross_move(0, 0), &plan, &err), -1);
    ASSERT_HAS(err.msg, "shoulder-high");
    free(s);
    /* ankle-deep water is no obstacle: a normal move goes through it */
    s = scn_river(17, GR_WATER_ANKLE);
    fx_state(s, &st, 0);
    assert_int_equal(fx_check(s, &st, fx_normal(0, -1, 0, 3, 0), &plan, &err), 0);
    free(s);
}

/* §15.8 with the CMT table: Skirmishers cross the same way, with no test */
static void test_s15_8_skirmishers_cross_without_a_test(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_LIGHT, FOGN_SMALL, FOGN_F_SKIRMISH, 30, WALL_NEAR, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 50, 35, -90);
    const double xy[4] = {20, 14, 40, 14};
    fx_line(s, GR_T_WALL, 0, 0.2, 2, xy);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, cross_move(0, 0), &plan, &err), 0);
    assert_int_equal(plan.complex, 0);
    gr_rect r = fogn_unit_rect(&s->units[0], &plan.after);
    ASSERT_NEAR(gr_rect_corner(&r, GR_RL).y, WALL_FAR, 1e-4);
    free(s);
}

/* a unit standing in the water goes on out of it with a move (and a test) */
static void test_s15_8_unit_in_the_water_goes_on(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_river(20, GR_WATER_WAIST);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, fx_normal(0, -1, 0, 3.5, 0), &plan, &err), 0);
    assert_int_equal(plan.complex, 1);
    free(s);
}

/* the notation reads and writes both orders; a piece that is no such obstacle is refused */
static void test_s15_8_notation_and_refusals(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_wall(WALL_NEAR, 90);
    const double xy[4] = {0, 30, 10, 30};
    fx_line(s, GR_T_ROAD, 0, 1.0, 2, xy);
    fogn_state st;
    fx_state(s, &st, 0);
    char buf[64];
    gr_action a = fx_parse(s, &st, "u0 cross t0");
    assert_int_equal(a.type, FOGN_A_CROSS);
    fogn_ruleset.present->format_action(s, &st, &a, buf, sizeof buf);
    assert_string_equal(buf, "u0 cross t0");
    a = fx_parse(s, &st, "u0 up to t1");
    assert_int_equal(a.type, FOGN_A_UP_TO);
    fogn_ruleset.present->format_action(s, &st, &a, buf, sizeof buf);
    assert_string_equal(buf, "u0 up to t1");
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, cross_move(0, 1), &plan, &err), -1);
    ASSERT_HAS(err.msg, "not an obstacle");
    gr_error_clear(&err);
    assert_int_equal(fogn_ruleset.present->parse_action(s, &st, "u0 cross t9", &a, &err), -1);
    ASSERT_HAS(err.msg, "no terrain piece t9");
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s15_8_no_move_into_or_over_a_wall),
        cmocka_unit_test(test_s15_8_up_to_wheels_square_and_touches),
        cmocka_unit_test(test_s15_8_cross_places_the_rear_edge_on_the_far_side),
        cmocka_unit_test(test_s15_8_cross_failed_test_stays),
        cmocka_unit_test(test_s15_8_cross_needs_touching_and_parallel),
        cmocka_unit_test(test_s15_6_river_crossed_to_the_far_bank),
        cmocka_unit_test(test_s15_8_skirmishers_cross_without_a_test),
        cmocka_unit_test(test_s15_8_unit_in_the_water_goes_on),
        cmocka_unit_test(test_s15_8_notation_and_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
