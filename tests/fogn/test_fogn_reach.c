/* test_fogn_reach.c - rule tests for assault reach (§6.1 item 3, §6.5,
 * §22.1 G5, §22.2 item 6), the flank and rear test (§6.11), the pause 2 MU
 * short for close defensive fire (§6.10) and intercepts (§6.9).
 *
 * Each test builds a position with tests/fogn_fixture.h and asks whether an
 * assault reaches, checking the exact wheel and distance (to 1e-6 MU), the
 * face met and the friends passed through; intercepts check where both units
 * end. Geometry reminders: heading h faces (cos h, sin h); a unit's pose is
 * its front-edge centre; its right is (sin h, -cos h). A small Tactical unit
 * is 3 MU wide, 2.25 MU deep. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/fogn/rules/contact.h"
#include "../../engine/fogn/rules/movetable.h"
#include "../../engine/core/rng.h"

static const fogn_troop INF = FOGN_INF_REFORMED;
static const fogn_troop CAV = FOGN_CAV_HEAVY;

static fogn_state *state_of(const fogn_scenario *s)
{
    fogn_state *st = calloc(1, sizeof *st);
    assert_non_null(st);
    fogn_ruleset.rules->init(s, st);
    return st;
}

/* unit 0 (side 0, troop t, small Tactical) at (20, 10) facing up the table;
 * unit 1, the enemy, facing it with its front edge `gap` MU ahead */
static fogn_scenario *scn_ahead(fogn_troop t, double gap)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, t, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10 + gap, -90);
    return s;
}

static int reach(const fogn_scenario *s, const fogn_state *st, int a, int b, fogn_reach *r, gr_error *err)
{
    gr_error_clear(err);
    return fogn_assault_reach(s, st, a, b, r, err);
}

/* --- §6.1 item 3: the allowance ----------------------------------------------------------------------- */

/* Tactical reformed infantry moves 6 MU in the open: 6 reaches, 6.01 does not */
static void test_s6_1_reach_at_allowance(void **state)
{
    (void)state;
    gr_error err;
    fogn_reach r;
    fogn_scenario *s = scn_ahead(INF, 6);
    fogn_state *st = state_of(s);
    assert_int_equal(reach(s, st, 0, 1, &r, &err), 1);
    assert_int_equal(r.pivot, -1);
    ASSERT_NEAR(r.angle, 0, 1e-12);
    ASSERT_NEAR(r.dist, 6, POS_TOL);
    ASSERT_NEAR(r.allowance, 6, 1e-12);
    assert_int_equal(r.worst, FOGN_MC_OPEN);
    assert_int_equal(r.face, FOGN_FACE_FRONT);
    assert_false(r.flank_rear);
    assert_int_equal(r.through, -1);
    ASSERT_RECT(r.end, 20, 16, 90);
    ASSERT_NEAR(r.aim_min, 0, 1e-12);
    ASSERT_NEAR(r.aim_max, 0, 1e-12);
    free(st);
    free(s);

    s = scn_ahead(INF, 6.01);
    st = state_of(s);
    assert_int_equal(reach(s, st, 0, 1, &r, &err), 0);
    assert_false(r.ok);
    ASSERT_HAS(err.msg, "6.01 MU away");
    free(st);
    free(s);
}

/* unreformed infantry: 4 MU */
static void test_s6_1_reach_unreformed(void **state)
{
    (void)state;
    gr_error err;
    fogn_reach r;
    fogn_scenario *s = scn_ahead(FOGN_INF_UNREFORMED, 4);
    fogn_state *st = state_of(s);
    assert_int_equal(reach(s, st, 0, 1, &r, &err), 1);
    ASSERT_NEAR(r.dist, 4, POS_TOL);
    st->u[1].y = 14.01;
    assert_int_equal(reach(s, st, 0, 1, &r, &err), 0);
    free(st);
    free(s);
}

/* the worst ground crossed sets the allowance: fields (rough) cut reformed
 * infantry to 4 MU, so a target 5 MU away across them is out of reach */
static void test_s6_1_reach_over_rough(void **state)
{
    (void)state;
    gr_error err;
    fogn_reach r;
    fogn_scenario *s = scn_ahead(INF, 5);
    fx_area(s, GR_T_FIELDS, 0, 10, 12, 30, 13);
    fogn_state *st = state_of(s);
    assert_int_equal(reach(s, st, 0, 1, &r, &err), 0);
    ASSERT_HAS(err.msg, "rough");
    st->u[1].y = 14;
    assert_int_equal(reach(s, st, 0, 1, &r, &err), 1);
    assert_int_equal(r.worst, FOGN_MC_ROUGH);
    ASSERT_NEAR(r.allowance, 4, 1e-12);
    ASSERT_NEAR(r.dist, 4, POS_TOL);
    free(st);
    free(s);
}

