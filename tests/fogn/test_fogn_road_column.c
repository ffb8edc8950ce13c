/* test_fogn_road_column.c - a March Column marching along a road bends where
 * the road turns (§8.4: "the head wheels; the column follows the path until
 * all bases pass the wheel point"): its head part lies along the road past
 * the turn, its rear part along the road before it; a move straight ahead or
 * on along the road carries the rear round the turn, and once the last base
 * has passed it the column is straight again. A bent column neither wheels
 * nor turns meanwhile, and a gentle turn (under FOGN_COLUMN_BEND_MIN_DEG)
 * leaves it straight. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/fogn/rules/footprint.h"


/* a small reformed column (4 bases, 4.5 MU deep) heading north with its head
 * at (10, y) on a road that runs north along x = 10 to (10, 20) and turns
 * east there to (30, 20); the enemy far off */
static fogn_scenario *bend_scenario(double y)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, 10, y, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 55, 35, -90);
    const double pts[] = {10, 1, 10, 20, 30, 20};
    fx_line(s, GR_T_ROAD, 0, 1.5, 3, pts);
    return s;
}

/* moves u0 by m (checked, then carried out) */
static void commit(const fogn_scenario *s, fogn_state *st, fogn_move m)
{
    fogn_move_plan plan;
    gr_error err;
    if (fx_check(s, st, m, &plan, &err)) fail_msg("refused: %s", err.msg);
    fogn_move_commit(s, st, &m, &plan);
    st->u[0].flags &= ~(uint32_t)FOGN_UF_MOVED; /* the next test move is another phase's */
}

/* the column of bend_scenario(13) marched 10 MU along the road: bent at the
 * turn, its head at (13, 20) facing east (test_s8_4_column_bends_at_the_road_turn) */
static fogn_scenario *bent_column(fogn_state *st)
{
    fogn_scenario *s = bend_scenario(13);
    fx_state(s, st, 0);
    commit(s, st, fx_road(0, 10, 1));
    return s;
}

static void test_s8_4_column_bends_at_the_road_turn(void **unused)
{
    (void)unused;
    fogn_scenario *s = bend_scenario(13);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    /* 7 MU to the turn, then 3 MU east: the head at (13, 20) facing east */
    assert_int_equal(fx_check(s, &st, fx_road(0, 10, 1), &plan, &err), 0);
    ASSERT_NEAR(plan.allowance, 12, 1e-9); /* still the road's double move (§8.3) */
    ASSERT_POSE(&plan.after, 13, 20, 0);
    /* bent at the turn: 3 MU of head part east of it, the last 1.5 MU of the
     * column along the road south of it, pointing north (+90 degrees) */
    ASSERT_NEAR(plan.after.bend, 3, 1e-9);
    ASSERT_NEAR(plan.after.kink, 90 * FX_DEG, 1e-9);
    gr_rect parts[2];
    assert_int_equal(fogn_unit_rects(&s->units[0], &plan.after, parts), 2);
    ASSERT_RECT(parts[0], 13, 20, 0);
    ASSERT_NEAR(parts[0].d, 3, 1e-9);
    ASSERT_RECT(parts[1], 10, 20, 90);
    ASSERT_NEAR(parts[1].d, 1.5, 1e-9);
    /* the bases: three east of the turn, the fourth (its centre 3.94 MU back
     * along the road) south of it, facing north */
    gr_rect b[8];
    assert_int_equal(fogn_unit_base_rects(&s->units[0], &plan.after, b, 8), 4);
    ASSERT_RECT(b[0], 13, 20, 0);
    ASSERT_RECT(b[2], 13 - 2 * FOGN_BASE_DEPTH, 20, 0);
    ASSERT_RECT(b[3], 10, 20 - (3.5 * FOGN_BASE_DEPTH - 3) + FOGN_BASE_DEPTH / 2, 90); /* (10, 19.625) */
    /* its reach still the straight column's (the far rear corner is nearer, sqrt(3.75^2 + 1.5^2)) */
    ASSERT_NEAR(fogn_unit_reach(&s->units[0], &plan.after), sqrt(0.75 * 0.75 + 4.5 * 4.5), 1e-9);
    free(s);
}

static void test_s8_4_bent_column_straightens_as_it_goes_on(void **unused)
{
    (void)unused;
    fogn_state st;
    fogn_scenario *s = bent_column(&st);
    fogn_move_plan plan;
    gr_error err;
    /* straight ahead 0.25 MU: the turn stays where it is, the head part grows */
    assert_int_equal(fx_check(s, &st, fx_normal(0, -1, 0, 0.25, 0), &plan, &err), 0);
    ASSERT_POSE(&plan.after, 13.25, 20, 0);
    ASSERT_NEAR(plan.after.bend, 3.25, 1e-9);
    ASSERT_NEAR(plan.after.kink, 90 * FX_DEG, 1e-9);
    /* every corner of both parts lies within the unit's reach */
    gr_rect parts[2];
    gr_vec2 cs[4];
    double reach = fogn_unit_reach(&s->units[0], &plan.after);
    assert_int_equal(fogn_unit_rects(&s->units[0], &plan.after, parts), 2);
    for (int p = 0; p < 2; p++) {
        gr_rect_corners(&parts[p], cs);
        for (int k = 0; k < 4; k++) assert_true(gr_v2_dist(cs[k], gr_v2(plan.after.x, plan.after.y)) <= reach + 1e-12);
    }
    /* 0.5 MU: less than a base depth of it (1 MU) would be left behind the turn, its last base turning the
     * corner: the column is placed straight (FOGN_COLUMN_BEND_MIN_REAR) */
    assert_int_equal(fx_check(s, &st, fx_normal(0, -1, 0, 0.5, 0), &plan, &err), 0);
    ASSERT_POSE(&plan.after, 13.5, 20, 0);
    ASSERT_NEAR(plan.after.kink, 0, 0);
    ASSERT_NEAR(plan.after.bend, 0, 0);
    /* on along the road 0.25 MU: bent still, by the road's own geometry */
    assert_int_equal(fx_check(s, &st, fx_road(0, 0.25, 1), &plan, &err), 0);
    ASSERT_POSE(&plan.after, 13.25, 20, 0);
    ASSERT_NEAR(plan.after.bend, 3.25, 1e-9);
    /* back along the road (facing south) 2 MU past the turn: bent the other way */
    commit(s, &st, fx_road(0, 4, 1)); /* head (17, 20), straight */
    ASSERT_NEAR(st.u[0].kink, 0, 0);
    fogn_unit_set_heading(&st.u[0], GR_PI); /* faced about, its head at (17, 20) for the test */
    st.u[0].x = 12.5;
    assert_int_equal(fx_check(s, &st, fx_road(0, 4.5, -1), &plan, &err), 0);
    ASSERT_POSE(&plan.after, 10, 18, -90);
    ASSERT_NEAR(plan.after.bend, 2, 1e-9);
    ASSERT_NEAR(plan.after.kink, -90 * FX_DEG, 1e-9); /* the rear part faces west */
    free(s);
}

