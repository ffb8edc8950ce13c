/* test_fogn_drag.c - the order a unit or commander dragged on the map asks
 * for (present->drag_order, engine/fogn/rules/drag.c), and where that order
 * takes the piece when the engine carries it out.
 *
 * A unit's front-edge centre is to end at the point dropped: straight ahead
 * `uN move D`, behind `uN rear D`, otherwise a wheel about the front corner
 * on the point's side then a straight move, `uN move FL|FR DEG D` (§8.4
 * wheels); a commander `cN move X Y`. Each order is parsed with the
 * ruleset's own notation and applied through fogn_ruleset.rules->apply (the
 * turn machine, at the unit's Movement Phase decision, with a dice script
 * that holds no dice: the moves here are Simple, §5.3), and the piece's pose
 * after it is checked against the point: exact for straight moves, within
 * 0.01 MU for wheels (the notation prints the angle to 0.1 degree and the
 * distance to 0.01 MU). A sweep over headings, frontages and points checks
 * the same landing with the core's rectangle geometry alone (gr_rect_wheel,
 * as the move code wheels), whether the rules would allow the move or not.
 * Then the contract's other half: a point no wheel of at most 90 degrees and
 * straight move reaches must be refused (-1), not answered with an order
 * that ends elsewhere. Last, the references it refuses. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/core/dice.h"
#include "../../engine/core/ruleset.h"

#define LAND_TOL 0.01 /* MU: what the notation's rounding leaves of a wheel's landing */

/* --- helpers ------------------------------------------------------------------------------ */

/* The fixture's table with one unit of side 0 (u0, formed in `f`, front-edge
 * centre (x, y), heading hdeg), its division commander (c0) 2 MU behind it
 * (in command: its moves are Simple), and one enemy (u1) far away. */
static fogn_scenario *scn_one(fogn_troop troop, fogn_size size, fogn_formation f, double x, double y, double hdeg)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, troop, size, f, x, y, hdeg);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 55, 34, -90);
    s->cmdrs[0].x = x - 4 * cos(hdeg * FX_DEG);
    s->cmdrs[0].y = y - 4 * sin(hdeg * FX_DEG);
    return s;
}

/* small reformed infantry in Tactical (3 MU frontage, allowance 6 MU in the open) */
static fogn_scenario *scn_inf(double x, double y, double hdeg)
{
    return scn_one(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, x, y, hdeg);
}

/* the drag through the ruleset's table (as the web server calls it); 0 or -1 */
static int drag(const fogn_scenario *s, const fogn_state *st, const char *ref, double dx, double dy, char *buf,
                size_t cap, gr_error *err)
{
    gr_error_clear(err);
    memset(buf, 'x', cap);
    buf[cap - 1] = 0;
    return gr_rs_drag_order(&fogn_ruleset, s, st, ref, dx, dy, buf, cap, err);
}

/* the drag that must give an order: the order */
static void must_drag(const fogn_scenario *s, const fogn_state *st, const char *ref, double dx, double dy, char *buf,
                      size_t cap)
{
    gr_error err;
    if (drag(s, st, ref, dx, dy, buf, cap, &err)) fail_msg("drag %s by (%g, %g) refused: %s", ref, dx, dy, err.msg);
}

/* the order applied through the turn machine with no dice to throw */
static void must_apply(const fogn_scenario *s, fogn_state *st, const char *text)
{
    gr_action a = fx_parse(s, st, text);
    gr_dice d;
    gr_dice_init_script(&d, NULL, 0);
    gr_error err;
    gr_error_clear(&err);
    if (fogn_ruleset.rules->apply(s, st, &a, &d, NULL, &err)) fail_msg("'%s' refused: %s", text, err.msg);
}

/* Where a parsed unit move or move to the rear takes the footprint r, by the
 * core's rectangle geometry alone (what move_pose.c does, without the rules). */
static gr_rect geometric_end(gr_rect r, const gr_action *a)
{
    if (a->type == FOGN_A_REAR) return gr_rect_advance(&r, -(double)a->p[1], 0);
    if (a->type != FOGN_A_MOVE) fail_msg("not a move: type %d", a->type);
    if (a->p[0] != 0.0f) r = gr_rect_wheel(&r, a->arg, (double)a->p[0] * FX_DEG);
    r = gr_rect_advance(&r, 0, (double)a->p[2]);
    return gr_rect_advance(&r, (double)a->p[1], 0);
}

/* the degrees printed in a "uN move FL|FR DEG D" order */
static double wheel_degrees(const char *order)
{
    char corner[4];
    double deg, dist;
    if (sscanf(order, "u%*d move %3s %lf %lf", corner, &deg, &dist) != 3) fail_msg("'%s' is no wheel", order);
    return deg;
}

