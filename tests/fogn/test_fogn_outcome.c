/* test_fogn_outcome.c - rule tests for forced moves: retires and evades
 * (§9.11, §6.8), "retire to 3 MU" (§7.9) and removing destroyed units.
 *
 * Each test builds a position by hand (tests/fogn_fixture.h for the
 * scenario; the state is set up here directly, no turn machine), asks
 * engine/fogn/outcome.h for one forced move and checks where the unit ends
 * (to 1e-6 MU), which way it faces, and exactly which friends it burst
 * through, passed or stopped against. No dice are involved: the caller rolls
 * the distance, so each test simply names it.
 *
 * Geometry reminders: heading h faces (cos h, sin h); a pose is the front-edge
 * centre; a small Tactical unit is 3 MU wide and 2.25 MU deep, a large one
 * 4.5 wide. A unit at (20, 20) facing 90 degrees covers x 18.5-21.5,
 * y 17.75-20; retiring south it first faces about (front edge y = 17.75). */
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

/* --- positions ------------------------------------------------------------------------------ */

/* the state straight from the scenario: every unit on the table in its start
 * pose, formation and cohesion; commanders where placed */
/* the opening position as set up, the phase under test open, no step run */
static void mk_state(const fogn_scenario *s, fogn_state *st)
{
    fogn_state_setup(s, st);
    st->turn.phase = FOGN_PH_COMBAT;
}

/* unit 0: small reformed infantry in Tactical at (20, 20) facing up the table */
static fogn_scenario *scn_one(void)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 20, 90);
    return s;
}

static fogn_retire_opts opts(double dist, double dx, double dy)
{
    fogn_retire_opts o;
    memset(&o, 0, sizeof o);
    o.dist = dist;
    o.dir = gr_v2(dx, dy);
    o.end_formation = -1;
    return o;
}

static fogn_retire_result must_retire(const fogn_scenario *s, fogn_state *st, int unit, fogn_retire_opts o)
{
    fogn_retire_result r;
    gr_error err;
    gr_error_clear(&err);
    if (fogn_retire(s, st, unit, &o, &r, &err)) fail_msg("retire refused: %s", err.msg);
    return r;
}

/* --- direction (§9.11) -------------------------------------------------------------------------- */

static void test_s9_11_direction_away_from_contact_and_bisector(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 20, 90);
    int a = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 20, -90);   /* on its front */
    int b = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 28.5, 18.5, 0); /* on its left flank */
    int far = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 50, 20, 180);
    fogn_state st;
    mk_state(s, &st);
    int e1[1] = {a};
    gr_vec2 d = fogn_retire_dir(s, &st, 0, e1, 1);
    ASSERT_NEAR(d.x, 0, 1e-12);
    ASSERT_NEAR(d.y, -1, 1e-12);
    /* front and left flank: along the bisector of straight back and to the right */
    int e2[2] = {a, b};
    d = fogn_retire_dir(s, &st, 0, e2, 2);
    ASSERT_NEAR(d.x, sqrt(0.5), 1e-12);
    ASSERT_NEAR(d.y, -sqrt(0.5), 1e-12);
    assert_false(fogn_retire_pinned(s, &st, 0));
    /* an enemy not in contact: from its centre through the unit's centre
     * (centres (51.125, 20) and (30, 18.875)) */
    int e3[1] = {far};
    d = fogn_retire_dir(s, &st, 0, e3, 1);
    double lx = 30 - 51.125, ly = 18.875 - 20, l = hypot(lx, ly);
    ASSERT_NEAR(d.x, lx / l, 1e-12);
    ASSERT_NEAR(d.y, ly / l, 1e-12);
    free(s);
}

static void test_s9_11_front_and_rear_contact_pins_the_unit(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 20, 90);
    int a = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 20, -90);
    int c = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 17.75, 90); /* on its rear */
    fogn_state st;
    mk_state(s, &st);
    assert_true(fogn_retire_pinned(s, &st, 0));
    int e[2] = {a, c};
    gr_vec2 d = fogn_retire_dir(s, &st, 0, e, 2);
    ASSERT_NEAR(d.x, 0, 1e-12);
    ASSERT_NEAR(d.y, 0, 1e-12);
    free(s);
}

/* --- distance and end facing (§9.11) -------------------------------------------------------- */

