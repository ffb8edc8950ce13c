/* test_fogn_formations.c - rule tests for changing a fogn unit's shape.
 *
 * Covers the §8.5 placement templates (where the new formation stands after
 * FOGN_MK_FORM), the transitions the rules forbid and the reason given, when
 * a change is Simple or Complex, the "end no nearer the enemy" adjustment,
 * the kinked Extended Line, the §8.6 artillery moves (unlimber, limber in its
 * four facings, prolong) and the §3.1 footprints and base counts. The last
 * group sends a Complex formation change through the turn machine with
 * scripted dice to check the §5.3 test: dice per training, the élan re-rolls
 * of §2.2, the command-point cost by range and what a failure leaves behind. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/core/dice.h"
#include "../../engine/core/rng.h"
#include "../../engine/fogn/rules/footprint.h"
#include "../../engine/fogn/rules/move.h"

#define TOL 1e-9

/* unit 0 (side 0) at (20, 10) facing up the table; an enemy as unit 1 far
 * away straight ahead, facing it. (Straight ahead so that the §8.5 "no nearer
 * the nearest enemy" rule leaves the templates alone: widening towards an
 * enemy off to one side brings the unit nearer to it.) */
static fogn_scenario *scn1(fogn_troop t, fogn_size size, fogn_formation f)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, t, size, f, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 35, -90);
    return s;
}

static fogn_move form(int unit, fogn_formation to)
{
    fogn_move m;
    memset(&m, 0, sizeof m);
    m.kind = FOGN_MK_FORM;
    m.unit = unit;
    m.flag = to;
    return m;
}

static fogn_move kind_move(int kind, int unit, int flag, double dist, double angle_deg)
{
    fogn_move m;
    memset(&m, 0, sizeof m);
    m.kind = kind;
    m.unit = unit;
    m.flag = flag;
    m.dist = dist;
    m.angle = angle_deg * FX_DEG;
    return m;
}

/* checks and commits a move that must be legal; returns plan.complex */
static int do_move(const fogn_scenario *s, fogn_state *st, fogn_move m)
{
    fogn_move_plan plan;
    gr_error err;
    if (fx_check(s, st, m, &plan, &err)) fail_msg("refused: %s", err.msg);
    fogn_move_commit(s, st, &m, &plan);
    st->u[m.unit].flags &= (uint16_t)~FOGN_UF_MOVED; /* let the next move of the test happen */
    return plan.complex;
}

static void expect_refused(const fogn_scenario *s, const fogn_state *st, fogn_move m, const char *needle)
{
    fogn_move_plan plan;
    gr_error err;
    if (fx_check(s, st, m, &plan, &err) == 0) fail_msg("move kind %d accepted, expected \"%s\"", m.kind, needle);
    ASSERT_HAS(err.msg, needle);
}

static gr_rect rect0(const fogn_scenario *s, const fogn_state *st) { return fogn_unit_rect(&s->units[0], &st->u[0]); }

/* is there a base of unit 0 whose front-edge centre is at (x, y)? */
static int base_at(const fogn_scenario *s, const fogn_state *st, double x, double y)
{
    gr_rect b[24];
    int n = fogn_unit_base_rects(&s->units[0], &st->u[0], b, 24);
    for (int i = 0; i < n; i++)
        if (fabs(b[i].fc.x - x) < 1e-6 && fabs(b[i].fc.y - y) < 1e-6) return 1;
    return 0;
}

/* --- §8.5 templates ------------------------------------------------------------------ */

static void test_s8_5_tactical_to_line_keeps_front_centre(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn1(FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_TACTICAL);
    fogn_state st;
    fx_state(s, &st, 0);
    gr_rect old = rect0(s, &st);
    assert_int_equal(do_move(s, &st, form(0, FOGN_F_LINE)), 0); /* Simple: no enemy within 2 MU */
    assert_int_equal(st.u[0].formation, FOGN_F_LINE);
    gr_rect r = rect0(s, &st);
    ASSERT_VEC(r.fc, 20, 10);
    ASSERT_NEAR(r.heading, GR_PI / 2, 1e-9);
    ASSERT_NEAR(r.w, 9, TOL); /* large: 6 bases of 1.5 MU */
    ASSERT_NEAR(r.d, FOGN_BASE_DEPTH, TOL);
    /* the old front edge is still wholly covered by the new one */
    assert_true(gr_rect_corner(&r, GR_FL).x <= gr_rect_corner(&old, GR_FL).x + 1e-9);
    assert_true(gr_rect_corner(&r, GR_FR).x >= gr_rect_corner(&old, GR_FR).x - 1e-9);
    assert_int_equal(fogn_unit_bases(&s->units[0], &st.u[0]), 6);
    free(s);
}

static void test_s8_5_small_tactical_to_line_front_bases_stay(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn1(FOGN_INF_UNREFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    fogn_state st;
    fx_state(s, &st, 0);
    /* front rank of the small Tactical: bases at x 19.25 and 20.75 */
    assert_true(base_at(s, &st, 19.25, 10) && base_at(s, &st, 20.75, 10));
    do_move(s, &st, form(0, FOGN_F_LINE));
    ASSERT_NEAR(rect0(s, &st).w, 6, TOL);
    /* they stay; the rear rank comes up beside them */
    assert_true(base_at(s, &st, 19.25, 10) && base_at(s, &st, 20.75, 10));
    assert_true(base_at(s, &st, 17.75, 10) && base_at(s, &st, 22.25, 10));
    free(s);
}

static void test_s8_5_line_to_tactical_keeps_centre_front_bases(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn1(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_LINE);
    fogn_state st;
    fx_state(s, &st, 0);
    /* small line: bases at 17.75, 19.25, 20.75, 22.25; the centre two stay */
    assert_int_equal(do_move(s, &st, form(0, FOGN_F_TACTICAL)), 0);
    assert_int_equal(st.u[0].formation, FOGN_F_TACTICAL);
    gr_rect r = rect0(s, &st);
    ASSERT_VEC(r.fc, 20, 10);
    ASSERT_NEAR(r.w, 3, TOL);
    ASSERT_NEAR(r.d, 2 * FOGN_BASE_DEPTH, TOL);
    assert_true(base_at(s, &st, 19.25, 10) && base_at(s, &st, 20.75, 10));
    free(s);
}

static void test_s8_5_large_line_to_tactical_centre_bases_stay(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn1(FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_LINE);
    fogn_state st;
    fx_state(s, &st, 0);
    /* large line: bases at 16.25 .. 23.75; the centre two are at 19.25 and 20.75 */
    assert_true(base_at(s, &st, 19.25, 10) && base_at(s, &st, 20.75, 10));
    do_move(s, &st, form(0, FOGN_F_TACTICAL));
    ASSERT_NEAR(rect0(s, &st).w, 4.5, TOL);
    /* §8.5: the line's two centre front bases stay; the third front base forms on their right */
    assert_true(base_at(s, &st, 19.25, 10) && base_at(s, &st, 20.75, 10) && base_at(s, &st, 22.25, 10));
    ASSERT_NEAR(st.u[0].x, 20.75, TOL);
    free(s);
}

static void test_s8_5_tactical_to_column_behind_a_front_base(void **unused)
{
    (void)unused;
    for (int size = 0; size < 2; size++) {
        fogn_scenario *s = scn1(FOGN_INF_REFORMED, (fogn_size)size, FOGN_F_TACTICAL);
        fogn_state st;
        fx_state(s, &st, 0);
        gr_rect fronts[24];
        int n = fogn_unit_base_rects(&s->units[0], &st.u[0], fronts, 24);
        int cols = size ? 3 : 2;
        assert_int_equal(n, 2 * cols);
        assert_int_equal(do_move(s, &st, form(0, FOGN_F_COLUMN)), 0);
        gr_rect r = rect0(s, &st);
        ASSERT_NEAR(r.w, FOGN_BW, TOL);
        ASSERT_NEAR(r.d, (size ? 6 : 4) * FOGN_BASE_DEPTH, TOL);
        ASSERT_NEAR(r.heading, GR_PI / 2, 1e-9);
        /* the head stands on one of the old front-rank bases, the rest file behind it */
        int on_front = 0;
        for (int i = 0; i < cols; i++)
            if (fabs(fronts[i].fc.x - r.fc.x) < 1e-6 && fabs(fronts[i].fc.y - r.fc.y) < 1e-6) on_front = 1;
        assert_true(on_front);
        gr_rect b[24];
        int nb = fogn_unit_base_rects(&s->units[0], &st.u[0], b, 24);
        assert_int_equal(nb, size ? 6 : 4);
        for (int i = 0; i < nb; i++) {
            ASSERT_NEAR(b[i].fc.x, r.fc.x, 1e-6);
            ASSERT_NEAR(b[i].fc.y, 10 - i * FOGN_BASE_DEPTH, 1e-6);
        }
        free(s);
    }
}

static void test_s8_5_column_to_tactical_head_becomes_front_base(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn1(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN);
    fogn_state st;
    fx_state(s, &st, 0);
    assert_int_equal(do_move(s, &st, form(0, FOGN_F_TACTICAL)), 0);
    gr_rect r = rect0(s, &st);
    ASSERT_NEAR(r.w, 3, TOL);
    ASSERT_NEAR(r.d, 2 * FOGN_BASE_DEPTH, TOL);
    /* the old head (front edge centred at (20,10)) is now a front-rank base */
    assert_true(base_at(s, &st, 20, 10));
    ASSERT_NEAR(r.fc.y, 10, 1e-6);
    free(s);
}

static void test_s8_5_forming_square(void **unused)
{
    (void)unused;
    /* from Tactical: same footprint, the rear rank faces about */
    fogn_scenario *s = scn1(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    fogn_state st;
    fx_state(s, &st, 0);
    gr_rect before = rect0(s, &st);
    assert_int_equal(do_move(s, &st, form(0, FOGN_F_SQUARE)), 0);
    assert_int_equal(st.u[0].formation, FOGN_F_SQUARE);
    gr_rect r = rect0(s, &st);
    ASSERT_VEC(r.fc, before.fc.x, before.fc.y);
    ASSERT_NEAR(r.w, before.w, TOL);
    ASSERT_NEAR(r.d, before.d, TOL);
    gr_rect b[8];
    int n = fogn_unit_base_rects(&s->units[0], &st.u[0], b, 8);
    assert_int_equal(n, 4);
    int faced_about = 0;
    for (int i = 0; i < n; i++)
        if (fabs(gr_angle_diff(b[i].heading, r.heading + GR_PI)) < 1e-6) {
            faced_about++;
            /* the faced-about rank keeps inside the footprint: its front is the unit's rear edge */
            ASSERT_NEAR(b[i].fc.y, 10 - 2 * FOGN_BASE_DEPTH, 1e-6);
        }
    assert_int_equal(faced_about, 2);
    /* a square moves only 1 MU (§23.1 #5) and only straight */
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, fx_normal(0, -1, 0, 1, 0), &plan, &err), 0);
    assert_int_equal(fx_check(s, &st, fx_normal(0, -1, 0, 1.2, 0), &plan, &err), -1);
    free(s);

    /* from Extended Line and from March Column it forms up in place */
    s = scn1(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_LINE);
    fx_state(s, &st, 0);
    do_move(s, &st, form(0, FOGN_F_SQUARE));
    ASSERT_VEC(rect0(s, &st).fc, 20, 10);
    ASSERT_NEAR(rect0(s, &st).w, 3, TOL);
    free(s);
    s = scn1(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN);
    fx_state(s, &st, 0);
    do_move(s, &st, form(0, FOGN_F_SQUARE));
    assert_true(base_at(s, &st, 20, 10));
    free(s);
}

static void test_s8_5_large_tactical_deep_round_the_centre(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn1(FOGN_CAV_HEAVY, FOGN_LARGE, FOGN_F_TACTICAL);
    fogn_state st;
    fx_state(s, &st, 0);
    /* no enemy on the table: Deep pushes the front forward, which an enemy
     * ahead would forbid (see test_s8_5_no_nearer_the_nearest_enemy) */
    st.u[1].flags &= (uint16_t)~FOGN_UF_ON_TABLE;
    gr_rect t = rect0(s, &st);
    gr_vec2 c0 = gr_rect_centre(&t);
    assert_int_equal(do_move(s, &st, form(0, FOGN_F_DEEP)), 0);
    gr_rect d = rect0(s, &st);
    ASSERT_NEAR(d.w, 3, TOL);
    ASSERT_NEAR(d.d, 3 * FOGN_BASE_DEPTH, TOL);
    ASSERT_VEC(gr_rect_centre(&d), c0.x, c0.y);
    assert_int_equal(do_move(s, &st, form(0, FOGN_F_TACTICAL)), 0);
    gr_rect back = rect0(s, &st);
    ASSERT_VEC(back.fc, t.fc.x, t.fc.y);
    ASSERT_NEAR(back.w, 4.5, TOL);
    free(s);
}

static void test_s8_5_light_infantry_skirmish_same_footprint(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn1(FOGN_INF_LIGHT, FOGN_LARGE, FOGN_F_TACTICAL);
    fogn_state st;
    fx_state(s, &st, 0);
    gr_rect t = rect0(s, &st);
    assert_int_equal(do_move(s, &st, form(0, FOGN_F_SKIRMISH)), 0);
    assert_int_equal(st.u[0].formation, FOGN_F_SKIRMISH);
    assert_true(fogn_is_skirmisher(&s->units[0], &st.u[0]));
    gr_rect k = rect0(s, &st);
    ASSERT_VEC(k.fc, t.fc.x, t.fc.y);
    ASSERT_NEAR(k.w, t.w, TOL);
    ASSERT_NEAR(k.d, t.d, TOL);
    assert_int_equal(do_move(s, &st, form(0, FOGN_F_TACTICAL)), 0);
    assert_false(fogn_is_skirmisher(&s->units[0], &st.u[0]));
    ASSERT_VEC(rect0(s, &st).fc, t.fc.x, t.fc.y);
    free(s);
}