static void assert_prefix(const char *s, const char *prefix)
{
    if (strncmp(s, prefix, strlen(prefix))) fail_msg("'%s' does not start with '%s'", s, prefix);
}

/* --- straight ahead and to the rear ----------------------------------------------------------- */

/* a drag straight ahead of a unit facing north: the move it names, exactly */
static void test_drag_straight_ahead(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_inf(20, 10, 90);
    fogn_state st;
    fx_state(s, &st, 0);
    assert_int_equal(fogn_cursor_actor_public(s, &st), 0);
    char order[64];
    must_drag(s, &st, "u0", 0, 3, order, sizeof order);
    assert_string_equal(order, "u0 move 3.00");
    /* within the 0.05 MU still taken as straight ahead: the same order */
    must_drag(s, &st, "u0", 0.04, 3, order, sizeof order);
    assert_string_equal(order, "u0 move 3.00");
    must_drag(s, &st, "u0", 0, 3, order, sizeof order);
    must_apply(s, &st, order);
    ASSERT_POSE(&st.u[0], 20, 13, 90); /* the front-edge centre by (0, 3), facing as before */
    free(s);
}

/* straight ahead of a unit facing east, and of one at 30 degrees: the drag
 * is measured along the unit's own heading */
static void test_drag_straight_ahead_other_headings(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_inf(20, 10, 0);
    fogn_state st;
    fx_state(s, &st, 0);
    char order[64];
    must_drag(s, &st, "u0", 2.5, 0, order, sizeof order);
    assert_string_equal(order, "u0 move 2.50");
    must_apply(s, &st, order);
    ASSERT_POSE(&st.u[0], 22.5, 10, 0);
    free(s);

    s = scn_inf(20, 10, 30);
    fx_state(s, &st, 0);
    must_drag(s, &st, "u0", 4 * cos(30 * FX_DEG), 4 * sin(30 * FX_DEG), order, sizeof order);
    assert_string_equal(order, "u0 move 4.00");
    must_apply(s, &st, order);
    ASSERT_POSE(&st.u[0], 20 + 4 * cos(30 * FX_DEG), 10 + 4 * sin(30 * FX_DEG), 30);
    free(s);
}

/* a drag behind the unit: a move to the rear (§8.4), by the distance back */
static void test_drag_behind_is_rear(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_inf(20, 10, 90);
    fogn_state st;
    fx_state(s, &st, 0);
    char order[64];
    must_drag(s, &st, "u0", 0, -1.25, order, sizeof order);
    assert_string_equal(order, "u0 rear 1.25");
    must_apply(s, &st, order);
    ASSERT_POSE(&st.u[0], 20, 8.75, 90);
    free(s);

    /* facing south: "behind" is north */
    s = scn_inf(20, 20, -90);
    fx_state(s, &st, 0);
    must_drag(s, &st, "u0", 0, 1, order, sizeof order);
    assert_string_equal(order, "u0 rear 1.00");
    free(s);
}

/* --- §8.4 wheels: about the front corner on the point's side, then straight on --------------- */

/* ahead and to the right of a unit facing north: a clockwise wheel about
 * the front-right corner (negative degrees), and the unit's front-edge
 * centre lands on the point, its heading turned by the degrees printed */
static void test_s8_4_drag_wheel_right_lands_on_point(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_inf(20, 10, 90);
    fogn_state st;
    fx_state(s, &st, 0);
    char order[64];
    must_drag(s, &st, "u0", 0.6, 3, order, sizeof order);
    assert_prefix(order, "u0 move FR -");
    /* -3 sin t + 0.9 cos t = 1.5: t = -11.915 degrees, then 2.7495 MU on */
    assert_string_equal(order, "u0 move FR -11.9 2.75");
    double deg = wheel_degrees(order);
    must_apply(s, &st, order);
    ASSERT_NEAR(st.u[0].x, 20.6, LAND_TOL);
    ASSERT_NEAR(st.u[0].y, 13, LAND_TOL);
    ASSERT_NEAR(gr_angle_diff(st.u[0].heading, (90 + deg) * FX_DEG), 0, 1e-6);
    free(s);
}