/* §6.1: no assault across shoulder-high water off a bridge or ford */
static void test_s6_1_no_assault_across_deep_water(void **state)
{
    (void)state;
    gr_error err;
    fogn_reach r;
    fogn_scenario *s = scn_ahead(INF, 5);
    double xy[4] = {5, 12.5, 35, 12.5};
    fx_line(s, GR_T_RIVER, GR_WATER_SHOULDER, 1, 2, xy);
    fogn_state *st = state_of(s);
    assert_int_equal(reach(s, st, 0, 1, &r, &err), 0);
    ASSERT_HAS(err.msg, "deep water");
    free(st);
    free(s);
}

static void test_s6_1_artillery_and_kinked_lines_do_not_assault(void **state)
{
    (void)state;
    gr_error err;
    fogn_reach r;
    fogn_scenario *s = scn_ahead(FOGN_ART_FOOT, 3);
    s->units[0].start_formation = FOGN_F_UNLIMBERED;
    fogn_state *st = state_of(s);
    assert_int_equal(reach(s, st, 0, 1, &r, &err), 0);
    ASSERT_HAS(err.msg, "artillery");
    free(st);
    free(s);
    s = scn_ahead(INF, 3);
    s->units[0].start_formation = FOGN_F_LINE;
    st = state_of(s);
    st->u[0].kink = -20 * FX_DEG;
    assert_int_equal(reach(s, st, 0, 1, &r, &err), 0);
    ASSERT_HAS(err.msg, "kinked");
    free(st);
    free(s);
}

/* --- the same reach whether or not its reasons are asked ------------------------------------------- */

/* A caller that does not read the reasons gets the same answer sooner: the
 * far-off refusal from the positions alone, and a try refused for its
 * ground before its path is swept when the ground under its start and end
 * already leaves every allowance too short. Cavalry and infantry against an
 * enemy at random within about a move, among fields (rough), marsh
 * (difficult) and a wood: the reach found, or not, and its wheel, distance
 * and the unit in the way are the same either way */
static void test_s6_1_reach_is_the_same_with_or_without_reasons(void **state)
{
    (void)state;
    gr_rng rng;
    gr_rng_seed(&rng, 61, 2);
    int reached = 0, refused = 0;
    for (int n = 0; n < 500; n++) {
        fogn_scenario *s = fx_scenario();
        double h = gr_rng_unit(&rng) * 360, a = gr_rng_unit(&rng) * 2 * GR_PI, d = 2 + gr_rng_unit(&rng) * 8;
        fx_unit(s, 0, n % 2 ? CAV : INF, FOGN_SMALL, FOGN_F_TACTICAL, 30, 18, h);
        fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 30 + d * cos(a), 18 + d * sin(a), gr_rng_unit(&rng) * 360);
        fx_unit(s, 0, INF, FOGN_SMALL, FOGN_F_TACTICAL, 30 + 6 * gr_rng_unit(&rng) - 3, 22, 90);
        double fx = 22 + gr_rng_unit(&rng) * 12, fy = 12 + gr_rng_unit(&rng) * 10;
        fx_area(s, GR_T_FIELDS, 0, fx, fy, fx + 4, fy + 3);
        double mx = 22 + gr_rng_unit(&rng) * 12, my = 12 + gr_rng_unit(&rng) * 10;
        fx_area(s, GR_T_MARSH, 0, mx, my, mx + 3, my + 3);
        fx_area(s, GR_T_OPEN_WOOD, FOGN_MC_ROUGH, 24, 10, 27, 13);
        fogn_state *st = state_of(s);
        gr_error err;
        fogn_reach r1, r2;
        int k1 = reach(s, st, 0, 1, &r1, &err);
        int k2 = fogn_assault_reach(s, st, 0, 1, &r2, NULL);
        if (k1 != k2) fail_msg("case %d: reach %d with its reasons (%s), %d without", n, k1, err.msg, k2);
        if (k1 == 1) {
            if (r1.angle != r2.angle || r1.dist != r2.dist || r1.pivot != r2.pivot || r1.worst != r2.worst)
                fail_msg("case %d: the reach differs without its reasons", n);
            reached++;
        } else {
            assert_int_equal(r1.blocker, r2.blocker);
            refused += strstr(err.msg, "beyond") == NULL; /* refused past the quick refusal */
        }
        free(st);
        free(s);
    }
    assert_true(reached > 50);
    assert_true(refused > 50);
}

/* --- §6.5: the aim scan, checked against a plain scan ------------------------------------------------- */

/* The aim limits by the definition: every scan step of
 * FOGN_REACH_AIM_SCAN_DEG up to FOGN_MAX_WHEEL_DEG tested in turn (the
 * line ahead of the wheeled centre meets the target; the target's
 * front-edge centre still lies to the wheeling side), then 60 halvings
 * between the last step passed over and the first found. */
static bool plain_clip(double p0, double dp, double lo, double hi, double *tmin, double *tmax)
{
    if (fabs(dp) < 1e-15) return p0 >= lo && p0 <= hi;
    double t0 = (lo - p0) / dp, t1 = (hi - p0) / dp;
    if (t0 > t1) { double x = t0; t0 = t1; t1 = x; }
    if (t0 > *tmin) *tmin = t0;
    if (t1 < *tmax) *tmax = t1;
    return *tmin <= *tmax;
}