/* --- §8.5 forbidden transitions -------------------------------------------------------- */

static void test_s8_5_forbidden_transitions(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn1(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_LINE);
    fogn_state st;
    fx_state(s, &st, 0);
    /* Extended Line -> March Column: via Tactical */
    expect_refused(s, &st, form(0, FOGN_F_COLUMN), "straight to March Column");
    /* March Column -> Extended Line: via Tactical */
    st.u[0].formation = FOGN_F_COLUMN;
    expect_refused(s, &st, form(0, FOGN_F_LINE), "March Column straight to Extended Line");
    /* the same formation */
    expect_refused(s, &st, form(0, FOGN_F_COLUMN), "already in");
    /* skirmish order is for light infantry only */
    st.u[0].formation = FOGN_F_TACTICAL;
    expect_refused(s, &st, form(0, FOGN_F_SKIRMISH), "may not form");
    expect_refused(s, &st, form(0, FOGN_F_SKIRMISH_LINE), "may not form");
    /* Deep is for large units only */
    expect_refused(s, &st, form(0, FOGN_F_DEEP), "small");
    /* Spent infantry never forms Extended Line (§2.6) */
    st.u[0].flags |= FOGN_UF_SPENT;
    st.u[0].bases_lost = 1;
    expect_refused(s, &st, form(0, FOGN_F_LINE), "Spent infantry");
    do_move(s, &st, form(0, FOGN_F_COLUMN)); /* other changes are fine */
    free(s);

    /* Skirmish -> Square and Skirmish -> March Column are two moves */
    s = scn1(FOGN_INF_LIGHT, FOGN_SMALL, FOGN_F_SKIRMISH);
    fx_state(s, &st, 0);
    expect_refused(s, &st, form(0, FOGN_F_SQUARE), "cannot form Square from Skirmish");
    expect_refused(s, &st, form(0, FOGN_F_COLUMN), "straight to March Column");
    free(s);

    /* cavalry has no Square; artillery changes only by (un)limbering */
    s = scn1(FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_TACTICAL);
    fx_state(s, &st, 0);
    expect_refused(s, &st, form(0, FOGN_F_SQUARE), "may not form");
    free(s);
    s = scn1(FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED);
    fx_state(s, &st, 0);
    expect_refused(s, &st, form(0, FOGN_F_LIMBERED), "limbering");
    expect_refused(s, &st, form(0, FOGN_F_TACTICAL), "may not form");
    free(s);
}

static void test_s8_5_line_to_tactical_not_within_2mu_of_enemy_front(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn1(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_LINE);
    /* an enemy 1.5 MU ahead, facing the line */
    s->units[1].x = 20;
    s->units[1].y = 11.5;
    fogn_state st;
    fx_state(s, &st, 0);
    expect_refused(s, &st, form(0, FOGN_F_TACTICAL), "within 2 MU of the front of unit1");
    /* the same enemy with its back to us: allowed, but Complex (enemy within 2 MU) */
    fogn_unit_set_heading(&st.u[1], GR_PI / 2);
    st.u[1].y = 11.5 + 2 * FOGN_BASE_DEPTH; /* rear edge still 1.5 MU from the line */
    ASSERT_NEAR(fogn_enemy_dist(s, &st, 0, NULL), 1.5, 1e-6);
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, form(0, FOGN_F_TACTICAL), &plan, &err), 0);
    assert_int_equal(plan.complex, 1);
    ASSERT_HAS(plan.why_complex, "within 2 MU");
    /* an enemy's front 2.5 MU away does not stop it, and the change is Simple */
    fogn_unit_set_heading(&st.u[1], -GR_PI / 2);
    st.u[1].y = 12.5;
    assert_int_equal(fx_check(s, &st, form(0, FOGN_F_TACTICAL), &plan, &err), 0);
    assert_int_equal(plan.complex, 0);
    free(s);
}

/* §8.5: "within 2 MU of the front of an enemy unit" counts every front the
 * enemy has. A Square has no flank and its rear rank faces out (§3.1), so
 * all four faces are fronts (FOGN_SQUARE_ALL_FRONT); a unit in Tactical shows
 * only its front. */
static void test_s8_5_line_to_tactical_not_near_any_face_of_a_square(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn1(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_LINE);
    fogn_state st;
    fx_state(s, &st, 0);
    /* an enemy Square with its back to the line, its rear rank 1.5 MU ahead */
    st.u[1].formation = FOGN_F_SQUARE;
    fogn_unit_set_heading(&st.u[1], GR_PI / 2);
    gr_rect sq = fogn_unit_rect(&s->units[1], &st.u[1]);
    st.u[1].x = 20;
    st.u[1].y = 11.5 + sq.d;
    ASSERT_NEAR(fogn_enemy_dist(s, &st, 0, NULL), 1.5, 1e-6);
    expect_refused(s, &st, form(0, FOGN_F_TACTICAL), "within 2 MU of the front of unit1");
    /* the Square turned side-on (facing along the table): its right-hand face is 1.5 MU ahead */
    fogn_unit_set_heading(&st.u[1], 0);
    sq = fogn_unit_rect(&s->units[1], &st.u[1]);
    st.u[1].x = 20 + sq.d / 2;
    st.u[1].y = 11.5 + sq.w / 2;
    ASSERT_NEAR(fogn_enemy_dist(s, &st, 0, NULL), 1.5, 1e-6);
    expect_refused(s, &st, form(0, FOGN_F_TACTICAL), "within 2 MU of the front of unit1");
    /* the same unit in Tactical shows us its flank: the change is allowed (Complex, an enemy within 2 MU) */
    st.u[1].formation = FOGN_F_TACTICAL;
    gr_rect tac = fogn_unit_rect(&s->units[1], &st.u[1]);
    st.u[1].x = 20 + tac.d / 2;
    st.u[1].y = 11.5 + tac.w / 2;
    ASSERT_NEAR(fogn_enemy_dist(s, &st, 0, NULL), 1.5, 1e-6);
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, form(0, FOGN_F_TACTICAL), &plan, &err), 0);
    assert_int_equal(plan.complex, 1);
    /* a Square 2.5 MU away does not stop it */
    st.u[1].formation = FOGN_F_SQUARE;
    st.u[1].x = 20 + sq.d / 2;
    st.u[1].y = 12.5 + sq.w / 2;
    assert_int_equal(fx_check(s, &st, form(0, FOGN_F_TACTICAL), &plan, &err), 0);
    free(s);
}

/* §8.5 with a kinked enemy line: each half has its own front. The enemy
 * (a small line, 6 MU wide) faces down the table with its left half, its
 * right half bent 90 degrees outward to face along the table toward the
 * reforming line's right end (unit 0 spans x 17..23, y 8.875..10). */
static void test_s8_5_line_to_tactical_not_near_a_kinked_half(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn1(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_LINE);
    fogn_state st;
    fx_state(s, &st, 0);
    st.u[1].formation = FOGN_F_LINE;
    fogn_unit_set_heading(&st.u[1], -GR_PI / 2);
    st.u[1].kink = -GR_PI / 2;
    st.u[1].x = 24.5;
    st.u[1].y = 9.5;
    gr_rect h[2];
    assert_int_equal(fogn_unit_rects(&s->units[1], &st.u[1], h), 2);
    /* the right half's front edge stands upright at x 24.5 (y 9.5..12.5), facing -x */
    ASSERT_NEAR(h[1].fc.x, 24.5, 1e-9);
    ASSERT_NEAR(h[1].fc.y, 11.0, 1e-9);
    ASSERT_NEAR(gr_rect_fwd(&h[1]).x, -1.0, 1e-9);
    ASSERT_NEAR(fogn_enemy_dist(s, &st, 0, NULL), 1.5, 1e-6);
    expect_refused(s, &st, form(0, FOGN_F_TACTICAL), "within 2 MU of the front of unit1");
    /* 1 MU farther along the table the bent half is 2.5 MU off; the left half's front (y 9.5,
     * x 25.5..28.5) was never toward the line: allowed */
    st.u[1].x = 25.5;
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, form(0, FOGN_F_TACTICAL), &plan, &err), 0);
    free(s);
}

/* --- §5.4 / §23.1 #13: Simple or Complex ------------------------------------------------- */

static void test_s8_5_simple_unless_enemy_within_2mu(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn1(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    s->units[1].x = 20;
    s->units[1].y = 12.01; /* its front edge 2.01 MU ahead of ours */
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    assert_true(fogn_enemy_dist(s, &st, 0, NULL) > FOGN_R_REFORM_ENEMY_NEAR);
    assert_int_equal(fx_check(s, &st, form(0, FOGN_F_COLUMN), &plan, &err), 0);
    assert_int_equal(plan.complex, 0);
    /* exactly 2 MU away counts as within 2 MU */
    st.u[1].y = 12;
    assert_int_equal(fx_check(s, &st, form(0, FOGN_F_COLUMN), &plan, &err), 0);
    assert_int_equal(plan.complex, 1);
    ASSERT_HAS(plan.why_complex, "enemy within 2 MU");
    st.u[1].y = 11.5;
    assert_int_equal(fx_check(s, &st, form(0, FOGN_F_LINE), &plan, &err), 0);
    assert_int_equal(plan.complex, 1);
    free(s);
}

static void test_s8_5_wavering_formation_change_is_complex(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn1(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    s->units[0].start_cohesion = FOGN_WAVERING;
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, form(0, FOGN_F_COLUMN), &plan, &err), 0);
    assert_int_equal(plan.complex, 1);
    ASSERT_HAS(plan.why_complex, "Wavering");
    /* a Disordered unit far from the enemy changes formation as a Simple move */
    st.u[0].cohesion = FOGN_DISORDERED;
    assert_int_equal(fx_check(s, &st, form(0, FOGN_F_COLUMN), &plan, &err), 0);
    assert_int_equal(plan.complex, 0);
    free(s);
}

static void test_s8_5_no_nearer_the_nearest_enemy(void **unused)
{
    (void)unused;
    /* large Tactical -> Deep keeps its centre, which pushes the front 0.5625 MU forward */
    fogn_scenario *s = scn1(FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_TACTICAL);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    st.u[1].flags &= (uint16_t)~FOGN_UF_ON_TABLE; /* alone on the table */
    assert_int_equal(fx_check(s, &st, form(0, FOGN_F_DEEP), &plan, &err), 0);
    ASSERT_NEAR(plan.after.y, 10 + 0.5 * FOGN_BASE_DEPTH, 1e-6);
    /* with an enemy 1.5 MU ahead the unit must step back so as to end no nearer */
    st.u[1].flags |= FOGN_UF_ON_TABLE;
    st.u[1].x = 20;
    st.u[1].y = 11.5;
    double before = fogn_enemy_dist(s, &st, 0, NULL);
    ASSERT_NEAR(before, 1.5, 1e-6);
    assert_int_equal(fx_check(s, &st, form(0, FOGN_F_DEEP), &plan, &err), 0);
    gr_rect end = fogn_unit_rect(&s->units[0], &plan.after);
    double after = fogn_enemy_dist(s, &st, 0, &end);
    assert_true(after >= before - 1e-6);
    assert_true(after <= before + 0.1 + 1e-6); /* by the minimum (0.1 MU steps) */
    ASSERT_NEAR(plan.after.x, 20, 1e-6);
    assert_true(plan.after.y <= 10 + 1e-6);
    assert_int_equal(plan.complex, 1);
    free(s);
}

/* The slide of §8.5 as a plain scan: every 0.1 MU ring up to 4 MU, in each
 * ring straight back, back and to either side, then sideways, the first that
 * ends no nearer; the engine passes over slides it can show would fall short,
 * and must end on the same one (or refuse the same changes) */
static int plain_slide(const fogn_scenario *s, const fogn_state *st, int unit, gr_rect end, gr_rect *out)
{
    static const double dirs[][2] = {{-1, 0}, {-0.7071, -0.7071}, {-0.7071, 0.7071}, {0, -1}, {0, 1}};
    double before = fogn_enemy_dist(s, st, unit, NULL);
    if (fogn_enemy_dist(s, st, unit, &end) >= before - 1e-6) {
        *out = end;
        return 0;
    }
    for (int k = 1; k <= 40; k++)
        for (int d = 0; d < 5; d++) {
            double r = k * 0.1;
            gr_rect moved = gr_rect_advance(&end, r * dirs[d][0], r * dirs[d][1]);
            if (fogn_enemy_dist(s, st, unit, &moved) >= before - 1e-6) {
                *out = moved;
                return 0;
            }
        }
    return -1;
}