/* the mirror image: ahead and to the left, the front-left corner, positive degrees */
static void test_s8_4_drag_wheel_left_lands_on_point(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_inf(20, 10, 90);
    fogn_state st;
    fx_state(s, &st, 0);
    char order[64];
    must_drag(s, &st, "u0", -0.6, 3, order, sizeof order);
    assert_string_equal(order, "u0 move FL 11.9 2.75");
    double deg = wheel_degrees(order);
    assert_true(deg > 0);
    must_apply(s, &st, order);
    ASSERT_NEAR(st.u[0].x, 19.4, LAND_TOL);
    ASSERT_NEAR(st.u[0].y, 13, LAND_TOL);
    ASSERT_NEAR(gr_angle_diff(st.u[0].heading, (90 + deg) * FX_DEG), 0, 1e-6);
    free(s);
}

/* a unit facing east-north-east, wheeled to a point ahead and to its left
 * through the engine: the same landing in any frame */
static void test_s8_4_drag_wheel_any_heading(void **unused)
{
    (void)unused;
    const double h = 20;
    fogn_scenario *s = scn_inf(20, 10, h);
    fogn_state st;
    fx_state(s, &st, 0);
    /* 3.5 MU along the heading, 1 MU to its left */
    double dx = 3.5 * cos(h * FX_DEG) - 1 * sin(h * FX_DEG), dy = 3.5 * sin(h * FX_DEG) + 1 * cos(h * FX_DEG);
    char order[64];
    must_drag(s, &st, "u0", dx, dy, order, sizeof order);
    assert_prefix(order, "u0 move FL ");
    double deg = wheel_degrees(order);
    assert_true(deg > 0 && deg < 90);
    must_apply(s, &st, order);
    ASSERT_NEAR(st.u[0].x, 20 + dx, LAND_TOL);
    ASSERT_NEAR(st.u[0].y, 10 + dy, LAND_TOL);
    ASSERT_NEAR(gr_angle_diff(st.u[0].heading, (h + deg) * FX_DEG), 0, 1e-6);
    free(s);
}

/* Many points ahead, on either side, for several headings and frontages
 * (Tactical: small 3 MU, large 4.5 MU; Extended Line: small 6 MU, large
 * 9 MU): the order's wheel and move, carried out by the core's geometry,
 * put the front-edge centre on the point, and the wheel turns to the
 * point's side by less than 90 degrees. Points taken: from 2 MU (and at
 * least half the frontage) to 6 MU ahead, at most half as far to the side;
 * nearer points are the next tests'. Whether the rules allow each move is
 * not asked here. */
static void test_s8_4_drag_wheel_sweep_lands_on_point(void **unused)
{
    (void)unused;
    static const double headings[] = {90, 0, 37, -120, 180};
    static const struct {
        fogn_size size;
        fogn_formation f;
    } shapes[] = {{FOGN_SMALL, FOGN_F_TACTICAL}, {FOGN_LARGE, FOGN_F_TACTICAL}, {FOGN_SMALL, FOGN_F_LINE},
                  {FOGN_LARGE, FOGN_F_LINE}};
    static const double sides[] = {-3, -2, -1.5, -1, -0.6, -0.3, -0.1, 0.1, 0.3, 0.6, 1, 1.5, 2, 3};
    char order[64];
    int checked = 0;
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++)
        for (size_t hi = 0; hi < sizeof headings / sizeof headings[0]; hi++) {
            double h = headings[hi] * FX_DEG;
            fogn_scenario *s = scn_one(FOGN_INF_REFORMED, shapes[k].size, shapes[k].f, 30, 18, headings[hi]);
            fogn_state st;
            fx_state(s, &st, 0);
            gr_rect r = fogn_unit_rect(&s->units[0], &st.u[0]);
            for (int along = 2; along <= 6; along++) {
                if (along < r.w / 2) continue;
                for (size_t si = 0; si < sizeof sides / sizeof sides[0]; si++) {
                    double left = sides[si];
                    if (fabs(left) > along / 2.0) continue;
                    double dx = along * cos(h) - left * sin(h), dy = along * sin(h) + left * cos(h);
                    must_drag(s, &st, "u0", dx, dy, order, sizeof order);
                    gr_action a = fx_parse(s, &st, order);
                    assert_int_equal(a.type, FOGN_A_MOVE);
                    assert_int_equal(a.arg, left > 0 ? GR_FL : GR_FR);
                    if (left > 0 ? !(a.p[0] > 0) : !(a.p[0] < 0)) fail_msg("'%s' wheels the wrong way", order);
                    if (fabs(a.p[0]) >= 90) fail_msg("'%s': a quarter wheel or more for (%g, %g)", order, dx, dy);
                    gr_rect e = geometric_end(r, &a);
                    double miss = hypot(e.fc.x - (30 + dx), e.fc.y - (18 + dy));
                    if (miss > LAND_TOL)
                        fail_msg("frontage %.2f heading %g: drag %d ahead %.1f left gives '%s', which lands %.3f MU "
                                 "from the point, at (%.3f, %.3f) for (%.3f, %.3f)",
                                 r.w, headings[hi], along, left, order, miss, e.fc.x, e.fc.y, 30 + dx, 18 + dy);
                    checked++;
                }
            }
            free(s);
        }
    assert_int_equal(checked, 890);
}

