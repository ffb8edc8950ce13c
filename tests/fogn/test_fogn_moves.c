/* test_fogn_moves.c - rule tests for the shapes a fogn unit may move in.
 *
 * Each test builds a small position with tests/fogn_fixture.h, asks
 * fogn_move_check about one exact move and, where the move is legal, commits
 * it and checks where the unit stands afterwards (to 1e-6 MU). Refusals are
 * checked by the key words of the reason given. Covered: the §8.4 shapes
 * (straight advance, forward and backward wheels with the §23 #42 limits,
 * the two kinds of slide, moves to the rear and about-faces, turning in place,
 * the skirmishers' free move), table edges and contact, the §8.9 cohesion
 * limits, who may not move at all (§8.2) and the §8.10 second move.
 *
 * Geometry reminders (engine/core/geom.h): heading h faces (cos h, sin h); a
 * unit's pose is its front-edge centre; the front-left corner is at
 * fc - right * w/2 where right = (sin h, -cos h). A small Tactical unit is
 * 2 x 2 bases: 3 MU wide, 2.25 MU deep; a large one 4.5 MU wide. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/fogn/rules/move.h"
#include "../../engine/fogn/rules/orders.h"
#include "../../engine/core/rng.h"

/* --- positions ---------------------------------------------------------------------- */

/* unit 0 (side 0) at (20, 10) facing up the table; the enemy, unit 1, far
 * ahead at (20, 35) facing it (25 MU away). */
static fogn_scenario *scn_far(fogn_troop t, fogn_size size, fogn_formation f)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, t, size, f, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 35, -90);
    return s;
}

/* unit 0 as above; the enemy's front edge `gap` MU straight ahead of it */
static fogn_scenario *scn_ahead(double gap)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10 + gap, -90);
    return s;
}

/* unit 0 as above; an enemy to its right facing it, its front edge `gap` MU
 * from unit 0's right-hand edge (x = 21.5) and level with unit 0's centre */
static fogn_scenario *scn_right(double gap)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 21.5 + gap, 8.875, 180);
    return s;
}

static fogn_move kind_move(int kind, int unit)
{
    fogn_move m;
    memset(&m, 0, sizeof m);
    m.kind = kind;
    m.unit = unit;
    m.pivot = -1;
    return m;
}

static fogn_move rear_move(int unit, double dist, int flags)
{
    fogn_move m = kind_move(FOGN_MK_REAR, unit);
    m.dist = dist;
    m.flag = flags;
    return m;
}

static fogn_move turn_to(int unit, double heading_deg)
{
    fogn_move m = kind_move(FOGN_MK_TURN, unit);
    m.angle = heading_deg * FX_DEG;
    return m;
}

static fogn_move free_move(int unit, double dx, double dy, double heading_deg)
{
    fogn_move m = kind_move(FOGN_MK_FREE, unit);
    m.dx = dx;
    m.dy = dy;
    m.angle = heading_deg * FX_DEG;
    return m;
}

/* checks a move that must be legal, commits it; returns the plan */
static fogn_move_plan must_move(const fogn_scenario *s, fogn_state *st, fogn_move m)
{
    fogn_move_plan plan;
    gr_error err;
    if (fx_check(s, st, m, &plan, &err)) fail_msg("refused: %s", err.msg);
    fogn_move_commit(s, st, &m, &plan);
    return plan;
}

/* checks a move that must be legal, without committing it */
static fogn_move_plan must_pass(const fogn_scenario *s, const fogn_state *st, fogn_move m)
{
    fogn_move_plan plan;
    gr_error err;
    if (fx_check(s, st, m, &plan, &err)) fail_msg("refused: %s", err.msg);
    return plan;
}

static void expect_refused(const fogn_scenario *s, const fogn_state *st, fogn_move m, const char *needle)
{
    fogn_move_plan plan;
    gr_error err;
    if (fx_check(s, st, m, &plan, &err) == 0)
        fail_msg("move kind %d (dist %.2f angle %.1f slide %.2f) accepted, expected \"%s\"", m.kind, m.dist,
                 m.angle / FX_DEG, m.slide, needle);
    ASSERT_HAS(err.msg, needle);
}

static gr_rect urect(const fogn_scenario *s, const fogn_state *st, int i)
{
    return fogn_unit_rect(&s->units[i], &st->u[i]);
}

/* --- §8.4 straight advance -------------------------------------------------------------- */

static void test_s8_4_straight_advance_exact_end_pose(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan = must_move(s, &st, fx_normal(0, -1, 0, 6, 0));
    assert_false(plan.complex);
    ASSERT_NEAR(plan.allowance, 6, 1e-12); /* reformed Tactical in the open (§8.3) */
    ASSERT_POSE(&st.u[0], 20, 16, 90);
    assert_true(st.u[0].flags & FOGN_UF_MOVED);
    assert_int_equal(st.u[0].formation, FOGN_F_TACTICAL);
    free(s);
}

static void test_s8_4_advance_over_allowance_refused(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    fogn_state st;
    fx_state(s, &st, 0);
    expect_refused(s, &st, fx_normal(0, -1, 0, 6.01, 0), "front corner would move");
    /* unreformed infantry in Tactical: 4 MU */
    s->units[0].troop = FOGN_INF_UNREFORMED;
    must_pass(s, &st, fx_normal(0, -1, 0, 4, 0));
    expect_refused(s, &st, fx_normal(0, -1, 0, 4.5, 0), "front corner would move");
    free(s);
}

static void test_s8_4_normal_move_goes_forward_only(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    fogn_state st;
    fx_state(s, &st, 0);
    expect_refused(s, &st, fx_normal(0, -1, 0, -1, 0), "move to the rear");
    free(s);
}

/* --- §8.4 wheels, §23 #42 ---------------------------------------------------------------- */