typedef struct plain_aim {
    gr_rect start, target;
    gr_vec2 pv, bfc;
    double sign;
} plain_aim;

static gr_rect plain_pose(const plain_aim *a, double th)
{
    return th == 0 ? a->start : gr_rect_rotate_about(&a->start, a->pv, a->sign * th);
}

static bool plain_aimed(const plain_aim *a, double th)
{
    gr_rect w = plain_pose(a, th);
    const gr_rect *r = &a->target;
    gr_vec2 c = gr_rect_centre(&w), d = gr_rect_fwd(&w);
    gr_vec2 rel = gr_v2_sub(c, r->fc), f = gr_rect_fwd(r), rt = gr_rect_right(r);
    double tmin = 0, tmax = INFINITY;
    return plain_clip(gr_v2_dot(rel, f), gr_v2_dot(d, f), -r->d, 0, &tmin, &tmax) &&
           plain_clip(gr_v2_dot(rel, rt), gr_v2_dot(d, rt), -0.5 * r->w, 0.5 * r->w, &tmin, &tmax);
}

static double plain_side(const plain_aim *a, double th, int *ahead)
{
    gr_rect w = plain_pose(a, th);
    gr_vec2 rel = gr_v2_sub(a->bfc, gr_rect_centre(&w)), f = gr_rect_fwd(&w);
    *ahead = gr_v2_dot(rel, f) > 0;
    return a->sign * gr_v2_cross(f, rel);
}

static void plain_aim_limits(const plain_aim *a, double *amin, double *amax)
{
    double step = FOGN_REACH_AIM_SCAN_DEG * FX_DEG, cap = FOGN_MAX_WHEEL_DEG * FX_DEG;
    int n = (int)ceil(cap / step - 1e-9), ahead;
    *amin = INFINITY;
    *amax = cap;
    for (int k = 0; k <= n; k++) {
        double th = fmin(k * step, cap), lo = fmin((k - 1) * step, cap), hi = th;
        if (!plain_aimed(a, th)) continue;
        if (k == 0) { *amin = 0; break; }
        for (int i = 0; i < 60 && 0.5 * (lo + hi) != lo && 0.5 * (lo + hi) != hi; i++) {
            double mid = 0.5 * (lo + hi);
            if (plain_aimed(a, mid)) hi = mid;
            else lo = mid;
        }
        *amin = hi;
        break;
    }
    if (plain_side(a, 0, &ahead) <= 1e-9) { *amax = 0; return; }
    for (int k = 1; k <= n; k++) {
        double th = fmin(k * step, cap), lo = fmin((k - 1) * step, cap), hi = th;
        if (!(plain_side(a, th, &ahead) <= 0 && ahead)) continue;
        int lo_out = k == 1;
        for (int i = 0; i < 60; i++) {
            double mid = 0.5 * (lo + hi);
            if (mid == hi || (mid == lo && lo_out)) break;
            int ah;
            if (plain_side(a, mid, &ah) <= 0) hi = mid;
            else lo = mid, lo_out = 1;
        }
        *amax = hi;
        return;
    }
}

/* Cavalry and an enemy placed at random within its move, facing every way:
 * the reach's aim limits are the plain scan's to the last bit (the scan
 * passes over steps whose answer it knows, and must find the same ones) */
static void test_s6_5_aim_limits_are_the_plain_scans(void **state)
{
    (void)state;
    gr_rng rng;
    gr_rng_seed(&rng, 65, 1);
    int compared = 0, wheeled = 0;
    for (int n = 0; n < 600; n++) {
        fogn_scenario *s = fx_scenario();
        double h = gr_rng_unit(&rng) * 360, a = gr_rng_unit(&rng) * 2 * GR_PI, d = 3 + gr_rng_unit(&rng) * 9;
        fx_unit(s, 0, CAV, FOGN_SMALL, FOGN_F_TACTICAL, 30, 18, h);
        fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 30 + d * cos(a), 18 + d * sin(a), gr_rng_unit(&rng) * 360);
        fogn_state *st = state_of(s);
        gr_error err;
        fogn_reach r;
        reach(s, st, 0, 1, &r, &err);
        plain_aim pa;
        pa.start = fogn_unit_rect(&s->units[0], &st->u[0]);
        pa.target = fogn_unit_rect(&s->units[1], &st->u[1]);
        pa.bfc = gr_v2(st->u[1].x, st->u[1].y);
        double side = gr_v2_cross(gr_rect_fwd(&pa.start), gr_v2_sub(pa.bfc, gr_rect_centre(&pa.start)));
        pa.sign = side < 0 ? -1 : 1;
        pa.pv = gr_rect_corner(&pa.start, pa.sign > 0 ? GR_FL : GR_FR);
        if (!strstr(err.msg, "beyond")) { /* past the quick refusal, where the limits are worked out */
            double amin, amax;
            plain_aim_limits(&pa, &amin, &amax);
            if (!(r.aim_min == amin && r.aim_max == amax))
                fail_msg("case %d: aim %.17g..%.17g, the plain scan %.17g..%.17g", n, r.aim_min, r.aim_max, amin, amax);
            compared++;
            wheeled += amin > 0 && isfinite(amin);
        }
        free(st);
        free(s);
    }
    assert_true(compared > 200);
    assert_true(wheeled > 50);
}