static void test_s8_5_the_slide_is_the_plain_scans(void **unused)
{
    (void)unused;
    static const fogn_formation to[] = {FOGN_F_DEEP, FOGN_F_LINE, FOGN_F_COLUMN, FOGN_F_SQUARE};
    fogn_scenario *s = scn1(FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_TACTICAL);
    gr_rng rng;
    gr_rng_seed(&rng, 85, 1);
    int slid = 0, refused = 0;
    for (int n = 0; n < 400; n++) {
        fogn_state st;
        fx_state(s, &st, 0);
        /* an enemy somewhere within about 4 MU of the unit, any way round */
        st.u[1].x = 20 + (gr_rng_unit(&rng) - 0.5) * 12;
        st.u[1].y = 10 + (gr_rng_unit(&rng) - 0.5) * 12;
        fogn_unit_set_heading(&st.u[1], gr_rng_unit(&rng) * 2 * GR_PI - GR_PI);
        fogn_move m = form(0, to[n % 4]);
        gr_rect want;
        int expect = plain_slide(s, &st, 0, fogn_form_pose(&s->units[0], &st.u[0], to[n % 4]), &want);
        fogn_move_plan plan;
        gr_error err;
        int rc = fx_check(s, &st, m, &plan, &err);
        if (expect == 0) {
            slid += want.fc.x != fogn_form_pose(&s->units[0], &st.u[0], to[n % 4]).fc.x ||
                    want.fc.y != fogn_form_pose(&s->units[0], &st.u[0], to[n % 4]).fc.y;
            if (rc != 0) {
                /* refused for another reason (the enemy in the way of the new footprint): the slide was not the cause */
                assert_null(strstr(err.msg, "without ending nearer"));
                continue;
            }
            assert_true(plan.after.x == want.fc.x);
            assert_true(plan.after.y == want.fc.y);
        } else {
            refused++;
            assert_int_not_equal(rc, 0);
        }
    }
    /* the placements must exercise the slide (one enemy never hems a unit in:
     * no refusal is expected) */
    assert_true(slid >= 40);
    assert_int_equal(refused, 0);
    free(s);
}

static void test_s8_5_widening_with_an_enemy_on_the_flank(void **unused)
{
    (void)unused;
    /* an enemy 20 MU off the right flank, level with the unit */
    fogn_scenario *s = scn1(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL);
    s->units[1].x = 42;
    s->units[1].y = 10;
    s->units[1].heading = GR_PI; /* facing the unit's flank */
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    int rc = fx_check(s, &st, form(0, FOGN_F_LINE), &plan, &err);
    if (rc != 0) fail_msg("widening with the enemy 18 MU off the flank refused: %s", err.msg);
    gr_rect end = fogn_unit_rect(&s->units[0], &plan.after);
    assert_true(fogn_enemy_dist(s, &st, 0, &end) >= fogn_enemy_dist(s, &st, 0, NULL) - 1e-6);
    free(s);
}

/* --- §8.5 kinked Extended Line --------------------------------------------------------- */

/* scn1's small unreformed Extended Line at (20, 10) facing north, bent back `deg` degrees at its
 * centre, in the Movement Phase */
static fogn_scenario *kinked_line(fogn_state *st, double deg)
{
    fogn_scenario *s = scn1(FOGN_INF_UNREFORMED, FOGN_SMALL, FOGN_F_LINE);
    fx_state(s, st, 0);
    st->u[0].kink = deg * FX_DEG;
    return s;
}

/* §8.5: the halves of a kinked line move each on its own and the line must
 * end legal: a normal move brings the bent-back right half forward about the
 * centre into line and the line goes on; each front corner is measured from
 * where it stood, the right wing's outer corner from its bent place */
static void test_s8_5_kinked_line_moves_its_halves_into_line(void **unused)
{
    (void)unused;
    fogn_state st;
    fogn_scenario *s = kinked_line(&st, -30);
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, fx_normal(0, -1, 0, 1, 0), &plan, &err), 0);
    ASSERT_NEAR(plan.after.kink, 0, TOL);
    ASSERT_NEAR(plan.after.x, 20, TOL);
    ASSERT_NEAR(plan.after.y, 11, TOL);
    ASSERT_NEAR(gr_angle_diff(plan.after.heading, 90 * FX_DEG), 0, TOL);
    assert_int_equal(plan.complex, 0);
    /* the right wing's outer corner: bent at (20 + 3 cos 30, 10 - 1.5), straight at (23, 10 + d) */
    double bx = 20 + 3 * cos(30 * FX_DEG), by = 8.5;
    double allow = plan.allowance;
    double d_ok = 0, d_bad = 0;
    for (double d = 0; d <= allow; d += 0.01)
        if (hypot(23 - bx, 10 + d - by) <= allow) d_ok = d;
    d_bad = d_ok + 0.05;
    assert_true(d_ok > 0);
    assert_int_equal(fx_check(s, &st, fx_normal(0, -1, 0, d_ok, 0), &plan, &err), 0);
    expect_refused(s, &st, fx_normal(0, -1, 0, d_bad, 0), "allowance");
    /* the wing's wheel into line is a wheel: its outer corner goes at most half the allowance
     * (60 degrees of a 3 MU half: 3.14 MU, more than 2), though it ends 3.1 MU from where it stood */
    st.u[0].kink = -60 * FX_DEG;
    expect_refused(s, &st, fx_normal(0, -1, 0, 0.1, 0), "outer corner travels");
    /* bent right back, its outer corner is the one that goes farthest */
    st.u[0].kink = -90 * FX_DEG;
    expect_refused(s, &st, fx_normal(0, -1, 0, 0.5, 0), "the bent right wing's outer front corner would move 4.6 MU");
    free(s);
}


/* a typed exact order: it reads back as typed, and is carried out with no die */
static void typed_order(const fogn_scenario *s, fogn_state *st, const char *text)
{
    gr_action a = fx_parse(s, st, text);
    char back[64];
    fogn_ruleset.present->format_action(s, st, &a, back, sizeof back);
    assert_string_equal(back, text);
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    gr_dice_init_script(&d, NULL, 0);
    gr_error err;
    if (fogn_ruleset.rules->apply(s, st, &a, &d, &log, &err)) fail_msg("%s: %s", text, err.msg);
    gr_log_free(&log);
}

static fogn_move bent_move(int unit, double dist)
{
    fogn_move m = fx_normal(unit, -1, 0, dist, 0);
    m.flag = FOGN_MOVE_BENT;
    return m;
}

/* §8.5: "each half-unit moves independently, but the unit must end in a legal
 * formation": the halves each go straight ahead and slide toward each other's
 * side, so the line goes on bent along the bisector of their facings, the
 * inner corners together. Each slide is a §8.4 slide: at most a base width,
 * and with a forward move both front corners go 3 MU, every enemy over 6 MU */
static void test_s8_5_kinked_line_goes_on_bent(void **unused)
{
    (void)unused;
    fogn_state st;
    fogn_scenario *s = kinked_line(&st, -30);
    fogn_move_plan plan;
    gr_error err;
    /* 4 MU along 75 degrees: each half slides 4 sin 15 = 1.04 MU */
    assert_int_equal(fx_check(s, &st, bent_move(0, 4), &plan, &err), 0);
    ASSERT_NEAR(plan.after.kink, -30 * FX_DEG, 1e-9);
    ASSERT_NEAR(plan.after.x, 20 + 4 * cos(75 * FX_DEG), TOL);
    ASSERT_NEAR(plan.after.y, 10 + 4 * sin(75 * FX_DEG), TOL);
    ASSERT_NEAR(gr_angle_diff(plan.after.heading, 90 * FX_DEG), 0, TOL);
    assert_int_equal(plan.complex, 0);
    gr_rect h[2];
    assert_int_equal(fogn_unit_rects(&s->units[0], &plan.after, h), 2);
    ASSERT_VEC(gr_rect_corner(&h[0], GR_FR), plan.after.x, plan.after.y);
    ASSERT_VEC(gr_rect_corner(&h[1], GR_FL), plan.after.x, plan.after.y);
    /* under 3 MU the slides are not allowed (§8.4) */
    expect_refused(s, &st, bent_move(0, 2), "both front corners must go 3 MU");
    /* bent 90 degrees, 3 MU needs slides of 2.12 MU, more than a base width */
    st.u[0].kink = -90 * FX_DEG;
    expect_refused(s, &st, bent_move(0, 3), "each half would slide 2.12 MU");
    /* an enemy within 6 MU of the way forbids the slides */
    st.u[0].kink = -30 * FX_DEG;
    st.u[1].y = 19;
    expect_refused(s, &st, bent_move(0, 4), "every enemy over 6 MU");
    st.u[1].y = 35;
    /* no wheel or slide of its own, and only a kinked line */
    fogn_move w = bent_move(0, 4);
    w.slide = 0.5;
    expect_refused(s, &st, w, "neither wheels nor slides");
    st.u[0].kink = 0;
    expect_refused(s, &st, bent_move(0, 4), "only such a line goes on bent");
    /* the notation: "move D bent" and back */
    st.u[0].kink = -30 * FX_DEG;
    typed_order(s, &st, "u0 move 4 bent");
    ASSERT_NEAR(st.u[0].kink, -30 * FX_DEG, 1e-9);
    ASSERT_NEAR(st.u[0].y, 10 + 4 * sin(75 * FX_DEG), TOL);
    free(s);
}

static fogn_move halves_move(int unit, double left, double right)
{
    fogn_move m = fx_normal(unit, -1, 0, fmax(left, right), 0);
    m.flag = FOGN_MOVE_HALVES;
    m.dx = left;
    m.dy = right;
    return m;
}

/* §8.5, each half moving on its own: the halves of a line bent back 30 degrees go 4 and 3 MU straight
 * ahead. The line keeps its bend, so both halves go the same way V, whose straight-ahead parts are
 * V.f_left = 4 and V.f_right = 3 (facings 90 and 60 degrees): V = ((3 - 4 cos 30) / sin 30, 4) =
 * (-0.93, 4); the left half slides 0.93 MU and the right half V.(cos -30, sin -30) = -2.80 MU, more
 * than a base width (1.5 MU) */
static void test_s8_5_kinked_halves_go_their_own_distances(void **unused)
{
    (void)unused;
    fogn_state st;
    fogn_scenario *s = kinked_line(&st, -30);
    fogn_move_plan plan;
    gr_error err;
    expect_refused(s, &st, halves_move(0, 4, 3), "the halves would slide 0.93 and 2.80 MU");
    /* 3 and 3.3 MU: V = (1.40, 3), 3.31 MU of the 4 allowed, slides 1.40 and 0.28 MU, both within a
     * base width */
    gr_vec2 fl = gr_v2_dir(90 * FX_DEG), fr = gr_v2_dir(60 * FX_DEG);
    if (fx_check(s, &st, halves_move(0, 3, 3.3), &plan, &err)) fail_msg("%s", err.msg);
    gr_vec2 v = gr_v2(plan.after.x - 20, plan.after.y - 10);
    ASSERT_NEAR(gr_v2_dot(v, fl), 3, TOL);
    ASSERT_NEAR(gr_v2_dot(v, fr), 3.3, TOL);
    ASSERT_NEAR(v.x, (3.3 - 3 * cos(30 * FX_DEG)) / sin(30 * FX_DEG), TOL);
    ASSERT_NEAR(plan.after.kink, -30 * FX_DEG, 1e-9);
    ASSERT_NEAR(gr_angle_diff(plan.after.heading, 90 * FX_DEG), 0, TOL);
    gr_rect h[2];
    assert_int_equal(fogn_unit_rects(&s->units[0], &plan.after, h), 2);
    ASSERT_VEC(gr_rect_corner(&h[0], GR_FR), plan.after.x, plan.after.y);
    ASSERT_VEC(gr_rect_corner(&h[1], GR_FL), plan.after.x, plan.after.y);
    /* equal shares of the bisector's way are the line going on bent: 4 cos 15 each is "move 4 bent" */
    if (fx_check(s, &st, halves_move(0, 4 * cos(15 * FX_DEG), 4 * cos(15 * FX_DEG)), &plan, &err)) fail_msg("%s", err.msg);
    ASSERT_NEAR(plan.after.x, 20 + 4 * cos(75 * FX_DEG), TOL);
    ASSERT_NEAR(plan.after.y, 10 + 4 * sin(75 * FX_DEG), TOL);
    /* the slides are §8.4 slides: the line goes 3 MU with every enemy over 6 MU; a half goes ahead */
    expect_refused(s, &st, halves_move(0, 2, 2), "both front corners must go 3 MU");
    expect_refused(s, &st, halves_move(0, -1, 4), "each half goes straight ahead");
    st.u[0].kink = 0;
    expect_refused(s, &st, halves_move(0, 4, 4), "only such a line goes on bent");
    /* the notation both ways, and the order carried out */
    st.u[0].kink = -30 * FX_DEG;
    typed_order(s, &st, "u0 halves 3 3.3");
    ASSERT_NEAR(st.u[0].y - 10, 3, TOL);
    ASSERT_NEAR(st.u[0].kink, -30 * FX_DEG, 1e-9);
    free(s);
}

/* §8.5, one half wheeling while the other goes on: `halves DL DR bend B` first wheels the right half (or,
 * with `left`, the left half) about the centre to the bend B, then both halves go straight ahead as
 * `halves` does. Bent back 30 degrees, the right half wheels 10 degrees forward to -20 (its outer corner's
 * arc 0.52 MU), then each half goes 3.05 MU: the line goes 3.05 / cos 10 = 3.10 MU along 80 degrees, each
 * half sliding 0.54 MU; the right wing's outer corner goes 3.6 MU from where it stood */