static void test_s8_4_forward_wheel_about_front_left(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    fogn_state st;
    fx_state(s, &st, 0);
    /* pivot on the front-left corner (18.5, 10): the unit turns left (counter-
     * clockwise, positive) and the front-right corner swings forward */
    fogn_move_plan plan = must_move(s, &st, fx_normal(0, GR_FL, 30, 0, 0));
    assert_false(plan.complex);
    gr_rect r = urect(s, &st, 0);
    ASSERT_VEC(gr_rect_corner(&r, GR_FL), 18.5, 10);
    ASSERT_VEC(gr_rect_corner(&r, GR_FR), 18.5 + 3 * cos(30 * FX_DEG), 10 + 3 * sin(30 * FX_DEG));
    ASSERT_POSE(&st.u[0], 18.5 + 1.5 * cos(30 * FX_DEG), 10 + 1.5 * sin(30 * FX_DEG), 120);
    free(s);
}

static void test_s8_4_forward_wheel_about_front_right_then_advance(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    fogn_state st;
    fx_state(s, &st, 0);
    /* pivot on the front-right corner (21.5, 10): turns right (negative) */
    fogn_state pure = st;
    must_move(s, &pure, fx_normal(0, GR_FR, -30, 0, 0));
    gr_rect r = urect(s, &pure, 0);
    ASSERT_VEC(gr_rect_corner(&r, GR_FR), 21.5, 10);
    ASSERT_VEC(gr_rect_corner(&r, GR_FL), 21.5 - 3 * cos(30 * FX_DEG), 10 + 3 * sin(30 * FX_DEG));
    ASSERT_POSE(&pure.u[0], 21.5 - 1.5 * cos(30 * FX_DEG), 10 + 1.5 * sin(30 * FX_DEG), 60);
    /* wheel first, then straight along the new facing (§23 #42) */
    must_move(s, &st, fx_normal(0, GR_FR, -30, 2, 0));
    ASSERT_POSE(&st.u[0], 21.5 - 1.5 * cos(30 * FX_DEG) + 2 * cos(60 * FX_DEG),
                10 + 1.5 * sin(30 * FX_DEG) + 2 * sin(60 * FX_DEG), 60);
    free(s);
}

/* The advance order wheels toward an enemy off to one side, on the corner
 * toward which it turns (§8.4): an enemy up and to the right is reached by a
 * clockwise wheel about the front-right corner. */
static void test_s8_4_advance_order_wheels_toward_target(void **unused)
{
    (void)unused;
    for (int side = -1; side <= 1; side += 2) {
        fogn_scenario *s = fx_scenario();
        fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
        fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20 + side * 16, 26, -90);
        fogn_state st;
        fx_state(s, &st, 0);
        gr_action a = fx_action(FOGN_A_ADVANCE, 0, 1, (int)FOGN_BAND_MEDIUM, 0, 0, 0);
        fogn_move m;
        gr_error err;
        gr_error_clear(&err);
        assert_int_equal(fogn_action_to_move(s, &st, &a, &m, &err), 0);
        assert_int_equal(m.kind, FOGN_MK_NORMAL);
        assert_int_equal(m.pivot, side > 0 ? GR_FR : GR_FL);
        assert_true(side > 0 ? m.angle < -5 * FX_DEG : m.angle > 5 * FX_DEG);
        fogn_move_plan plan;
        assert_int_equal(fx_check(s, &st, m, &plan, &err), 0);
        fogn_move_commit(s, &st, &m, &plan);
        /* it now faces more toward the enemy than straight up the table */
        double off = fabs(gr_angle_diff(st.u[0].heading, atan2(26 - 10.0, side * 16.0)));
        assert_true(off < 45 * FX_DEG - 5 * FX_DEG);
        free(s);
    }
}

static void test_s8_4_wheel_direction_errors(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    fogn_state st;
    fx_state(s, &st, 0);
    expect_refused(s, &st, fx_normal(0, GR_FL, -30, 0, 0), "forward wheel about the left corner");
    expect_refused(s, &st, fx_normal(0, GR_FR, 30, 0, 0), "forward wheel about the right corner");
    expect_refused(s, &st, fx_normal(0, GR_RL, 30, 0, 0), "backward wheel about the left rear corner");
    expect_refused(s, &st, fx_normal(0, GR_RR, -30, 0, 0), "backward wheel about the right rear corner");
    expect_refused(s, &st, fx_normal(0, -1, 30, 0, 0), "needs a pivot corner");
    free(s);
}

static void test_s8_4_wheel_over_90_degrees_refused(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far(FOGN_CAV_LIGHT, FOGN_SMALL, FOGN_F_COLUMN); /* narrow, fast */
    fogn_state st;
    fx_state(s, &st, 0);
    expect_refused(s, &st, fx_normal(0, GR_FL, 91, 0, 0), "at most 90");
    expect_refused(s, &st, fx_normal(0, GR_FR, -95, 0, 0), "at most 90");
    /* a column 1.5 MU wide with 10 MU may wheel the full 90 (arc 2.36 MU) */
    must_pass(s, &st, fx_normal(0, GR_FL, 90, 0, 0));
    free(s);
}

/* The tries of one move at several distances (the order compiler's search):
 * a refusal that no distance changes ends them (a Square told to wheel,
 * §8.4); a refusal for the distance itself does not (too far for the
 * allowance, §8.3: a shorter try still passes). */
static void test_s8_4_tries_end_only_on_a_refusal_every_distance_shares(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_SQUARE);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_tries t;
    fogn_move_tries_init(&t);
    fogn_move_plan plan;
    fogn_move m = fx_normal(0, GR_FL, 20, 1, 0);
    assert_int_equal(fogn_move_try(s, &st, &m, &plan, &t), -1);
    assert_int_equal(t.doomed, 1);
    expect_refused(s, &st, m, "a square moves straight only");
    m.dist = 0.5;
    assert_int_equal(fogn_move_try(s, &st, &m, &plan, &t), -1);
    free(s);

    s = scn_far(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    fx_state(s, &st, 0);
    fogn_move_tries_init(&t);
    m = fx_normal(0, -1, 0, 20, 0);
    assert_int_equal(fogn_move_try(s, &st, &m, &plan, &t), -1);
    assert_int_equal(t.doomed, 0);
    m.dist = 2;
    assert_int_equal(fogn_move_try(s, &st, &m, &plan, &t), 0);
    assert_true(fabs(plan.after.y - 12) < 1e-9);
    free(s);
}

