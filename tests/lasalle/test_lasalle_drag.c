/* test_lasalle_drag.c - the order a unit dragged on the web page's map asks
 * for in Lasalle (present->drag_order, engine/lasalle/rules/drag.c): a move
 * straight on, a move back, a wheel about the front corner on the dropped
 * point's side and a move on [C Wheel, p.27], an officer to the point; each
 * order carried out by the rules lands the front edge where it was dropped. */
#include "lasalle_fixture.h"

#include "../../engine/core/ruleset.h"
#include "../../engine/lasalle/rules/footprint.h"

#define LINE LS_INF("2/45e Ligne", "small", "experienced", "line", 8, 6, 90)
#define DRAG_TOL 0.02   /* BW: the order prints its angle to 0.1 degree and its distance to 0.01 BW */

/* the order a drag of ref by (dx, dy) asks for, into buf; 0 or -1 */
static int drag(ls_fix *f, const char *ref, double dx, double dy, char *buf, size_t cap)
{
    gr_error_clear(&f->err);
    return gr_rs_drag_order(f->g.rs, f->g.scn, &f->st, ref, dx, dy, buf, cap, &f->err);
}

/* the order for (dx, dy) is `want` (a prefix when prefix), and carried out it lands u0's front edge there */
static void drag_lands(double dx, double dy, const char *want, int prefix)
{
    ls_fix f;
    ls_load(&f, 0, "[" LINE "]", "[" LS_FAR "]", "");
    gr_rect h0 = lasalle_hull(f.s, &f.st, 0);
    char text[96];
    assert_int_equal(drag(&f, "u0", dx, dy, text, sizeof text), 0);
    if (prefix) assert_memory_equal(text, want, strlen(want));
    else assert_string_equal(text, want);
    ls_do(&f, text);
    gr_rect h1 = lasalle_hull(f.s, &f.st, 0);
    assert_true(fabs(h1.fc.x - (h0.fc.x + dx)) < DRAG_TOL);
    assert_true(fabs(h1.fc.y - (h0.fc.y + dy)) < DRAG_TOL);
    ls_free(&f);
}

static void test_drag_straight_on(void **state)
{
    (void)state;
    drag_lands(0, 1, "u0 move 1.00", 0);
}

/* [C, p.27]: a move back, paid double */
static void test_drag_back(void **state)
{
    (void)state;
    drag_lands(0, -0.5, "u0 back 0.50", 0);
}

/* [C Wheel, p.27]: a point ahead and to the right: a clockwise wheel about the front-right corner, then on */
static void test_drag_wheel_right(void **state)
{
    (void)state;
    drag_lands(0.15, 0.8, "u0 wheel -", 1);
}

/* and to the left: counter-clockwise about the front-left corner, a positive angle */
static void test_drag_wheel_left(void **state)
{
    (void)state;
    drag_lands(-0.15, 0.8, "u0 wheel ", 1);
    ls_fix f;
    ls_load(&f, 0, "[" LINE "]", "[" LS_FAR "]", "");
    char text[96];
    assert_int_equal(drag(&f, "u0", -0.15, 0.8, text, sizeof text), 0);
    assert_true(text[9] != '-'); /* "u0 wheel " then the angle, not negative */
    ls_free(&f);
}

/* an officer goes to the point; bad pieces and numbers are refused */
static void test_drag_officer_and_refusals(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LINE "]", "[" LS_FAR "]", "");
    char text[96], want[96];
    assert_int_equal(drag(&f, "c0", 1.5, -2, text, sizeof text), 0);
    snprintf(want, sizeof want, "c0 move %.2f %.2f", f.st.o[0].x + 1.5, f.st.o[0].y - 2);
    assert_string_equal(text, want);
    assert_int_equal(drag(&f, "u99", 0, 1, text, sizeof text), -1);
    LS_ASSERT_HAS(f.err.msg, "there is no unit u99");
    assert_int_equal(drag(&f, "x1", 0, 1, text, sizeof text), -1);
    assert_int_equal(drag(&f, "u0", NAN, 1, text, sizeof text), -1);
    /* a point beside the line, level with its front: no quarter-turn wheel brings it ahead */
    assert_int_equal(drag(&f, "u0", 6, 0.01, text, sizeof text), -1);
    LS_ASSERT_HAS(f.err.msg, "no wheel of at most 90 degrees");
    ls_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_drag_straight_on),      cmocka_unit_test(test_drag_back),
        cmocka_unit_test(test_drag_wheel_right),      cmocka_unit_test(test_drag_wheel_left),
        cmocka_unit_test(test_drag_officer_and_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