/* --- §6.5: the wheel ---------------------------------------------------------------------------------- */

/* The target (front edge y = 14, x 23.5..26.5) lies off to the right: the
 * cavalry must wheel right about its front-right corner P = (21.5, 10) until
 * the line ahead of its centre touches the target's near rear corner
 * Q = (23.5, 16.25). The centre line runs 1.5 MU left of the pivot's line,
 * so with Q - P = (2, 6.25): 6.25 sin t - 2 cos t = 1.5. Then it goes straight
 * until its front edge meets the target's front-right corner (23.5, 14),
 * which lies 2 sin t + 4 cos t ahead of the wheeled front edge. */
static void test_s6_5_reach_needs_a_wheel(void **state)
{
    (void)state;
    gr_error err;
    fogn_reach r;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, CAV, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 25, 14, -90);
    fogn_state *st = state_of(s);
    assert_int_equal(reach(s, st, 0, 1, &r, &err), 1);
    double t = atan2(2, 6.25) + asin(1.5 / sqrt(4 + 6.25 * 6.25));
    assert_int_equal(r.pivot, GR_FR);
    ASSERT_NEAR(r.angle, -t, 1e-9);
    ASSERT_NEAR(r.aim_min, t, 1e-9);
    ASSERT_NEAR(r.arc, 3 * t, 1e-9);
    ASSERT_NEAR(r.dist, 2 * sin(t) + 4 * cos(t), POS_TOL);
    assert_true(r.arc + r.dist <= 8);
    /* the dead-ahead limit: (25, 14) - P = (3.5, 4): 4 sin t - 3.5 cos t = 1.5 */
    ASSERT_NEAR(r.aim_max, atan2(3.5, 4) + asin(1.5 / sqrt(3.5 * 3.5 + 16)), 1e-9);
    assert_int_equal(r.face, FOGN_FACE_FRONT); /* its front-right corner */
    /* the assault snaps the cavalry onto the target's front */
    fogn_contact_result cr;
    assert_int_equal(fogn_assault_move(s, st, 0, 1, &r, &cr), 0);
    ASSERT_POSE(&st->u[0], 25, 14, 90);
    free(st);
    free(s);
}

/* the same target for infantry (6 MU): the wheel and the advance together
 * come to 3 t + 2 sin t + 4 cos t > 6 MU, so it is out of reach */
static void test_s6_5_wheel_counts_against_allowance(void **state)
{
    (void)state;
    gr_error err;
    fogn_reach r;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, INF, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 25, 14, -90);
    fogn_state *st = state_of(s);
    assert_int_equal(reach(s, st, 0, 1, &r, &err), 0);
    ASSERT_HAS(err.msg, "MU away along the path");
    free(st);
    free(s);
}

/* a target to the flank needs more than half the move in wheeling */
static void test_s6_5_wheel_arc_at_most_half(void **state)
{
    (void)state;
    gr_error err;
    fogn_reach r;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, INF, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 24, 9, 180); /* to the right, level with it */
    fogn_state *st = state_of(s);
    assert_int_equal(reach(s, st, 0, 1, &r, &err), 0);
    assert_true(r.aim_min > 1.0); /* more than 57 degrees of wheel: 3 MU of arc */
    ASSERT_HAS(err.msg, "sweeps");
    free(st);
    free(s);
}

/* --- §6.1, §6.2: the path and friends ----------------------------------------------------------------- */

static fogn_scenario *scn_path(fogn_troop friend_troop, int division, fogn_formation f)
{
    fogn_scenario *s = scn_ahead(INF, 5);
    int k = fx_unit(s, 0, friend_troop, FOGN_SMALL, f, 20, 12.5, 90); /* y 10.25..12.5, in the way */
    s->units[k].division = (int8_t)division;
    return s;
}

static void test_s6_2_through_own_infantry_needs_cmt(void **state)
{
    (void)state;
    gr_error err;
    fogn_reach r;
    fogn_scenario *s = scn_path(INF, 0, FOGN_F_TACTICAL);
    fogn_state *st = state_of(s);
    assert_int_equal(reach(s, st, 0, 1, &r, &err), 1);
    assert_int_equal(r.through, 2);
    assert_true(r.through_mask == (1ull << 2));
    ASSERT_NEAR(r.dist, 5, POS_TOL);
    free(st);
    free(s);
}