static void test_s9_11_full_move_ends_facing_travel(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_one();
    int e = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 20, -90); /* in front contact */
    fogn_state st;
    mk_state(s, &st);
    int en[1] = {e};
    fogn_retire_opts o = opts(6, 0, 0);
    o.dir = fogn_retire_dir(s, &st, 0, en, 1);
    fogn_retire_result r = must_retire(s, &st, 0, o);
    assert_int_equal(r.stop, FOGN_OS_COMPLETE);
    assert_true(r.turned);
    assert_true(r.faces_travel); /* 6 MU >= its 6 MU move in the open */
    ASSERT_NEAR(r.covered, 6, 1e-9);
    ASSERT_NEAR(r.allowance, 6, 1e-12);
    ASSERT_POSE(&st.u[0], 20, 11.75, -90);
    assert_int_equal(r.nburst, 0);
    assert_int_equal(r.ncontact, 0);
    assert_int_equal(r.stopped_by, -1);
    assert_true(st.u[0].flags & FOGN_UF_NO_MOVE);
    assert_true(fogn_unit_alive(&st.u[0]));
    free(s);
}

static void test_s9_11_short_move_ends_facing_back(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_one();
    fogn_state st;
    mk_state(s, &st);
    /* 5 MU < 6: it ends facing where it came from, as if it had backed off */
    fogn_retire_result r = must_retire(s, &st, 0, opts(5, 0, -1));
    assert_false(r.faces_travel);
    ASSERT_POSE(&st.u[0], 20, 15, 90);
    /* unreformed infantry moves 4 in Tactical: 5 MU is a full move */
    s->units[0].troop = FOGN_INF_UNREFORMED;
    mk_state(s, &st);
    r = must_retire(s, &st, 0, opts(5, 0, -1));
    assert_true(r.faces_travel);
    ASSERT_NEAR(r.allowance, 4, 1e-12);
    ASSERT_POSE(&st.u[0], 20, 12.75, -90);
    free(s);
}

static void test_s9_11_difficult_ground_counts_double(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_one();
    /* a dense wood whose edge is 4 MU behind the unit's rear (y 17.75) */
    fx_area(s, GR_T_DENSE_WOOD, 0, 0, 0, 60, 13.75);
    fogn_state st;
    mk_state(s, &st);
    /* the book's example: 6 MU with difficult ground 4 MU away goes 4 + 2/2 = 5 */
    fogn_retire_result r = must_retire(s, &st, 0, opts(6, 0, -1));
    ASSERT_NEAR(r.covered, 5, POS_TOL);
    ASSERT_NEAR(r.counted, 6, POS_TOL);
    ASSERT_NEAR(r.allowance, 2, 1e-12); /* reformed Tactical in difficult ground */
    assert_true(r.faces_travel);
    ASSERT_POSE(&st.u[0], 20, 12.75, -90);
    free(s);
}

static void test_s9_11_rotated_unit_retires_straight_back(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 20, 45);
    int e = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 20, 225);
    fogn_state st;
    mk_state(s, &st);
    int en[1] = {e};
    fogn_retire_opts o = opts(6, 0, 0);
    o.dir = fogn_retire_dir(s, &st, 0, en, 1);
    ASSERT_NEAR(o.dir.x, -sqrt(0.5), 1e-12);
    ASSERT_NEAR(o.dir.y, -sqrt(0.5), 1e-12);
    fogn_retire_result r = must_retire(s, &st, 0, o);
    assert_true(r.faces_travel);
    /* faced about (front edge 2.25 MU back) and 6 MU on: 8.25 MU along -(cos 45, sin 45) */
    double k = 8.25 * sqrt(0.5);
    ASSERT_POSE(&st.u[0], 30 - k, 20 - k, -135);
    assert_int_equal(r.ncontact, 0);
    free(s);
}

static void test_s6_8_caught_evader_keeps_its_facing(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_one();
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_opts o = opts(4, 0, -1);
    o.keep_facing = 1;
    fogn_retire_result r = must_retire(s, &st, 0, o);
    assert_false(r.turned);
    ASSERT_POSE(&st.u[0], 20, 16, 90);
    ASSERT_NEAR(r.covered, 4, 1e-9);
    free(s);
}

/* --- obstructions: slides (§9.11) ------------------------------------------------------------ */

static void test_s9_11_slides_past_a_friend_by_the_least_offset(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_one();
    /* a friend 2.75 MU behind, overlapping the path by 1 MU on the east side */
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 22, 15, 90);
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_result r = must_retire(s, &st, 0, opts(6, 0, -1));
    ASSERT_NEAR(r.slide, 1.0, 1e-9); /* to the right of travel: west */
    assert_int_equal(r.nburst, 0);
    assert_int_equal(r.stopped_by, -1);
    assert_int_equal(r.stop, FOGN_OS_COMPLETE);
    ASSERT_NEAR(r.covered, 6, 1e-9); /* the slide is not counted */
    ASSERT_POSE(&st.u[0], 19, 11.75, -90);
    free(s);
}

