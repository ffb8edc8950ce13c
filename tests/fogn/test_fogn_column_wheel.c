/* test_fogn_column_wheel.c - a March Column wheels by its head (§8.4, "the
 * head wheels; the column follows the path until all bases pass the wheel
 * point"): the head base wheels about its inner front corner and goes on,
 * the rest of the column follows its head's centre line round the turn
 * where the lines before and after the wheel meet, and the column stands
 * bent there until less than a base depth of it lies behind the turn. The
 * rear does not swing round with the head, so a friend beside the column's
 * rear is no obstacle. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/fogn/rules/contact.h"
#include "../../engine/fogn/rules/cmdr.h"
#include "../../engine/fogn/rules/footprint.h"
#include "../../engine/fogn/rules/victory.h"

/* a small reformed column (4 bases, 1.5 MU wide, 4.5 MU deep) of `troop`
 * heading north with its head at (10, 13); the enemy far off */
static fogn_scenario *column_scenario(fogn_troop troop)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, troop, FOGN_SMALL, FOGN_F_COLUMN, 10, 13, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 55, 35, -90);
    return s;
}

/* moves unit u by m (checked, then carried out); its next move is another
 * phase's */
static void commit(const fogn_scenario *s, fogn_state *st, int u, fogn_move m)
{
    fogn_move_plan plan;
    gr_error err;
    if (fx_check(s, st, m, &plan, &err)) fail_msg("refused: %s", err.msg);
    fogn_move_commit(s, st, &m, &plan);
    st->u[u].flags &= ~(uint32_t)FOGN_UF_MOVED;
}

/* the column's head wheels 90 degrees left and goes 1 MU on: bent at the
 * turn (10, 13.75), its head at (8.25, 13.75) facing west, its rear part
 * x 9.25..10.75, y 11..13.75 (test_s8_4_column_wheel_bends_where_its_head_turned) */
static void wheel_left(const fogn_scenario *s, fogn_state *st)
{
    commit(s, st, 0, fx_normal(0, GR_FL, 90, 1, 0));
    assert_true(FOGN_BENT_COLUMN(&st->u[0]));
}

static void test_s8_4_column_wheel_bends_where_its_head_turned(void **unused)
{
    (void)unused;
    fogn_scenario *s = column_scenario(FOGN_INF_REFORMED);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    /* the head wheels 90 degrees left about its front left corner (9.25, 13)
     * and goes 1 MU on: the centre lines meet 0.75 tan 45 = 0.75 MU ahead of
     * the head, at (10, 13.75), and the head's front edge ends 1.75 MU west
     * of that turn, facing west */
    assert_int_equal(fx_check(s, &st, fx_normal(0, GR_FL, 90, 1, 0), &plan, &err), 0);
    ASSERT_POSE(&plan.after, 8.25, 13.75, 180);
    ASSERT_NEAR(plan.after.bend, 1.75, 1e-9);
    ASSERT_NEAR(plan.after.kink, -90 * FX_DEG, 1e-9);
    gr_rect parts[2];
    assert_int_equal(fogn_unit_rects(&s->units[0], &plan.after, parts), 2);
    ASSERT_RECT(parts[0], 8.25, 13.75, 180);
    ASSERT_NEAR(parts[0].d, 1.75, 1e-9);
    /* the rest of the column still on the line it marched along, its tail
     * moved up 0.75 MU to (10, 11) */
    ASSERT_RECT(parts[1], 10, 13.75, 90);
    ASSERT_NEAR(parts[1].d, 2.75, 1e-9);
    /* any infantry in March Column moves 6 MU in the open (§8.3); the
     * wheel is a simple move */
    assert_int_equal(plan.complex, 0);
    ASSERT_NEAR(plan.allowance, 6, 1e-9);
    free(s);
}

/* the same wheel as a rigid column would swing its rear through the friend
 * beside it; the head's wheel does not */