static void test_s6_1_blocked_by_cavalry(void **state)
{
    (void)state;
    gr_error err;
    fogn_reach r;
    fogn_scenario *s = scn_path(CAV, 0, FOGN_F_TACTICAL);
    fogn_state *st = state_of(s);
    assert_int_equal(reach(s, st, 0, 1, &r, &err), 0);
    assert_int_equal(r.blocker, 2);
    ASSERT_HAS(err.msg, "may not pass through");
    free(st);
    free(s);
}

static void test_s6_1_other_division_only_if_skirmishing(void **state)
{
    (void)state;
    gr_error err;
    fogn_reach r;
    fogn_scenario *s = scn_path(FOGN_INF_LIGHT, 1, FOGN_F_TACTICAL);
    fogn_state *st = state_of(s);
    assert_int_equal(reach(s, st, 0, 1, &r, &err), 0);
    free(st);
    free(s);
    s = scn_path(FOGN_INF_LIGHT, 1, FOGN_F_SKIRMISH);
    st = state_of(s);
    assert_int_equal(reach(s, st, 0, 1, &r, &err), 1);
    assert_int_equal(r.through, 2);
    /* Broken troops may not be passed, artillery may */
    st->u[2].cohesion = FOGN_BROKEN;
    assert_int_equal(reach(s, st, 0, 1, &r, &err), 0);
    free(st);
    free(s);
    s = scn_path(FOGN_ART_FOOT, 1, FOGN_F_UNLIMBERED);
    st = state_of(s);
    st->u[2].cohesion = FOGN_BROKEN;
    assert_int_equal(reach(s, st, 0, 1, &r, &err), 1);
    assert_int_equal(r.through, 2);
    free(st);
    free(s);
}

/* another enemy in the path is met first: the declared target is out of reach */
static void test_s6_1_blocked_by_third_enemy(void **state)
{
    (void)state;
    gr_error err;
    fogn_reach r;
    fogn_scenario *s = scn_ahead(INF, 5);
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 20, 12, -90);
    fogn_state *st = state_of(s);
    assert_int_equal(reach(s, st, 0, 1, &r, &err), 0);
    assert_int_equal(r.blocker, 2);
    ASSERT_HAS(err.msg, "in the way");
    /* ... but it can reach the nearer one */
    assert_int_equal(reach(s, st, 0, 2, &r, &err), 1);
    ASSERT_NEAR(r.dist, 2, POS_TOL);
    free(st);
    free(s);
}

/* a friend of the same division stands exactly where the assaulter would
 * end: passing through it is allowed, ending on it is not */
static void test_s6_5_ending_on_friend_refused(void **state)
{
    (void)state;
    gr_error err;
    fogn_reach r;
    fogn_scenario *s = scn_ahead(INF, 5);
    fx_unit(s, 0, INF, FOGN_SMALL, FOGN_F_TACTICAL, 20, 15, 90); /* where the assaulter would end */
    fogn_state *st = state_of(s);
    assert_int_equal(reach(s, st, 0, 1, &r, &err), 0);
    ASSERT_HAS(err.msg, "end on top");
    free(st);
    free(s);
}

/* --- §6.11 flank and rear ----------------------------------------------------------------------------- */

static void test_s6_11_rear_assault(void **state)
{
    (void)state;
    gr_error err;
    fogn_reach r;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, CAV, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 20, 16.25, 90); /* facing away, rear edge at y = 14 */
    fogn_state *st = state_of(s);
    assert_int_equal(reach(s, st, 0, 1, &r, &err), 1);
    assert_int_equal(r.face, FOGN_FACE_REAR);
    assert_true(r.flank_rear);
    fogn_contact_result cr;
    assert_int_equal(fogn_assault_move(s, st, 0, 1, &r, &cr), 0);
    assert_true(cr.turned);
    /* it turns about its centre (20, 15.125) to face south */
    ASSERT_POSE(&st->u[1], 20, 14, -90);
    ASSERT_POSE(&st->u[0], 20, 14, 90);
    free(st);
    free(s);
}

/* §6.11 conditions 1 and 2 on the starting pose */
static void test_s6_11_start_conditions(void **state)
{
    (void)state;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 21.125, 15.5, 0); /* faces east; front x = 21.125, y 14..17 */
    fogn_state *st = state_of(s);
    gr_rect behind = gr_rect_make(gr_v2(20, 10), GR_PI / 2, 3, 2.25);
    gr_rect in_corridor = gr_rect_make(gr_v2(23, 15), GR_PI / 2, 3, 2.25);
    gr_rect ahead_of_line = gr_rect_make(gr_v2(22, 10), GR_PI / 2, 3, 2.25);
    assert_true(fogn_flank_rear_start(s, st, &behind, 0));
    assert_false(fogn_flank_rear_start(s, st, &in_corridor, 0));
    assert_false(fogn_flank_rear_start(s, st, &ahead_of_line, 0));
    /* a Square has no flank */
    st->u[0].formation = FOGN_F_SQUARE;
    assert_false(fogn_flank_rear_start(s, st, &behind, 0));
    free(st);
    free(s);
}