static void test_s9_11_slide_refused_when_it_would_not_finish_clear(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_one();
    /* the friend of the slide test, and an enemy in the way of every slide to
     * the west (x 15-18, y 10.25-12.5): no slide lets it finish without
     * contact, so it bursts straight through the friend */
    int f = fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 22, 15, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 16.5, 12.5, 90);
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_result r = must_retire(s, &st, 0, opts(6, 0, -1));
    ASSERT_NEAR(r.slide, 0, 1e-12);
    assert_int_equal(r.nburst, 1);
    assert_int_equal(r.burst[0], f);
    assert_int_equal(r.ncontact, 0);
    ASSERT_POSE(&st.u[0], 20, 10.5, -90);
    free(s);
}

static void test_s9_11_gap_must_be_two_base_widths(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    /* a March Column (1.5 MU wide, 4.5 deep) retiring south toward two
     * friends 1.5 MU behind it with a 3 MU gap at x 19.5-22.5 */
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, 20, 20, 90);
    int l = fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 18, 14, 90);
    int rgt = fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 24, 14, 90);
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_result r = must_retire(s, &st, 0, opts(6, 0, -1));
    ASSERT_NEAR(r.slide, -1.0, 1e-9); /* 1 MU east, into the gap */
    assert_int_equal(r.nburst, 0);
    ASSERT_POSE(&st.u[0], 21, 9.5, -90);
    /* a 2.5 MU gap would fit the column but is narrower than 2 BW: it bursts
     * through the friend its straight path meets instead */
    s->units[rgt].x = 23.5;
    mk_state(s, &st);
    r = must_retire(s, &st, 0, opts(6, 0, -1));
    ASSERT_NEAR(r.slide, 0, 1e-12);
    assert_int_equal(r.nburst, 1);
    assert_int_equal(r.burst[0], l);
    ASSERT_POSE(&st.u[0], 20, 7.25, -90);
    free(s);
}

static void test_s9_11_far_obstruction_allows_two_bw_toward_home(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    /* facing west, retiring east; a friendly March Column (1.5 MU wide) across
     * its path 4.75 MU on: too far for 1 BW, so up to 2 BW; 2.25 MU clears it
     * on either side, and the tie goes toward its own (south) base edge */
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 20, 180);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, 31.5, 20, 0);
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_result r = must_retire(s, &st, 0, opts(10, 1, 0));
    ASSERT_NEAR(r.slide, 2.25, 1e-9);
    assert_int_equal(r.stop, FOGN_OS_COMPLETE);
    assert_int_equal(r.stopped_by, -1);
    ASSERT_POSE(&st.u[0], 32.25, 17.75, 0);
    free(s);
}

static void test_s9_11_stops_1mu_short_of_a_column_it_cannot_pass(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    /* the same column only 2.75 MU on: 1 BW is not enough and a March Column
     * cannot be burst through (§8.7): it halts 1 MU short, and the column tests */
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 20, 180);
    int col = fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, 29.5, 20, 0);
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_result r = must_retire(s, &st, 0, opts(6, 1, 0));
    assert_int_equal(r.stop, FOGN_OS_FRIEND);
    assert_int_equal(r.stopped_by, col);
    assert_int_equal(r.nburst, 0);
    ASSERT_NEAR(r.covered, 1.75, 1e-9);
    assert_false(r.faces_travel);
    ASSERT_POSE(&st.u[0], 21.75, 20, 180);
    free(s);
}

/* Ruling (settle): a forced move never ends on top of another unit; failing
 * every place back along its path, the unit stays as it stood. A line kinked
 * 90 degrees (its right half bent straight back) stands beside a friend that
 * its straightened footprint would cover; a column behind stops its retire
 * at once: it stays, bent as it was, clear of both */