/* The tries of one move give the check's own verdict and plan at every
 * distance, asked in the halving search's order (longest first, then
 * shorter): a friend 3.75 MU ahead that has moved this phase may not be
 * passed through (§8.7), so every try that reaches it is refused; once it
 * has refused one it is asked first, and the tries that stop short of it
 * still pass. A second move is asked the same way beside an enemy ahead to
 * the right, whose distances come from the tries' kept measures of it and
 * must keep the 6 MU of §8.10 exactly as the check does (the enemy's front
 * edge 4 MU to the right of the mover's and 7 MU ahead of it). */
static void test_s8_7_tries_agree_with_the_check_past_a_friend_in_the_way(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 20, 90); /* front edge at y 20, 3 MU wide */
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 26, 90); /* rear edge at y 23.75 */
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 27, 27, -90); /* ahead to the right */
    fogn_state st;
    fx_state(s, &st, 0);
    st.u[1].flags |= FOGN_UF_MOVED;
    const double dists[] = {6, 5, 4.5, 4, 3.8, 3.7, 3, 2, 1, 0.5};
    for (int second = 0; second <= 1; second++) {
        fogn_move_tries t;
        fogn_move_tries_init(&t);
        int passed = 0, refused = 0;
        for (size_t k = 0; k < sizeof dists / sizeof dists[0]; k++) {
            fogn_move m = fx_normal(0, -1, 0, dists[k], 0);
            m.second = second;
            fogn_move_plan by_try, by_check;
            gr_error err;
            int a = fogn_move_try(s, &st, &m, &by_try, &t);
            int b = fx_check(s, &st, m, &by_check, &err);
            assert_int_equal(a, b);
            if (a) {
                refused++;
                if (!second && dists[k] > 3.75) assert_non_null(strstr(err.msg, "unit1 only if that unit stays still"));
                if (dists[k] < 3.75) assert_non_null(strstr(err.msg, "second move must stay more than 6 MU"));
                continue;
            }
            passed++;
            assert_memory_equal(&by_try.after, &by_check.after, sizeof by_try.after);
            assert_true(fabs(by_try.after.y - (20 + dists[k])) < 1e-9);
        }
        /* first moves: the five tries that reach the friend are refused, the five short of it pass; second
         * moves: also the two that end within 6 MU of the enemy (sqrt(4^2 + (7 - d)^2) <= 6 from d = 2.53 on) */
        assert_int_equal(refused, second ? 7 : 5);
        assert_int_equal(passed, second ? 3 : 5);
        assert_int_equal(t.blocker, 1);
    }
    free(s);
}

/* The distance to the nearest enemy, exact up to a cap: the nearest of
 * three enemies (one 25 MU ahead, one 4 MU to the right, one 9 MU behind)
 * whatever their order, and the cap itself when every enemy is farther */
static void test_s8_nearest_enemy_within_a_cap(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    fogn_state st;
    fx_state(s, &st, 0);
    double far = fogn_enemy_dist(s, &st, 0, NULL);
    ASSERT_NEAR(far, 25, 1e-9);
    ASSERT_NEAR(fogn_enemy_dist_within(s, &st, 0, NULL, 11), 11, 0);
    ASSERT_NEAR(fogn_enemy_dist_within(s, &st, 0, NULL, 30), far, 0);
    free(s);
    s = fx_scenario(); /* unit 0 at (20, 20) facing north: 3 MU wide, its rear edge at y 17.75 */
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 20, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 45, -90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 21.5 + 4, 18.875, 180);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 17.75 - 9, 90);
    fx_state(s, &st, 0);
    ASSERT_NEAR(fogn_enemy_dist(s, &st, 0, NULL), 4, 1e-9);
    ASSERT_NEAR(fogn_enemy_dist_within(s, &st, 0, NULL, 11), 4, 1e-9);
    ASSERT_NEAR(fogn_enemy_dist_within(s, &st, 0, NULL, 3), 3, 0);
    free(s);
}

static void test_s23_42_outer_corner_arc_at_most_half_allowance(void **unused)
{
    (void)unused;
    /* a large Tactical unit is 4.5 MU wide; reformed it moves 6 MU: the outer
     * corner may travel 3 MU, i.e. at most 3/4.5 rad = 38.2 degrees */
    fogn_scenario *s = scn_far(FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_TACTICAL);
    fogn_state st;
    fx_state(s, &st, 0);
    ASSERT_NEAR(urect(s, &st, 0).w, 4.5, 1e-12);
    must_pass(s, &st, fx_normal(0, GR_FR, -38, 0, 0));
    must_pass(s, &st, fx_normal(0, GR_FL, 38, 0, 0));
    expect_refused(s, &st, fx_normal(0, GR_FR, -39, 0, 0), "outer corner travels");
    expect_refused(s, &st, fx_normal(0, GR_FL, 39, 0, 0), "outer corner travels");
    /* the arc limit does not depend on what follows the wheel */
    must_pass(s, &st, fx_normal(0, GR_FL, 38, 3, 0));
    free(s);
}