/* --- §6.10 the pause ---------------------------------------------------------------------------------- */

static void test_s6_10_pause_two_mu_short(void **state)
{
    (void)state;
    gr_error err;
    fogn_reach r;
    fogn_scenario *s = scn_ahead(INF, 6);
    fogn_state *st = state_of(s);
    assert_int_equal(reach(s, st, 0, 1, &r, &err), 1);
    ASSERT_RECT(fogn_assault_pause_pose(s, st, 1, &r), 20, 14, 90);
    /* already within 2 MU: it pauses where it stands */
    st->u[1].y = 11.5;
    assert_int_equal(reach(s, st, 0, 1, &r, &err), 1);
    ASSERT_RECT(fogn_assault_pause_pose(s, st, 1, &r), 20, 10, 90);
    free(st);
    free(s);
}

/* --- §6.9 intercepts ---------------------------------------------------------------------------------- */

/* infantry assaults infantry 6 MU ahead; an enemy to the right facing west,
 * its front edge at x (y 11.5..14.5) */
static fogn_scenario *scn_icpt(fogn_troop icpt, double x)
{
    fogn_scenario *s = scn_ahead(INF, 6);
    fx_unit(s, 1, icpt, FOGN_SMALL, FOGN_F_TACTICAL, x, 13, 180);
    return s;
}

/* §6.9: the sure refusal asked before an assaulter's reach is worked out
 * never refuses an intercept the plan would find. An assaulter (infantry
 * or cavalry, in column or Tactical) going for an enemy 3 to 9 MU ahead,
 * and an interceptor of the enemy's side beside its way or anywhere up to
 * 30 MU off, facing any way: whenever fogn_intercept_too_far says so, no
 * intercept is planned; and intercepts are found at distances where it
 * does not */
static void test_s6_9_too_far_never_refuses_an_intercept(void **state)
{
    (void)state;
    gr_rng rng;
    gr_rng_seed(&rng, 69, 4);
    int far = 0, planned = 0;
    double nearest_far = INFINITY, farthest_planned = 0;
    for (int n = 0; n < 3000; n++) {
        fogn_scenario *s = fx_scenario();
        fx_unit(s, 0, n % 3 ? CAV : INF, FOGN_SMALL, n % 5 ? FOGN_F_TACTICAL : FOGN_F_COLUMN, 30, 10, 90);
        double ahead = 3 + gr_rng_unit(&rng) * 6;
        fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 30 + gr_rng_unit(&rng) * 4 - 2, 10 + ahead, -90);
        /* off the way at a random point along it, or anywhere within 30 MU */
        double x, y;
        if (n % 2) {
            double along = gr_rng_unit(&rng) * ahead, off = gr_rng_unit(&rng) * 16 - 8;
            x = 30 + off;
            y = 10 + along;
        } else {
            double a = gr_rng_unit(&rng) * 2 * GR_PI, d = 2 + gr_rng_unit(&rng) * 28;
            x = 30 + d * cos(a);
            y = 14 + d * sin(a) * 0.7;
        }
        fx_unit(s, 1, n % 4 < 3 ? CAV : INF, FOGN_SMALL, FOGN_F_TACTICAL, x, y, gr_rng_unit(&rng) * 360);
        fogn_state *st = state_of(s);
        fogn_reach ra;
        if (fogn_assault_reach(s, st, 0, 1, &ra, NULL) == 1) {
            fogn_intercept ic;
            int too_far = fogn_intercept_too_far(s, st, 2, 0);
            int plan = fogn_intercept_plan(s, st, 2, 0, &ra, FOGN_ICPT_ANY, &ic, NULL);
            double apart = hypot(st->u[2].x - st->u[0].x, st->u[2].y - st->u[0].y);
            if (too_far && plan) fail_msg("case %d: an intercept %.2f MU off refused as too far", n, apart);
            if (too_far) far++, nearest_far = fmin(nearest_far, apart);
            if (plan) planned++, farthest_planned = fmax(farthest_planned, apart);
        }
        free(st);
        free(s);
    }
    assert_true(far > 200);
    assert_true(planned > 100);
    /* the refusal is no wider than it must be by much: it starts within a few MU of the farthest plan */
    assert_true(nearest_far < farthest_planned + 12);
}

/* The assaulter is a March Column 1.5 MU wide (x 19.25..20.75; its right to
 * assault is the caller's question). Cavalry facing west with its front at
 * x = 22.95 covers the whole column front once it has gone 3.7 MU: the
 * least move doing that; no wheel can cover more. The column then meets its
 * left side from outside its front (§6.11): the cavalry turns about its
 * centre (20.375, 13) to face it, and the column is snapped to its front. */