static void test_s9_11_a_kinked_line_that_cannot_settle_stays_bent(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_UNREFORMED, FOGN_SMALL, FOGN_F_LINE, 20, 10, 90);
    int f = fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 22, 10.5, 90); /* x 20.5..23.5 */
    int col = fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, 18, 6.9, 90); /* y 2.4..6.9 */
    fogn_state st;
    mk_state(s, &st);
    st.u[0].kink = -90 * FX_DEG;
    gr_rect mine[2], fr = fogn_unit_rect(&s->units[f], &st.u[f]), cr = fogn_unit_rect(&s->units[col], &st.u[col]);
    assert_int_equal(fogn_unit_rects(&s->units[0], &st.u[0], mine), 2);
    for (int k = 0; k < 2; k++) assert_false(gr_rect_overlap(&mine[k], &fr, 1e-6) || gr_rect_overlap(&mine[k], &cr, 1e-6));
    gr_rect straight = fogn_unit_rect(&s->units[0], &st.u[0]);
    assert_true(gr_rect_overlap(&straight, &fr, 1e-6)); /* straightened, it would stand on the friend */
    fogn_retire_result r = must_retire(s, &st, 0, opts(3, 0, -1));
    assert_int_equal(r.stop, FOGN_OS_FRIEND);
    ASSERT_NEAR(st.u[0].kink, -90 * FX_DEG, 1e-12);
    ASSERT_POSE(&st.u[0], 20, 10, 90);
    assert_int_equal(fogn_unit_rects(&s->units[0], &st.u[0], mine), 2);
    for (int k = 0; k < 2; k++) assert_false(gr_rect_overlap(&mine[k], &fr, 1e-6) || gr_rect_overlap(&mine[k], &cr, 1e-6));
    free(s);
}

static void test_s9_11_large_unit_forms_deep_to_enter_a_gap(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_TACTICAL, 20, 20, 90); /* x 17.75-22.25 */
    /* two friends 3.75 MU behind leaving a 3.5 MU gap (x 18.25-21.75) */
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 16.75, 14, 90);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 23.25, 14, 90);
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_result r = must_retire(s, &st, 0, opts(6, 0, -1));
    assert_true(r.narrowed);
    assert_int_equal(st.u[0].formation, FOGN_F_DEEP);
    assert_int_equal(r.nburst, 0);
    /* Deep (3 wide, 3.375 deep) about the same centre (20, 18.875): front at
     * 17.1875 facing south, then 6 MU */
    ASSERT_POSE(&st.u[0], 20, 11.1875, -90);
    free(s);
}

static void test_s9_11_broken_unit_pivots_to_line_up_with_a_gap(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 25, 90);
    s->units[0].start_cohesion = FOGN_BROKEN;
    /* a channel between two lakes, slanting 19.1 degrees off straight back:
     * exactly the heading after swinging the right-hand corner 1 MU (the second
     * pivot step, about the front-left corner of the faced-about unit) */
    gr_rect u0 = gr_rect_make(gr_v2(30, 25), 90 * FX_DEG, 3, 2.25);
    gr_rect turned = fogn_rect_turn_centre(&u0, -90 * FX_DEG);
    double th = (FOGN_OUT_PIVOT_MAX * 2 / FOGN_OUT_PIVOT_STEPS) / 3.0;
    gr_rect rp = gr_rect_wheel(&turned, GR_FL, th);
    gr_vec2 f = gr_rect_fwd(&rp), rt = gr_rect_right(&rp);
    for (int side = -1; side <= 1; side += 2) {
        double xy[8];
        double lat[2] = {side * 1.6, side * 3.5}, along[2] = {1, 14};
        int k = 0;
        double order[4][2] = {{along[0], lat[0]}, {along[1], lat[0]}, {along[1], lat[1]}, {along[0], lat[1]}};
        for (int i = 0; i < 4; i++) {
            gr_vec2 pt = gr_v2_add(rp.fc, gr_v2_add(gr_v2_scale(f, order[i][0]), gr_v2_scale(rt, order[i][1])));
            xy[k++] = pt.x;
            xy[k++] = pt.y;
        }
        fx_poly(s, GR_T_LAKE, 0, 4, xy);
    }
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_result r = must_retire(s, &st, 0, opts(6, 0, -1));
    assert_true(r.pivoted);
    assert_int_equal(r.stop, FOGN_OS_COMPLETE);
    ASSERT_NEAR(r.slide, 0, 1e-12);
    ASSERT_NEAR(r.covered, 6, 1e-9); /* the pivot is free */
    gr_rect end = gr_rect_advance(&rp, 6, 0);
    ASSERT_NEAR(st.u[0].x, end.fc.x, POS_TOL);
    ASSERT_NEAR(st.u[0].y, end.fc.y, POS_TOL);
    ASSERT_NEAR(gr_angle_diff(st.u[0].heading, -90 * FX_DEG + th), 0, POS_TOL);
    /* the same unit when not Broken cannot pivot: it halts short of the lakes */
    s->units[0].start_cohesion = FOGN_WAVERING;
    mk_state(s, &st);
    r = must_retire(s, &st, 0, opts(6, 0, -1));
    assert_false(r.pivoted);
    assert_int_equal(r.stop, FOGN_OS_TERRAIN);
    free(s);
}