static void test_s8_4_backward_wheel_about_rear_corner(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    fogn_state st;
    fx_state(s, &st, 0);
    /* rear-right corner at (21.5, 7.75) stays; the rest swings back: the unit
     * turns left (positive) */
    fogn_state a = st;
    must_move(s, &a, fx_normal(0, GR_RR, 30, 0, 0));
    gr_rect r = urect(s, &a, 0);
    ASSERT_VEC(gr_rect_corner(&r, GR_RR), 21.5, 7.75);
    ASSERT_NEAR(gr_angle_diff(a.u[0].heading, 120 * FX_DEG), 0, POS_TOL);
    /* FR was 2.25 MU ahead of the pivot: rotated by 30 degrees */
    ASSERT_VEC(gr_rect_corner(&r, GR_FR), 21.5 - 2.25 * sin(30 * FX_DEG), 7.75 + 2.25 * cos(30 * FX_DEG));
    assert_true(gr_rect_corner(&r, GR_FL).y < 10 && gr_rect_corner(&r, GR_FR).y < 10); /* went back */
    /* about the rear-left corner (18.5, 7.75): turns right (negative) */
    fogn_state b = st;
    must_move(s, &b, fx_normal(0, GR_RL, -30, 0, 0));
    r = urect(s, &b, 0);
    ASSERT_VEC(gr_rect_corner(&r, GR_RL), 18.5, 7.75);
    ASSERT_NEAR(gr_angle_diff(b.u[0].heading, 60 * FX_DEG), 0, POS_TOL);
    assert_true(gr_rect_corner(&r, GR_FL).y < 10 && gr_rect_corner(&r, GR_FR).y < 10);
    /* the far front corner is hypot(3, 2.25) = 3.75 MU from a rear pivot: at
     * most 3 MU of arc, so 45 degrees (2.95) passes and 46 (3.01) does not */
    must_pass(s, &st, fx_normal(0, GR_RR, 45, 0, 0));
    expect_refused(s, &st, fx_normal(0, GR_RR, 46, 0, 0), "outer corner travels");
    free(s);
}

/* --- §8.4 slides ---------------------------------------------------------------------- */

static void test_s8_4_slide_case_a_with_3mu_advance_far_from_enemy(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan = must_move(s, &st, fx_normal(0, -1, 0, 3, 1));
    assert_false(plan.complex);
    ASSERT_POSE(&st.u[0], 21, 13, 90);
    free(s);
}

static void test_s8_4_slide_with_short_advance_far_from_enemy_refused(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    fogn_state st;
    fx_state(s, &st, 0);
    /* front corners travel sqrt(2^2 + 1) = 2.24 MU < 3: not case (a); nothing
     * near and no friend to clear: not case (b) */
    expect_refused(s, &st, fx_normal(0, -1, 0, 2, 1), "slide with a forward move");
    free(s);
}

static void test_s8_4_slide_case_a_needs_6mu_from_enemy(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_ahead(8); /* after 3 MU the enemy is 5 MU off */
    fogn_state st;
    fx_state(s, &st, 0);
    expect_refused(s, &st, fx_normal(0, -1, 0, 3, 1), "slide with a forward move");
    must_pass(s, &st, fx_normal(0, -1, 0, 3, 0)); /* the same advance without the slide */
    free(s);
}

/* unit 0 at (20, 10), the enemy 8 MU ahead, a friend (unit 2) ahead and to
 * the right at (22.5, 13.5): a straight 3 MU advance would end overlapping it
 * by 0.5 MU; a 0.5 MU slide left clears it */
static fogn_scenario *scn_clear_friend(void)
{
    fogn_scenario *s = scn_ahead(8);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 22.5, 13.5, 90);
    return s;
}

static void test_s8_4_slide_case_b_to_clear_a_friend_near_enemy(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_clear_friend();
    fogn_state st;
    fx_state(s, &st, 0);
    expect_refused(s, &st, fx_normal(0, -1, 0, 3, 0), "no room"); /* ends overlapping it */
    fogn_move_plan plan = must_move(s, &st, fx_normal(0, -1, 0, 3, -0.5));
    assert_false(plan.complex);
    ASSERT_POSE(&st.u[0], 19.5, 13, 90);
    /* the slide clears the friend: this is not an interpenetration */
    assert_int_equal(plan.passes_through, -1);
    assert_int_equal(plan.slide_friend, -1);
    assert_false(st.u[2].flags & FOGN_UF_STATIONARY);
    ASSERT_POSE(&st.u[2], 22.5, 13.5, 90);
    free(s);
}

static void test_s8_4_slide_case_b_friend_that_has_moved(void **unused)
{
    (void)unused;
    /* the friend being cleared has already moved this phase: clearing it is
     * still allowed, since nothing passes through it */
    fogn_scenario *s = scn_clear_friend();
    fogn_state st;
    fx_state(s, &st, 0);
    st.u[2].flags |= FOGN_UF_MOVED;
    fogn_move_plan plan = must_pass(s, &st, fx_normal(0, -1, 0, 3, -0.5));
    assert_false(plan.complex);
    free(s);
}

static void test_s8_4_slide_case_b_may_not_start_within_2mu(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_clear_friend();
    /* a second enemy 1.5 MU off unit 0's left flank, facing it */
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 17, 8.875, 0);
    fogn_state st;
    fx_state(s, &st, 0);
    expect_refused(s, &st, fx_normal(0, -1, 0, 3, -0.5), "slide with a forward move");
    free(s);
}

static void test_s8_4_slide_as_only_move_is_complex(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan = must_move(s, &st, fx_normal(0, -1, 0, 0, 1));
    assert_true(plan.complex);
    ASSERT_HAS(plan.why_complex, "slide");
    ASSERT_POSE(&st.u[0], 21, 10, 90);
    st.u[0].flags &= (uint16_t)~FOGN_UF_MOVED;
    must_move(s, &st, fx_normal(0, -1, 0, 0, -1.5)); /* left, the full base width */
    ASSERT_POSE(&st.u[0], 19.5, 10, 90);
    free(s);
}

static void test_s8_4_slide_only_refused_within_2mu_of_enemy(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_right(1.5);
    fogn_state st;
    fx_state(s, &st, 0);
    /* even sliding away: the unit starts within 2 MU */
    expect_refused(s, &st, fx_normal(0, -1, 0, 0, -1), "more than 2 MU");
    s->units[1].x = 21.5 + 3;
    fx_state(s, &st, 0);
    must_pass(s, &st, fx_normal(0, -1, 0, 0, -1));
    /* ... but sliding 1.2 towards an enemy 3 MU away ends 1.8 MU from it */
    expect_refused(s, &st, fx_normal(0, -1, 0, 0, 1.2), "more than 2 MU");
    free(s);
}