static void test_s8_4_column_wheel_leaves_its_rear_on_its_path(void **unused)
{
    (void)unused;
    fogn_scenario *s = column_scenario(FOGN_INF_REFORMED);
    /* a friendly battalion east of the column's rear, 1.25 MU clear of it:
     * (12, 11) is 3.4 MU from the pivot, inside the 4.56 MU a rigid column's
     * rear corners would sweep */
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 13.5, 11, 90);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, fx_normal(0, GR_FL, 90, 1, 0), &plan, &err), 0);
    assert_int_equal(plan.passes_through, -1);
    assert_int_equal(plan.slide_friend, -1);
    wheel_left(s, &st);
    gr_error inv;
    gr_error_clear(&inv);
    if (fogn_ruleset.present->check_invariants(s, &st, &inv)) fail_msg("invariant: %s", inv.msg);
    free(s);
}

static void test_s8_4_wheeled_column_straightens_past_the_turn(void **unused)
{
    (void)unused;
    fogn_scenario *s = column_scenario(FOGN_INF_REFORMED);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    /* 3 MU on after the wheel: 3.75 MU of the 4.5 past the turn, less than a
     * base depth (1.125 MU) behind it: placed straight along the head
     * (FOGN_COLUMN_BEND_MIN_REAR) */
    assert_int_equal(fx_check(s, &st, fx_normal(0, GR_FL, 90, 3, 0), &plan, &err), 0);
    ASSERT_POSE(&plan.after, 6.25, 13.75, 180);
    ASSERT_NEAR(plan.after.kink, 0, 0);
    ASSERT_NEAR(plan.after.bend, 0, 0);
    /* bent after 1 MU; its next move straight ahead carries the rear round the
     * turn, which stays at (10, 13.75), and 2 MU more leave it straight */
    wheel_left(s, &st);
    assert_int_equal(fx_check(s, &st, fx_normal(0, -1, 0, 1, 0), &plan, &err), 0);
    ASSERT_POSE(&plan.after, 7.25, 13.75, 180);
    ASSERT_NEAR(plan.after.bend, 2.75, 1e-9);
    assert_int_equal(fx_check(s, &st, fx_normal(0, -1, 0, 2, 0), &plan, &err), 0);
    ASSERT_POSE(&plan.after, 6.25, 13.75, 180);
    ASSERT_NEAR(plan.after.kink, 0, 0);
    /* and it does not wheel again before then */
    assert_int_equal(fx_check(s, &st, fx_normal(0, GR_FL, 45, 1, 0), &plan, &err), -1);
    ASSERT_HAS(err.msg, "neither wheels nor slides until its last base has passed the turn (§8.4)");
    free(s);
}

/* placed straight, the column lays its tail along its head: a friend where
 * the tail would come stops the move, as any friend at the end does (§8.7) */
static void test_s8_4_straightened_column_needs_room_for_its_tail(void **unused)
{
    (void)unused;
    fogn_scenario *s = column_scenario(FOGN_INF_REFORMED);
    /* a friend facing north, x 10.8..13.8, y 13.25..15.5: clear of the bent
     * column's parts and of its turn, but not of the straight column's
     * last 0.2 MU */
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 12.3, 15.5, 90);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    wheel_left(s, &st);
    /* 1.5 MU on: still bent (3.25 MU past the turn), clear */
    assert_int_equal(fx_check(s, &st, fx_normal(0, -1, 0, 1.5, 0), &plan, &err), 0);
    assert_true(FOGN_BENT_COLUMN(&plan.after));
    /* 1.75 MU on: placed straight, its tail from x 10 to 11 on the friend,
     * which cannot slide the 1.25 MU that would clear it */
    assert_int_equal(fx_check(s, &st, fx_normal(0, -1, 0, 1.75, 0), &plan, &err), -1);
    ASSERT_HAS(err.msg, "has no room beyond");
    free(s);
}

/* §8.7: a friend slid to make room must end clear of every part of every
 * unit; here the only slide that clears the mover's end would put the
 * friend on the rear part of a bent column (though not on the straight
 * column's rectangle, which runs east of the turn) */