static void test_s8_5_a_half_wheels_and_the_halves_go_on(void **unused)
{
    (void)unused;
    fogn_state st;
    fogn_scenario *s = kinked_line(&st, -30);
    double len = 3.05 / cos(10 * FX_DEG);
    typed_order(s, &st, "u0 halves 3.05 3.05 bend -20");
    ASSERT_NEAR(st.u[0].kink, -20 * FX_DEG, 1e-6);
    ASSERT_NEAR(gr_angle_diff(st.u[0].heading, 90 * FX_DEG), 0, 1e-6);
    ASSERT_NEAR(st.u[0].x, 20 + len * cos(80 * FX_DEG), 1e-5); /* the order's distances are floats */
    ASSERT_NEAR(st.u[0].y, 10 + len * sin(80 * FX_DEG), 1e-5);
    gr_rect h[2];
    assert_int_equal(fogn_unit_rects(&s->units[0], &st.u[0], h), 2);
    ASSERT_VEC(gr_rect_corner(&h[0], GR_FR), st.u[0].x, st.u[0].y);
    ASSERT_VEC(gr_rect_corner(&h[1], GR_FL), st.u[0].x, st.u[0].y);
    free(s);
    /* the left half instead: it wheels to face 80 degrees, the right half keeps 60; the way is 70 degrees */
    s = kinked_line(&st, -30);
    typed_order(s, &st, "u0 halves 3.05 3.05 bend -20 left");
    ASSERT_NEAR(st.u[0].kink, -20 * FX_DEG, 1e-6);
    ASSERT_NEAR(gr_angle_diff(st.u[0].heading, 80 * FX_DEG), 0, 1e-6);
    ASSERT_NEAR(st.u[0].x, 20 + len * cos(70 * FX_DEG), 1e-5);
    ASSERT_NEAR(st.u[0].y, 10 + len * sin(70 * FX_DEG), 1e-5);
    /* the wing's corner measured from where it stood against the allowance; the bend's own rules */
    st.u[0].x = 20;
    st.u[0].y = 10;
    fogn_unit_set_heading(&st.u[0], 90 * FX_DEG);
    st.u[0].kink = -30 * FX_DEG;
    st.u[0].flags &= ~FOGN_UF_MOVED;
    fogn_move m = halves_move(0, 3.9, 3.9);
    m.flag |= FOGN_MOVE_WHEEL_RIGHT;
    m.angle = -20 * FX_DEG;
    expect_refused(s, &st, m, "front corner would move");
    m = halves_move(0, 3.05, 3.05);
    m.flag |= FOGN_MOVE_WHEEL_RIGHT;
    m.angle = 10 * FX_DEG;
    expect_refused(s, &st, m, "towards each other");
    free(s);
}

static fogn_move swing_move(int unit, double deg, double dist, int left)
{
    fogn_move m = fx_normal(unit, -1, 0, dist, 0);
    m.flag = FOGN_MOVE_SWING | (left ? FOGN_MOVE_WHEEL_LEFT : 0);
    m.angle = deg * FX_DEG;
    return m;
}

/* both halves swing: the left by `left_deg`, the right by `right_deg` */
static fogn_move swing_both_move(int unit, double left_deg, double right_deg, double dist)
{
    fogn_move m = swing_move(unit, left_deg, dist, 1);
    m.flag |= FOGN_MOVE_WHEEL_RIGHT;
    m.angle2 = right_deg * FX_DEG;
    m.dist2 = dist;
    return m;
}

/* §8.5 with §8.4, a half wheeling about its own outer corner: each half
 * moves on its own and the line ends legal. Bent back 10 degrees (the right
 * half, 3 MU wide, facing 80), the right half wheels 5 degrees forward about
 * its outer front corner, its inner end going ahead, and goes 3 MU on
 * facing 75; the left half keeps facing 90 and goes straight ahead with the
 * slide (0.83 MU, under a base width; both halves' front corners go 3 MU or
 * more with the enemy 25 MU off) that puts its inner corner on the right
 * half's. */
static void test_s8_5_a_half_swings_about_its_outer_corner(void **unused)
{
    (void)unused;
    fogn_state st;
    fogn_scenario *s = kinked_line(&st, -10);
    gr_vec2 outer = gr_v2_add(gr_v2(20, 10), gr_v2_scale(gr_v2_dir(-10 * FX_DEG), 3));
    gr_vec2 inner = gr_v2_add(gr_v2_add(outer, gr_v2_scale(gr_v2_dir(165 * FX_DEG), 3)),
                              gr_v2_scale(gr_v2_dir(75 * FX_DEG), 3));
    typed_order(s, &st, "u0 swing 5 3");
    ASSERT_NEAR(st.u[0].kink, -15 * FX_DEG, 1e-6);
    ASSERT_NEAR(gr_angle_diff(st.u[0].heading, 90 * FX_DEG), 0, 1e-9);
    ASSERT_VEC(gr_v2(st.u[0].x, st.u[0].y), inner.x, inner.y);
    gr_rect h[2];
    assert_int_equal(fogn_unit_rects(&s->units[0], &st.u[0], h), 2);
    ASSERT_VEC(gr_rect_corner(&h[1], GR_FR), outer.x + 3 * cos(75 * FX_DEG), outer.y + 3 * sin(75 * FX_DEG));
    ASSERT_VEC(gr_rect_corner(&h[0], GR_FR), inner.x, inner.y);
    ASSERT_NEAR(inner.x - 20, 0.8331, 1e-4); /* the left half's slide */
    free(s);
    /* the left half instead: about (17, 10) to face 95, the right half keeping 80 */
    s = kinked_line(&st, -10);
    gr_vec2 in2 = gr_v2_add(gr_v2_add(gr_v2(17, 10), gr_v2_scale(gr_v2_dir(5 * FX_DEG), 3)),
                            gr_v2_scale(gr_v2_dir(95 * FX_DEG), 3));
    typed_order(s, &st, "u0 swing 5 3 left");
    ASSERT_NEAR(st.u[0].kink, -15 * FX_DEG, 1e-6);
    ASSERT_NEAR(gr_angle_diff(st.u[0].heading, 95 * FX_DEG), 0, 1e-6);
    ASSERT_VEC(gr_v2(st.u[0].x, st.u[0].y), in2.x, in2.y);
    assert_int_equal(fogn_unit_rects(&s->units[0], &st.u[0], h), 2);
    ASSERT_NEAR(gr_angle_diff(h[1].heading, 80 * FX_DEG), 0, 1e-6);
    free(s);
    /* refused: a slide over a base width (bent 30: the halves part by 35 degrees); a slide with front
     * corners going under 3 MU (1 MU on); no wheel, or past 90; a bend past 90; a straight line */
    s = kinked_line(&st, -30);
    expect_refused(s, &st, swing_move(0, 5, 3, 0), "at most one base width");
    free(s);
    s = kinked_line(&st, -10);
    /* 1 MU on: the left half slides 0.32 MU (its inner corner to x 20.3154), the swung half's outer corner going 1 MU */
    expect_refused(s, &st, swing_move(0, 5, 1, 0), "the left half slides 0.32 MU to meet the swung half");
    /* 40 degrees and no further: the inner end's arc 2.09 MU, over half the open allowance of 4 (the left
     * half's slide 1.03 MU, under a base width) */
    expect_refused(s, &st, swing_move(0, 40, 0, 0), "the wheel's moving end (the swung half's inner corner) travels 2.1 MU");
    expect_refused(s, &st, swing_move(0, 0, 3, 0), "more than 0");
    expect_refused(s, &st, swing_move(0, 95, 3, 1), "at most 90");
    st.u[0].kink = -80 * FX_DEG;
    expect_refused(s, &st, swing_move(0, 20, 3, 0), "a bend of 100 degrees");
    st.u[0].kink = 0;
    expect_refused(s, &st, swing_move(0, 5, 3, 0), "no kinked Extended Line");
    free(s);
}

/* §8.5 with §8.4, both halves wheeling in one move: each half moves on its
 * own and the line ends legal. Bent back 10 degrees, the left half wheels 5
 * degrees forward about its outer front corner (17, 10) to face 95 and the
 * right half 5 about its own to face 75, each goes 3 MU on, and each slides
 * along its front so that the inner corners meet again: the bend opens to
 * 20. The line is its own mirror image across the bisector of its halves
 * (through the centre (20, 10) at 85 degrees), so the halves meet on it and
 * slide alike, each toward the other */
static void test_s8_5_both_halves_swing_about_their_outer_corners(void **unused)
{
    (void)unused;
    fogn_state st;
    fogn_scenario *s = kinked_line(&st, -10);
    gr_vec2 axis = gr_v2_dir(85 * FX_DEG), along = gr_v2_dir(5 * FX_DEG);
    /* the left half's inner corner before its slide, and the slide that puts it on the axis */
    gr_vec2 run = gr_v2_add(gr_v2_add(gr_v2(17, 10), gr_v2_scale(along, 3)), gr_v2_scale(gr_v2_dir(95 * FX_DEG), 3));
    double sl = -gr_v2_cross(axis, gr_v2_sub(run, gr_v2(20, 10))) / gr_v2_cross(axis, along);
    ASSERT_NEAR(sl, 0.5637, 1e-4);
    gr_vec2 met = gr_v2_add(run, gr_v2_scale(along, sl));
    typed_order(s, &st, "u0 swing 5 3 both");
    ASSERT_NEAR(st.u[0].kink, -20 * FX_DEG, 1e-9);
    ASSERT_NEAR(gr_angle_diff(st.u[0].heading, 95 * FX_DEG), 0, 1e-9);
    ASSERT_VEC(gr_v2(st.u[0].x, st.u[0].y), met.x, met.y);
    gr_rect h[2];
    assert_int_equal(fogn_unit_rects(&s->units[0], &st.u[0], h), 2);
    ASSERT_NEAR(gr_angle_diff(h[1].heading, 75 * FX_DEG), 0, 1e-9);
    /* each outer corner went 3 MU on and slid toward the middle: the right one is the left's mirror */
    gr_vec2 fl = gr_v2_add(gr_v2_add(gr_v2(17, 10), gr_v2_scale(gr_v2_dir(95 * FX_DEG), 3)), gr_v2_scale(along, sl));
    ASSERT_VEC(gr_rect_corner(&h[0], GR_FL), fl.x, fl.y);
    gr_vec2 rel = gr_v2_sub(fl, gr_v2(20, 10));
    gr_vec2 mirror = gr_v2_sub(gr_v2_scale(axis, 2 * gr_v2_dot(rel, axis)), rel);
    ASSERT_VEC(gr_rect_corner(&h[1], GR_FR), 20 + mirror.x, 10 + mirror.y);
    ASSERT_VEC(gr_rect_corner(&h[1], GR_FL), met.x, met.y);
    free(s);
    /* refused: bent 30, a wheel of 10 and 3 MU on would need slides of 1.60 MU; 1 MU on slides
     * 0.21 MU with the front corners going under 3 MU; a wheel whose arc is over half the
     * allowance; a bend past 90 */
    s = kinked_line(&st, -30);
    fogn_move both = swing_both_move(0, 10, 10, 3);
    expect_refused(s, &st, both, "the halves would slide 1.60 and 1.60 MU");
    free(s);
    s = kinked_line(&st, -10);
    both = swing_both_move(0, 5, 5, 1);
    expect_refused(s, &st, both, "the swung halves slide up to 0.21 MU to meet");
    /* 39 degrees standing: each inner end's arc 2.04 MU, over half the open allowance of 4 */
    expect_refused(s, &st, swing_both_move(0, 39, 39, 0),
                   "the wheel's moving ends (the swung halves' inner corners) travels 2.0 MU");
    expect_refused(s, &st, swing_both_move(0, 5, 0, 3), "more than 0");
    st.u[0].kink = -75 * FX_DEG;
    expect_refused(s, &st, swing_both_move(0, 8, 8, 3), "a bend of 91 degrees");
    free(s);
}

/* A line bent back 10 degrees (the left half facing 90, its outer front
 * corner at (17, 10); the right half facing 80) after both halves swung:
 * the left by ldeg and lrun MU on, the right by rdeg and rrun MU on. The
 * bend opens by both wheels, the inner front corners meet at the unit's
 * pose, and each outer corner ends its run along its half's new facing
 * from where its wheel left it (the wheel keeps it in place), moved besides
 * only along its half's front: *dl and *dr are those slides */
static void assert_swung_halves(const fogn_scenario *s, const fogn_state *st, double ldeg, double rdeg, double lrun,
                                double rrun, gr_vec2 *dl, gr_vec2 *dr)
{
    gr_vec2 outer_r = gr_v2_add(gr_v2(20, 10), gr_v2_scale(gr_v2_dir(-10 * FX_DEG), 3));
    ASSERT_NEAR(st->u[0].kink, (-10 - ldeg - rdeg) * FX_DEG, 1e-6);
    ASSERT_NEAR(gr_angle_diff(st->u[0].heading, (90 + ldeg) * FX_DEG), 0, 1e-6);
    gr_rect h[2];
    assert_int_equal(fogn_unit_rects(&s->units[0], &st->u[0], h), 2);
    ASSERT_NEAR(gr_angle_diff(h[1].heading, (80 - rdeg) * FX_DEG), 0, 1e-6);
    ASSERT_VEC(gr_rect_corner(&h[0], GR_FR), st->u[0].x, st->u[0].y);
    ASSERT_VEC(gr_rect_corner(&h[1], GR_FL), st->u[0].x, st->u[0].y);
    gr_vec2 run_l = gr_v2_add(gr_v2(17, 10), gr_v2_scale(gr_v2_dir((90 + ldeg) * FX_DEG), lrun));
    gr_vec2 run_r = gr_v2_add(outer_r, gr_v2_scale(gr_v2_dir((80 - rdeg) * FX_DEG), rrun));
    *dl = gr_v2_sub(gr_rect_corner(&h[0], GR_FL), run_l);
    *dr = gr_v2_sub(gr_rect_corner(&h[1], GR_FR), run_r);
    ASSERT_NEAR(gr_v2_cross(gr_v2_dir(ldeg * FX_DEG), *dl), 0, 1e-6);
    ASSERT_NEAR(gr_v2_cross(gr_v2_dir((-10 - rdeg) * FX_DEG), *dr), 0, 1e-6);
}