static void test_s6_9_intercept_straight_across(void **state)
{
    (void)state;
    gr_error err;
    fogn_reach ra;
    fogn_scenario *s = scn_ahead(INF, 6);
    s->units[0].start_formation = FOGN_F_COLUMN;
    fx_unit(s, 1, CAV, FOGN_SMALL, FOGN_F_TACTICAL, 22.95, 13, 180);
    fogn_state *st = state_of(s);
    assert_int_equal(reach(s, st, 0, 1, &ra, &err), 1);
    ASSERT_NEAR(ra.dist, 6, POS_TOL);
    fogn_intercept ic;
    gr_error_clear(&err);
    assert_int_equal(fogn_intercept_plan(s, st, 2, 0, &ra, FOGN_ICPT_ANY, &ic, &err), 1);
    assert_false(ic.flank_rear);
    assert_int_equal(ic.pivot, -1);
    ASSERT_NEAR(ic.angle, 0, 1e-12);
    ASSERT_NEAR(ic.dist, 3.7, 1e-9);
    /* gap to the column sqrt(2.2^2 + 1.5^2): half of it is less than 2 MU */
    ASSERT_NEAR(ic.min_move, 0.5 * sqrt(2.2 * 2.2 + 1.5 * 1.5), 1e-12);
    ASSERT_RECT(ic.icpt_end, 19.25, 13, 180);
    ASSERT_NEAR(ic.assault_dist, 1.5, POS_TOL);
    assert_int_equal(ic.contact.face, FOGN_FACE_FLANK);
    assert_true(ic.contact.flank_rear);
    assert_true(ic.contact.turned);
    fogn_intercept_commit(s, st, 2, 0, &ic);
    ASSERT_POSE(&st->u[2], 20.375, 11.875, -90);
    ASSERT_POSE(&st->u[0], 20.375, 11.875, 90);
    ASSERT_POSE(&st->u[1], 20, 16, -90);
    free(st);
    free(s);
}

/* Disordered infantry 1 MU right of the path (front x = 22.5): going
 * straight it would cover 1 MU of the path; a wheel left first covers more,
 * so it wheels. The least move is half the 1.8 MU gap, under 1 MU. */
static void test_s6_9_intercept_wheels_for_more_frontage(void **state)
{
    (void)state;
    gr_error err;
    fogn_reach ra;
    fogn_scenario *s = scn_icpt(INF, 22.5);
    fogn_state *st = state_of(s);
    st->u[2].cohesion = FOGN_DISORDERED;
    assert_int_equal(reach(s, st, 0, 1, &ra, &err), 1);
    fogn_intercept ic;
    assert_int_equal(fogn_intercept_plan(s, st, 2, 0, &ra, FOGN_ICPT_FRONTAL, &ic, &err), 1);
    assert_true(ic.needs_cmt);
    ASSERT_NEAR(ic.min_move, 0.5 * sqrt(1 + 1.5 * 1.5), 1e-12);
    assert_int_equal(ic.pivot, GR_FL);
    assert_true(ic.angle > 0 && ic.angle * 3 <= 1 + 1e-9);
    assert_true(ic.dist >= ic.min_move - 1e-12 && ic.dist <= 2 + 1e-12);
    /* the pose is the wheel about the front-left corner (22.5, 11.5), then straight */
    double h = GR_PI + ic.angle;
    double fx = 22.5 - 1.5 * sin(ic.angle), fy = 11.5 + 1.5 * cos(ic.angle);
    ASSERT_RECT(ic.icpt_end, fx + ic.dist * cos(h), fy + ic.dist * sin(h), h / FX_DEG);
    /* more of it across the path than straight ahead: its lowest x under 20.5 */
    gr_vec2 c[4];
    gr_rect_corners(&ic.icpt_end, c);
    double minx = fmin(fmin(c[0].x, c[1].x), fmin(c[2].x, c[3].x));
    assert_true(minx < 20.5);
    fogn_intercept_commit(s, st, 2, 0, &ic);
    fogn_contact cc;
    assert_true(fogn_unit_contact(s, st, 0, 2, &cc));
    assert_int_equal(cc.face_a, FOGN_FACE_FRONT);
    assert_false(fogn_unit_contact(s, st, 0, 1, &cc));
    free(st);
    free(s);
}

/* infantry 3 MU to the side cannot get into the path with 2 MU and a 1 MU wheel */
static void test_s6_9_infantry_out_of_range(void **state)
{
    (void)state;
    gr_error err;
    fogn_reach ra;
    fogn_scenario *s = scn_icpt(INF, 24.5);
    fogn_state *st = state_of(s);
    assert_int_equal(reach(s, st, 0, 1, &ra, &err), 1);
    fogn_intercept ic;
    gr_error_clear(&err);
    assert_int_equal(fogn_intercept_plan(s, st, 2, 0, &ra, FOGN_ICPT_ANY, &ic, &err), 0);
    assert_false(ic.ok);
    ASSERT_HAS(err.msg, "cannot get into the path");
    free(st);
    free(s);
}

/* cavalry level with the assaulter's left flank, facing it 2.5 MU away:
 * it strikes the flank (§6.11) and the assaulter turns to face it */