static void test_s8_7_friend_slides_clear_of_a_bent_columns_rear(void **unused)
{
    (void)unused;
    fogn_scenario *s = column_scenario(FOGN_INF_REFORMED);
    /* the friend to slide: facing north, x 8.5..11.5, y 8.45..10.7, 0.3 MU
     * south of the bent column's rear part (y 11..13.75) */
    int f = fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 10, 10.7, 90);
    /* the mover, south of it, facing north */
    int m = fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 10, 6, 90);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    wheel_left(s, &st);
    /* 2.95 MU on ends 0.5 MU into the friend: it would have to slide north
     * 0.5 MU or more, onto the column's rear part */
    assert_int_equal(fx_check(s, &st, fx_normal(m, -1, 0, 2.95, 0), &plan, &err), -1);
    ASSERT_HAS(err.msg, "has no room beyond");
    /* 2.7 MU ends 0.25 MU into it: a slide of 0.28 MU (three steps of a
     * twelfth of a base depth) clears both */
    assert_int_equal(fx_check(s, &st, fx_normal(m, -1, 0, 2.7, 0), &plan, &err), 0);
    assert_int_equal(plan.slide_friend, f);
    ASSERT_NEAR(plan.friend_dy, 3 * FOGN_BASE_DEPTH / 12, 1e-9);
    free(s);
}

/* the column follows its head's path: a slide in the same move is refused,
 * and a wheel past 90 degrees as for any unit */
static void test_s8_4_column_wheel_has_no_slide(void **unused)
{
    (void)unused;
    fogn_scenario *s = column_scenario(FOGN_INF_REFORMED);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, fx_normal(0, GR_FL, 30, 1, 0.5), &plan, &err), -1);
    ASSERT_HAS(err.msg, "its head wheels and the column follows its path, with no slide (§8.4)");
    assert_int_equal(fx_check(s, &st, fx_normal(0, GR_FL, 100, 1, 0), &plan, &err), -1);
    ASSERT_HAS(err.msg, "wheel of 100 degrees: at most 90 per move (§8.4)");
    /* a wheel the wrong way about its pivot is refused as any wheel is */
    assert_int_equal(fx_check(s, &st, fx_normal(0, GR_FL, -30, 1, 0), &plan, &err), -1);
    ASSERT_HAS(err.msg, "a forward wheel about the left corner turns left");
    free(s);
}

/* Ruling (§8.3, §8.4): a column that wheeled onto a road from the fields is
 * bent off the road; it marches along the road only once straight */
static void test_s8_4_column_wheeled_onto_a_road_marches_once_straight(void **unused)
{
    (void)unused;
    fogn_scenario *s = column_scenario(FOGN_INF_REFORMED);
    const double pts[] = {0.5, 13.75, 30, 13.75};
    fx_line(s, GR_T_ROAD, 0, 1.5, 2, pts);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    wheel_left(s, &st); /* its head on the road at (8.25, 13.75), its rear part south of it in the fields */
    assert_int_equal(fx_check(s, &st, fx_road(0, 2, -1), &plan, &err), -1);
    ASSERT_HAS(err.msg, "is bent where its head wheeled off the road: it goes straight ahead until its last base has "
                        "passed the turn (§8.4)");
    /* straight ahead 3 MU leaves it straight on the road, and the road march follows */
    commit(s, &st, 0, fx_normal(0, -1, 0, 3, 0));
    assert_false(FOGN_BENT_COLUMN(&st.u[0]));
    assert_int_equal(fx_check(s, &st, fx_road(0, 2, -1), &plan, &err), 0);
    ASSERT_POSE(&plan.after, 3.25, 13.75, 180);
    free(s);
}

/* Ruling (§9.12, §8.4): nor does it pursue; straight, the same column runs */
static void test_s9_12_bent_column_does_not_pursue(void **unused)
{
    (void)unused;
    fogn_scenario *s = column_scenario(FOGN_INF_REFORMED);
    fogn_state st;
    fx_state(s, &st, 0);
    wheel_left(s, &st);
    fogn_pursuit pu;
    assert_int_equal(fogn_pursuit_plan(s, &st, 0, 3, NULL, &pu), 0);
    assert_int_equal(pu.ok, 0);
    assert_int_equal(pu.stop, FOGN_PS_NO_ROOM);
    commit(s, &st, 0, fx_normal(0, -1, 0, 3, 0)); /* straight again, head at (5.25, 13.75) */
    assert_int_equal(fogn_pursuit_plan(s, &st, 0, 3, NULL, &pu), 0);
    assert_int_equal(pu.ok, 1);
    ASSERT_NEAR(pu.moved, 3, 1e-9);
    free(s);
}

/* Ruling (§14 scenario conditions, §8.4): a unit holds an objective with any
 * of its parts within the radius; a bent column's rear part counts, and the
 * straight column's rectangle east of the turn, where no base stands, does
 * not */