/* §8.5 with §8.4, both halves wheeling by angles of their own: bent back
 * 10 degrees, the left half wheels 4 degrees about its outer corner (17, 10)
 * to face 94 and the right half 6 about its own to face 74; both go 3 MU on
 * and slide along their fronts until the inner corners meet. Each outer
 * corner ends 3 MU along its half's new facing from where its wheel left it
 * (the wheel keeps it in place), moved only along the half's front */
static void test_s8_5_halves_swing_each_by_its_own_angle(void **unused)
{
    (void)unused;
    fogn_state st;
    fogn_scenario *s = kinked_line(&st, -10);
    typed_order(s, &st, "u0 swing 4 3 both 6");
    gr_vec2 dl, dr;
    assert_swung_halves(s, &st, 4, 6, 3, 3, &dl, &dr);
    assert_true(gr_v2_len(dl) > 0.1 && gr_v2_len(dl) < 1.5);
    assert_true(gr_v2_len(dr) > 0.1 && gr_v2_len(dr) < 1.5);
    /* the left slides right and the right slides left: toward each other */
    assert_true(gr_v2_dot(dl, gr_v2_dir(4 * FX_DEG)) > 0);
    assert_true(gr_v2_dot(dr, gr_v2_dir(-16 * FX_DEG)) < 0);
    free(s);
}

/* §8.5 ("each half moves separately, but the unit must end legal") with
 * §8.4: both halves wheel 5 degrees about their outer front corners, the
 * left then going 3 MU on and the right 3.2. Each outer corner ends its own
 * distance along its half's new facing from its pivot, moved besides only
 * along its half's front, and the inner corners meet: two conditions that
 * fix the two slides. A half going back is refused, and so are halves
 * whose front corners go under 3 MU (2 and 2.2 on) while they slide */
static void test_s8_5_swung_halves_go_each_its_own_distance(void **unused)
{
    (void)unused;
    fogn_state st;
    fogn_scenario *s = kinked_line(&st, -10);
    typed_order(s, &st, "u0 swing 5 3 both 5 3.2");
    gr_vec2 dl, dr;
    assert_swung_halves(s, &st, 5, 5, 3, 3.2, &dl, &dr);
    assert_true(gr_v2_len(dl) <= 1.5 + 1e-9 && gr_v2_len(dr) <= 1.5 + 1e-9);
    free(s);
    s = kinked_line(&st, -10);
    fogn_move m = swing_both_move(0, 5, 5, 3);
    m.dist2 = -1;
    expect_refused(s, &st, m, "goes on forward, not back");
    m.dist = 2;
    m.dist2 = 2.2;
    expect_refused(s, &st, m, "the swung halves slide up to");
    free(s);
}

/* §8.5 with §8.4, the reason a half does not wheel backward with the other
 * half following straight back (the rulings, "Kinked lines and bent
 * columns: the ways they move"): the right half of a line bent back,
 * wheeled backward about its outer rear corner (its inner end going back),
 * brings its inner front corner back onto
 * the line straight behind the centre only by a run forward that leaves the
 * corner ahead of the centre. The left half could meet it there only by
 * going forward; a move to the rear goes straight back with no slide (§8.4).
 * Small and large units, bends of 5 to 85 degrees back, wheels short of
 * straightening the line */
static void test_s8_5_a_backward_swing_cannot_be_followed_straight_back(void **unused)
{
    (void)unused;
    const fogn_size sizes[] = {FOGN_SMALL, FOGN_LARGE};
    const double bends[] = {5, 10, 30, 60, 85}, wheels[] = {1, 4, 9, 20, 40, 59, 84};
    int solved = 0;
    for (int z = 0; z < 2; z++)
        for (int b = 0; b < 5; b++)
            for (int k = 0; k < 7 && wheels[k] < bends[b]; k++) {
                fogn_state st;
                fogn_scenario *s = scn1(FOGN_INF_UNREFORMED, sizes[z], FOGN_F_LINE);
                fx_state(s, &st, 0);
                st.u[0].kink = -bends[b] * FX_DEG;
                gr_rect h[2];
                assert_int_equal(fogn_unit_rects(&s->units[0], &st.u[0], h), 2);
                gr_vec2 centre = gr_v2(st.u[0].x, st.u[0].y);
                gr_rect w = gr_rect_rotate_about(&h[1], gr_rect_corner(&h[1], GR_RR), wheels[k] * FX_DEG);
                gr_vec2 cw = gr_rect_corner(&w, GR_FL), fs = gr_rect_fwd(&w), fo = gr_rect_fwd(&h[0]);
                assert_true(gr_v2_dot(gr_v2_sub(cw, centre), gr_rect_fwd(&h[1])) < 0); /* the inner end went back */
                /* run D along the wheeled half's facing and the left half's d back: cw + D fs = centre - d fo */
                gr_vec2 q = gr_v2_sub(centre, cw);
                double det = gr_v2_cross(fs, fo), run = gr_v2_cross(q, fo) / det, back = gr_v2_cross(fs, q) / det;
                if (run >= 0) {
                    solved++;
                    assert_true(back < 0); /* met ahead of the centre: the left half would go forward */
                }
                free(s);
            }
    assert_true(solved > 0);
}

/* §8.5, one half wheeling while the other stands: `kink A left` wheels the left half about the centre
 * and the right half keeps its place and facing. Bent back 30 degrees (right half facing 60), the
 * left half wheels back 30 more to a bend of -60: it faces 120, the right half still 60 */
static void test_s8_5_the_left_half_wheels_and_the_right_stands(void **unused)
{
    (void)unused;
    fogn_state st;
    fogn_scenario *s = kinked_line(&st, -30);
    gr_rect before[2], after[2];
    fogn_unit_rects(&s->units[0], &st.u[0], before);
    typed_order(s, &st, "u0 kink -60 left");
    ASSERT_NEAR(st.u[0].kink, -60 * FX_DEG, 1e-9);
    ASSERT_NEAR(gr_angle_diff(st.u[0].heading, 120 * FX_DEG), 0, 1e-9);
    ASSERT_NEAR(st.u[0].x, 20, TOL);
    ASSERT_NEAR(st.u[0].y, 10, TOL);
    assert_int_equal(fogn_unit_rects(&s->units[0], &st.u[0], after), 2);
    for (int k = 0; k < 4; k++) ASSERT_VEC(gr_rect_corner(&after[1], k), gr_rect_corner(&before[1], k).x,
                                           gr_rect_corner(&before[1], k).y);
    ASSERT_VEC(gr_rect_corner(&after[0], GR_FR), 20, 10);
    /* its outer corner went back: 3 MU out along 210 degrees */
    ASSERT_VEC(gr_rect_corner(&after[0], GR_FL), 20 + 3 * cos(210 * FX_DEG), 10 + 3 * sin(210 * FX_DEG));
    /* "kink -60" with the right half wheeling keeps the left half where it was */
    fogn_state st2;
    fogn_scenario *s2 = kinked_line(&st2, -30);
    typed_order(s2, &st2, "u0 kink -60");
    ASSERT_NEAR(gr_angle_diff(st2.u[0].heading, 90 * FX_DEG), 0, 1e-9);
    ASSERT_NEAR(st2.u[0].kink, -60 * FX_DEG, 1e-9);
    /* from a straight line only the left half's wheel is swept: the right half, standing, does not sweep
     * round into the enemy 1.2 MU ahead of its outer end */
    fx_state(s2, &st2, 0);
    st2.u[1].x = 23.5; /* the enemy faces south, its front edge at y 11.2 */
    st2.u[1].y = 11.2;
    fogn_unit_set_heading(&st2.u[1], 270 * FX_DEG);
    fogn_move_plan plan;
    gr_error err;
    fogn_move kl = kind_move(FOGN_MK_KINK, 0, 0, 0, -30);
    kl.flag = FOGN_KINK_LEFT;
    if (fx_check(s2, &st2, kl, &plan, &err)) fail_msg("%s", err.msg);
    ASSERT_NEAR(gr_angle_diff(plan.after.heading, 120 * FX_DEG), 0, 1e-9);
    /* the bend rules hold for either half: no bend towards each other */
    fx_state(s2, &st2, 0);
    st2.u[0].kink = -30 * FX_DEG;
    fogn_move k = kind_move(FOGN_MK_KINK, 0, 0, 0, 20);
    k.flag = FOGN_KINK_LEFT;
    expect_refused(s2, &st2, k, "towards each other");
    free(s2);
    free(s);
}

static void test_s8_5_kinked_line(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn1(FOGN_INF_UNREFORMED, FOGN_SMALL, FOGN_F_LINE);
    fogn_state st;
    fx_state(s, &st, 0);
    /* a convex bend (wings back) is fine and Simple */
    assert_int_equal(do_move(s, &st, kind_move(FOGN_MK_KINK, 0, 0, 0, -30)), 0);
    ASSERT_NEAR(st.u[0].kink, -30 * FX_DEG, 1e-9);
    gr_rect h[2];
    assert_int_equal(fogn_unit_rects(&s->units[0], &st.u[0], h), 2);
    /* the two inner corners keep touching at the old front-edge centre */
    ASSERT_VEC(gr_rect_corner(&h[0], GR_FR), 20, 10);
    ASSERT_VEC(gr_rect_corner(&h[1], GR_FL), 20, 10);
    ASSERT_NEAR(h[0].w, 3, TOL);
    ASSERT_NEAR(h[1].w, 3, TOL);
    ASSERT_NEAR(gr_angle_diff(h[1].heading, h[0].heading), -30 * FX_DEG, 1e-9);
    /* the right wing is bent back: its outer corner lies behind the front line */
    assert_true(gr_rect_corner(&h[1], GR_FR).y < 10 - 0.5);
    gr_rect bases[24];
    assert_int_equal(fogn_unit_base_rects(&s->units[0], &st.u[0], bases, 24), 4);
    /* a kinked line moves only by a normal move (which straightens it) or by bending */
    expect_refused(s, &st, kind_move(FOGN_MK_REAR, 0, 0, 1, 0), "kinked line");
    do_move(s, &st, kind_move(FOGN_MK_KINK, 0, 0, 0, 0));
    ASSERT_NEAR(st.u[0].kink, 0, TOL);
    assert_int_equal(fogn_unit_rects(&s->units[0], &st.u[0], h), 1);
    ASSERT_VEC(h[0].fc, 20, 10);
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, fx_normal(0, -1, 0, 1, 0), &plan, &err), 0);
    /* the halves may not bend towards each other; at most 90 degrees */
    expect_refused(s, &st, kind_move(FOGN_MK_KINK, 0, 0, 0, 30), "towards each other");
    expect_refused(s, &st, kind_move(FOGN_MK_KINK, 0, 0, 0, 100), "towards each other");
    expect_refused(s, &st, kind_move(FOGN_MK_KINK, 0, 0, 0, -100), "at most 90");
    assert_int_equal(fx_check(s, &st, kind_move(FOGN_MK_KINK, 0, 0, 0, -90), &plan, &err), 0);
    /* only an Extended Line bends */
    st.u[0].formation = FOGN_F_TACTICAL;
    expect_refused(s, &st, kind_move(FOGN_MK_KINK, 0, 0, 0, -30), "only an Extended Line");
    st.u[0].formation = FOGN_F_COLUMN;
    expect_refused(s, &st, kind_move(FOGN_MK_KINK, 0, 0, 0, -30), "only an Extended Line");
    free(s);
}

/* --- §8.6 artillery --------------------------------------------------------------------- */

static void test_s8_6_unlimber(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn1(FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_LIMBERED);
    fogn_state st;
    fx_state(s, &st, 0);
    gr_rect lim = rect0(s, &st);
    ASSERT_NEAR(lim.w, FOGN_BW, TOL);
    ASSERT_NEAR(lim.d, FOGN_LIMBER_DEPTH_SMALL, TOL);
    /* §23.1 #14: unlimbering is Simple */
    fogn_state st2 = st;
    assert_int_equal(do_move(s, &st2, kind_move(FOGN_MK_UNLIMBER, 0, 0, 0, 0)), 0);
    assert_int_equal(st2.u[0].formation, FOGN_F_UNLIMBERED);
    gr_rect g = rect0(s, &st2);
    ASSERT_VEC(g.fc, 20, 10); /* nothing ahead of the limber's front edge */
    ASSERT_NEAR(g.heading, GR_PI / 2, 1e-9);
    ASSERT_NEAR(g.w, 2 * FOGN_BW, TOL);
    ASSERT_NEAR(g.d, FOGN_ART_BASE_DEPTH, TOL);
    /* every gun base within 1 MU of the limber */
    gr_rect b[8];
    int n = fogn_unit_base_rects(&s->units[0], &st2.u[0], b, 8);
    assert_int_equal(n, 2);
    for (int i = 0; i < n; i++) assert_true(gr_rect_dist(&b[i], &lim) <= 1.0 + 1e-9);
    /* N/A when Wavering */
    st.u[0].cohesion = FOGN_WAVERING;
    expect_refused(s, &st, kind_move(FOGN_MK_UNLIMBER, 0, 0, 0, 0), "Wavering");
    /* only limbered guns unlimber */
    expect_refused(s, &st2, kind_move(FOGN_MK_UNLIMBER, 0, 0, 0, 0), "only limbered");
    free(s);
}