static void test_s8_4_slide_only_not_for_wavering(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    s->units[0].start_cohesion = FOGN_WAVERING;
    fogn_state st;
    fx_state(s, &st, 0);
    expect_refused(s, &st, fx_normal(0, -1, 0, 0, 1), "Wavering");
    free(s);
}

static void test_s8_4_slide_over_one_base_width_refused(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    fogn_state st;
    fx_state(s, &st, 0);
    expect_refused(s, &st, fx_normal(0, -1, 0, 0, 1.6), "one base width");
    expect_refused(s, &st, fx_normal(0, -1, 0, 4, -1.6), "one base width");
    free(s);
}

/* --- §8.4 moves to the rear -------------------------------------------------------------- */

static void test_s8_4_rear_half_move_is_simple(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_state a = st;
    fogn_move_plan plan = must_move(s, &a, rear_move(0, 3, 0));
    assert_false(plan.complex);
    ASSERT_POSE(&a.u[0], 20, 7, 90);
    /* about-face at the start and again at the end: the same place, still facing forward */
    fogn_state b = st;
    plan = must_move(s, &b, rear_move(0, 3, 3));
    assert_false(plan.complex);
    ASSERT_POSE(&b.u[0], 20, 7, 90);
    /* about-face at the start only: ends faced to the rear, the new front
     * edge 3 MU behind the old rear edge (y = 7.75) */
    fogn_state c = st;
    plan = must_move(s, &c, rear_move(0, 3, 1));
    assert_false(plan.complex);
    ASSERT_POSE(&c.u[0], 20, 4.75, -90);
    free(s);
}

static void test_s8_4_rear_over_half_refused_for_tactical(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    fogn_state st;
    fx_state(s, &st, 0);
    expect_refused(s, &st, rear_move(0, 3.5, 0), "at most half a move");
    expect_refused(s, &st, rear_move(0, 4, 1), "at most half a move"); /* even faced about */
    free(s);
}

static void test_s8_4_about_face_full_move_column_is_complex(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, 20, 20, 90); /* 1.5 x 4.5, 6 MU */
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 50, 35, -90);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_state a = st;
    fogn_move_plan plan = must_move(s, &a, rear_move(0, 6, 1));
    assert_true(plan.complex);
    ASSERT_HAS(plan.why_complex, "about-face");
    /* the old rear edge (y = 15.5) became the front, then 6 MU on */
    ASSERT_POSE(&a.u[0], 20, 9.5, -90);
    /* the full move ending faced forward again is not allowed */
    expect_refused(s, &st, rear_move(0, 6, 3), "at most half a move");
    expect_refused(s, &st, rear_move(0, 6, 0), "at most half a move");
    free(s);
}

static void test_s8_4_about_face_full_move_extended_line_is_complex(void **unused)
{
    (void)unused;
    /* unreformed infantry in Extended Line: 4 MU, 6 MU wide, one rank deep */
    fogn_scenario *s = scn_far(FOGN_INF_UNREFORMED, FOGN_SMALL, FOGN_F_LINE);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan = must_move(s, &st, rear_move(0, 4, 1));
    assert_true(plan.complex);
    ASSERT_POSE(&st.u[0], 20, 10 - FOGN_BASE_DEPTH - 4, -90);
    free(s);
}

static void test_s8_4_skirmishers_full_rear_move_simple(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far(FOGN_INF_LIGHT, FOGN_SMALL, FOGN_F_SKIRMISH);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_state a = st;
    fogn_move_plan plan = must_move(s, &a, rear_move(0, 6, 0));
    assert_false(plan.complex);
    ASSERT_POSE(&a.u[0], 20, 4, 90);
    plan = must_pass(s, &st, rear_move(0, 6, 1));
    assert_false(plan.complex);
    expect_refused(s, &st, rear_move(0, 6.5, 0), "would move"); /* not for more than the allowance */
    free(s);
}

static void test_s8_4_about_face_keeps_the_footprint(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    fogn_state st;
    fx_state(s, &st, 0);
    gr_rect before = urect(s, &st, 0);
    fogn_move_plan plan = must_move(s, &st, turn_to(0, -90));
    assert_false(plan.complex);
    /* the new front edge is the old rear edge */
    ASSERT_POSE(&st.u[0], 20, 7.75, -90);
    gr_rect after = urect(s, &st, 0);
    ASSERT_VEC(gr_rect_corner(&after, GR_FL), gr_rect_corner(&before, GR_RR).x, gr_rect_corner(&before, GR_RR).y);
    ASSERT_VEC(gr_rect_corner(&after, GR_FR), gr_rect_corner(&before, GR_RL).x, gr_rect_corner(&before, GR_RL).y);
    ASSERT_VEC(gr_rect_corner(&after, GR_RR), gr_rect_corner(&before, GR_FL).x, gr_rect_corner(&before, GR_FL).y);
    /* a rear move of 0 MU with an about-face does the same */
    fogn_state b;
    fx_state(s, &b, 0);
    must_move(s, &b, rear_move(0, 0, 2));
    ASSERT_POSE(&b.u[0], 20, 7.75, -90);
    free(s);
}

/* --- §8.4 turning in place, §5.4, §23 #13 ------------------------------------------------ */

static void test_s8_4_turn_in_place_far_from_enemy_simple(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan = must_move(s, &st, turn_to(0, 0));
    assert_false(plan.complex);
    /* turned about its centre (20, 8.875) */
    ASSERT_POSE(&st.u[0], 20 + 1.125, 8.875, 0);
    expect_refused(s, &st, turn_to(0, 0), "already moved");
    free(s);
}