static void test_s14_objective_measured_to_a_bent_columns_parts(void **unused)
{
    (void)unused;
    fogn_scenario *s = column_scenario(FOGN_INF_REFORMED);
    s->nobj = 2;
    const double at[2][2] = {{12.5, 15.0}, {9.0, 10.5}}; /* 0.5 MU from the straight rectangle; from the rear part */
    for (int k = 0; k < 2; k++) {
        snprintf(s->obj[k].name, sizeof s->obj[k].name, "objective %d", k);
        s->obj[k].x = at[k][0];
        s->obj[k].y = at[k][1];
        s->obj[k].radius = 0.6;
        s->obj[k].points = 1;
        s->obj[k].owner = -1;
    }
    fogn_state st;
    fx_state(s, &st, 0);
    wheel_left(s, &st);
    fogn_update_objectives(s, &st, NULL);
    assert_int_equal(st.obj_owner[0], -1);
    assert_int_equal(st.obj_owner[1], 0);
    free(s);
}

/* §8.11: a commander may not move onto an enemy unit; a bent column's rear
 * part is part of it */
static void test_s8_11_commander_does_not_ride_onto_a_bent_columns_rear(void **unused)
{
    (void)unused;
    fogn_scenario *s = column_scenario(FOGN_INF_REFORMED);
    s->cmdrs[1].x = 13;
    s->cmdrs[1].y = 10;
    fogn_state st, red;
    fx_state(s, &st, 0);
    wheel_left(s, &st);
    fx_state(s, &red, 1);
    red.u[0] = st.u[0];
    gr_error err;
    gr_error_clear(&err);
    /* (10, 12): inside the rear part (x 9.25..10.75, y 11..13.75), clear of
     * the straight rectangle (y 13..14.5) */
    gr_action a = fx_action(FOGN_A_CMDR_MOVE, s->nunits + 1, -1, 0, 10, 12, 0);
    assert_int_equal(fogn_cmdr_apply(s, &red, &a, &err), -1);
    ASSERT_HAS(err.msg, "would touch an enemy unit");
    /* (10, 8) is clear of both parts */
    a.p[1] = 8;
    gr_error_clear(&err);
    assert_int_equal(fogn_cmdr_apply(s, &red, &a, &err), 0);
    free(s);
}

/* Ruling (§6.7, §8.4): a bent column's counter-charge would run its rear
 * round the turn; it stands instead */
static void test_s6_7_bent_column_does_not_counter_charge(void **unused)
{
    (void)unused;
    fogn_scenario *s = column_scenario(FOGN_CAV_LIGHT);
    fx_unit(s, 1, FOGN_CAV_LIGHT, FOGN_SMALL, FOGN_F_TACTICAL, 2, 13.75, 0);
    fogn_state st;
    fx_state(s, &st, 0);
    wheel_left(s, &st);
    gr_error err;
    fogn_countercharge cc;
    gr_error_clear(&err);
    assert_int_equal(fogn_countercharge_plan(s, &st, 0, 2, &cc, &err), -1);
    ASSERT_HAS(err.msg, "bent at a turn: it cannot counter-charge until its last base has passed the turn (§8.4)");
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s8_4_column_wheel_bends_where_its_head_turned),
        cmocka_unit_test(test_s8_4_column_wheel_leaves_its_rear_on_its_path),
        cmocka_unit_test(test_s8_4_wheeled_column_straightens_past_the_turn),
        cmocka_unit_test(test_s8_4_straightened_column_needs_room_for_its_tail),
        cmocka_unit_test(test_s8_7_friend_slides_clear_of_a_bent_columns_rear),
        cmocka_unit_test(test_s8_4_column_wheel_has_no_slide),
        cmocka_unit_test(test_s8_4_column_wheeled_onto_a_road_marches_once_straight),
        cmocka_unit_test(test_s6_7_bent_column_does_not_counter_charge),
        cmocka_unit_test(test_s9_12_bent_column_does_not_pursue),
        cmocka_unit_test(test_s14_objective_measured_to_a_bent_columns_parts),
        cmocka_unit_test(test_s8_11_commander_does_not_ride_onto_a_bent_columns_rear),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