static void test_s8_6_limber_medium_simple_heavy_complex(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn1(FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, kind_move(FOGN_MK_LIMBER, 0, 0, 0, 0), &plan, &err), 0);
    assert_int_equal(plan.complex, 0);
    /* medium limbering stays Simple when Wavering (§23.1 #14) */
    st.u[0].cohesion = FOGN_WAVERING;
    assert_int_equal(fx_check(s, &st, kind_move(FOGN_MK_LIMBER, 0, 0, 0, 0), &plan, &err), 0);
    assert_int_equal(plan.complex, 0);
    st.u[0].cohesion = FOGN_STEADY;
    s->units[0].weight = FOGN_HEAVY;
    assert_int_equal(fx_check(s, &st, kind_move(FOGN_MK_LIMBER, 0, 0, 0, 0), &plan, &err), 0);
    assert_int_equal(plan.complex, 1);
    ASSERT_HAS(plan.why_complex, "heavy");
    /* forward limber: in place of a gun base, front edges aligned */
    assert_int_equal(plan.after.formation, FOGN_F_LIMBERED);
    gr_rect l = fogn_unit_rect(&s->units[0], &plan.after);
    ASSERT_NEAR(l.w, FOGN_BW, TOL);
    ASSERT_NEAR(l.d, FOGN_LIMBER_DEPTH_SMALL, TOL);
    ASSERT_NEAR(l.fc.y, 10, 1e-9);
    ASSERT_NEAR(l.heading, GR_PI / 2, 1e-9);
    /* a limber cannot limber again */
    st.u[0].formation = FOGN_F_LIMBERED;
    expect_refused(s, &st, kind_move(FOGN_MK_LIMBER, 0, 0, 0, 0), "only unlimbered");
    free(s);
}