/* --- bursting through friends, free passage (§9.11, §8.7) ------------------------------------ */

static void test_s9_11_bursts_through_friends_in_path_order(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_one();
    int f1 = fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 15, 90); /* y 12.75-15 */
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_result r = must_retire(s, &st, 0, opts(6, 0, -1));
    assert_int_equal(r.nburst, 1);
    assert_int_equal(r.burst[0], f1);
    /* it goes on until clear of the friend: front edge 2.25 past its rear */
    ASSERT_NEAR(r.covered, 7.25, 1e-9);
    ASSERT_NEAR(r.counted, 6, 1e-9);
    ASSERT_POSE(&st.u[0], 20, 10.5, -90);

    /* a second friend just behind the first: through both */
    int f2 = fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 11, 90); /* y 8.75-11 */
    mk_state(s, &st);
    r = must_retire(s, &st, 0, opts(6, 0, -1));
    assert_int_equal(r.nburst, 2);
    assert_int_equal(r.burst[0], f1);
    assert_int_equal(r.burst[1], f2);
    assert_int_equal(r.stopped_by, -1);
    ASSERT_POSE(&st.u[0], 20, 6.5, -90);
    free(s);
}

static void test_s9_11_artillery_is_passed_freely(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_one();
    int art = fx_unit(s, 0, FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED, 20, 15, 90); /* y 13.5-15 */
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_result r = must_retire(s, &st, 0, opts(6, 0, -1));
    assert_int_equal(r.nburst, 0); /* no slide tried, no test */
    ASSERT_NEAR(r.slide, 0, 1e-12);
    assert_int_equal(r.npassed, 1);
    assert_int_equal(r.passed[0], art);
    /* 6 MU would leave it on the guns: it goes on until clear (rear at 13.5) */
    ASSERT_POSE(&st.u[0], 20, 11.25, -90);
    free(s);
}

/* --- enemies, terrain, obstacles (§9.11) -------------------------------------------------------- */

static void test_s9_11_halts_1mu_short_of_an_enemy(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_one();
    int e = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 15, 90); /* y 12.75-15 */
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_result r = must_retire(s, &st, 0, opts(6, 0, -1));
    assert_int_equal(r.stop, FOGN_OS_ENEMY);
    assert_int_equal(r.blocker, e);
    ASSERT_NEAR(r.covered, 1.75, 1e-9);
    assert_int_equal(r.ncontact, 0);
    ASSERT_POSE(&st.u[0], 20, 18.25, 90);
    free(s);
}

static void test_s9_11_halts_1mu_short_of_impassable_ground(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_one();
    int lake = fx_area(s, GR_T_LAKE, 0, 10, 5, 30, 12);
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_result r = must_retire(s, &st, 0, opts(10, 0, -1));
    assert_int_equal(r.stop, FOGN_OS_TERRAIN);
    assert_int_equal(r.blocker, lake);
    ASSERT_NEAR(r.covered, 4.75, POS_TOL);
    ASSERT_POSE(&st.u[0], 20, 15.25, 90);
    free(s);
}

static void test_s9_11_stops_once_it_has_crossed_a_hedge(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_one();
    double xy[4] = {0, 14, 60, 14};
    int hedge = fx_line(s, GR_T_HEDGE, 0, 0.5, 2, xy); /* y 13.75-14.25 */
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_result r = must_retire(s, &st, 0, opts(8, 0, -1));
    assert_int_equal(r.stop, FOGN_OS_OBSTACLE);
    assert_int_equal(r.blocker, hedge);
    ASSERT_NEAR(r.covered, 6.25, POS_TOL); /* its rear edge just clear of the hedge */
    ASSERT_POSE(&st.u[0], 20, 11.5, -90);
    /* without the distance to get across, it halts at the hedge (ruling) */
    mk_state(s, &st);
    r = must_retire(s, &st, 0, opts(5, 0, -1));
    assert_int_equal(r.stop, FOGN_OS_OBSTACLE);
    ASSERT_NEAR(r.covered, 3.5, POS_TOL);
    ASSERT_POSE(&st.u[0], 20, 16.5, 90);
    free(s);
}