static void test_s6_9_flank_intercept(void **state)
{
    (void)state;
    gr_error err;
    fogn_reach ra;
    fogn_scenario *s = scn_ahead(INF, 5);
    fx_unit(s, 1, CAV, FOGN_SMALL, FOGN_F_TACTICAL, 16, 8.875, 0);
    fogn_state *st = state_of(s);
    assert_int_equal(reach(s, st, 0, 1, &ra, &err), 1);
    fogn_intercept ic;
    assert_int_equal(fogn_intercept_plan(s, st, 2, 0, &ra, FOGN_ICPT_ANY, &ic, &err), 1);
    assert_true(ic.flank_rear);
    ASSERT_NEAR(ic.dist, 2.5, POS_TOL);
    assert_true(ic.contact.turned);
    fogn_intercept_commit(s, st, 2, 0, &ic);
    /* the assaulter turns about its centre (20, 8.875) to face west */
    ASSERT_POSE(&st->u[0], 18.875, 8.875, 180);
    ASSERT_POSE(&st->u[2], 18.875, 8.875, 0);
    /* asked for a frontal intercept only, it does not strike the flank */
    fogn_state *st2 = state_of(s);
    fogn_intercept_plan(s, st2, 2, 0, &ra, FOGN_ICPT_FRONTAL, &ic, &err);
    assert_false(ic.flank_rear);
    /* and a flank intercept is refused when it is not placed for one */
    st2->u[2].y = 16;
    gr_error_clear(&err);
    assert_int_equal(fogn_intercept_plan(s, st2, 2, 0, &ra, FOGN_ICPT_FLANK, &ic, &err), 0);
    ASSERT_HAS(err.msg, "flank or rear");
    free(st2);
    free(st);
    free(s);
}

static void test_s6_9_eligibility(void **state)
{
    (void)state;
    gr_error err;
    fogn_reach ra;
    fogn_scenario *s = scn_icpt(CAV, 24);
    fogn_state *st = state_of(s);
    assert_int_equal(reach(s, st, 0, 1, &ra, &err), 1);
    fogn_intercept ic;
    st->u[2].cohesion = FOGN_WAVERING;
    gr_error_clear(&err);
    assert_int_equal(fogn_intercept_plan(s, st, 2, 0, &ra, FOGN_ICPT_ANY, &ic, &err), 0);
    ASSERT_HAS(err.msg, "Steady or Disordered");
    st->u[2].cohesion = FOGN_STEADY;
    st->u[2].formation = FOGN_F_COLUMN;
    gr_error_clear(&err);
    assert_int_equal(fogn_intercept_plan(s, st, 2, 0, &ra, FOGN_ICPT_ANY, &ic, &err), 0);
    ASSERT_HAS(err.msg, "Tactical");
    free(st);
    free(s);
    /* infantry intercepts only infantry */
    s = scn_ahead(CAV, 6);
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 22.5, 13, 180);
    st = state_of(s);
    assert_int_equal(reach(s, st, 0, 1, &ra, &err), 1);
    gr_error_clear(&err);
    assert_int_equal(fogn_intercept_plan(s, st, 2, 0, &ra, FOGN_ICPT_ANY, &ic, &err), 0);
    ASSERT_HAS(err.msg, "only infantry");
    free(st);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s6_1_reach_at_allowance),
        cmocka_unit_test(test_s6_1_reach_unreformed),
        cmocka_unit_test(test_s6_1_reach_over_rough),
        cmocka_unit_test(test_s6_1_no_assault_across_deep_water),
        cmocka_unit_test(test_s6_1_artillery_and_kinked_lines_do_not_assault),
        cmocka_unit_test(test_s6_5_reach_needs_a_wheel),
        cmocka_unit_test(test_s6_5_wheel_counts_against_allowance),
        cmocka_unit_test(test_s6_5_wheel_arc_at_most_half),
        cmocka_unit_test(test_s6_2_through_own_infantry_needs_cmt),
        cmocka_unit_test(test_s6_1_blocked_by_cavalry),
        cmocka_unit_test(test_s6_1_other_division_only_if_skirmishing),
        cmocka_unit_test(test_s6_1_blocked_by_third_enemy),
        cmocka_unit_test(test_s6_5_ending_on_friend_refused),
        cmocka_unit_test(test_s6_11_rear_assault),
        cmocka_unit_test(test_s6_11_start_conditions),
        cmocka_unit_test(test_s6_10_pause_two_mu_short),
        cmocka_unit_test(test_s6_9_intercept_straight_across),
        cmocka_unit_test(test_s6_9_intercept_wheels_for_more_frontage),
        cmocka_unit_test(test_s6_9_infantry_out_of_range),
        cmocka_unit_test(test_s6_9_flank_intercept),
        cmocka_unit_test(test_s6_9_eligibility),
        cmocka_unit_test(test_s6_9_too_far_never_refuses_an_intercept),
        cmocka_unit_test(test_s6_5_aim_limits_are_the_plain_scans),
        cmocka_unit_test(test_s6_1_reach_is_the_same_with_or_without_reasons),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