static void test_s8_6_limber_facings(void **unused)
{
    (void)unused;
    /* gun line: front edge from (18.5,10) to (21.5,10), facing up the table */
    fogn_scenario *s = scn1(FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    /* (b) facing back: its rear edge on the gun line's front edge */
    assert_int_equal(fx_check(s, &st, kind_move(FOGN_MK_LIMBER, 0, 1, 0, 0), &plan, &err), 0);
    gr_rect l = fogn_unit_rect(&s->units[0], &plan.after);
    ASSERT_NEAR(gr_angle_diff(l.heading, -GR_PI / 2), 0, 1e-9);
    ASSERT_VEC(l.fc, 20, 10 - FOGN_LIMBER_DEPTH_SMALL);
    ASSERT_NEAR(gr_rect_corner(&l, GR_RL).y, 10, 1e-9);
    ASSERT_NEAR(gr_rect_corner(&l, GR_RR).y, 10, 1e-9);
    /* (c) facing right: front edge on the right edge, left-front corner on the right-front corner */
    assert_int_equal(fx_check(s, &st, kind_move(FOGN_MK_LIMBER, 0, 2, 0, 0), &plan, &err), 0);
    l = fogn_unit_rect(&s->units[0], &plan.after);
    ASSERT_NEAR(gr_angle_diff(l.heading, 0), 0, 1e-9);
    ASSERT_VEC(gr_rect_corner(&l, GR_FL), 21.5, 10);
    ASSERT_VEC(gr_rect_corner(&l, GR_FR), 21.5, 10 - FOGN_BW);
    ASSERT_VEC(l.fc, 21.5, 10 - FOGN_BW / 2);
    /* (d) facing left: the mirror image */
    assert_int_equal(fx_check(s, &st, kind_move(FOGN_MK_LIMBER, 0, 3, 0, 0), &plan, &err), 0);
    l = fogn_unit_rect(&s->units[0], &plan.after);
    ASSERT_NEAR(gr_angle_diff(l.heading, GR_PI), 0, 1e-9);
    ASSERT_VEC(gr_rect_corner(&l, GR_FR), 18.5, 10);
    ASSERT_VEC(gr_rect_corner(&l, GR_FL), 18.5, 10 - FOGN_BW);
    ASSERT_VEC(l.fc, 18.5, 10 - FOGN_BW / 2);
    free(s);
}

static void test_s8_6_prolong(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn1(FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    /* medium guns by prolong: 2 MU in the open, always Complex */
    assert_int_equal(fx_check(s, &st, kind_move(FOGN_MK_PROLONG, 0, 0, 2, 0), &plan, &err), 0);
    assert_int_equal(plan.complex, 1);
    ASSERT_HAS(plan.why_complex, "prolong");
    ASSERT_NEAR(plan.allowance, 2, TOL);
    ASSERT_VEC(gr_v2(plan.after.x, plan.after.y), 20, 12);
    assert_int_equal(plan.after.formation, FOGN_F_UNLIMBERED);
    assert_int_equal(fx_check(s, &st, kind_move(FOGN_MK_PROLONG, 0, 0, -2, 0), &plan, &err), 0);
    ASSERT_VEC(gr_v2(plan.after.x, plan.after.y), 20, 8);
    ASSERT_NEAR(plan.after.heading, GR_PI / 2, 1e-9); /* backwards, still facing the front */
    expect_refused(s, &st, kind_move(FOGN_MK_PROLONG, 0, 0, 2.5, 0), "allowance 2 MU");
    /* unlimbered guns do not make normal moves or moves to the rear */
    expect_refused(s, &st, fx_normal(0, -1, 0, 1, 0), "only by prolong");
    expect_refused(s, &st, kind_move(FOGN_MK_REAR, 0, 0, 1, 0), "only by prolong");
    /* turning in place is Complex for unlimbered guns (§5.4) */
    assert_int_equal(fx_check(s, &st, kind_move(FOGN_MK_TURN, 0, 0, 0, 60), &plan, &err), 0);
    assert_int_equal(plan.complex, 1);
    /* limbered guns do not prolong; they move normally */
    st.u[0].formation = FOGN_F_LIMBERED;
    expect_refused(s, &st, kind_move(FOGN_MK_PROLONG, 0, 0, 1, 0), "only unlimbered artillery moves by prolong");
    assert_int_equal(fx_check(s, &st, fx_normal(0, -1, 0, 6, 0), &plan, &err), 0);
    assert_int_equal(plan.complex, 0);
    free(s);
}

/* --- §3.1 footprints and base counts ----------------------------------------------------- */

static void expect_rect(fogn_troop t, fogn_size size, fogn_formation f, double w, double d, int bases)
{
    fogn_unit_profile p;
    memset(&p, 0, sizeof p);
    p.troop = (uint8_t)t;
    p.size = (uint8_t)size;
    fogn_unit u;
    memset(&u, 0, sizeof u);
    u.x = 10;
    u.y = 10;
    fogn_unit_set_heading(&u, GR_PI / 2);
    u.formation = (uint8_t)f;
    gr_rect r = fogn_unit_rect(&p, &u);
    if (fabs(r.w - w) > TOL || fabs(r.d - d) > TOL)
        fail_msg("%s %s in %s: %.4f x %.4f, expected %.4f x %.4f", size ? "large" : "small", fogn_troop_name(t),
                 fogn_formation_name(f), r.w, r.d, w, d);
    ASSERT_VEC(r.fc, 10, 10);
    gr_rect b[24];
    assert_int_equal(fogn_unit_base_rects(&p, &u, b, 24), bases);
    /* the bases tile the footprint: every base lies inside it */
    for (int i = 0; i < bases; i++) {
        gr_vec2 c[4];
        gr_rect_corners(&b[i], c);
        for (int k = 0; k < 4; k++) assert_true(gr_rect_point_dist(&r, c[k]) < 1e-9);
    }
}

/* A unit keeps its footprint's cosine and sine (fogn_unit.hc, hs) instead of
 * working them out at every footprint: whichever way it was turned (a
 * heading given, a footprint's, another unit's), its footprint is bit for
 * bit the rectangle gr_rect_make builds from its pose, on the table's axes,
 * at any heading, and at headings past -pi..pi, which the unit keeps as
 * given. */
static void test_s3_1_footprint_axes_kept_with_the_heading(void **unused)
{
    (void)unused;
    fogn_unit_profile p;
    memset(&p, 0, sizeof p);
    p.troop = FOGN_INF_REFORMED;
    p.size = FOGN_LARGE;
    gr_rng rng;
    gr_rng_seed(&rng, 31, 1);
    const double fixed[] = {0.0, -0.0, GR_PI / 2, -GR_PI / 2, GR_PI, -GR_PI, 3 * GR_PI, -7.0, 4.0, 1e-300};
    int n = 0;
    for (int k = 0; k < 400; k++) {
        double h = k < (int)(sizeof fixed / sizeof fixed[0]) ? fixed[k] : gr_rng_unit(&rng) * 20 - 10;
        fogn_unit u, v, w;
        memset(&u, 0, sizeof u);
        u.x = 12.5 + k * 0.01;
        u.y = 7.25;
        u.formation = (uint8_t)(k % 2 ? FOGN_F_LINE : FOGN_F_COLUMN);
        fogn_unit_set_heading(&u, h);
        assert_memory_equal(&u.heading, &h, sizeof h); /* kept as given */
        double w6 = 6 * FOGN_BW, d6 = 6 * FOGN_BASE_DEPTH;
        gr_rect made = gr_rect_make(gr_v2(u.x, u.y), h, k % 2 ? w6 : FOGN_BW, k % 2 ? FOGN_BASE_DEPTH : d6);
        gr_rect r = fogn_unit_rect(&p, &u);
        assert_memory_equal(&r, &made, sizeof r);
        /* placed on a footprint, or turned as another unit faces */
        v = u;
        fogn_unit_set_heading(&v, 0.5);
        fogn_unit_face_as(&v, &made);
        r = fogn_unit_rect(&p, &v);
        assert_memory_equal(&r, &made, sizeof r);
        /* a footprint turned by hand, its heading left past -pi..pi: the
         * heading counts, whatever axes it still holds */
        gr_rect loose = made;
        loose.heading = h;
        if (h != made.heading) {
            loose.hc = -made.hs;
            loose.hs = made.hc;
        }
        fogn_unit_face_as(&v, &loose);
        r = fogn_unit_rect(&p, &v);
        assert_memory_equal(&r, &made, sizeof r);
        memset(&w, 0, sizeof w);
        w.x = u.x;
        w.y = u.y;
        w.formation = u.formation;
        fogn_unit_face_like(&w, &u);
        r = fogn_unit_rect(&p, &w);
        assert_memory_equal(&r, &made, sizeof r);
        n++;
    }
    assert_int_equal(n, 400);
}

/* §3.1 footprints: "are these two units within d?" from their reach circles
 * (fogn_units_within) always agrees with the exact distance between their
 * footprints, kinked lines included; 400 random pairs at eight distances,
 * many of them far enough apart for the circles alone to answer. */
static void test_s3_1_units_within_agrees_with_units_apart(void **unused)
{
    (void)unused;
    static const fogn_formation forms[] = {FOGN_F_LINE, FOGN_F_TACTICAL, FOGN_F_COLUMN, FOGN_F_SQUARE,
                                           FOGN_F_SKIRMISH_LINE};
    static const double dist[] = {0, FOGN_CONTACT_TOL, 0.5, 1, 2, 4, 6, 16};
    gr_rng rng;
    gr_rng_seed(&rng, 31, 1);
    int far = 0, near = 0;
    for (int k = 0; k < 400; k++) {
        fogn_scenario *s = fx_scenario();
        int nf = (int)(sizeof forms / sizeof *forms);
        fx_unit(s, 0, FOGN_INF_REFORMED, k % 2 ? FOGN_LARGE : FOGN_SMALL, forms[k % nf], 30, 18, 90);
        fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, forms[(k / nf) % nf], 30 + 24 * (gr_rng_unit(&rng) - 0.5),
                18 + 24 * (gr_rng_unit(&rng) - 0.5), 360 * gr_rng_unit(&rng));
        fogn_state st;
        fx_state(s, &st, 0);
        if (k % 3 == 0 && st.u[0].formation == FOGN_F_LINE) st.u[0].kink = 30 * FX_DEG;
        double apart = fogn_units_apart(s, &st, 0, 1);
        double dx = st.u[0].x - st.u[1].x, dy = st.u[0].y - st.u[1].y;
        double centres = sqrt(dx * dx + dy * dy);
        double reach = fogn_unit_reach(&s->units[0], &st.u[0]) + fogn_unit_reach(&s->units[1], &st.u[1]);
        for (int q = 0; q < (int)(sizeof dist / sizeof *dist); q++) {
            bool within = fogn_units_within(s, &st, 0, 1, dist[q]);
            if (within != (apart <= dist[q]))
                fail_msg("pair %d at %.3f: within %.3f says %d, the footprints are %.6f apart", k, centres, dist[q],
                         within, apart);
            if (centres > reach + dist[q] + 1e-6) far++;
            else near++;
        }
        free(s);
    }
    assert_true(far > 400);
    assert_true(near > 400);
}

/* §3.1 footprints: "is this unit clearly more than d from that rectangle?"
 * (fogn_unit_clearly_apart_from, the test that spares the line of
 * communications, a commander caught alone and the like from building a
 * footprint) never says so of a unit with a part within d of it: 2,000
 * random units (kinked lines among them) and small squares, at six
 * distances, the answer checked against the exact distance to every part. */
static void test_s3_1_clearly_apart_from_is_never_wrong(void **unused)
{
    (void)unused;
    static const fogn_troop troops[] = {FOGN_INF_REFORMED, FOGN_INF_LIGHT, FOGN_CAV_HEAVY, FOGN_ART_FOOT};
    static const fogn_formation forms[] = {FOGN_F_LINE, FOGN_F_TACTICAL, FOGN_F_COLUMN, FOGN_F_SQUARE,
                                           FOGN_F_UNLIMBERED, FOGN_F_LIMBERED};
    static const double dist[] = {0, FOGN_CONTACT_TOL, 0.5, 2, 4, 8};
    gr_rng rng;
    gr_rng_seed(&rng, 41, 1);
    int apart = 0, unsure = 0;
    for (int k = 0; k < 2000; k++) {
        fogn_scenario *s = fx_scenario();
        fogn_formation f = forms[k % (int)(sizeof forms / sizeof *forms)];
        fogn_troop t = troops[k / 7 % (int)(sizeof troops / sizeof *troops)];
        fx_unit(s, 0, t, k % 2 ? FOGN_LARGE : FOGN_SMALL, FOGN_F_TACTICAL, 30, 18, 360 * gr_rng_unit(&rng));
        fogn_state st;
        fx_state(s, &st, 0);
        if (!fogn_formation_allowed(&s->units[0], f)) {
            free(s);
            continue;
        }
        st.u[0].formation = (uint8_t)f;
        if (k % 3 == 0 && f == FOGN_F_LINE) st.u[0].kink = (gr_rng_unit(&rng) - 0.5) * 60 * FX_DEG;
        double side = 0.5 + 2 * gr_rng_unit(&rng);
        gr_rect r = gr_rect_make(gr_v2(30 + 20 * (gr_rng_unit(&rng) - 0.5), 18 + 20 * (gr_rng_unit(&rng) - 0.5)),
                                 2 * GR_PI * gr_rng_unit(&rng), side, side);
        gr_rect parts[2];
        int n = fogn_unit_rects(&s->units[0], &st.u[0], parts);
        double exact = INFINITY;
        for (int q = 0; q < n; q++) exact = fmin(exact, gr_rect_dist(&parts[q], &r));
        for (int q = 0; q < (int)(sizeof dist / sizeof *dist); q++) {
            if (!fogn_unit_clearly_apart_from(s, &st, 0, &r, dist[q])) {
                unsure++;
                continue;
            }
            if (exact <= dist[q]) fail_msg("unit %d: said apart by more than %.3f, a part is %.6f away", k, dist[q], exact);
            apart++;
        }
        free(s);
    }
    print_message("clearly apart: %d answers apart, %d unsure\n", apart, unsure);
    assert_true(apart > 2000);
    assert_true(unsure > 2000);
}

/* §3.1 footprints: every corner of a unit's footprint (both parts of a
 * kinked line) and of each of its bases lies within its reach of its
 * front-edge centre, for every arm, size and formation a unit can take, a
 * base or none lost. The evaluation's features, the fresh-cavalry count,
 * the line-of-communications threat and the ground under the bases
 * (fogn_unit_ground) skip units or terrain by this bound, so it must never
 * be short. */
static void test_s3_1_footprint_within_reach(void **unused)
{
    (void)unused;
    static const fogn_troop troops[] = {FOGN_INF_REFORMED, FOGN_INF_LIGHT, FOGN_CAV_HEAVY, FOGN_CAV_LIGHT,
                                        FOGN_ART_FOOT, FOGN_ART_HORSE};
    static const fogn_formation forms[] = {FOGN_F_LINE,  FOGN_F_TACTICAL, FOGN_F_DEEP,          FOGN_F_COLUMN,
                                           FOGN_F_SQUARE, FOGN_F_SKIRMISH, FOGN_F_SKIRMISH_LINE, FOGN_F_LIMBERED,
                                           FOGN_F_UNLIMBERED};
    gr_rng rng;
    gr_rng_seed(&rng, 37, 1);
    int nt = (int)(sizeof troops / sizeof *troops), nf = (int)(sizeof forms / sizeof *forms), checked = 0, kinked = 0;
    double closest = INFINITY; /* the least slack seen: the bound is tight, not loose by miles */
    for (int k = 0; k < 600; k++) {
        fogn_unit_profile p;
        memset(&p, 0, sizeof p);
        p.troop = (uint8_t)troops[k % nt];
        p.size = (uint8_t)(k / nt % 2 ? FOGN_LARGE : FOGN_SMALL);
        fogn_unit u;
        memset(&u, 0, sizeof u);
        u.x = 40 * gr_rng_unit(&rng);
        u.y = 30 * gr_rng_unit(&rng);
        fogn_unit_set_heading(&u, 2 * GR_PI * gr_rng_unit(&rng));
        u.formation = (uint8_t)forms[k / (2 * nt) % nf];
        if (!fogn_formation_allowed(&p, (fogn_formation)u.formation)) continue;
        if (k % 3 == 0 && (u.formation == FOGN_F_LINE || u.formation == FOGN_F_SKIRMISH_LINE)) {
            u.kink = (gr_rng_unit(&rng) - 0.5) * 60 * FX_DEG;
            kinked++;
        }
        u.bases_lost = (uint8_t)(k % 5 == 1);
        double reach = fogn_unit_reach(&p, &u);
        gr_rect parts[3 + 24]; /* the footprint's parts, the whole unkinked rectangle, the bases */
        int n = fogn_unit_rects(&p, &u, parts);
        parts[n++] = fogn_unit_rect(&p, &u);
        int nb = fogn_unit_base_rects(&p, &u, parts + n, 24);
        assert_true(nb >= 1);
        n += nb;
        for (int q = 0; q < n; q++) {
            gr_vec2 c[4];
            gr_rect_corners(&parts[q], c);
            for (int m = 0; m < 4; m++) {
                double d = gr_v2_dist(c[m], gr_v2(u.x, u.y));
                if (d > reach + 1e-9)
                    fail_msg("%s %s in %s: a corner %.6f MU from the front-edge centre, reach %.6f",
                             p.size == FOGN_LARGE ? "large" : "small", fogn_troop_name((fogn_troop)p.troop),
                             fogn_formation_name((fogn_formation)u.formation), d, reach);
                closest = fmin(closest, reach - d);
            }
        }
        checked++;
    }
    print_message("reach: %d footprints, %d kinked, least slack %.3g MU\n", checked, kinked, closest);
    assert_true(checked > 200);
    assert_true(kinked > 20);
    assert_true(closest < 1e-6); /* some corner lies on the circle: the reach is no wider than it must be */
}

static void test_s3_1_footprints(void **unused)
{
    (void)unused;
    const double D = FOGN_BASE_DEPTH, W = FOGN_BW;
    /* infantry: small 4 bases, large 6 */
    expect_rect(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 2 * W, 2 * D, 4);
    expect_rect(FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_TACTICAL, 3 * W, 2 * D, 6);
    expect_rect(FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_DEEP, 2 * W, 3 * D, 6);
    expect_rect(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_LINE, 4 * W, D, 4);
    expect_rect(FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_LINE, 6 * W, D, 6);
    expect_rect(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, W, 4 * D, 4);
    expect_rect(FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_COLUMN, W, 6 * D, 6);
    expect_rect(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_SQUARE, 2 * W, 2 * D, 4);
    expect_rect(FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_SQUARE, 3 * W, 2 * D, 6);
    expect_rect(FOGN_INF_LIGHT, FOGN_SMALL, FOGN_F_SKIRMISH, 2 * W, 2 * D, 4);
    expect_rect(FOGN_INF_LIGHT, FOGN_LARGE, FOGN_F_SKIRMISH, 3 * W, 2 * D, 6);
    expect_rect(FOGN_INF_LIGHT, FOGN_SMALL, FOGN_F_SKIRMISH_LINE, 4 * W, D, 4);
    expect_rect(FOGN_INF_LIGHT, FOGN_LARGE, FOGN_F_SKIRMISH_LINE, 6 * W, D, 6);
    /* cavalry: the same grids */
    expect_rect(FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_TACTICAL, 2 * W, 2 * D, 4);
    expect_rect(FOGN_CAV_LIGHT, FOGN_LARGE, FOGN_F_LINE, 6 * W, D, 6);
    expect_rect(FOGN_CAV_HEAVY, FOGN_LARGE, FOGN_F_DEEP, 2 * W, 3 * D, 6);
    expect_rect(FOGN_CAV_IRR_LIGHT, FOGN_SMALL, FOGN_F_COLUMN, W, 4 * D, 4);
    /* artillery: 2 / 3 gun bases side by side; the limber 1 BW x 2.25 / 3 BW */
    expect_rect(FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED, 2 * W, FOGN_ART_BASE_DEPTH, 2);
    expect_rect(FOGN_ART_HORSE, FOGN_LARGE, FOGN_F_UNLIMBERED, 3 * W, FOGN_ART_BASE_DEPTH, 3);
    expect_rect(FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_LIMBERED, W, 2.25 * W, 1);
    expect_rect(FOGN_ART_FOOT, FOGN_LARGE, FOGN_F_LIMBERED, W, 3 * W, 1);
    ASSERT_NEAR(FOGN_LIMBER_DEPTH_SMALL, 2.25 * FOGN_BW, TOL);
    ASSERT_NEAR(FOGN_LIMBER_DEPTH_LARGE, 3 * FOGN_BW, TOL);
}

static void test_s2_6_spent_unit_loses_a_base_keeps_footprint(void **unused)
{
    (void)unused;
    for (int size = 0; size < 2; size++) {
        fogn_unit_profile p;
        memset(&p, 0, sizeof p);
        p.troop = FOGN_INF_REFORMED;
        p.size = (uint8_t)size;
        fogn_unit u;
        memset(&u, 0, sizeof u);
        u.x = 10;
        u.y = 10;
        fogn_unit_set_heading(&u, GR_PI / 2);
        u.formation = FOGN_F_TACTICAL;
        gr_rect full = fogn_unit_rect(&p, &u);
        int n0 = fogn_unit_bases(&p, &u);
        assert_int_equal(n0, size ? 6 : 4);
        u.flags = FOGN_UF_SPENT;
        u.bases_lost = 1;
        assert_int_equal(fogn_unit_bases(&p, &u), n0 - 1);
        gr_rect spent = fogn_unit_rect(&p, &u);
        assert_memory_equal(&full, &spent, sizeof full);
        gr_rect b[24];
        int n = fogn_unit_base_rects(&p, &u, b, 24);
        assert_int_equal(n, n0 - 1);
        /* the base gone is from the rear rank (the rightmost one) */
        double rr_x = 10 + full.w / 2 - FOGN_BW / 2, rear_y = 10 - FOGN_BASE_DEPTH;
        for (int i = 0; i < n; i++)
            assert_false(fabs(b[i].fc.x - rr_x) < 1e-6 && fabs(b[i].fc.y - rear_y) < 1e-6);
        int front = 0;
        for (int i = 0; i < n; i++) front += fabs(b[i].fc.y - 10) < 1e-6;
        assert_int_equal(front, size ? 3 : 2);
        /* a Spent unit keeps its size class (§2.5): the Extended Line is still as wide */
        u.formation = FOGN_F_LINE;
        ASSERT_NEAR(fogn_unit_rect(&p, &u).w, size ? 9 : 6, TOL);
        assert_int_equal(fogn_unit_base_rects(&p, &u, b, 24), n0 - 1);
    }
}

static void test_s3_2_artillery_attachment_adds_a_base(void **unused)
{
    (void)unused;
    fogn_unit_profile p;
    memset(&p, 0, sizeof p);
    p.troop = FOGN_ART_FOOT;
    p.size = FOGN_SMALL;
    fogn_unit u;
    memset(&u, 0, sizeof u);
    fogn_unit_set_heading(&u, GR_PI / 2);
    u.x = u.y = 10;
    u.formation = FOGN_F_UNLIMBERED;
    assert_int_equal(fogn_unit_bases(&p, &u), 2);
    fogn_attach guns[] = {FOGN_ATT_ARTILLERY, FOGN_ATT_HEAVY_ARTILLERY, FOGN_ATT_HOWITZER, FOGN_ATT_ROCKETS};
    for (int i = 0; i < 4; i++) {
        p.attach[0] = (uint8_t)guns[i];
        assert_int_equal(fogn_unit_bases(&p, &u), 3);
        ASSERT_NEAR(fogn_unit_rect(&p, &u).w, 3 * FOGN_BW, TOL);
        gr_rect b[8];
        assert_int_equal(fogn_unit_base_rects(&p, &u, b, 8), 3);
    }
    /* two attachments, large battery: 5 bases */
    p.size = FOGN_LARGE;
    p.attach[0] = FOGN_ATT_ARTILLERY;
    p.attach[1] = FOGN_ATT_HOWITZER;
    assert_int_equal(fogn_unit_bases(&p, &u), 5);
    ASSERT_NEAR(fogn_unit_rect(&p, &u).w, 5 * FOGN_BW, TOL);
    /* the limber stays one model */
    u.formation = FOGN_F_LIMBERED;
    ASSERT_NEAR(fogn_unit_rect(&p, &u).w, FOGN_BW, TOL);
    gr_rect b[8];
    assert_int_equal(fogn_unit_base_rects(&p, &u, b, 8), 1);
    /* an officer attachment adds nothing */
    p.size = FOGN_SMALL;
    p.attach[0] = FOGN_ATT_OFFICER;
    p.attach[1] = FOGN_ATT_NONE;
    u.formation = FOGN_F_UNLIMBERED;
    assert_int_equal(fogn_unit_bases(&p, &u), 2);
    /* attachments replace bases of infantry: still 4 */
    fogn_unit_profile inf;
    memset(&inf, 0, sizeof inf);
    inf.troop = FOGN_INF_REFORMED;
    inf.attach[0] = FOGN_ATT_ARTILLERY;
    inf.attach[1] = FOGN_ATT_SKIRMISHERS;
    u.formation = FOGN_F_TACTICAL;
    assert_int_equal(fogn_unit_bases(&inf, &u), 4);
}

/* --- §5.3 a Complex formation change through the turn machine --------------------------- */

/* Unit 0 (Drilled, Average, small reformed Tactical at (20,10)) with an enemy
 * 1.5 MU ahead: forming Extended Line is Complex. Its division commander
 * (commander 0, 2 CP) stands 2 MU behind it when in_range. */
static fogn_scenario *cmt_scenario(int in_range)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 11.5, -90);
    if (in_range) {
        s->cmdrs[0].x = 20;
        s->cmdrs[0].y = 5;
    }
    return s;
}