static void test_s8_4_bent_column_neither_wheels_nor_turns(void **unused)
{
    (void)unused;
    fogn_state st;
    fogn_scenario *s = bent_column(&st);
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, fx_normal(0, GR_FL, 20, 1, 0), &plan, &err), -1);
    ASSERT_HAS(err.msg, "neither wheels nor slides until its last base has passed the turn (§8.4)");
    fogn_move t;
    memset(&t, 0, sizeof t);
    t.kind = FOGN_MK_TURN;
    t.unit = 0;
    t.angle = GR_PI;
    assert_int_equal(fx_check(s, &st, t, &plan, &err), -1);
    ASSERT_HAS(err.msg, "bent at a turn");
    /* it may form Tactical: the head becomes the left-centre front base (§8.5) */
    fogn_move f;
    memset(&f, 0, sizeof f);
    f.kind = FOGN_MK_FORM;
    f.unit = 0;
    f.flag = FOGN_F_TACTICAL;
    assert_int_equal(fx_check(s, &st, f, &plan, &err), 0);
    assert_int_equal(plan.after.formation, FOGN_F_TACTICAL);
    ASSERT_NEAR(plan.after.kink, 0, 0);
    ASSERT_NEAR(plan.after.bend, 0, 0);
    free(s);
}

/* the rear part stands on the road before the turn, not across the corner:
 * a friend standing where a straight column's rear would be does not stop it */
static void test_s8_4_bent_column_clears_the_corner(void **unused)
{
    (void)unused;
    fogn_scenario *s = bend_scenario(13);
    /* a friendly limbered battery just west of the turn, facing east, its
     * front edge at x 9.2 (the road's west edge is at 9.25), y 19.25..20.75 */
    fx_unit(s, 0, FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_LIMBERED, 9.2, 20, 0);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, fx_road(0, 10, 1), &plan, &err), 0);
    assert_int_equal(plan.passes_through, -1);
    assert_int_equal(plan.slide_friend, -1);
    fogn_move_commit(s, &st, &(fogn_move){.kind = FOGN_MK_ROAD, .unit = 0, .dist = 10, .flag = 1}, &plan);
    gr_error inv;
    gr_error_clear(&inv);
    if (fogn_ruleset.present->check_invariants(s, &st, &inv)) fail_msg("invariant: %s", inv.msg);
    free(s);
}

/* `show` and the map say so: a player reads that the column is bent */
static void test_s8_4_bent_column_is_told(void **unused)
{
    (void)unused;
    fogn_state st;
    fogn_scenario *s = bent_column(&st);
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    fogn_ruleset.present->summary(s, &st, out);
    fclose(out);
    ASSERT_HAS(text, "column");
    ASSERT_HAS(text, "bent at a turn");
    free(text);
    gr_render_item items[64];
    int n = fogn_ruleset.present->render_items(s, &st, items, 64), told = 0;
    for (int k = 0; k < n; k++) told |= strstr(items[k].detail, "u0 column, bent") != NULL;
    assert_true(told);
    free(s);
}

/* a turn gentler than FOGN_COLUMN_BEND_MIN_DEG leaves the column straight */
static void test_s8_4_gentle_turn_leaves_the_column_straight(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, 10, 13, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 55, 35, -90);
    double turn = 0.5 * FOGN_COLUMN_BEND_MIN_DEG * FX_DEG;
    const double pts[] = {10, 1, 10, 20, 10 - 10 * sin(turn), 20 + 10 * cos(turn)};
    fx_line(s, GR_T_ROAD, 0, 1.5, 3, pts);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, fx_road(0, 9, 1), &plan, &err), 0);
    ASSERT_NEAR(plan.after.kink, 0, 0);
    ASSERT_NEAR(plan.after.bend, 0, 0);
    ASSERT_NEAR(plan.after.heading, GR_PI / 2 + turn, 1e-9);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s8_4_column_bends_at_the_road_turn),
        cmocka_unit_test(test_s8_4_bent_column_straightens_as_it_goes_on),
        cmocka_unit_test(test_s8_4_bent_column_neither_wheels_nor_turns),
        cmocka_unit_test(test_s8_4_bent_column_clears_the_corner),
        cmocka_unit_test(test_s8_4_bent_column_is_told),
        cmocka_unit_test(test_s8_4_gentle_turn_leaves_the_column_straight),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