static void test_s23_13_turn_within_2mu_complex_unless_facing_that_enemy(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_right(1.5); /* enemy on the right flank, 1.5 MU */
    fogn_state st;
    fx_state(s, &st, 0);
    /* turning to face it: Simple */
    fogn_move_plan plan = must_pass(s, &st, turn_to(0, 0));
    assert_false(plan.complex);
    /* turning away from it: Complex */
    plan = must_pass(s, &st, turn_to(0, 180));
    assert_true(plan.complex);
    ASSERT_HAS(plan.why_complex, "within 2 MU");
    plan = must_pass(s, &st, turn_to(0, -90));
    assert_true(plan.complex);
    /* the same enemy at 2.5 MU: all Simple */
    s->units[1].x = 21.5 + 2.5;
    fx_state(s, &st, 0);
    plan = must_pass(s, &st, turn_to(0, 180));
    assert_false(plan.complex);
    free(s);
}

static void test_s5_4_unlimbered_artillery_turning_is_complex(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far(FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan = must_pass(s, &st, turn_to(0, 45));
    assert_true(plan.complex);
    ASSERT_HAS(plan.why_complex, "unlimbered artillery");
    expect_refused(s, &st, fx_normal(0, -1, 0, 1, 0), "prolong");
    free(s);
}

static void test_s5_4_wavering_turn_is_complex(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    s->units[0].start_cohesion = FOGN_WAVERING;
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan = must_pass(s, &st, turn_to(0, 0));
    assert_true(plan.complex);
    ASSERT_HAS(plan.why_complex, "Wavering");
    free(s);
}

/* --- §8.4 skirmishers' free move ------------------------------------------------------------ */

static void test_s8_4_skirmisher_free_move_half_allowance(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far(FOGN_INF_LIGHT, FOGN_SMALL, FOGN_F_SKIRMISH);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_state a = st;
    fogn_move_plan plan = must_move(s, &a, free_move(0, 2, 1, 90)); /* sqrt 5 = 2.24 <= 3 */
    assert_false(plan.complex);
    ASSERT_POSE(&a.u[0], 22, 11, 90);
    /* sideways and backwards too, turning to a new facing about the centre */
    fogn_state b = st;
    must_move(s, &b, free_move(0, -3, 0, 0));
    ASSERT_POSE(&b.u[0], 17 + 1.125, 8.875, 0);
    expect_refused(s, &st, free_move(0, 3, 0.5, 90), "would move");
    free(s);
}

static void test_s8_4_free_move_stays_over_2mu_from_enemy(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_right(4.5);
    s->units[0].troop = FOGN_INF_LIGHT;
    s->units[0].start_formation = FOGN_F_SKIRMISH;
    fogn_state st;
    fx_state(s, &st, 0);
    must_pass(s, &st, free_move(0, 2, 0, 90));                          /* ends 2.5 MU off */
    expect_refused(s, &st, free_move(0, 2.6, 0, 90), "more than 2 MU"); /* 1.9 MU */
    free(s);
}

static void test_s8_4_free_move_refused_for_formed_troops(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    fogn_state st;
    fx_state(s, &st, 0);
    expect_refused(s, &st, free_move(0, 1, 0, 90), "only skirmish");
    free(s);
}

/* --- table edge, contact ------------------------------------------------------------------------ */

static void test_s8_table_edge_move_off_refused(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 36, 90); /* front 1.5 MU from the edge */
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 50, 35, -90);
    fogn_state st;
    fx_state(s, &st, 0);
    must_pass(s, &st, fx_normal(0, -1, 0, 1.5, 0));
    expect_refused(s, &st, fx_normal(0, -1, 0, 2, 0), "leave the table");
    s->units[0].x = 1.5; /* left flank on the west edge */
    s->units[0].y = 20;
    fx_state(s, &st, 0);
    expect_refused(s, &st, fx_normal(0, -1, 0, 0, -0.5), "leave the table");
    free(s);
}

static void test_s8_no_contact_with_enemy(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_ahead(4);
    fogn_state st;
    fx_state(s, &st, 0);
    must_pass(s, &st, fx_normal(0, -1, 0, 3.9, 0));
    expect_refused(s, &st, fx_normal(0, -1, 0, 4, 0), "touch an enemy");
    expect_refused(s, &st, fx_normal(0, -1, 0, 6, 0), "touch an enemy"); /* through it */
    free(s);
}

static void test_s8_7_end_on_friend_seen_whatever_the_swept_hull(void **unused)
{
    (void)unused;
    /* A pose from a random game: a large March Column (1.5 x 6.75) heading
     * -88.42 degrees, advancing 5.0625 MU, for which gr_convex_hull returns a
     * hull of half the swept area (geom.c, reported). The friend standing
     * where the column ends must still be seen (§8.7: no ending on a friend
     * without room). */
    fogn_scenario *s = fx_scenario();
    int col = fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_COLUMN, 14.565530930063733, 7.3728014209154731, 0);
    s->units[col].heading = -1.543258916653147;
    int fr = fx_unit(s, 0, FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_TACTICAL, 15.582, 3.363, 99.1);
    s->units[fr].division = 0;
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 45, 35, -90);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    int rc = fx_check(s, &st, fx_normal(col, -1, 0, 5.0625, 0), &plan, &err);
    if (rc == 0) {
        gr_rect a = urect(s, &st, fr), b = fogn_unit_rect(&s->units[col], &plan.after);
        assert_false(gr_rect_overlap(&a, &b, 1e-6)); /* accepted only if it really ends clear */
    } else {
        ASSERT_HAS(err.msg, "no room");
    }
    free(s);
}

/* --- §8.9 cohesion ---------------------------------------------------------------------------- */

static void test_s8_9_wavering_keeps_6mu_away(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_ahead(8);
    s->units[0].start_cohesion = FOGN_WAVERING;
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan = must_pass(s, &st, fx_normal(0, -1, 0, 2, 0)); /* ends 6 MU off */
    assert_false(plan.complex);                                         /* forward moves stay Simple */
    expect_refused(s, &st, fx_normal(0, -1, 0, 2.5, 0), "Wavering");
    free(s);
}

static void test_s8_9_wavering_no_closer_to_enemy_already_within_6mu(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_ahead(5);
    s->units[0].start_cohesion = FOGN_WAVERING;
    fogn_state st;
    fx_state(s, &st, 0);
    expect_refused(s, &st, fx_normal(0, -1, 0, 0.5, 0), "nor closer");
    must_pass(s, &st, rear_move(0, 2, 0)); /* going away is fine */
    free(s);
}