/* Points near the front edge, just off to one side, that a small wheel
 * does reach. The side the point lies on, seen from the wheeled front edge,
 * changes twice as the wheel grows (the point comes ahead, then falls
 * behind the swinging edge): the order must be the first of the two
 * wheels, the one that lands on the point.
 * 0.6 MU ahead and 0.1 MU right of a 3 MU front: about 13 degrees
 * clockwise about the front-right corner, then about 0.26 MU on, which the
 * rules allow (arc 0.7 MU, half the allowance 3 MU) and the engine carries
 * out. 2 MU ahead and 0.3 MU left of a 9 MU Extended Line: about 10.8
 * degrees about the front-left corner, then about 1.18 MU. */
static void test_s8_4_drag_small_wheel_near_the_front(void **unused)
{
    (void)unused;
    static const struct {
        fogn_size size;
        fogn_formation f;
        double dx, dy;
    } cases[] = {{FOGN_SMALL, FOGN_F_TACTICAL, 0.1, 0.6}, {FOGN_LARGE, FOGN_F_LINE, -0.3, 2}};
    char order[64];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fogn_scenario *s = scn_one(FOGN_INF_REFORMED, cases[i].size, cases[i].f, 20, 10, 90);
        fogn_state st;
        fx_state(s, &st, 0);
        must_drag(s, &st, "u0", cases[i].dx, cases[i].dy, order, sizeof order);
        gr_action a = fx_parse(s, &st, order);
        gr_rect r = fogn_unit_rect(&s->units[0], &st.u[0]);
        gr_rect e = geometric_end(r, &a);
        double px = 20 + cases[i].dx, py = 10 + cases[i].dy, miss = hypot(e.fc.x - px, e.fc.y - py);
        if (miss > LAND_TOL)
            fail_msg("frontage %.1f: drag (%g, %g) gives '%s', which ends at (%.3f, %.3f), %.3f MU from the point "
                     "(%.3f, %.3f)", r.w, cases[i].dx, cases[i].dy, order, e.fc.x, e.fc.y, miss, px, py);
        if (i == 0) {
            must_apply(s, &st, order);
            ASSERT_NEAR(st.u[0].x, px, LAND_TOL);
            ASSERT_NEAR(st.u[0].y, py, LAND_TOL);
        }
        free(s);
    }
}

/* Points no wheel of at most a quarter turn and straight move reaches: the
 * drag is refused (-1 with why), or its order lands on the point; never an
 * order that leaves the unit elsewhere. 5 MU to the right of the front and
 * 0.1 MU ahead, for irregular light cavalry (allowance 10 MU in Tactical: a
 * 90 degree wheel of its 3 MU front, 4.7 MU of arc, is within half of it,
 * so the rules would carry such an order out); 0.2 MU ahead and 0.1 MU
 * right, inside the arc the front edge sweeps, for infantry. */
static void test_drag_unreachable_point_refused(void **unused)
{
    (void)unused;
    static const struct {
        fogn_troop troop;
        double dx, dy;
    } cases[] = {{FOGN_CAV_IRR_LIGHT, 5, 0.1}, {FOGN_INF_REFORMED, 0.1, 0.2}};
    char order[64];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fogn_scenario *s = scn_one(cases[i].troop, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
        fogn_state st;
        fx_state(s, &st, 0);
        gr_error err;
        if (drag(s, &st, "u0", cases[i].dx, cases[i].dy, order, sizeof order, &err) == 0) {
            gr_action a = fx_parse(s, &st, order);
            gr_rect e = geometric_end(fogn_unit_rect(&s->units[0], &st.u[0]), &a);
            double px = 20 + cases[i].dx, py = 10 + cases[i].dy, miss = hypot(e.fc.x - px, e.fc.y - py);
            if (miss > LAND_TOL)
                fail_msg("drag (%g, %g) gives '%s', which ends at (%.3f, %.3f) heading %.1f, %.3f MU from the point "
                         "(%.3f, %.3f): expected -1 (no wheel of at most 90 degrees and straight move gets there)",
                         cases[i].dx, cases[i].dy, order, e.fc.x, e.fc.y, e.heading / FX_DEG, miss, px, py);
        } else {
            assert_true(strlen(err.msg) > 0);
        }
        free(s);
    }
}