/* --- table edges (§9.11) ---------------------------------------------------------------------- */

static void test_s9_11_stops_at_the_table_edge(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 5, 90); /* y 2.75-5 */
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_result r = must_retire(s, &st, 0, opts(6, 0, -1));
    assert_int_equal(r.stop, FOGN_OS_EDGE);
    ASSERT_NEAR(r.covered, 2.75, 1e-9);
    assert_true(fogn_unit_alive(&st.u[0]));
    ASSERT_POSE(&st.u[0], 20, 2.25, 90); /* rear edge on the table edge, facing back */
    free(s);
}

static void test_s9_11_rotated_unit_wheels_to_line_up_with_the_edge(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 8, 60);
    fogn_state st;
    mk_state(s, &st);
    gr_rect u0 = fogn_unit_rect(&s->units[0], &st.u[0]);
    gr_vec2 back = gr_v2_scale(gr_rect_fwd(&u0), -1);
    /* faced about, its front-left corner is lowest; it reaches y = 0 there,
     * then wheels 30 degrees about that corner (an arc of pi/6 * 3 MU) to
     * lie along the edge, facing it (a full move all told) */
    gr_rect turned = fogn_rect_turn_centre(&u0, 240 * FX_DEG);
    gr_vec2 fl = gr_rect_corner(&turned, GR_FL);
    double t_edge = fl.y / sin(60 * FX_DEG);
    gr_vec2 pivot = gr_v2_add(fl, gr_v2_scale(back, t_edge));
    ASSERT_NEAR(pivot.y, 0, 1e-12);
    fogn_retire_result r = must_retire(s, &st, 0, opts(8, back.x, back.y));
    assert_int_equal(r.stop, FOGN_OS_EDGE);
    ASSERT_NEAR(r.covered, t_edge + GR_PI / 6 * 3, POS_TOL);
    assert_true(r.faces_travel);
    ASSERT_POSE(&st.u[0], pivot.x - 1.5, 0, -90);
    /* with too little distance left it wheels only as far as it can */
    mk_state(s, &st);
    r = must_retire(s, &st, 0, opts(t_edge + 0.5, back.x, back.y));
    ASSERT_NEAR(r.covered, t_edge + 0.5, POS_TOL);
    ASSERT_NEAR(gr_angle_diff(st.u[0].heading, (240 + 0.5 / 3 / FX_DEG) * FX_DEG), 0, POS_TOL);
    free(s);
}

static void test_s9_11_unit_touching_its_edge_is_removed(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 2.25, 90); /* rear on y = 0 */
    s->cmdrs[0].start_leading = 0;
    s->cmdrs[0].x = 20;
    s->cmdrs[0].y = 3;
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_result r = must_retire(s, &st, 0, opts(6, 0, -1));
    assert_int_equal(r.stop, FOGN_OS_REMOVED);
    assert_true(st.u[0].flags & FOGN_UF_DESTROYED);
    assert_false(st.u[0].flags & FOGN_UF_ON_TABLE);
    assert_false(fogn_unit_alive(&st.u[0]));
    /* its commander is freed where the unit stood */
    assert_int_equal(st.c[0].leading, -1);
    ASSERT_NEAR(st.c[0].x, 20, 1e-12);
    ASSERT_NEAR(st.c[0].y, 1.125, 1e-12);
    /* retiring along the edge instead it is not removed (ruling) */
    mk_state(s, &st);
    r = must_retire(s, &st, 0, opts(6, 1, 0));
    assert_int_not_equal(r.stop, FOGN_OS_REMOVED);
    assert_true(fogn_unit_alive(&st.u[0]));
    free(s);
}

/* --- formations at the end, commanders (§9.11) -------------------------------------------------- */

static void test_s9_11_unlimbered_guns_end_limbered(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED, 20, 20, 90); /* 3 x 1.5 */
    int e = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 20.5, -90); /* 0.5 MU ahead */
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_result r = must_retire(s, &st, 0, opts(6, 0, -1));
    assert_int_equal(st.u[0].formation, FOGN_F_LIMBERED);
    /* the limber (1.5 x 3.375) faces back with its rear edge on the gun
     * line (front at 20 - 3.375 = 16.625), then 6 MU, a full limbered move */
    assert_true(r.faces_travel);
    ASSERT_POSE(&st.u[0], 20, 10.625, -90);
    /* retiring to 3 MU from the same enemy it limbers facing forward in place
     * and backs off: front edge 3 MU from the enemy's */
    mk_state(s, &st);
    int fe[1] = {e};
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(fogn_retire_to_range(s, &st, 0, fe, 1, FOGN_R3_RANGE, &r, &err), 0);
    assert_int_equal(st.u[0].formation, FOGN_F_LIMBERED);
    ASSERT_POSE(&st.u[0], 20, 17.5, 90);
    free(s);
}