typedef struct cmt_run {
    int rc;
    int dice_used;
    fogn_state st;
    gr_error err;
} cmt_run;

static cmt_run run_cmt(fogn_scenario *s, const int *faces, int n)
{
    cmt_run r;
    memset(&r, 0, sizeof r);
    fx_state(s, &r.st, 0);
    assert_int_equal(r.st.turn.phase, FOGN_PH_MOVEMENT);
    assert_int_equal(r.st.active, 0);
    assert_int_equal(fogn_cursor_actor(s, &r.st), 0); /* the decision due is unit 0's */
    assert_int_equal(r.st.c[0].cp, 2);
    gr_dice d;
    gr_dice_init_script(&d, faces, n);
    gr_action a = fx_action(FOGN_A_FORM, 0, -1, FOGN_F_LINE, 0, 0, 0);
    gr_error_clear(&r.err);
    r.rc = fogn_ruleset.rules->apply(s, &r.st, &a, &d, NULL, &r.err);
    r.dice_used = d.pos;
    return r;
}

static void expect_pass(const cmt_run *r, int cp_left, int dice)
{
    if (r->rc) fail_msg("apply refused: %s", r->err.msg);
    assert_int_equal(r->dice_used, dice);
    assert_int_equal(r->st.u[0].formation, FOGN_F_LINE);
    assert_false(r->st.u[0].flags & FOGN_UF_CMT_FAILED);
    assert_true(r->st.u[0].flags & FOGN_UF_MOVED);
    assert_int_equal(r->st.c[0].cp, cp_left);
}

static void expect_fail(const cmt_run *r, int cp_left, int dice)
{
    if (r->rc) fail_msg("apply refused: %s", r->err.msg);
    assert_int_equal(r->dice_used, dice);
    assert_int_equal(r->st.u[0].formation, FOGN_F_TACTICAL);
    assert_true(r->st.u[0].flags & FOGN_UF_CMT_FAILED);
    assert_false(r->st.u[0].flags & FOGN_UF_MOVED);
    ASSERT_VEC(gr_v2(r->st.u[0].x, r->st.u[0].y), 20, 10);
    assert_int_equal(r->st.u[0].cohesion, FOGN_STEADY); /* no cohesion loss for failing */
    assert_int_equal(r->st.c[0].cp, cp_left);          /* the point is spent all the same */
}

static void test_s5_3_drilled_pass_in_range_costs_1cp(void **unused)
{
    (void)unused;
    fogn_scenario *s = cmt_scenario(1);
    const int dice[] = {5, 1}; /* Drilled: 2 dice, 5+ */
    cmt_run r = run_cmt(s, dice, 2);
    expect_pass(&r, 1, 2);
    /* no second move within 6 MU of the enemy: the cursor has moved on */
    assert_int_not_equal(fogn_cursor_actor(s, &r.st), 0);
    free(s);
}

static void test_s5_3_drilled_pass_out_of_range_costs_2cp(void **unused)
{
    (void)unused;
    fogn_scenario *s = cmt_scenario(0); /* commander at (2, 1.5): far beyond 8 MU */
    const int dice[] = {5, 1};
    cmt_run r = run_cmt(s, dice, 2);
    expect_pass(&r, 0, 2);
    free(s);
}

static void test_s5_3_drilled_fail(void **unused)
{
    (void)unused;
    fogn_scenario *s = cmt_scenario(1);
    const int dice[] = {4, 3};
    cmt_run r = run_cmt(s, dice, 2);
    expect_fail(&r, 1, 2);
    /* the unit is still due (it may make a Simple move) but may not test again */
    assert_int_equal(fogn_cursor_actor(s, &r.st), 0);
    gr_dice d;
    const int more[] = {6, 6};
    gr_dice_init_script(&d, more, 2);
    gr_action a = fx_action(FOGN_A_FORM, 0, -1, FOGN_F_LINE, 0, 0, 0);
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(fogn_ruleset.rules->apply(s, &r.st, &a, &d, NULL, &err), -1);
    ASSERT_HAS(err.msg, "already failed");
    assert_int_equal(d.pos, 0);
    assert_int_equal(r.st.c[0].cp, 1);
    free(s);
}

static void test_s5_3_out_of_range_fail_spends_2cp(void **unused)
{
    (void)unused;
    fogn_scenario *s = cmt_scenario(0);
    const int dice[] = {4, 3};
    cmt_run r = run_cmt(s, dice, 2);
    expect_fail(&r, 0, 2);
    free(s);
}

static void test_s2_2_superior_rerolls_ones_when_failing(void **unused)
{
    (void)unused;
    fogn_scenario *s = cmt_scenario(1);
    s->units[0].elan = FOGN_ELAN_SUPERIOR;
    const int dice[] = {1, 3, 6}; /* fails; the 1 is re-rolled into a 6 */
    cmt_run r = run_cmt(s, dice, 3);
    expect_pass(&r, 1, 3);
    free(s);
    /* a 2 is not re-rolled (only Superior Guard re-rolls 2s) */
    s = cmt_scenario(1);
    s->units[0].elan = FOGN_ELAN_SUPERIOR;
    const int twos[] = {2, 3, 6};
    r = run_cmt(s, twos, 3);
    expect_fail(&r, 1, 2);
    free(s);
    /* Superior Guard re-rolls 1s and 2s */
    s = cmt_scenario(1);
    s->units[0].elan = FOGN_ELAN_SUPERIOR;
    s->units[0].caps = FOGN_CAP_GUARD;
    const int guard[] = {2, 1, 3, 5};
    r = run_cmt(s, guard, 4);
    expect_pass(&r, 1, 4);
    free(s);
    /* a passing Superior roll is not re-rolled */
    s = cmt_scenario(1);
    s->units[0].elan = FOGN_ELAN_SUPERIOR;
    const int ok[] = {1, 5, 1};
    r = run_cmt(s, ok, 3);
    expect_pass(&r, 1, 2);
    free(s);
}

static void test_s2_2_poor_must_reroll_sixes_when_passing(void **unused)
{
    (void)unused;
    fogn_scenario *s = cmt_scenario(1);
    s->units[0].elan = FOGN_ELAN_POOR;
    const int dice[] = {6, 2, 3}; /* passes on the 6, which must be re-rolled: 3, fail */
    cmt_run r = run_cmt(s, dice, 3);
    expect_fail(&r, 1, 3);
    free(s);
    /* the re-roll can still pass */
    s = cmt_scenario(1);
    s->units[0].elan = FOGN_ELAN_POOR;
    const int lucky[] = {6, 1, 5};
    r = run_cmt(s, lucky, 3);
    expect_pass(&r, 1, 3);
    free(s);
    /* a pass without a 6 stands */
    s = cmt_scenario(1);
    s->units[0].elan = FOGN_ELAN_POOR;
    const int fives[] = {5, 2, 1};
    r = run_cmt(s, fives, 3);
    expect_pass(&r, 1, 2);
    free(s);
    /* a failing Poor roll is not re-rolled */
    s = cmt_scenario(1);
    s->units[0].elan = FOGN_ELAN_POOR;
    const int bad[] = {1, 1, 6};
    r = run_cmt(s, bad, 3);
    expect_fail(&r, 1, 2);
    free(s);
}

static void test_s2_3_cmt_dice_by_training(void **unused)
{
    (void)unused;
    /* Veteran 3 dice */
    fogn_scenario *s = cmt_scenario(1);
    s->units[0].training = FOGN_TR_VETERAN;
    const int vet[] = {1, 2, 5};
    cmt_run r = run_cmt(s, vet, 3);
    expect_pass(&r, 1, 3);
    free(s);
    /* Conscript 1 die */
    s = cmt_scenario(1);
    s->units[0].training = FOGN_TR_CONSCRIPT;
    const int con[] = {4, 6};
    r = run_cmt(s, con, 2);
    expect_fail(&r, 1, 1);
    free(s);
    /* Irregular 1 die */
    s = cmt_scenario(1);
    s->units[0].training = FOGN_TR_IRREGULAR;
    const int irr[] = {5};
    r = run_cmt(s, irr, 1);
    expect_pass(&r, 1, 1);
    free(s);
}

static void test_s5_3_dice_failure_leaves_state_untouched(void **unused)
{
    (void)unused;
    fogn_scenario *s = cmt_scenario(1);
    const int one[] = {5}; /* Drilled needs two dice */
    cmt_run r = run_cmt(s, one, 1);
    assert_int_equal(r.rc, -1);
    assert_int_equal(r.st.c[0].cp, 2);
    assert_int_equal(r.st.u[0].formation, FOGN_F_TACTICAL);
    assert_false(r.st.u[0].flags & FOGN_UF_CMT_FAILED);
    free(s);
}

static void test_s5_3_simple_change_rolls_no_dice(void **unused)
{
    (void)unused;
    fogn_scenario *s = cmt_scenario(1);
    s->units[1].y = 30; /* the enemy far off: Simple */
    cmt_run r = run_cmt(s, NULL, 0);
    expect_pass(&r, 2, 0);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s8_5_tactical_to_line_keeps_front_centre),
        cmocka_unit_test(test_s3_1_footprint_axes_kept_with_the_heading),
        cmocka_unit_test(test_s8_5_small_tactical_to_line_front_bases_stay),
        cmocka_unit_test(test_s8_5_line_to_tactical_keeps_centre_front_bases),
        cmocka_unit_test(test_s8_5_large_line_to_tactical_centre_bases_stay),
        cmocka_unit_test(test_s8_5_tactical_to_column_behind_a_front_base),
        cmocka_unit_test(test_s8_5_column_to_tactical_head_becomes_front_base),
        cmocka_unit_test(test_s8_5_forming_square),
        cmocka_unit_test(test_s8_5_large_tactical_deep_round_the_centre),
        cmocka_unit_test(test_s8_5_light_infantry_skirmish_same_footprint),
        cmocka_unit_test(test_s8_5_forbidden_transitions),
        cmocka_unit_test(test_s8_5_line_to_tactical_not_within_2mu_of_enemy_front),
        cmocka_unit_test(test_s8_5_line_to_tactical_not_near_any_face_of_a_square),
        cmocka_unit_test(test_s8_5_line_to_tactical_not_near_a_kinked_half),
        cmocka_unit_test(test_s8_5_simple_unless_enemy_within_2mu),
        cmocka_unit_test(test_s8_5_wavering_formation_change_is_complex),
        cmocka_unit_test(test_s8_5_no_nearer_the_nearest_enemy),
        cmocka_unit_test(test_s8_5_the_slide_is_the_plain_scans),
        cmocka_unit_test(test_s8_5_widening_with_an_enemy_on_the_flank),
        cmocka_unit_test(test_s8_5_kinked_line),
        cmocka_unit_test(test_s8_5_kinked_line_moves_its_halves_into_line),
        cmocka_unit_test(test_s8_5_kinked_line_goes_on_bent),
        cmocka_unit_test(test_s8_5_kinked_halves_go_their_own_distances),
        cmocka_unit_test(test_s8_5_the_left_half_wheels_and_the_right_stands),
        cmocka_unit_test(test_s8_5_a_half_wheels_and_the_halves_go_on),
        cmocka_unit_test(test_s8_5_a_half_swings_about_its_outer_corner),
        cmocka_unit_test(test_s8_5_both_halves_swing_about_their_outer_corners),
        cmocka_unit_test(test_s8_5_halves_swing_each_by_its_own_angle),
        cmocka_unit_test(test_s8_5_swung_halves_go_each_its_own_distance),
        cmocka_unit_test(test_s8_5_a_backward_swing_cannot_be_followed_straight_back),
        cmocka_unit_test(test_s8_6_unlimber),
        cmocka_unit_test(test_s8_6_limber_medium_simple_heavy_complex),
        cmocka_unit_test(test_s8_6_limber_facings),
        cmocka_unit_test(test_s8_6_prolong),
        cmocka_unit_test(test_s3_1_footprints),
        cmocka_unit_test(test_s3_1_units_within_agrees_with_units_apart),
        cmocka_unit_test(test_s3_1_footprint_within_reach),
        cmocka_unit_test(test_s3_1_clearly_apart_from_is_never_wrong),
        cmocka_unit_test(test_s2_6_spent_unit_loses_a_base_keeps_footprint),
        cmocka_unit_test(test_s3_2_artillery_attachment_adds_a_base),
        cmocka_unit_test(test_s5_3_drilled_pass_in_range_costs_1cp),
        cmocka_unit_test(test_s5_3_drilled_pass_out_of_range_costs_2cp),
        cmocka_unit_test(test_s5_3_drilled_fail),
        cmocka_unit_test(test_s5_3_out_of_range_fail_spends_2cp),
        cmocka_unit_test(test_s2_2_superior_rerolls_ones_when_failing),
        cmocka_unit_test(test_s2_2_poor_must_reroll_sixes_when_passing),
        cmocka_unit_test(test_s2_3_cmt_dice_by_training),
        cmocka_unit_test(test_s5_3_dice_failure_leaves_state_untouched),
        cmocka_unit_test(test_s5_3_simple_change_rolls_no_dice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