/* --- commanders ------------------------------------------------------------------------------ */

/* a commander dragged: "cN move X Y" to his place plus the drag, and there he goes */
static void test_drag_commander(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_inf(20, 10, 90); /* c0 at (20, 6) */
    fogn_state st;
    fx_state(s, &st, 0);
    char order[64];
    must_drag(s, &st, "c0", 1.25, -2.5, order, sizeof order);
    assert_string_equal(order, "c0 move 21.25 3.50");
    must_drag(s, &st, "c3", -1, 0.5, order, sizeof order); /* Red's corps commander, at (54, 36) */
    assert_string_equal(order, "c3 move 53.00 36.50");
    /* u0 holds; the commanders' decisions follow, c0's among them */
    must_apply(s, &st, "u0 hold");
    for (int guard = 0; guard < 4 && fogn_cursor_actor_public(s, &st) != s->nunits + 0; guard++) {
        int who = fogn_cursor_actor_public(s, &st);
        if (who < s->nunits) fail_msg("a unit's decision (u%d) where a commander's was expected", who);
        snprintf(order, sizeof order, "c%d hold", who - s->nunits);
        must_apply(s, &st, order);
    }
    assert_int_equal(fogn_cursor_actor_public(s, &st), s->nunits + 0);
    double x = st.c[0].x, y = st.c[0].y;
    must_drag(s, &st, "c0", 1.25, -2.5, order, sizeof order);
    must_apply(s, &st, order);
    ASSERT_NEAR(st.c[0].x, x + 1.25, 1e-5);
    ASSERT_NEAR(st.c[0].y, y - 2.5, 1e-5);
    assert_true(st.c[0].flags & FOGN_CF_MOVED);
    free(s);
}

/* --- what is refused ------------------------------------------------------------------------- */

static void expect_refused(const fogn_scenario *s, const fogn_state *st, const char *ref, double dx, double dy,
                           const char *needle)
{
    char order[64];
    gr_error err;
    if (drag(s, st, ref, dx, dy, order, sizeof order, &err) == 0)
        fail_msg("drag '%s' by (%g, %g) gave '%s', expected a refusal with \"%s\"", ref, dx, dy, order, needle);
    ASSERT_HAS(err.msg, needle);
}

static void test_drag_refusals(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_inf(20, 10, 90);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 40, 10, 90); /* u2 */
    fogn_state st;
    fx_state(s, &st, 0);
    expect_refused(s, &st, "u999", 0, 3, "no unit u999");
    expect_refused(s, &st, "u3", 0, 3, "no unit u3");
    expect_refused(s, &st, "c4", 0, 3, "no commander c4");
    expect_refused(s, &st, "x1", 0, 3, "names no unit");
    expect_refused(s, &st, "", 0, 3, "names no unit");
    expect_refused(s, &st, "u", 0, 3, "names no unit");
    expect_refused(s, &st, "c", 0, 3, "names no unit");
    expect_refused(s, &st, "u1x", 0, 3, "names no unit");
    expect_refused(s, &st, "u-1", 0, 3, "names no unit");
    expect_refused(s, &st, "u0", NAN, 3, "names no");
    expect_refused(s, &st, "u0", 0, INFINITY, "names no");
    /* a unit off the table (a reserve not yet arrived, one routed off) */
    st.u[2].flags &= (uint32_t)~FOGN_UF_ON_TABLE;
    expect_refused(s, &st, "u2", 0, 3, "u2 (unit2) is not on the table");
    /* a commander off the table */
    st.c[1].flags &= (uint32_t)~FOGN_CF_ON_TABLE;
    expect_refused(s, &st, "c1", 0, 3, "c1 (general1) is not on the table");
    /* the others still give their orders */
    char order[64];
    must_drag(s, &st, "u0", 0, 3, order, sizeof order);
    assert_string_equal(order, "u0 move 3.00");
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_drag_straight_ahead),
        cmocka_unit_test(test_drag_straight_ahead_other_headings),
        cmocka_unit_test(test_drag_behind_is_rear),
        cmocka_unit_test(test_s8_4_drag_wheel_right_lands_on_point),
        cmocka_unit_test(test_s8_4_drag_wheel_left_lands_on_point),
        cmocka_unit_test(test_s8_4_drag_wheel_any_heading),
        cmocka_unit_test(test_s8_4_drag_wheel_sweep_lands_on_point),
        cmocka_unit_test(test_s8_4_drag_small_wheel_near_the_front),
        cmocka_unit_test(test_drag_unreachable_point_refused),
        cmocka_unit_test(test_drag_commander),
        cmocka_unit_test(test_drag_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