static void test_s8_9_disordered_advance_to_within_2mu_is_complex(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_ahead(4);
    s->units[0].start_cohesion = FOGN_DISORDERED;
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan = must_pass(s, &st, fx_normal(0, -1, 0, 1.5, 0)); /* ends 2.5 MU off */
    assert_false(plan.complex);
    plan = must_pass(s, &st, fx_normal(0, -1, 0, 2.5, 0)); /* ends 1.5 MU off */
    assert_true(plan.complex);
    ASSERT_HAS(plan.why_complex, "Disordered");
    /* a Steady unit doing the same: Simple */
    st.u[0].cohesion = FOGN_STEADY;
    plan = must_pass(s, &st, fx_normal(0, -1, 0, 2.5, 0));
    assert_false(plan.complex);
    free(s);
}

/* --- §8.2 who may move -------------------------------------------------------------------------- */

static void test_s8_2_units_that_may_not_move(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    fogn_state st, base;
    fx_state(s, &base, 0);
    fogn_move m = fx_normal(0, -1, 0, 2, 0);
    st = base;
    st.u[0].flags |= FOGN_UF_NO_MOVE; /* assaulted, arrived or made an outcome move */
    expect_refused(s, &st, m, "§8.2");
    st = base;
    st.u[0].flags |= FOGN_UF_IN_COMBAT;
    expect_refused(s, &st, m, "in combat");
    st = base;
    st.u[0].cohesion = FOGN_BROKEN;
    expect_refused(s, &st, m, "Broken");
    st = base;
    st.u[0].flags |= FOGN_UF_MOVED;
    expect_refused(s, &st, m, "already moved");
    /* the other side's unit during side 0's move */
    expect_refused(s, &base, fx_normal(1, -1, 0, 2, 0), "side not moving");
    /* the same unit, otherwise fine */
    must_pass(s, &base, m);
    free(s);
}

/* --- §8.10 second move --------------------------------------------------------------------------- */

static fogn_move second(fogn_move m)
{
    m.second = 1;
    return m;
}

static void test_s8_10_second_move_is_complex(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    fogn_state st;
    fx_state(s, &st, 0);
    must_move(s, &st, fx_normal(0, -1, 0, 4, 0));
    fogn_move_plan plan = must_move(s, &st, second(fx_normal(0, -1, 0, 4, 0)));
    assert_true(plan.complex);
    ASSERT_HAS(plan.why_complex, "second move");
    ASSERT_POSE(&st.u[0], 20, 18, 90);
    assert_true(st.u[0].flags & FOGN_UF_SECOND_DONE);
    expect_refused(s, &st, second(fx_normal(0, -1, 0, 1, 0)), "has made its second move");
    free(s);
}

static void test_s8_10_second_move_keeps_over_6mu_from_enemy(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_ahead(10);
    fogn_state st;
    fx_state(s, &st, 0);
    st.u[0].flags |= FOGN_UF_MOVED;
    must_pass(s, &st, second(fx_normal(0, -1, 0, 3.5, 0)));                 /* 6.5 MU off at the end */
    expect_refused(s, &st, second(fx_normal(0, -1, 0, 4.5, 0)), "6 MU");   /* 5.5 */
    /* starting within 6 MU: not even backwards */
    s->units[1].y = 15.5;
    fx_state(s, &st, 0);
    st.u[0].flags |= FOGN_UF_MOVED;
    expect_refused(s, &st, second(rear_move(0, 1, 0)), "6 MU");
    free(s);
}

static void test_s8_10_no_second_move_when_wavering_or_after_failed_cmt(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    fogn_state st, base;
    fx_state(s, &base, 0);
    base.u[0].flags |= FOGN_UF_MOVED;
    st = base;
    st.u[0].cohesion = FOGN_WAVERING;
    expect_refused(s, &st, second(fx_normal(0, -1, 0, 2, 0)), "Wavering");
    st = base;
    st.u[0].flags |= FOGN_UF_CMT_FAILED;
    expect_refused(s, &st, second(fx_normal(0, -1, 0, 2, 0)), "failed a complex move test");
    must_pass(s, &base, second(fx_normal(0, -1, 0, 2, 0)));
    free(s);
}

/* --- the same check whether or not its reasons are asked --------------------------------- */

/* A caller that reads no reason (the halving search for the longest legal
 * move) has the friends in the way checked before the enemies, which cost
 * more: the verdict and the plan must be those of the check in the order
 * the reasons are given. Random normal moves of a unit, Disordered one time
 * in two (advancing near the enemy is then complex), among friends of its
 * own and of another command (passing through those is complex too) and an
 * enemy: the same verdict, and on a legal move the same plan, the first
 * reason for its being complex included */