static void test_s9_11_square_over_3mu_ends_tactical(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_SQUARE, 20, 20, 90);
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_result r = must_retire(s, &st, 0, opts(5, 0, -1));
    assert_int_equal(st.u[0].formation, FOGN_F_TACTICAL);
    assert_false(r.faces_travel); /* 5 < 6 in Tactical */
    ASSERT_POSE(&st.u[0], 20, 15, 90);
    /* 3 MU: still a Square (which moves 1 MU: a full move) */
    mk_state(s, &st);
    r = must_retire(s, &st, 0, opts(3, 0, -1));
    assert_int_equal(st.u[0].formation, FOGN_F_SQUARE);
    assert_true(r.faces_travel);
    ASSERT_POSE(&st.u[0], 20, 14.75, -90);
    free(s);
}

static void test_s9_11_leading_commander_moves_with_the_unit(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_one();
    s->cmdrs[0].start_leading = 0;
    s->cmdrs[0].x = 20;
    s->cmdrs[0].y = 17; /* 3 MU behind the front edge */
    fogn_state st;
    mk_state(s, &st);
    must_retire(s, &st, 0, opts(6, 0, -1));
    ASSERT_POSE(&st.u[0], 20, 11.75, -90);
    /* still 3 MU behind the (new) front edge */
    ASSERT_NEAR(st.c[0].x, 20, 1e-9);
    ASSERT_NEAR(st.c[0].y, 14.75, 1e-9);
    assert_int_equal(st.c[0].leading, 0);
    free(s);
}

static void test_s9_11_bad_input_refused(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_one();
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_result r;
    gr_error err;
    fogn_retire_opts o = opts(6, 0, 0);
    gr_error_clear(&err);
    assert_int_equal(fogn_retire_plan(s, &st, 0, &o, &r, &err), -1);
    assert_non_null(strstr(err.msg, "direction"));
    o = opts(-1, 0, -1);
    gr_error_clear(&err);
    assert_int_equal(fogn_retire_plan(s, &st, 0, &o, &r, &err), -1);
    assert_non_null(strstr(err.msg, "distance"));
    o = opts(6, 0, -1);
    gr_error_clear(&err);
    assert_int_equal(fogn_retire_plan(s, &st, 5, &o, &r, &err), -1);
    assert_non_null(strstr(err.msg, "no unit"));
    o.end_formation = FOGN_F_LIMBERED; /* infantry */
    gr_error_clear(&err);
    assert_int_equal(fogn_retire_plan(s, &st, 0, &o, &r, &err), -1);
    assert_non_null(strstr(err.msg, "may not end in"));
    free(s);
}

/* --- retire to 3 MU (§7.9, §6.10) ------------------------------------------------------------- */

static int must_r3(const fogn_scenario *s, fogn_state *st, int unit, int firer, fogn_retire_result *r)
{
    gr_error err;
    gr_error_clear(&err);
    int f[1] = {firer};
    if (fogn_retire_to_range(s, st, unit, f, 1, FOGN_R3_RANGE, r, &err)) fail_msg("refused: %s", err.msg);
    return 0;
}

static void test_s7_9_retire_to_3mu_moves_the_least_keeping_facing(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_one();
    int e = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 21.5, -90); /* 1.5 MU away */
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_result r;
    must_r3(s, &st, 0, e, &r);
    ASSERT_NEAR(r.covered, 1.5, 1e-9);
    ASSERT_POSE(&st.u[0], 20, 18.5, 90);
    ASSERT_NEAR(fogn_enemy_dist(s, &st, 0, NULL), 3, 1e-9);
    assert_true(st.u[0].flags & FOGN_UF_NO_MOVE);
    free(s);
}

static void test_s7_9_retire_to_3mu_rotated_and_no_move_when_far(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_TACTICAL, 20, 20, 0); /* facing east */
    int e = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 21, 20, 180);
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_result r;
    must_r3(s, &st, 0, e, &r);
    ASSERT_POSE(&st.u[0], 18, 20, 0); /* 2 MU straight back, west */
    /* already 3 MU or more away: no move */
    st.u[0].flags = FOGN_UF_ON_TABLE;
    must_r3(s, &st, 0, e, &r);
    ASSERT_NEAR(r.covered, 0, 1e-12);
    ASSERT_POSE(&st.u[0], 18, 20, 0);
    free(s);
}