static void test_s8_7_the_check_is_the_same_with_or_without_reasons(void **state)
{
    (void)state;
    gr_rng rng;
    gr_rng_seed(&rng, 87, 3);
    int legal = 0, by_friends = 0, complex_both = 0;
    for (int n = 0; n < 12000; n++) {
        fogn_scenario *s = fx_scenario();
        double h = 60 + gr_rng_unit(&rng) * 60;
        fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 14, h);
        for (int f = 0; f < 3; f++) {
            int i = fx_unit(s, 0, f == 2 ? FOGN_ART_FOOT : FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL,
                            26 + gr_rng_unit(&rng) * 8, 15 + gr_rng_unit(&rng) * 3, 60 + gr_rng_unit(&rng) * 60);
            if (gr_rng_below(&rng, 2)) s->units[i].division = 3;
        }
        fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 27 + gr_rng_unit(&rng) * 6,
                19.5 + gr_rng_unit(&rng) * 3, 270);
        fogn_state st;
        fx_state(s, &st, 0);
        if (gr_rng_below(&rng, 2) == 0) st.u[0].cohesion = FOGN_DISORDERED;
        int pv = (int)gr_rng_below(&rng, 3) - 1;
        fogn_move m = fx_normal(0, pv, pv < 0 ? 0 : (pv == GR_FL ? 1 : -1) * gr_rng_unit(&rng) * 30,
                                gr_rng_unit(&rng) * 6, gr_rng_below(&rng, 4) == 0 ? gr_rng_unit(&rng) * 2 - 1 : 0);
        fogn_move_plan p1, p2;
        gr_error err;
        int k1 = fx_check(s, &st, m, &p1, &err), k2 = fogn_move_check(s, &st, &m, &p2, NULL);
        if (k1 != k2) fail_msg("case %d: %d with its reasons (%s), %d without", n, k1, err.msg, k2);
        if (k1 == 0) {
            if (p1.complex != p2.complex || strcmp(p1.why_complex, p2.why_complex) || p1.allowance != p2.allowance ||
                p1.worst != p2.worst || p1.passes_through != p2.passes_through || p1.slide_friend != p2.slide_friend ||
                p1.friend_dx != p2.friend_dx || p1.friend_dy != p2.friend_dy || p1.after.x != p2.after.x ||
                p1.after.y != p2.after.y || p1.after.heading != p2.after.heading)
                fail_msg("case %d: the plans differ (complex: \"%s\" and \"%s\")", n, p1.why_complex, p2.why_complex);
            legal++;
            /* both checks found it complex: through another command's friend, and Disordered near the enemy */
            complex_both += p1.passes_through >= 0 && s->units[p1.passes_through].division != s->units[0].division &&
                            strstr(p1.why_complex, "Disordered") != NULL;
        } else {
            by_friends += strstr(err.msg, "pass through") || strstr(err.msg, "on top of") || strstr(err.msg, "no room");
        }
        free(s);
    }
    assert_true(legal > 400);
    assert_true(by_friends > 1000);
    assert_true(complex_both > 15);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s8_4_straight_advance_exact_end_pose),
        cmocka_unit_test(test_s8_4_advance_over_allowance_refused),
        cmocka_unit_test(test_s8_4_normal_move_goes_forward_only),
        cmocka_unit_test(test_s8_4_forward_wheel_about_front_left),
        cmocka_unit_test(test_s8_4_forward_wheel_about_front_right_then_advance),
        cmocka_unit_test(test_s8_4_advance_order_wheels_toward_target),
        cmocka_unit_test(test_s8_4_wheel_direction_errors),
        cmocka_unit_test(test_s8_4_wheel_over_90_degrees_refused),
        cmocka_unit_test(test_s8_4_tries_end_only_on_a_refusal_every_distance_shares),
        cmocka_unit_test(test_s8_nearest_enemy_within_a_cap),
        cmocka_unit_test(test_s23_42_outer_corner_arc_at_most_half_allowance),
        cmocka_unit_test(test_s8_4_backward_wheel_about_rear_corner),
        cmocka_unit_test(test_s8_4_slide_case_a_with_3mu_advance_far_from_enemy),
        cmocka_unit_test(test_s8_4_slide_with_short_advance_far_from_enemy_refused),
        cmocka_unit_test(test_s8_4_slide_case_a_needs_6mu_from_enemy),
        cmocka_unit_test(test_s8_4_slide_case_b_to_clear_a_friend_near_enemy),
        cmocka_unit_test(test_s8_4_slide_case_b_friend_that_has_moved),
        cmocka_unit_test(test_s8_4_slide_case_b_may_not_start_within_2mu),
        cmocka_unit_test(test_s8_4_slide_as_only_move_is_complex),
        cmocka_unit_test(test_s8_4_slide_only_refused_within_2mu_of_enemy),
        cmocka_unit_test(test_s8_4_slide_only_not_for_wavering),
        cmocka_unit_test(test_s8_4_slide_over_one_base_width_refused),
        cmocka_unit_test(test_s8_4_rear_half_move_is_simple),
        cmocka_unit_test(test_s8_4_rear_over_half_refused_for_tactical),
        cmocka_unit_test(test_s8_4_about_face_full_move_column_is_complex),
        cmocka_unit_test(test_s8_4_about_face_full_move_extended_line_is_complex),
        cmocka_unit_test(test_s8_4_skirmishers_full_rear_move_simple),
        cmocka_unit_test(test_s8_4_about_face_keeps_the_footprint),
        cmocka_unit_test(test_s8_4_turn_in_place_far_from_enemy_simple),
        cmocka_unit_test(test_s23_13_turn_within_2mu_complex_unless_facing_that_enemy),
        cmocka_unit_test(test_s5_4_unlimbered_artillery_turning_is_complex),
        cmocka_unit_test(test_s5_4_wavering_turn_is_complex),
        cmocka_unit_test(test_s8_4_skirmisher_free_move_half_allowance),
        cmocka_unit_test(test_s8_4_free_move_stays_over_2mu_from_enemy),
        cmocka_unit_test(test_s8_4_free_move_refused_for_formed_troops),
        cmocka_unit_test(test_s8_table_edge_move_off_refused),
        cmocka_unit_test(test_s8_no_contact_with_enemy),
        cmocka_unit_test(test_s8_7_end_on_friend_seen_whatever_the_swept_hull),
        cmocka_unit_test(test_s8_9_wavering_keeps_6mu_away),
        cmocka_unit_test(test_s8_9_wavering_no_closer_to_enemy_already_within_6mu),
        cmocka_unit_test(test_s8_9_disordered_advance_to_within_2mu_is_complex),
        cmocka_unit_test(test_s8_2_units_that_may_not_move),
        cmocka_unit_test(test_s8_10_second_move_is_complex),
        cmocka_unit_test(test_s8_10_second_move_keeps_over_6mu_from_enemy),
        cmocka_unit_test(test_s8_10_no_second_move_when_wavering_or_after_failed_cmt),
        cmocka_unit_test(test_s8_7_the_check_is_the_same_with_or_without_reasons),
        cmocka_unit_test(test_s8_7_tries_agree_with_the_check_past_a_friend_in_the_way),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