static void test_s7_9_retire_to_3mu_bursts_through_a_friend_behind(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_one();
    int e = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 21.5, -90);
    int f = fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 16.75, 90); /* y 14.5-16.75 */
    fogn_state st;
    mk_state(s, &st);
    fogn_retire_result r;
    must_r3(s, &st, 0, e, &r);
    assert_int_equal(r.nburst, 1);
    assert_int_equal(r.burst[0], f);
    /* 1.5 MU would end on the friend: it goes on until its front edge is clear */
    ASSERT_POSE(&st.u[0], 20, 14.5, 90);
    free(s);
}

/* --- removal ------------------------------------------------------------------------------------ */

static void test_remove_unit_frees_its_commander(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_one();
    s->cmdrs[0].start_leading = 0;
    s->cmdrs[0].x = 20;
    s->cmdrs[0].y = 21;
    fogn_state st;
    mk_state(s, &st);
    fogn_remove_unit(s, &st, 0);
    assert_true(st.u[0].flags & FOGN_UF_DESTROYED);
    assert_false(fogn_unit_alive(&st.u[0]));
    assert_int_equal(st.c[0].leading, -1);
    ASSERT_NEAR(st.c[0].x, 20, 1e-12);
    ASSERT_NEAR(st.c[0].y, 18.875, 1e-12);
    assert_true(st.c[0].flags & FOGN_CF_ON_TABLE);
    /* the other commanders are untouched */
    ASSERT_NEAR(st.c[1].x, s->cmdrs[1].x, 1e-12);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s9_11_direction_away_from_contact_and_bisector),
        cmocka_unit_test(test_s9_11_front_and_rear_contact_pins_the_unit),
        cmocka_unit_test(test_s9_11_full_move_ends_facing_travel),
        cmocka_unit_test(test_s9_11_short_move_ends_facing_back),
        cmocka_unit_test(test_s9_11_difficult_ground_counts_double),
        cmocka_unit_test(test_s9_11_rotated_unit_retires_straight_back),
        cmocka_unit_test(test_s6_8_caught_evader_keeps_its_facing),
        cmocka_unit_test(test_s9_11_slides_past_a_friend_by_the_least_offset),
        cmocka_unit_test(test_s9_11_slide_refused_when_it_would_not_finish_clear),
        cmocka_unit_test(test_s9_11_gap_must_be_two_base_widths),
        cmocka_unit_test(test_s9_11_far_obstruction_allows_two_bw_toward_home),
        cmocka_unit_test(test_s9_11_stops_1mu_short_of_a_column_it_cannot_pass),
        cmocka_unit_test(test_s9_11_a_kinked_line_that_cannot_settle_stays_bent),
        cmocka_unit_test(test_s9_11_large_unit_forms_deep_to_enter_a_gap),
        cmocka_unit_test(test_s9_11_broken_unit_pivots_to_line_up_with_a_gap),
        cmocka_unit_test(test_s9_11_bursts_through_friends_in_path_order),
        cmocka_unit_test(test_s9_11_artillery_is_passed_freely),
        cmocka_unit_test(test_s9_11_halts_1mu_short_of_an_enemy),
        cmocka_unit_test(test_s9_11_halts_1mu_short_of_impassable_ground),
        cmocka_unit_test(test_s9_11_stops_once_it_has_crossed_a_hedge),
        cmocka_unit_test(test_s9_11_stops_at_the_table_edge),
        cmocka_unit_test(test_s9_11_rotated_unit_wheels_to_line_up_with_the_edge),
        cmocka_unit_test(test_s9_11_unit_touching_its_edge_is_removed),
        cmocka_unit_test(test_s9_11_unlimbered_guns_end_limbered),
        cmocka_unit_test(test_s9_11_square_over_3mu_ends_tactical),
        cmocka_unit_test(test_s9_11_leading_commander_moves_with_the_unit),
        cmocka_unit_test(test_s9_11_bad_input_refused),
        cmocka_unit_test(test_s7_9_retire_to_3mu_moves_the_least_keeping_facing),
        cmocka_unit_test(test_s7_9_retire_to_3mu_rotated_and_no_move_when_far),
        cmocka_unit_test(test_s7_9_retire_to_3mu_bursts_through_a_friend_behind),
        cmocka_unit_test(test_remove_unit_frees_its_commander),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
